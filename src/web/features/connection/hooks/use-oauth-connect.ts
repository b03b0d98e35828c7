import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { usePreConnectMutation } from '../../../api/endpoints/crm';
import type { Software } from '../../../api/contract-types';
import { errorMessage } from '../../../api/errors';
import type { PreconnectValues } from '../components/PreconnectForm';
import { markAppFragment } from '../../../lib/app-fragment';
import { OAUTH_STORAGE_KEYS } from '../../../lib/next-screen';
import { credentialsFragment } from '../lib/connection-data';
import { readStoredCredentials, setAuthAttempt } from '../lib/connection-storage';
import { awaitOutcome } from '../lib/oauth-handoff';
import { newOAuthState, storeOAuthState } from '../lib/oauth-state';
import { buildOAuthAuthorizeUrl, isOpenableAuthorizeUrl, withOAuthState } from '../lib/oauth-url';
import { useOAuthWindow } from './use-oauth-window';

const PRECONNECT_FALLBACK = 'Error during preconnect';

export interface OAuthConnect {
  /** Opens the authorize window (guarded: at most once per 5 s). */
  openOAuth: () => void;
  /** Posts the pre-connect form, then opens the authorize window. */
  submitPreconnect: (values: PreconnectValues) => Promise<void>;
  submitting: boolean;
  errorText: string | null;
  /** Set once a window was opened, to tell the user where the flow continues. */
  opened: boolean;
}

/**
 * The OAuth side of connecting a CRM (docs/product.md#connecting-on-the-public-pages): optional pre-connect call, then the authorize window,
 * with `auth_attempt` stored as 'oauth' so /connected knows which kind of credentials to verify, and a
 * random `state` (kept in session storage) that /callback requires back. When the window reports how
 * the flow ended (oauth-handoff.ts), this tab moves on to `connectedPath` or shows the error, and the
 * window closes: one tab remains.
 */
export function useOAuthConnect(software: Software | null, connectedPath: string): OAuthConnect {
  const openWindow = useOAuthWindow();
  const navigate = useNavigate();
  const [preConnect, { isLoading: submitting }] = usePreConnectMutation();
  const [errorText, setErrorText] = useState<string | null>(null);
  const [opened, setOpened] = useState(false);
  /** The `state` of the flow running in the opened window. */
  const [flowState, setFlowState] = useState<string | null>(null);

  useEffect(() => {
    if (!flowState) return;
    return awaitOutcome(flowState, (outcome) => {
      setOpened(false);
      setFlowState(null);
      if (outcome.result === 'failed') {
        setErrorText(outcome.errorText);
        return;
      }
      // The window stored the tokens in local storage, which this tab shares.
      const fragment = credentialsFragment(readStoredCredentials(), OAUTH_STORAGE_KEYS);
      void navigate({ pathname: connectedPath, hash: markAppFragment(fragment) });
    });
  }, [connectedPath, flowState, navigate]);

  const openOAuth = () => {
    if (!software) return;
    const url = buildOAuthAuthorizeUrl(software, `${window.location.origin}/callback`);
    if (!url || !isOpenableAuthorizeUrl(url, window.location.origin)) {
      setErrorText(`OAuth is not available for ${software.software}.`);
      return;
    }
    // Stored before the window opens: the callback may run in the new window before this one resumes.
    setAuthAttempt('oauth');
    // A fresh state per opened window (not per throttled click, which would orphan the open one),
    // stored before the window exists, marked as the popup's: the new window starts with a copy of this
    // tab's session storage.
    const flow = { state: '' };
    const result = openWindow((where) => {
      flow.state = newOAuthState();
      storeOAuthState(flow.state, where);
      return withOAuthState(url, flow.state);
    });
    if (result === 'opened') {
      setErrorText(null);
      setOpened(true);
      setFlowState(flow.state);
    }
  };

  const submitPreconnect = async (values: PreconnectValues) => {
    if (!software) return;
    setErrorText(null);
    try {
      await preConnect({
        software: software.slug,
        fields: values.fields,
        ...(values.isOrganizationConnection === undefined
          ? {}
          : { is_organization_connection: values.isOrganizationConnection }),
      }).unwrap();
    } catch (error) {
      setErrorText(errorMessage(error, PRECONNECT_FALLBACK));
      return;
    }
    openOAuth();
  };

  return { openOAuth, submitPreconnect, submitting, errorText, opened };
}
