/**
 * The Google option on a server without GOOGLE_CLIENT_ID (a local or sandbox install): a button that opens
 * the server's sandbox sign-in page (/sandbox/google/signin) in a popup, as Google's widget opens Google's.
 * The page posts back a credential (or an error), which goes to the same callbacks as the real widget's.
 */
import GoogleIcon from '@mui/icons-material/Google';
import Button from '@mui/material/Button';
import { useEffect, useRef } from 'react';
import type { GoogleSignInButtonProps } from './GoogleSignInButton';
import { t } from '../../../i18n';
import { GOOGLE_SANDBOX_MESSAGE } from '../../../../shared/google-sandbox';

export type SandboxGoogleButtonProps = Omit<GoogleSignInButtonProps, 'clientId'> & { disabled?: boolean };

export default function SandboxGoogleButton({
  context,
  onCredential,
  onError,
  disabled,
}: SandboxGoogleButtonProps) {
  const popup = useRef<Window | null>(null);
  const handlers = useRef({ onCredential, onError });
  useEffect(() => {
    handlers.current = { onCredential, onError };
  });

  useEffect(() => {
    const listener = (event: MessageEvent<unknown>) => {
      // Only the page this button opened, on this origin, may hand over a credential.
      if (event.origin !== window.location.origin || !popup.current || event.source !== popup.current) return;
      const data = event.data as { type?: unknown; credential?: unknown } | null;
      if (data?.type !== GOOGLE_SANDBOX_MESSAGE) return;
      popup.current = null;
      if (typeof data.credential === 'string' && data.credential)
        handlers.current.onCredential(data.credential);
      else handlers.current.onError();
    };
    window.addEventListener('message', listener);
    return () => window.removeEventListener('message', listener);
  }, []);

  const open = () => {
    const url = new URL('/sandbox/google/signin', window.location.origin);
    url.searchParams.set('context', context);
    popup.current = window.open(url.toString(), 'google-sign-in-sandbox', 'popup,width=500,height=680');
    // A blocked popup is a widget that failed to open.
    if (!popup.current) handlers.current.onError();
  };

  return (
    <Button
      variant="outlined"
      size="large"
      fullWidth
      startIcon={<GoogleIcon />}
      onClick={open}
      disabled={disabled}
      sx={{ textTransform: 'none' }}
    >
      {context === 'signup' ? t('Sign up with Google') : t('Sign in with Google')}
    </Button>
  );
}
