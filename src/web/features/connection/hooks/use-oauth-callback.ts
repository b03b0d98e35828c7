import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useAccessTokenMutation } from '../../../api';
import { errorMessage } from '../../../api/errors';
import { selectSoftware } from '../../../entities/session';
import { storedSoftwareSlug } from '../../../entities/crm';
import { useAppSelector } from '../../../app/hooks';
import { OAUTH_STORAGE_KEYS } from '../../../lib/next-screen';
import { credentialsFragment } from '../lib/connection-data';
import { readStoredCredentials, setAuthAttempt, storeOAuthTokens } from '../lib/connection-storage';
import { oauthErrorText } from '../lib/oauth-errors';
import { handOffOutcome, type OAuthOutcome } from '../lib/oauth-handoff';
import { OAUTH_STATE_MISMATCH, consumeOAuthState } from '../lib/oauth-state';
import { NO_OAUTH_TOKENS } from './use-connection-verification';

export interface OAuthCallbackState {
  errorText: string | null;
  /** The tab that opened this window took the outcome over; this window is closing. */
  handedOff: boolean;
}

/**
 * /callback (spec §2.2, §7): exchanges the `code` of the query for tokens with access-token, keeps every
 * key of `data` with an `oauth_` prefix, then goes to /connected with the oauth values in the fragment.
 * The `state` of the query must be the one stored when the authorize window opened (oauth-state.ts).
 * A provider error (`error` in the query) is shown as a sentence of oauth-errors.ts, never as given.
 * In the window the app opened, the outcome goes back to the opening tab instead (oauth-handoff.ts).
 */
export function useOAuthCallback(): OAuthCallbackState {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sharedSlug = useAppSelector(selectSoftware)?.slug;
  const [accessToken] = useAccessTokenMutation();
  const [errorText, setErrorText] = useState<string | null>(null);
  const [handedOff, setHandedOff] = useState(false);
  // An authorization code is single-use: never exchange it twice (Strict Mode runs effects twice).
  const exchanged = useRef(false);

  useEffect(() => {
    if (exchanged.current) return;
    exchanged.current = true;
    const code = params.get('code');
    const state = params.get('state');

    /** Hands the outcome to the opening tab, or carries on here when there is none to take it. */
    const finish = (outcome: OAuthOutcome, here: () => void) => {
      void handOffOutcome(state, outcome).then((taken) => {
        if (!taken) {
          here();
          return;
        }
        setHandedOff(true);
        window.close();
      });
    };
    const fail = (text: string) => finish({ result: 'failed', errorText: text }, () => setErrorText(text));

    if (params.has('error') || params.has('error_description')) {
      fail(oauthErrorText(params.get('error')));
      return;
    }
    if (!code) {
      setErrorText(NO_OAUTH_TOKENS);
      return;
    }
    // The code must answer the authorize window this browser opened (not an attacker's link).
    if (!consumeOAuthState(state)) {
      setErrorText(OAUTH_STATE_MISMATCH);
      return;
    }
    setAuthAttempt('oauth');
    accessToken({ oauth_code: code, software: sharedSlug ?? storedSoftwareSlug() })
      .unwrap()
      .then((answer) => {
        storeOAuthTokens(answer.data as unknown as Record<string, unknown>, code);
        const stored = readStoredCredentials();
        if (!stored.oauth_access_token) {
          fail(NO_OAUTH_TOKENS);
          return;
        }
        finish({ result: 'connected' }, () =>
          navigate(
            { pathname: '/connected', hash: credentialsFragment(stored, OAUTH_STORAGE_KEYS) },
            { replace: true },
          ),
        );
      })
      .catch((error: unknown) => {
        console.error('access-token failed', error);
        // Nothing was stored, so the missing-token text is the honest fallback when the server says nothing.
        fail(errorMessage(error, NO_OAUTH_TOKENS));
      });
  }, [accessToken, navigate, params, sharedSlug]);

  return { errorText, handedOff };
}
