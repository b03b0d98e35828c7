/**
 * The four progress steps (Install, Signup, Connect, Finish) (docs/product.md#progress-bar): which one a public route
 * belongs to, and how the bar reads for the visitor. Pure.
 */
import { publicPaths } from '../../../lib/paths';

const INSTALL = 0;
const SIGNUP = 1;
const CONNECT = 2;
const FINISH = 3;

const STEP_BY_PATH: Record<string, number> = {
  [publicPaths.install]: INSTALL,
  [publicPaths.installed]: INSTALL,
  [publicPaths.welcome]: INSTALL,
  [publicPaths.signup]: SIGNUP,
  [publicPaths.login]: SIGNUP,
  [publicPaths.forgotPassword]: SIGNUP,
  [publicPaths.resetPassword]: SIGNUP,
  [publicPaths.acceptInvitation]: SIGNUP,
  [publicPaths.connect]: CONNECT,
  [publicPaths.callback]: CONNECT,
  [publicPaths.connectApiKey]: CONNECT,
  [publicPaths.connected]: CONNECT,
  [publicPaths.complete]: FINISH,
};

/** Pages that complete their own step by being opened (docs/product.md#local-flags-and-the-auth-route: they set the flag). */
const COMPLETED_ON_ARRIVAL = new Set<string>([
  publicPaths.installed,
  publicPaths.welcome,
  publicPaths.complete,
]);

const normalize = (pathname: string) => (pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname);

/** The step index for `pathname`, or -1 for pages outside the flow (/auth, /logout, /uninstalled). */
export function stepForPath(pathname: string): number {
  return STEP_BY_PATH[normalize(pathname)] ?? -1;
}

/** What is true of the visitor, each fact deciding one step (docs/product.md#progress-bar: installed flag, session, credentials). */
export interface VisitorFacts {
  installed: boolean;
  signedIn: boolean;
  /** Credentials stored in this browser, or a connection saved on the account. */
  connected: boolean;
  onboarded: boolean;
}

export interface Progress {
  /** The step the visitor is on. */
  current: number;
  /** Per step: done. */
  completed: boolean[];
}

/**
 * The bar for a visitor on `pathname`, or null outside the flow. A step shows done only when its fact
 * holds (an install nobody made is never done) and, for Connect and Finish, the steps they build on are
 * done too. The current step is the page's, except on the pages that complete their step by opening
 * (/welcome, /installed): there the visitor is already at the next step still to do.
 */
export function progressFor(pathname: string, facts: VisitorFacts): Progress | null {
  const step = stepForPath(pathname);
  if (step < 0) return null;
  const done = [facts.installed, facts.signedIn, facts.connected, facts.onboarded];
  const completesStep = COMPLETED_ON_ARRIVAL.has(normalize(pathname));
  if (completesStep) done[step] = true;
  const next = done.findIndex((isDone, index) => index > step && !isDone);
  const current = completesStep && next !== -1 ? next : step;
  // The step in progress is not shown as done, unless being here is what completes it (/complete).
  const completed = done.map((isDone, index) => isDone && (index !== current || completesStep));
  // Later steps build on earlier ones: an account connects, and the flow is finished once every step
  // before Finish is. Credentials or an onboarded flag this browser kept from before do not make them
  // done while the visitor is still signing in or connecting again.
  if (!completed[SIGNUP]) completed[CONNECT] = false;
  const finishedHere = completesStep && step === FINISH;
  if (!finishedHere && !completed.slice(0, FINISH).every(Boolean)) completed[FINISH] = false;
  return { current, completed };
}
