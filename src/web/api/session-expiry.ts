/**
 * docs/product.md#session-expiry: a session can end while the user works (it expired, or was ended from another device). Any
 * call answered 401 then says so, here; the page stays as it is, with what the user typed, and a
 * dialog over it asks them to sign in again (features/auth/components/ReauthDialog.tsx). The call that
 * met the 401 waits for that and is sent again once they have, so nothing they did is lost.
 */
import { createAction, type Dispatch } from '@reduxjs/toolkit';
import { sameOriginPath } from '../lib/safe-redirect';

export const sessionEndedMidUse = createAction('api/sessionEndedMidUse');

/** What the server said when it ended a session by its organization's policy (a 401 with its code). */
export interface PolicyEnding {
  message: string;
  code: string;
  params: Record<string, string | number>;
}

/**
 * docs/product.md#session-and-network-policies: the organization's idle timeout or session lifetime ended
 * the session. Signing in again over the page would not help the way it does after an expiry the user
 * could not foresee: the app sends them to /login, which says why (app/AppFrame.tsx).
 */
export const sessionEndedByPolicy = createAction<PolicyEnding>('api/sessionEndedByPolicy');

// sso_required_session_ended: the organization now requires single sign-on (docs/product.md#require-sso);
// a password sign-in over the page would be refused, /login says to use "Sign in with SSO".
const POLICY_CODES: ReadonlySet<string> = new Set([
  'session_idle_timeout',
  'session_lifetime_reached',
  'sso_required_session_ended',
]);

/** The error body of a 401 when an organization's policy ended the session; undefined otherwise. */
export function policyEnding(body: unknown): PolicyEnding | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const { message, code, params } = body as Partial<PolicyEnding>;
  if (typeof code !== 'string' || !POLICY_CODES.has(code) || typeof message !== 'string') return undefined;
  return { message, code, params: typeof params === 'object' && params !== null ? params : {} };
}

/**
 * Asked by a call that met a 401: the store's reauth gate (entities/session/reauth-gate.ts) answers it
 * with a promise of whether the same user has signed in again.
 */
export const awaitSignIn = createAction('api/awaitSignIn');

/**
 * Calls whose 401 means "these credentials are wrong", not "your session ended": signing in and out.
 * Their pages show the answer themselves.
 */
const SIGN_IN_ENDPOINTS: ReadonlySet<string> = new Set([
  'login',
  'verifyTwoFactor',
  'googleAuth',
  'signup',
  'logout',
  'accessToken',
  'finishSso',
]);

export function endsSession(endpoint: string, status: unknown): boolean {
  return status === 401 && !SIGN_IN_ENDPOINTS.has(endpoint);
}

/**
 * Resolves true once the user who was signed in has signed in again, false when nobody was signed in,
 * they gave up (logged out, or another account signed in) or `signal` aborted the call.
 */
export function signedInAgain(dispatch: Dispatch, signal: AbortSignal): Promise<boolean> {
  const answer: unknown = dispatch(awaitSignIn());
  // A store without the gate (none in the app) hands the action back: nothing to wait for.
  if (!(answer instanceof Promise)) return Promise.resolve(false);
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const onAbort = () => resolve(false);
    signal.addEventListener('abort', onAbort, { once: true });
    void (answer as Promise<boolean>).then((again) => {
      signal.removeEventListener('abort', onAbort);
      resolve(again);
    });
  });
}

/** Where to come back after signing in again: an in-app path, never /login or /logout themselves. */
export function returnPathAfterReauth(next: string | null | undefined, origin: string): string | null {
  const path = sameOriginPath(next, origin);
  // The route table matches paths in any letter case: so does this (/LOGOUT is /logout).
  if (!path || /^\/(login|logout|signup|auth)(\/|\?|#|$)/i.test(path)) return null;
  return path;
}
