import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  useStartDomainVerificationMutation,
  useVerifyDomainMutation,
} from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import { t, translated } from '../../../i18n';

const DOMAIN_START_FAILED = 'Failed to send the verification code';
const DOMAIN_VERIFY_FAILED = 'Failed to verify the domain';

/** What the domain forms tell the section: what happened, what failed, that the domain's state changed. */
export interface DomainFormEvents {
  onDone: (message: string) => void;
  onError: (error: ErrorText | null) => void;
  onChanged: () => void;
}

/** Verifying a (new) company domain: the domain and where to send its code. */
export function StartVerificationForm({
  changing,
  onCancel,
  onDone,
  onError,
  onChanged,
}: DomainFormEvents & {
  /** Asked for with Change domain (a domain is verified already): typing starts at once, Cancel is offered. */
  changing: boolean;
  onCancel: () => void;
}) {
  const [domain, setDomain] = useState('');
  const [email, setEmail] = useState('');
  const [start, starting] = useStartDomainVerificationMutation();

  const onStart = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onError(null);
    try {
      const answer = await start({
        domain: domain.trim(),
        ...(email.trim() ? { email: email.trim() } : {}),
      }).unwrap();
      onDone(translated(answer.message));
      onChanged();
    } catch (failure) {
      onError(withDetail(DOMAIN_START_FAILED, failure));
    }
  };

  return (
    <Box
      component="form"
      aria-label={t('Verify a company domain')}
      onSubmit={onStart}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <TextField
        label={t('Company domain')}
        name="domain"
        required
        // Asked for with Change domain: typing starts at once.
        autoFocus={changing}
        size="small"
        value={domain}
        onChange={(event) => setDomain(event.target.value)}
        sx={{ flex: '1 1 200px' }}
      />
      <TextField
        label={t('Send the code to (optional)')}
        name="domain_email"
        type="email"
        size="small"
        helperText={t('An address at the domain; yours when left empty.')}
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        sx={{ flex: '1 1 240px' }}
      />
      <Button type="submit" variant="outlined" disabled={starting.isLoading}>
        {t('Send verification code')}
      </Button>
      {changing && <Button onClick={onCancel}>{t('Cancel')}</Button>}
    </Box>
  );
}

/** The mailed code of the pending domain (the mail's link opens the page with it filled in). */
export function VerifyCodeForm({
  pendingDomain,
  pendingEmail,
  onVerified,
  onDone,
  onError,
  onChanged,
}: DomainFormEvents & {
  pendingDomain: string;
  pendingEmail: string | null;
  onVerified: () => void;
}) {
  const [params] = useSearchParams();
  const [code, setCode] = useState(() => params.get('domain_code') ?? '');
  const [verify, verifying] = useVerifyDomainMutation();

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onError(null);
    try {
      const answer = await verify({ code: code.trim() }).unwrap();
      onDone(translated(answer.message));
      setCode('');
      onVerified();
      onChanged();
    } catch (failure) {
      onError(withDetail(DOMAIN_VERIFY_FAILED, failure));
    }
  };

  return (
    <Box
      component="form"
      aria-label={t('Enter the verification code')}
      onSubmit={onVerify}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <Typography sx={{ flex: '1 1 100%' }}>
        {t('A code for {domain} was sent to {email}.', {
          domain: pendingDomain,
          email: pendingEmail ?? '',
        })}
      </Typography>
      <TextField
        label={t('Verification code')}
        name="domain_code"
        required
        size="small"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        sx={{ flex: '1 1 200px' }}
      />
      <Button type="submit" variant="contained" disabled={verifying.isLoading}>
        {t('Verify domain')}
      </Button>
    </Box>
  );
}
