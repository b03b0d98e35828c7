import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import {
  useStartDnsVerificationMutation,
  useStartDomainVerificationMutation,
  useVerifyDomainMutation,
} from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import { serverText, t } from '../../../i18n';

const DOMAIN_START_FAILED = 'Failed to send the verification code';
const DNS_START_FAILED = 'Failed to get the TXT record';
const DOMAIN_VERIFY_FAILED = 'Failed to verify the domain';

/** What the domain forms tell the section: what happened, what failed, that the domain's state changed. */
export interface DomainFormEvents {
  onDone: (message: string) => void;
  onError: (error: ErrorText | null) => void;
  onChanged: () => void;
}

/**
 * Verifying a (new) company domain: the domain and how to prove it, by a DNS TXT record (the default, and
 * the proof single sign-on will need) or, where the admin chooses it, a code mailed to an address there.
 */
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
  const [method, setMethod] = useState<'dns' | 'mail'>('dns');
  const [start, starting] = useStartDomainVerificationMutation();
  const [startDns, startingDns] = useStartDnsVerificationMutation();

  const onStart = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onError(null);
    try {
      const answer =
        method === 'dns'
          ? await startDns({ domain: domain.trim() }).unwrap()
          : await start({
              domain: domain.trim(),
              ...(email.trim() ? { email: email.trim() } : {}),
            }).unwrap();
      onDone(serverText(answer));
      onChanged();
    } catch (failure) {
      onError(withDetail(method === 'dns' ? DNS_START_FAILED : DOMAIN_START_FAILED, failure));
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
      <RadioGroup
        aria-label={t('How to prove the domain')}
        value={method}
        onChange={(event) => setMethod(event.target.value as 'dns' | 'mail')}
        sx={{ flex: '1 1 100%' }}
      >
        <FormControlLabel value="dns" control={<Radio />} label={t('Add a DNS TXT record (recommended)')} />
        <FormControlLabel
          value="mail"
          control={<Radio />}
          label={t('Email a code to an address at the domain')}
        />
      </RadioGroup>
      {method === 'mail' && (
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
      )}
      <Button type="submit" variant="outlined" disabled={starting.isLoading || startingDns.isLoading}>
        {method === 'dns' ? t('Get the TXT record') : t('Send verification code')}
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
      onDone(serverText(answer));
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
