/**
 * /reset-password?token=... (docs/product.md#forgot-and-reset-password): a new password of at least Medium strength; on success
 * the app follows data.redirect_url 1.5 s later, but only when it is a path of this app.
 */
import Alert from '@mui/material/Alert';
import TextLink from '../../../components/TextLink';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { Await, useNavigate } from 'react-router-dom';
import { isAcceptablePassword, RESET_PASSWORD_MESSAGE } from '../../../../shared/password-strength';
import { useResetPasswordMutation } from '../../../api/endpoints/auth';
import { authApi } from '../../../api/endpoints/auth';
import type { AppDispatch } from '../../../app/store';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { useReadOnce } from '../../../app/use-read-once';
import { classifyFailure } from '../../../api/errors';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import { sameOriginPath } from '../../../lib/safe-redirect';
import FormSubmit from '../components/FormSubmit';
import PasswordField from '../components/PasswordField';
import { failureMessage } from '../lib/failure';
import ErrorAlert from '../../../components/ErrorAlert';
import { serverText, t, translated } from '../../../i18n';
import { publicPaths } from '../../../lib/paths';

export const NO_RESET_TOKEN = 'No reset token provided.';
export const RESET_REDIRECT_DELAY_MS = 1500;
export const PASSWORD_RESET_DONE = 'Your password has been reset.';

/**
 * A dead link is said as soon as the page opens, not after a new password was typed. Only a refusal
 * counts: when the check itself fails (network), the form is offered and the reset call decides.
 * Resolves with the text to show for a dead link, or null.
 */
async function checkResetLink(dispatch: AppDispatch, token: string): Promise<string | null> {
  try {
    await dispatch(authApi.endpoints.checkResetToken.initiate({ token })).unwrap();
    return null;
  } catch (error) {
    const failure = classifyFailure(error);
    // 429 (too many attempts) refuses the attempt, not the link.
    return failure.kind === 'refused' && failure.status !== 429
      ? failureMessage(error, 'Error resetting password', 'Error resetting password')
      : null;
  }
}

export const loader = (({ store, url }) => {
  const token = url.searchParams.get('token');
  // Kept here, not in the address bar, which the page empties of it (useReadOnce).
  return { token, deadLink: token ? checkResetLink(store.dispatch, token) : null };
}) satisfies EntryLoader;

export default function ResetPasswordPage() {
  useDocumentTitle('Reset password');
  useReadOnce();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<{ message: string; to: string } | null>(null);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const { token, deadLink } = useEntryData<typeof loader>();

  useEffect(() => {
    if (!done) return;
    const timer = window.setTimeout(() => navigate(done.to, { replace: true }), RESET_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [done, navigate]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    if (!token) {
      setFormError(NO_RESET_TOKEN);
      return;
    }
    if (!isAcceptablePassword(password)) {
      setFormError(RESET_PASSWORD_MESSAGE);
      return;
    }
    try {
      const result = await resetPassword({ token, new_password: password }).unwrap();
      // Never leave the app on the answer's say-so: an external or malformed URL falls back to /login.
      const to = sameOriginPath(result.data.redirect_url, window.location.origin) ?? publicPaths.login;
      setDone({ message: result.message ? serverText(result) : translated(PASSWORD_RESET_DONE), to });
    } catch (error) {
      setFormError(failureMessage(error, 'Error resetting password', 'Error resetting password'));
    }
  }

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('Reset your password')}
      </Typography>
      {deadLink === null ? (
        <Dead text={NO_RESET_TOKEN} />
      ) : (
        <Suspense fallback={<LoadingState text="Checking your reset link..." />}>
          <Await resolve={deadLink}>
            {(deadText: string | null) =>
              deadText ? (
                <Dead text={deadText} />
              ) : done ? (
                <Alert severity="success" role="status">
                  {done.message} {t('Redirecting...')}
                </Alert>
              ) : (
                <Stack
                  component="form"
                  spacing={2}
                  onSubmit={(event) => void submit(event)}
                  aria-label={t('Reset password')}
                >
                  <PasswordField
                    label={t('New password')}
                    name="new_password"
                    value={password}
                    onChange={setPassword}
                    autoComplete="new-password"
                    strengthMeterId="reset-password-strength"
                  />
                  <FormSubmit error={formError} disabled={isLoading}>
                    {isLoading ? t('Saving...') : t('Set new password')}
                  </FormSubmit>
                </Stack>
              )
            }
          </Await>
        </Suspense>
      )}
    </Stack>
  );
}

/** The link cannot be used: why, and the way to a new one. */
function Dead({ text }: { text: string }) {
  return (
    <>
      <ErrorAlert error={text} />
      <TextLink to={publicPaths.forgotPassword} variant="body2">
        {t('Request a new reset link')}
      </TextLink>
    </>
  );
}
