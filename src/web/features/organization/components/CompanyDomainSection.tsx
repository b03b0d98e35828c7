import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useGetCompanyDomainQuery, useSetDomainAutoJoinMutation } from '../../../api/endpoints/organization';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { DnsRecordPanel, DomainProofNote } from './DnsVerification';
import { InviteLinkSection } from './InviteLinkSection';
import { JoinRequests } from './JoinRequests';
import { StartVerificationForm, VerifyCodeForm } from './DomainVerificationForms';
import { serverText, t } from '../../../i18n';

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
  const [error, setError] = useState<ErrorText | null>(null);
  // A verified domain shows as a fact with a Change button; the form comes back only when asked for.
  const [changing, setChanging] = useState(false);
  const changeButton = useRef<HTMLButtonElement>(null);
  const stopChanging = () => {
    setChanging(false);
    // Cancel goes away with the form: focus returns to the button that opened it.
    requestAnimationFrame(() => changeButton.current?.focus());
  };
  const [setAutoJoin, settingAutoJoin] = useSetDomainAutoJoinMutation();
  const data = state.data?.data;
  const events = { onDone, onError: setError, onChanged: () => void state.refetch() };

  const onAutoJoin = async (enabled: boolean) => {
    setError(null);
    try {
      const answer = await setAutoJoin({ enabled }).unwrap();
      onDone(serverText(answer));
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
          <DomainProofNote method={data.method} recordMissingAt={null} domain={data.domain} />
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
      {data.record_missing_at && !data.domain && (
        <DomainProofNote
          method={null}
          recordMissingAt={data.record_missing_at}
          domain={data.pending_domain}
        />
      )}
      {(!data.domain || changing) && (
        <StartVerificationForm changing={changing} onCancel={stopChanging} {...events} />
      )}
      {data.pending_domain && !data.pending_email && data.dns_record && (
        <DnsRecordPanel record={data.dns_record} {...events} />
      )}
      {data.pending_domain && data.pending_email && (
        <VerifyCodeForm
          pendingDomain={data.pending_domain}
          pendingEmail={data.pending_email}
          onVerified={() => changing && stopChanging()}
          {...events}
        />
      )}
      {data.domain && (
        <InviteLinkSection
          domain={data.domain}
          link={data.invite_link}
          onDone={onDone}
          onChanged={() => void state.refetch()}
        />
      )}
      <JoinRequests requests={data.join_requests} onMemberJoined={onMemberJoined} {...events} />
    </Stack>
  );
}
