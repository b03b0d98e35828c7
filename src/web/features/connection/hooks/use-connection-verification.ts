import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useVerifySettingsMutation } from '../../../api/crm';
import { errorStatus } from '../../../api/errors';
import { selectLoading, selectSoftware } from '../../../app/appSlice';
import { storedSoftwareSlug } from '../../../app/chosen-software';
import { useAppSelector } from '../../../app/hooks';
import { forgetAppFragmentNonce, isAppFragment } from '../../../lib/app-fragment';
import type { ConnectionStatus } from '../components/ConnectionProgress';
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
} from '../lib/connection-data';
import { getAuthAttempt, readStoredCredentials, storeCredentials } from '../lib/connection-storage';
import {
  ERROR_VERIFYING_SETTINGS,
  VERIFICATION_FAILED,
  verifyErrorText,
  verifyResultError,
} from '../lib/verify-errors';

export const NO_OAUTH_TOKENS = 'No OAuth tokens found in localStorage';

export interface ConnectionVerification {
  /** 'confirm': the link carried credentials this tab did not write; nothing happens until `connect`. */
  status: ConnectionStatus | 'confirm';
  errorText: string | null;
  /** The kind that was (or would have been) verified; decides where 'Try again' goes. */
  authType: AuthType | null;
  /** The server answered that nobody is signed in: logging in is the way on, not trying again. */
  signInRequired?: boolean;
  /** While `status` is 'confirm': verifies the link's credentials after all. */
  connect?: () => void;
}

/**
 * Verifies the connection once the page has loaded (spec §4 "Connection screen states"): credentials
 * from the URL fragment first, local storage otherwise, sent to verify-settings. The fragment is then
 * removed from the address bar, so keys and tokens do not stay in the browser history; its values are
 * stored only once verified (verifiedUrlValues). Credentials in a fragment this tab did not write (a link
 * from someone else, which would connect the account to their CRM) wait for the user's confirmation.
 */
export function useConnectionVerification(): ConnectionVerification {
  const location = useLocation();
  const navigate = useNavigate();
  const appLoading = useAppSelector(selectLoading);
  const software = useAppSelector(selectSoftware);
  const [verifySettings] = useVerifySettingsMutation();
  // Read at the first render: the fragment is dropped from the URL right after.
  const [fragment] = useState(() => parseCredentialsFragment(location.hash));
  const [fromThisTab] = useState(() => isAppFragment(location.hash));
  const [confirmed, setConfirmed] = useState(false);
  const [attempt] = useState(getAuthAttempt);
  const [state, setState] = useState<ConnectionVerification>({
    status: 'connecting',
    errorText: null,
    authType: attempt,
  });
  const started = useRef(false);

  useEffect(() => {
    // 'connecting' lasts while the user and CRM load; the CRM's slug goes with the verification.
    if (appLoading || started.current) return;
    if (location.hash) {
      navigate({ pathname: location.pathname, search: location.search }, { replace: true });
      forgetAppFragmentNonce();
    }
    if (!fromThisTab && !confirmed && (hasOAuthToken(fragment) || hasApiKey(fragment))) {
      setState((current) =>
        current.status === 'confirm' ? current : { status: 'confirm', errorText: null, authType: null },
      );
      return;
    }
    started.current = true;

    // Nothing from the URL is stored before the server has verified it (a crafted link must not plant
    // values where the extension reads them).
    const credentials = mergeCredentials(fragment, readStoredCredentials());
    const authType = authTypeFor(credentials, attempt);
    if (!authType) {
      setState({
        status: 'error',
        errorText: attempt === 'api key' ? VERIFICATION_FAILED : NO_OAUTH_TOKENS,
        authType: attempt,
      });
      return;
    }

    setState({ status: 'testing', errorText: null, authType });
    const slug = software?.slug ?? storedSoftwareSlug();
    verifySettings(verifySettingsBody(credentials, authType, slug))
      .unwrap()
      .then((answer) => {
        const failure = verifyResultError(answer);
        if (failure) {
          setState({ status: 'error', errorText: failure, authType });
          return;
        }
        storeCredentials(verifiedUrlValues(fragment, authType));
        // The server may return the keys as it saved them (trimmed, normalized): keep those.
        if (authType === 'api key') storeCredentials(pickCredentials(answer.api_keys));
        setState({ status: 'success', errorText: null, authType });
      })
      .catch((error: unknown) => {
        console.error(ERROR_VERIFYING_SETTINGS, error);
        setState({
          status: 'error',
          errorText: verifyErrorText(error),
          authType,
          signInRequired: errorStatus(error) === 401,
        });
      });
  }, [appLoading, attempt, confirmed, fragment, fromThisTab, location, navigate, software, verifySettings]);

  return state.status === 'confirm' ? { ...state, connect: () => setConfirmed(true) } : state;
}
