/**
 * The Google option of /signup and /login: Google's widget when the server has a client id, the sandbox
 * button on a local or sandbox install, nothing otherwise; a progress line while google-auth answers, and
 * the "or" divider before the email form.
 */
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { getAppConfig } from '../../../app/config';
import GoogleSignInButton, { type GoogleSignInButtonProps } from './GoogleSignInButton';
import SandboxGoogleButton from './SandboxGoogleButton';
import { t } from '../../../i18n';

export interface GoogleSectionProps extends Omit<GoogleSignInButtonProps, 'clientId'> {
  busy: boolean;
}

export default function GoogleSection({ busy, ...button }: GoogleSectionProps) {
  const { googleClientId, googleSandbox } = getAppConfig();
  if (!googleClientId && !googleSandbox) return null;
  return (
    <Stack spacing={1.5}>
      {googleClientId ? (
        <GoogleSignInButton clientId={googleClientId} {...button} />
      ) : (
        <SandboxGoogleButton {...button} disabled={busy} />
      )}
      {busy ? <LinearProgress aria-label={t('Signing in with Google')} /> : null}
      <Divider>{t('or')}</Divider>
    </Stack>
  );
}
