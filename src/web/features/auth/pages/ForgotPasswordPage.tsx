/**
 * /forgot-password (docs/product.md#forgot-and-reset-password): an email form. The success text is neutral (it never tells whether an
 * account exists); the error text may carry markup (spec: rendered as HTML), so it is sanitised first.
 */
import Alert from '@mui/material/Alert';
import TextLink from '../../../components/TextLink';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DOMPurify from 'dompurify';
import { useState, type FormEvent } from 'react';
import { useForgotPasswordMutation } from '../../../api/endpoints/auth';
import { useDocumentTitle } from '../../../components/use-document-title';
import EmailField from '../components/EmailField';
import FormSubmit from '../components/FormSubmit';
import { failureMessage } from '../lib/failure';
import { t, translated } from '../../../i18n';
import { publicPaths } from '../../../lib/paths';

export const FORGOT_PASSWORD_SENT =
  "If your account exists, you'll receive an email with a link to reset your password (expires in 24 hours).";

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password');
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const [errorHtml, setErrorHtml] = useState<string | null>(null);
  const [forgotPassword, { isLoading }] = useForgotPasswordMutation();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setErrorHtml(null);
    try {
      await forgotPassword({ email: email.trim() }).unwrap();
      setSent(true);
    } catch (error) {
      const message = failureMessage(error, 'Something went wrong', 'Something went wrong');
      setErrorHtml(DOMPurify.sanitize(message));
    }
  }

  return (
    <Stack spacing={2.5}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('Forgot your password?')}
      </Typography>
      {sent ? (
        <Alert severity="success">{translated(FORGOT_PASSWORD_SENT)}</Alert>
      ) : (
        <Stack
          component="form"
          spacing={2}
          onSubmit={(event) => void submit(event)}
          aria-label={t('Forgot password')}
        >
          <Typography color="text.secondary">
            {t('Enter your email and we will send you a reset link.')}
          </Typography>
          <EmailField value={email} onChange={setEmail} />
          {errorHtml !== null ? (
            <Alert severity="error" role="alert">
              <span dangerouslySetInnerHTML={{ __html: errorHtml }} />
            </Alert>
          ) : null}
          <FormSubmit disabled={isLoading}>{isLoading ? t('Sending...') : t('Send reset link')}</FormSubmit>
        </Stack>
      )}
      <TextLink to={publicPaths.login} variant="body2" sx={{ textAlign: 'center' }}>
        {t('Back to login')}
      </TextLink>
    </Stack>
  );
}
