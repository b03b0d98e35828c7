import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  useDecideJoinRequestMutation,
  useGetCompanyDomainQuery,
  useSetDomainAutoJoinMutation,
  useStartDomainVerificationMutation,
  useVerifyDomainMutation,
} from '../../../api';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { InviteLinkSection } from './InviteLinkSection';
import { t, translated } from '../../../i18n';

const DOMAIN_START_FAILED = 'Failed to send the verification code';
const DOMAIN_VERIFY_FAILED = 'Failed to verify the domain';
const JOIN_DECISION_FAILED = 'Failed to answer the request';
const DOMAIN_LOAD_FAILED = 'Failed to load the company domain';
const AUTO_JOIN_FAILED = 'Failed to change automatic joining';

export interface CompanyDomainSectionProps {
  /** Says what happened (a notice). */
  onDone: (message: string) => void;
  /** A request was approved: the members list changed. */
  onMemberJoined: () => void;
}

/**
 * docs/product.md#verifying-a-domain, Organization page (admins): verify the company's email domain by a mailed code (the mail's link
 * opens this page with the code filled in), share the invitation link of a verified domain, and answer the
 * pending requests to join. A request from an address its owner never proved says so: approving it mails
 * an invitation, and the requester joins only by opening it.
 */
export function CompanyDomainSection({ onDone, onMemberJoined }: CompanyDomainSectionProps) {
  const state = useGetCompanyDomainQuery();
  const [params] = useSearchParams();
  const [domain, setDomain] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState(() => params.get('domain_code') ?? '');
  const [error, setError] = useState<ErrorText | null>(null);
  // A verified domain shows as a fact with a Change button; the form comes back only when asked for.
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const stopChanging = () => {
    setChanging(false);
    // Cancel goes away with the form: focus returns to the button that opened it.
    requestAnimationFrame(() => changeButton.current?.focus());
  };
  const [start, starting] = useStartDomainVerificationMutation();
  const [verify, verifying] = useVerifyDomainMutation();
  const [decide, deciding] = useDecideJoinRequestMutation();
  const [setAutoJoin, settingAutoJoin] = useSetDomainAutoJoinMutation();
  const data = state.data?.data;

  const onStart = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await start({
        domain: domain.trim(),
        ...(email.trim() ? { email: email.trim() } : {}),
      }).unwrap();
      onDone(translated(answer.message));
      void state.refetch();
    } catch (failure) {
      setError(withDetail(DOMAIN_START_FAILED, failure));
    }
  };

  const onVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await verify({ code: code.trim() }).unwrap();
      onDone(translated(answer.message));
      setCode('');
      if (changing) stopChanging();
      void state.refetch();
    } catch (failure) {
      setError(withDetail(DOMAIN_VERIFY_FAILED, failure));
    }
  };

  const onDecide = async (id: string, decision: 'approve' | 'decline') => {
    setError(null);
    try {
      const answer = await decide({ request_id: id, decision }).unwrap();
      onDone(translated(answer.message));
      if (decision === 'approve') onMemberJoined();
    } catch (failure) {
      setError(withDetail(JOIN_DECISION_FAILED, failure));
    } finally {
      void state.refetch();
    }
  };

  const onAutoJoin = async (enabled: boolean) => {
    setError(null);
    try {
      const answer = await setAutoJoin({ enabled }).unwrap();
      onDone(translated(answer.message));
    } catch (failure) {
      setError(withDetail(AUTO_JOIN_FAILED, failure));
    } finally {
      void state.refetch();
    }
  };

  if (state.isError)
    return (
      <ErrorAlert error={withDetail(DOMAIN_LOAD_FAILED, state.error)} onRetry={() => void state.refetch()} />
    );
  if (!data) return null;

  return (
    <Stack spacing={2}>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {data.domain ? (
        <>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <Typography>{t('Verified domain: {domain}', { domain: data.domain })}</Typography>
            {!changing && (
              <Button variant="outlined" size="small" ref={changeButton} onClick={() => setChanging(true)}>
                {t('Change domain')}
              </Button>
            )}
          </Box>
          <FormControlLabel
            control={
              <Switch
                checked={data.auto_join}
                disabled={settingAutoJoin.isLoading || state.isFetching}
                onChange={(event) => void onAutoJoin(event.target.checked)}
              />
            }
            label={t('People who sign up at {domain} join automatically as Free members', {
              domain: data.domain,
            })}
          />
        </>
      ) : (
        <Typography color="text.secondary">
          {t('Verify your company domain so colleagues who sign up with it can ask to join.')}
        </Typography>
      )}
      {(!data.domain || changing) && (
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
          {changing && <Button onClick={stopChanging}>{t('Cancel')}</Button>}
        </Box>
      )}
      {data.pending_domain && (
        <Box
          component="form"
          aria-label={t('Enter the verification code')}
          onSubmit={onVerify}
          sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
        >
          <Typography sx={{ flex: '1 1 100%' }}>
            {t('A code for {domain} was sent to {email}.', {
              domain: data.pending_domain,
              email: data.pending_email ?? '',
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
      )}
      {data.domain && (
        <InviteLinkSection
          domain={data.domain}
          link={data.invite_link}
          onDone={onDone}
          onChanged={() => void state.refetch()}
        />
      )}
      <Typography variant="subtitle1" component="h4">
        {t('Requests to join')}
      </Typography>
      {data.join_requests.length === 0 ? (
        <Typography color="text.secondary">{t('No pending requests.')}</Typography>
      ) : (
        <List aria-label={t('Requests to join')} disablePadding>
          {data.join_requests.map((request) => {
            const who = request.name || request.email;
            return (
              <ListItem key={request.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemText
                  primary={who}
                  secondary={
                    request.address_confirmed
                      ? request.email
                      : `${request.email}. ${t(
                          'Approving mails {email} an invitation: they join once they open it.',
                          { email: request.email },
                        )}`
                  }
                  sx={{ flex: '1 1 200px' }}
                />
                {!request.address_confirmed && (
                  <Chip size="small" color="warning" variant="outlined" label={t('Address not confirmed')} />
                )}
                <Button
                  variant="contained"
                  size="small"
                  disabled={deciding.isLoading}
                  aria-label={t('Approve {name}', { name: who })}
                  onClick={() => void onDecide(request.id, 'approve')}
                >
                  {t('Approve')}
                </Button>
                <Button
                  variant="outlined"
                  size="small"
                  disabled={deciding.isLoading}
                  aria-label={t('Decline {name}', { name: who })}
                  onClick={() => void onDecide(request.id, 'decline')}
                >
                  {t('Decline')}
                </Button>
              </ListItem>
            );
          })}
        </List>
      )}
    </Stack>
  );
}
