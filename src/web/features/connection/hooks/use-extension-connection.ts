import { useCallback, useEffect, useRef, useState } from 'react';
import { useVerifySettingsMutation } from '../../../api/endpoints/crm';
import { authTypeFor, verifySettingsBody, type AuthType, type Credentials } from '../lib/connection-data';
import { ERROR_VERIFYING_SETTINGS, verifyErrorText, verifyResultError } from '../lib/verify-errors';
import { useConnectionDataEvent } from './use-connection-data-event';

/** docs/product.md#constants-and-limits: how long the dashboard waits for the extension's connection data. */
const EXTENSION_WAIT_MS = 3800;

type ExtensionConnectionStatus = 'waiting' | 'verifying' | 'connected' | 'not-connected';

export interface ExtensionConnection {
  status: ExtensionConnectionStatus;
  authType: AuthType | null;
  /** Why the data the extension sent could not be verified. */
  errorText: string | null;
}

/**
 * docs/product.md#dashboard-connection: waits up to 3.8 s for the extension's `connectionData` event, then
 * verifies what it sent (an OAuth token or API keys). Connected once verified; otherwise not connected.
 * Data arriving after the wait is still verified, so a slow extension only delays the answer.
 */
export function useExtensionConnection(softwareSlug: string | null | undefined): ExtensionConnection {
  const [verifySettings] = useVerifySettingsMutation();
  const [state, setState] = useState<ExtensionConnection>({
    status: 'waiting',
    authType: null,
    errorText: null,
  });
  // The kind of credentials being verified now (repeated events wait for it), null when none is.
  const verifying = useRef<AuthType | null>(null);
  const connected = state.status === 'connected';

  useEffect(() => {
    const timer = setTimeout(() => {
      setState((current) =>
        current.status === 'waiting' ? { ...current, status: 'not-connected' } : current,
      );
    }, EXTENSION_WAIT_MS);
    return () => clearTimeout(timer);
  }, []);

  const verify = useCallback(
    async (credentials: Credentials) => {
      const authType = authTypeFor(credentials);
      // Already verified, or a verification is running: repeated events change nothing.
      if (!authType || verifying.current || connected) return;
      verifying.current = authType;
      setState({ status: 'verifying', authType, errorText: null });
      try {
        const answer = await verifySettings(verifySettingsBody(credentials, authType, softwareSlug)).unwrap();
        const failure = verifyResultError(answer);
        setState(
          failure
            ? { status: 'not-connected', authType: null, errorText: failure }
            : { status: 'connected', authType: answer.data.auth_type ?? authType, errorText: null },
        );
      } catch (error) {
        console.error(ERROR_VERIFYING_SETTINGS, error);
        setState({ status: 'not-connected', authType: null, errorText: verifyErrorText(error) });
      } finally {
        verifying.current = null;
      }
    },
    [connected, softwareSlug, verifySettings],
  );

  useConnectionDataEvent((credentials) => void verify(credentials));
  return state;
}
