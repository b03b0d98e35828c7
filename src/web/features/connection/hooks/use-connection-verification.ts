import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useVerifySettingsMutation } from '../../../api';
import { errorStatus } from '../../../api/errors';
import { selectLoading, selectSoftware } from '../../../entities/session';
import { storedSoftwareSlug } from '../../../entities/crm';
import { useAppSelector } from '../../../app/hooks';
import type { ConnectionStatus } from '../components/ConnectionProgress';
import {
  authTypeFor,
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
  status: ConnectionStatus;
  errorText: string | null;
  /** The kind that was (or would have been) verified; decides where 'Try again' goes. */
  authType: AuthType | null;
  /** The server answered that nobody is signed in: logging in is the way on, not trying again. */
  signInRequired?: boolean;
}

/**
 * Verifies the connection once the page has loaded (spec §4 "Connection screen states"): credentials
 * from the URL fragment first, local storage otherwise, sent to verify-settings. The fragment is then
 * removed from the address bar, so keys and tokens do not stay in the browser history; its values are
 * stored only once verified (verifiedUrlValues).
 */
export function useConnectionVerification(): ConnectionVerification {
  const location = useLocation();
  const navigate = useNavigate();
  const appLoading = useAppSelector(selectLoading);
  const software = useAppSelector(selectSoftware);
  const [verifySettings] = useVerifySettingsMutation();
  // Read at the first render: the fragment is dropped from the URL right after.
  const [fragment] = useState(() => parseCredentialsFragment(location.hash));
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
    started.current = true;
    if (location.hash) navigate({ pathname: location.pathname, search: location.search }, { replace: true });

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
  }, [appLoading, attempt, fragment, location, navigate, software, verifySettings]);

  return state;
}
