/**
 * The official Google sign-in button (docs/product.md#api-calls: the widget hands a credential to a success callback).
 * Rendered only when a client id is configured; a widget that fails to load or answers without a
 * credential reports onError, and the page shows 'Google sign in failed. Please try again.'.
 */
import Box from '@mui/material/Box';
import { useEffect, useRef } from 'react';
import { loadGoogleIdentity } from '../lib/google-identity';

export interface GoogleSignInButtonProps {
  clientId: string;
  /** 'signup' shows "Sign up with Google", 'login' "Sign in with Google". */
  context: 'signup' | 'login';
  onCredential: (credential: string) => void;
  onError: () => void;
}

export default function GoogleSignInButton({
  clientId,
  context,
  onCredential,
  onError,
}: GoogleSignInButtonProps) {
  const container = useRef<HTMLDivElement>(null);
  // The widget keeps the callback it was initialised with; refs let it call the latest props.
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  });

  useEffect(() => {
    let active = true;
    loadGoogleIdentity()
      .then((google) => {
        if (!active || !container.current) return;
        google.initialize({
          client_id: clientId,
          context: context === 'signup' ? 'signup' : 'signin',
          callback: (response) => {
            if (response.credential) handlers.current.onCredential(response.credential);
            else handlers.current.onError();
          },
        });
        container.current.replaceChildren();
        google.renderButton(container.current, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: context === 'signup' ? 'signup_with' : 'signin_with',
          logo_alignment: 'center',
          width: Math.min(container.current.clientWidth || 320, 400),
        });
      })
      .catch(() => {
        if (active) handlers.current.onError();
      });
    return () => {
      active = false;
    };
  }, [clientId, context]);

  return (
    <Box
      ref={container}
      data-testid="google-sign-in"
      sx={{ minHeight: 44, display: 'flex', justifyContent: 'center' }}
    />
  );
}
