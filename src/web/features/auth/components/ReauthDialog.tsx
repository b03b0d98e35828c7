/**
 * Signing in again over the page when the session ended mid-use (api/session-expiry.ts): the page and what
 * the user typed stay under the dialog, the address of the account is filled in, a two-factor account
 * is asked its code, and once signed in the calls that met the 401 go again by themselves (a Save
 * that was refused completes). Another account signing in here reloads the app on the dashboard, so
 * nothing of the first one stays on screen. 'Sign in with SSO' (docs/product.md#single-sign-on), the one way
 * in of a member held to docs/product.md#require-sso, leaves for the identity provider as on /login and
 * comes back to this page, without what was typed on it. 'Log out' leaves instead.
 */
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  useGoogleAuthMutation,
  useLoginMutation,
  useVerifyTwoFactorMutation,
} from '../../../api/endpoints/auth';
import type { User } from '../../../api/contract-types';
import { errorStatus } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../entities/session';
import { t } from '../../../i18n';
import { getItem, storageKeys } from '../../../lib/storage';
import { failureMessage } from '../lib/failure';
import EmailField from './EmailField';
import FormSubmit from './FormSubmit';
import GoogleSection, { GOOGLE_WIDGET_ERROR } from './GoogleSection';
import PasswordField from './PasswordField';
import SsoSignIn from './SsoSignIn';
import TwoFactorCodeForm from './TwoFactorCodeForm';
import { dashboardPaths, publicPaths } from '../../../lib/paths';

export default function ReauthDialog() {
  const titleId = useId();
  const textId = useId();
  const navigate = useNavigate();
  // The user the page was drawn for, kept while the session is expired.
  const account = useAppSelector(selectUser);
  const [email, setEmail] = useState(account?.email ?? '');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [codeStep, setCodeStep] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [login, { isLoading: loggingIn }] = useLoginMutation();
  const [verifyTwoFactor, { isLoading: verifying }] = useVerifyTwoFactorMutation();
  const [googleAuth, { isLoading: googleBusy }] = useGoogleAuthMutation();

  /**
   * The session is back: the store closes this dialog and the page says how its refused work went (no
   * notice of our own, which would queue ahead of the page's). Another account starts the app afresh.
   */
  function signedIn(user: User) {
    if (account && user.id !== account.id) window.location.assign(dashboardPaths.overview);
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    try {
      const result = await login({
        email: email.trim(),
        password,
        software: getItem(storageKeys.software),
      }).unwrap();
      if ('two_factor_required' in result) setCodeStep(true);
      else signedIn(result.user);
    } catch (error) {
      setFormError(failureMessage(error, 'Login failed', 'Login failed'));
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    try {
      signedIn((await verifyTwoFactor({ code: code.trim() }).unwrap()).user);
    } catch (error) {
      // An expired or exhausted sign-in starts over with the password.
      if (errorStatus(error) === 401) {
        setCodeStep(false);
        setCode('');
      }
      setFormError(failureMessage(error, 'Login failed', 'Login failed'));
    }
  }

  async function signInWithGoogle(token: string) {
    setFormError(null);
    try {
      const result = await googleAuth({ token, type: 'login' }).unwrap();
      if (!result.user) throw new Error('Google auth failed');
      signedIn(result.user);
    } catch (error) {
      setFormError(failureMessage(error, 'Google login failed', 'An error occurred during Google login'));
    }
  }

  return (
    // No Escape or backdrop close: until they sign in or log out, the page cannot save anything.
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('Sign in again')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 0.5 }}>
          <Typography id={textId} variant="body2">
            {t(
              'Your session has ended. Sign in to carry on: this page and what you typed stay as they are, and what you were saving is sent once you are back.',
            )}
          </Typography>
          {codeStep ? (
            <TwoFactorCodeForm
              code={code}
              onCodeChange={setCode}
              onSubmit={(event) => void submitCode(event)}
              verifying={verifying}
              error={formError}
            />
          ) : (
            <>
              <GoogleSection
                context="login"
                busy={googleBusy}
                onCredential={(token) => void signInWithGoogle(token)}
                onError={() => setFormError(GOOGLE_WIDGET_ERROR)}
              />
              <Stack
                component="form"
                spacing={2}
                onSubmit={(event) => void submitPassword(event)}
                aria-label={t('Sign in again')}
              >
                <EmailField value={email} onChange={setEmail} />
                <PasswordField
                  value={password}
                  onChange={setPassword}
                  autoComplete="current-password"
                  autoFocus={email !== ''}
                />
                <FormSubmit error={formError} disabled={loggingIn || googleBusy}>
                  {loggingIn ? t('Logging in...') : t('Log in')}
                </FormSubmit>
              </Stack>
              <SsoWayBack address={email.trim()} disabled={loggingIn || googleBusy} />
            </>
          )}
          <Button onClick={() => void navigate(publicPaths.logout)} sx={{ alignSelf: 'flex-start' }}>
            {t('Log out')}
          </Button>
        </Stack>
      </DialogContent>
    </Dialog>
  );
}

/** "Sign in with SSO" as on /login, back to this page once signed in (lib/sso-return.ts), as /login's `next` does. */
function SsoWayBack({ address, disabled }: { address: string; disabled: boolean }) {
  const { pathname, search, hash } = useLocation();
  return (
    <SsoSignIn
      returnTo={() => `${pathname}${search}${hash}`}
      disabled={disabled}
      address={address}
      helperText={t(
        'We send you to your company’s sign-in page, then back to this page. What you typed on it is not kept.',
      )}
    />
  );
}
