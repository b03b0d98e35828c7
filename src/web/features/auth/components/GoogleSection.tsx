/**
 * The Google option of /signup and /login: Google's widget when the server has a client id, the sandbox
 * button on a local or sandbox install, nothing otherwise; a progress line while google-auth answers, and
 * the "or" divider before the email form.
 */
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { Suspense } from 'react';
import { getAppConfig, useAppConfig } from '../../../app/config';
import { loadable } from '../../../components/loadable';
import { googleSignIn } from '../../../../shared/prerender';
import type { GoogleSignInButtonProps } from './GoogleSignInButton';
import LazyLinearProgress from './LazyLinearProgress';
import { t } from '../../../i18n';

/** What the page says when Google's widget fails to load or answers without a credential (docs/product.md#authentication-texts). */
export const GOOGLE_WIDGET_ERROR = 'Google sign in failed. Please try again.';

// Google's own widget, for deployments with a client id: the others (the sandbox, none) never load it.
const googleButton = loadable(() => import(/* webpackChunkName: "google-sign-in" */ './GoogleSignInButton'));
const GoogleSignInButton = googleButton.Component;
// The sandbox's button, never shown on a real deployment: kept out of every first load there.
const sandboxButton = loadable(
  () => import(/* webpackChunkName: "google-sandbox" */ './SandboxGoogleButton'),
);
const SandboxGoogleButton = sandboxButton.Component;

/**
 * Loads this deployment's button, for the pages that draw it on their first screen: they are shown
 * (hydrated) with it, not with the empty box that holds its place (the build preloads its chunk,
 * src/shared/route-chunks.ts).
 */
export function loadGoogleButton(): Promise<unknown> {
  const kind = googleSignIn(getAppConfig());
  if (kind === 'none') return Promise.resolve();
  return (kind === 'google' ? googleButton : sandboxButton).load();
}

/** The box of either button while its code downloads: nothing moves when it arrives. */
const buttonBox = <Box sx={{ minHeight: 44 }} />;

export interface GoogleSectionProps extends Omit<GoogleSignInButtonProps, 'clientId'> {
  busy: boolean;
}

export default function GoogleSection({ busy, ...button }: GoogleSectionProps) {
  const config = useAppConfig();
  const kind = googleSignIn(config);
  if (kind === 'none') return null;
  return (
    <Stack spacing={1.5}>
      <Suspense fallback={buttonBox}>
        {kind === 'google' ? (
          <GoogleSignInButton clientId={config.googleClientId!} {...button} />
        ) : (
          <SandboxGoogleButton {...button} disabled={busy} />
        )}
      </Suspense>
      {busy ? <LazyLinearProgress aria-label={t('Signing in with Google')} /> : null}
      {/* The "or" rule, drawn as MUI's <Divider> with text is (its 2 KB stay out of the first load). */}
      <Box
        role="separator"
        aria-orientation="horizontal"
        sx={{
          display: 'flex',
          textAlign: 'center',
          '&::before, &::after': {
            content: '""',
            alignSelf: 'center',
            width: '100%',
            borderTop: 'thin solid',
            borderColor: 'divider',
          },
        }}
      >
        <Box component="span" sx={{ px: 1.2, whiteSpace: 'nowrap' }}>
          {t('or')}
        </Box>
      </Box>
    </Stack>
  );
}
