/**
 * The form of "Sign in with SSO" (SsoSignIn.tsx opens it; loaded then, with single sign-on's endpoints): a
 * work address or the company domain, then the organization's identity provider. A domain without single
 * sign-on is said at once, in the server's words; a refusal handed over by /sso/callback shows first.
 */
import Stack from '@mui/material/Stack';
import { useState, type FormEvent } from 'react';
import { useStartSsoMutation } from '../../../api/endpoints/sso';
import { errorMessage } from '../../../api/errors';
import TextInput from '../../../components/TextInput';
import { msg, t } from '../../../i18n';
import { leaveAppTo } from '../../../lib/safe-redirect';
import { rememberSsoReturn } from '../../../lib/sso-return';
import FormSubmit from './FormSubmit';

const SSO_START_FAILED = msg('Could not start single sign-on. Please try again.');

export interface SsoSignInFormProps {
  /** Where to go once signed in (an in-app path the login page was asked to return to), read on submit. */
  returnTo: () => string | null;
  disabled: boolean;
  /** Why the last single sign-on refused, handed over by /sso/callback. */
  refusal: string | null;
  /** The address filled in at first (the account's, in the "Sign in again" dialog). */
  address?: string;
  /** Under the field: where the button sends the user (and, over a page, what of it is kept). */
  helperText?: string;
}

export default function SsoSignInForm({
  returnTo,
  disabled,
  refusal,
  address: initialAddress = '',
  helperText = t('We send you to your company’s sign-in page.'),
}: SsoSignInFormProps) {
  const [address, setAddress] = useState(initialAddress);
  const [error, setError] = useState<string | null>(refusal);
  const [startSso, { isLoading }] = useStartSsoMutation();
  // Leaving for the identity provider: the button stays busy until the page is gone.
  const [leaving, setLeaving] = useState(false);

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
        helperText={helperText}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
      />
      <FormSubmit error={error} disabled={busy || disabled}>
        {busy ? t('Opening your company’s sign-in...') : t('Continue with SSO')}
      </FormSubmit>
    </Stack>
  );
}
