/**
 * The Google option of /signup and /login: the widget (only when a client id is configured), a progress
 * line while google-auth answers, and the "or" divider before the email form.
 */
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { getAppConfig } from '../../../app/config';
import GoogleSignInButton, { type GoogleSignInButtonProps } from './GoogleSignInButton';

export interface GoogleSectionProps extends Omit<GoogleSignInButtonProps, 'clientId'> {
  busy: boolean;
}

export default function GoogleSection({ busy, ...button }: GoogleSectionProps) {
  const { googleClientId } = getAppConfig();
  if (!googleClientId) return null;
  return (
    <Stack spacing={1.5}>
      <GoogleSignInButton clientId={googleClientId} {...button} />
      {busy ? <LinearProgress aria-label="Signing in with Google" /> : null}
      <Divider>or</Divider>
    </Stack>
  );
}
