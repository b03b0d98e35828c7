/**
 * /callback (spec §2.2, §7): exchanges the `code` of the query for tokens with access-token, keeps every
 * key of `data` with an `oauth_` prefix, then goes to /connected with the oauth values in the fragment.
 * The `state` of the query must be the one stored when the authorize window opened (oauth-state.ts).
 * A provider error (`error` in the query) is shown as a sentence of oauth-errors.ts, never as given.
 * In the window the app opened, the outcome goes back to the opening tab instead (oauth-handoff.ts).
 */
import { api } from '../../../api';
import { errorMessage } from '../../../api/errors';
import type { AppStore } from '../../../app/store';
import { storedSoftwareSlug } from '../../../entities/crm';
import { OAUTH_STORAGE_KEYS } from '../../../lib/next-screen';
import { credentialsFragment } from './connection-data';
import { readStoredCredentials, setAuthAttempt, storeOAuthTokens } from './connection-storage';
import { oauthErrorText } from './oauth-errors';
import { handOffOutcome, type OAuthOutcome } from './oauth-handoff';
import { OAUTH_STATE_MISMATCH, consumeOAuthState } from './oauth-state';

export const NO_OAUTH_TOKENS = 'No OAuth tokens found in localStorage';

export type CallbackOutcome =
  | { kind: 'error'; text: string }
  /** The tab that opened this window took the outcome over; this window is closing. */
  | { kind: 'handed-off' }
  /** Go on to /connected with this fragment. */
  | { kind: 'connected'; fragment: string };

/** Hands the outcome to the opening tab, or carries on here when there is none to take it. */
async function finish(state: string | null, outcome: OAuthOutcome, here: CallbackOutcome) {
  if (!(await handOffOutcome(state, outcome))) return here;
  window.close();
  return { kind: 'handed-off' } as const;
}

const fail = (state: string | null, text: string) =>
  finish(state, { result: 'failed', errorText: text }, { kind: 'error', text });

/** Runs once on entering /callback (an authorization code is single-use). */
export async function completeOAuth(store: AppStore, params: URLSearchParams): Promise<CallbackOutcome> {
  const code = params.get('code');
  const state = params.get('state');
  if (params.has('error') || params.has('error_description'))
    return fail(state, oauthErrorText(params.get('error')));
  if (!code) return { kind: 'error', text: NO_OAUTH_TOKENS };
  // The code must answer the authorize window this browser opened (not an attacker's link).
  if (!consumeOAuthState(state)) return { kind: 'error', text: OAUTH_STATE_MISMATCH };
  setAuthAttempt('oauth');
  const software = store.getState().app.software?.slug ?? storedSoftwareSlug();
  let answer;
  try {
    answer = await store
      .dispatch(api.endpoints.accessToken.initiate({ oauth_code: code, software }))
      .unwrap();
  } catch (error) {
    console.error('access-token failed', error);
    // Nothing was stored, so the missing-token text is the honest fallback when the server says nothing.
    return fail(state, errorMessage(error, NO_OAUTH_TOKENS));
  }
  storeOAuthTokens(answer.data as unknown as Record<string, unknown>, code);
  const stored = readStoredCredentials();
  if (!stored.oauth_access_token) return fail(state, NO_OAUTH_TOKENS);
  return finish(
    state,
    { result: 'connected' },
    { kind: 'connected', fragment: credentialsFragment(stored, OAUTH_STORAGE_KEYS) },
  );
}
