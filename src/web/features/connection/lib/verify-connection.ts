/**
 * Verifies the connection on entering /connected or /dashboard/connected (docs/product.md#connection-screen-states
 * states"): credentials from the URL fragment first, local storage otherwise, sent to verify-settings
 * once the user and CRM are known ('connecting' until then, 'testing' while the call runs). Nothing from
 * the URL is stored before the server has verified it (a crafted link must not plant values where the
 * extension reads them): verifiedUrlValues. Credentials in a fragment this tab did not write (a link from
 * someone else, which would connect the account to their CRM: lib/app-fragment.ts) are verified only
 * once the user says so.
 */
import { crmApi } from '../../../api/endpoints/crm';
import { errorStatus } from '../../../api/errors';
import type { AppStore } from '../../../app/store';
import { storedSoftwareSlug } from '../../../entities/crm';
import { sessionSettled } from '../../../entities/session';
import { forgetAppFragmentNonce, isAppFragment } from '../../../lib/app-fragment';
import {
  authTypeFor,
  hasApiKey,
  hasOAuthToken,
  mergeCredentials,
  parseCredentialsFragment,
  pickCredentials,
  verifiedUrlValues,
  verifySettingsBody,
  type AuthType,
} from './connection-data';
import { getAuthAttempt, readStoredCredentials, storeCredentials } from './connection-storage';
import { NO_OAUTH_TOKENS } from './oauth-callback';
import {
  ERROR_VERIFYING_SETTINGS,
  VERIFICATION_FAILED,
  verifyErrorText,
  verifyResultError,
} from './verify-errors';

export interface Verification {
  status: 'success' | 'error';
  errorText: string | null;
  /** The kind that was (or would have been) verified; decides where 'Try again' goes. */
  authType: AuthType | null;
  /** The server answered that nobody is signed in: logging in is the way on, not trying again. */
  signInRequired?: boolean;
}

export interface ConnectionCheck {
  /** Resolves once the user and CRM are known: true when a verification was sent ('testing'). */
  testing: Promise<boolean>;
  verification: Promise<Verification>;
}

/** What entering /connected does: the check at once, or first the question whether to connect. */
export type ConnectionEntry =
  | { kind: 'check'; check: ConnectionCheck }
  | {
      kind: 'confirm';
      /** Resolves once the user and CRM are known (the question names the CRM). */
      ready: Promise<unknown>;
      /** The user said Connect: starts the check (once, however often it is called). */
      connect: () => ConnectionCheck;
    };

/**
 * Runs once on entering the page. The fragment's mark is spent here, so a marked link is trusted once,
 * in the tab that wrote it.
 */
export function enterConnection(store: AppStore, hash: string): ConnectionEntry {
  const fromThisTab = isAppFragment(hash);
  forgetAppFragmentNonce();
  const fragment = parseCredentialsFragment(hash);
  if (fromThisTab || !(hasOAuthToken(fragment) || hasApiKey(fragment))) {
    return { kind: 'check', check: checkConnection(store, hash) };
  }
  let check: ConnectionCheck | undefined;
  return {
    kind: 'confirm',
    ready: sessionSettled(store),
    connect: () => (check ??= checkConnection(store, hash)),
  };
}

function checkConnection(store: AppStore, hash: string): ConnectionCheck {
  const fragment = parseCredentialsFragment(hash);
  const attempt = getAuthAttempt();
  const settled = sessionSettled(store).then(() => {
    const credentials = mergeCredentials(fragment, readStoredCredentials());
    return { credentials, authType: authTypeFor(credentials, attempt) };
  });
  const verification = settled.then(async ({ credentials, authType }): Promise<Verification> => {
    if (!authType) {
      const errorText = attempt === 'api key' ? VERIFICATION_FAILED : NO_OAUTH_TOKENS;
      return { status: 'error', errorText, authType: attempt };
    }
    const slug = store.getState().app.software?.slug ?? storedSoftwareSlug();
    try {
      const body = verifySettingsBody(credentials, authType, slug);
      const answer = await store.dispatch(crmApi.endpoints.verifySettings.initiate(body)).unwrap();
      const failure = verifyResultError(answer);
      if (failure) return { status: 'error', errorText: failure, authType };
      storeCredentials(verifiedUrlValues(fragment, authType));
      // The server may return the keys as it saved them (trimmed, normalized): keep those.
      if (authType === 'api key') storeCredentials(pickCredentials(answer.api_keys));
      return { status: 'success', errorText: null, authType };
    } catch (error) {
      console.error(ERROR_VERIFYING_SETTINGS, error);
      return {
        status: 'error',
        errorText: verifyErrorText(error),
        authType,
        signInRequired: errorStatus(error) === 401,
      };
    }
  });
  return { testing: settled.then(({ authType }) => authType !== null), verification };
}
