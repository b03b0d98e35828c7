/**
 * /callback (docs/product.md#public-routes, docs/product.md#api-calls): exchanges the `code` of the query for tokens with access-token, keeps every
 * key of `data` with an `oauth_` prefix, then goes to /connected with the oauth values in the fragment.
 * The `state` of the query must be the one stored when the authorize window opened (oauth-state.ts).
 * A provider error (`error` in the query) is shown as a sentence of oauth-errors.ts, never as given.
 * In the window the app opened, the outcome goes back to the opening tab instead (oauth-handoff.ts).
 */
import { crmApi } from '../../../api/endpoints/crm';
import { errorMessage } from '../../../api/errors';
import type { AppStore } from '../../../app/store';
import { storedSoftwareSlug } from '../../../entities/crm';
import { markAppFragment } from '../../../lib/app-fragment';
import { OAUTH_STORAGE_KEYS } from '../../../lib/next-screen';
import { credentialsFragment } from './connection-data';
import { readStoredCredentials, setAuthAttempt, storeOAuthTokens } from './connection-storage';
import { oauthErrorText } from './oauth-errors';
import { handOffOutcome, type OAuthOutcome } from './oauth-handoff';
import { OAUTH_STATE_MISMATCH, consumeOAuthState, runsInOpenedWindow } from './oauth-state';

/**
 * Nothing to connect with: the page was opened directly, or the CRM's answer carried no token. The text is
 * the product's (docs: the specification's error texts); CONNECTION_ERROR_HINTS says what to do next.
 */
export const NO_OAUTH_TOKENS = 'No OAuth tokens found in localStorage';

/** A plain next step under an error text that names browser internals. */
export const CONNECTION_ERROR_HINTS: Readonly<Record<string, string>> = {
  [NO_OAUTH_TOKENS]:
    'There is no connection to finish in this browser. Select Try again to connect your CRM.',
};

export type CallbackOutcome =
  | { kind: 'error'; text: string }
  /** The tab that opened this window took the outcome over; this window is closing. */
  | { kind: 'handed-off' }
  /** Go on to /connected with this fragment. */
  | { kind: 'connected'; fragment: string };

/** The flow of this callback: its OAuth `state`, and whether it runs in a window the app opened. */
interface Flow {
  state: string | null;
  inOpenedWindow: boolean;
}

/** Hands the outcome to the opening tab, or carries on here when there is none to take it. */
async function finish(flow: Flow, outcome: OAuthOutcome, here: () => CallbackOutcome) {
  if (!(await handOffOutcome(flow.state, outcome, flow.inOpenedWindow))) return here();
  window.close();
  return { kind: 'handed-off' } as const;
}

const fail = (flow: Flow, text: string) =>
  finish(flow, { result: 'failed', errorText: text }, () => ({ kind: 'error', text }));

/** Runs once on entering /callback (an authorization code is single-use). */
export async function completeOAuth(store: AppStore, params: URLSearchParams): Promise<CallbackOutcome> {
  const code = params.get('code');
  const state = params.get('state');
  // Read before the state is consumed: the popup mark goes with it.
  const flow: Flow = { state, inOpenedWindow: runsInOpenedWindow(state) };
  if (params.has('error') || params.has('error_description'))
    return fail(flow, oauthErrorText(params.get('error')));
  if (!code) return { kind: 'error', text: NO_OAUTH_TOKENS };
  // The code must answer the authorize window this browser opened (not an attacker's link).
  if (!consumeOAuthState(state)) return { kind: 'error', text: OAUTH_STATE_MISMATCH };
  setAuthAttempt('oauth');
  const software = store.getState().app.software?.slug ?? storedSoftwareSlug();
  let answer;
  try {
    answer = await store
      .dispatch(crmApi.endpoints.accessToken.initiate({ oauth_code: code, software }))
      .unwrap();
  } catch (error) {
    console.error('access-token failed', error);
    // Nothing was stored, so the missing-token text is the honest fallback when the server says nothing.
    return fail(flow, errorMessage(error, NO_OAUTH_TOKENS));
  }
  storeOAuthTokens(answer.data as unknown as Record<string, unknown>, code);
  const stored = readStoredCredentials();
  if (!stored.oauth_access_token) return fail(flow, NO_OAUTH_TOKENS);
  return finish(
    flow,
    { result: 'connected' },
    // Marked as this tab's: /connected verifies it without asking (app-fragment.ts).
    () => ({
      kind: 'connected',
      fragment: markAppFragment(credentialsFragment(stored, OAUTH_STORAGE_KEYS)),
    }),
  );
}
