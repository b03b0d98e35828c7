/**
 * "Sign in with SSO" on /login (docs/product.md#single-sign-on): a work address or the company domain, then
 * the organization's identity provider. Opened on demand, so the login form stays as it is for everyone
 * else; a domain without single sign-on is said at once, in the server's words. A sign-in the identity
 * provider sent back refused comes back here (/sso/callback hands over its sentence): the form is open with
 * that sentence.
 */
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { useStartSsoMutation } from '../../../api/endpoints/auth';
import { errorMessage } from '../../../api/errors';
import TextInput from '../../../components/TextInput';
import { msg, t } from '../../../i18n';
import { leaveAppTo } from '../../../lib/safe-redirect';
import { rememberSsoReturn } from '../lib/single-sign-on';
import FormSubmit from './FormSubmit';

const SSO_START_FAILED = msg('Could not start single sign-on. Please try again.');

export interface SsoSignInProps {
  /** Where to go once signed in (an in-app path the login page was asked to return to), read on submit. */
  returnTo: () => string | null;
  disabled?: boolean;
}

/** The sentence of a refused single sign-on that /sso/callback handed over (lib/single-sign-on.ts). */
function useRefusal(): string | null {
  const location = useLocation() as { state?: { ssoRefusal?: unknown } | null };
  const refusal = location.state?.ssoRefusal;
  return typeof refusal === 'string' && refusal ? refusal : null;
}

export default function SsoSignIn({ returnTo, disabled = false }: SsoSignInProps) {
  const refusal = useRefusal();
  const [open, setOpen] = useState(refusal !== null);
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | null>(refusal);
  const [startSso, { isLoading }] = useStartSsoMutation();
  // Leaving for the identity provider: the button stays busy until the page is gone.
  const [leaving, setLeaving] = useState(false);

  if (!open) {
    return (
      <Button variant="outlined" size="large" disabled={disabled} onClick={() => setOpen(true)}>
        {t('Sign in with SSO')}
      </Button>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const { redirect_url: url } = await startSso({ email: address.trim() }).unwrap();
      setLeaving(true);
      rememberSsoReturn(returnTo());
      leaveAppTo(url);
    } catch (failure) {
      setError(errorMessage(failure, t(SSO_START_FAILED)));
    }
  }

  const busy = isLoading || leaving;
  return (
    <Stack
      component="form"
      spacing={2}
      onSubmit={(event) => void submit(event)}
      aria-label={t('Sign in with SSO')}
    >
      <TextInput
        label={t('Work email or company domain')}
        name="sso-address"
        autoComplete="email"
        autoFocus
        required
        fullWidth
        helperText={t('We send you to your company’s sign-in page.')}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
      />
      <FormSubmit error={error} disabled={busy || disabled}>
        {busy ? t('Opening your company’s sign-in...') : t('Continue with SSO')}
      </FormSubmit>
    </Stack>
  );
}
