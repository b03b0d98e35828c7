import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Schemas } from '../../../api/contract-types';
import { useCheckDnsVerificationMutation } from '../../../api/endpoints/organization';
import { withDetail } from '../../../api/errors';
import { serverText, t } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import type { DomainFormEvents } from './DomainVerificationForms';

const DNS_CHECK_FAILED = 'Failed to verify the domain';

type DnsRecord = Schemas['DnsRecord'];

/** One labelled part of the record, its value selectable as a whole to copy. */
function RecordField({ label, value }: { label: string; value: string }) {
  return (
    <Box component="div" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'baseline' }}>
      <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 56 }}>
        {label}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere', userSelect: 'all' }}
      >
        {value}
      </Typography>
    </Box>
  );
}

/**
 * docs/product.md#verifying-a-domain, by DNS: the TXT record to publish at the pending domain, and Verify,
 * which asks DNS for it; what went wrong (no record, not ours, DNS silent) shows as the server says it.
 */
export function DnsRecordPanel({
  record,
  onDone,
  onError,
  onChanged,
}: DomainFormEvents & { record: DnsRecord }) {
  const [check, checking] = useCheckDnsVerificationMutation();
  const onVerify = async () => {
    onError(null);
    try {
      const answer = await check().unwrap();
      onDone(serverText(answer));
    } catch (failure) {
      onError(withDetail(DNS_CHECK_FAILED, failure));
    } finally {
      onChanged();
    }
  };
  return (
    <Box component="section" aria-label={t('TXT record for {domain}', { domain: record.name })}>
      <Typography>
        {t('Add this TXT record at {domain} with your DNS provider, then select Verify.', {
          domain: record.name,
        })}
      </Typography>
      <Box component="dl" sx={{ my: 1 }}>
        <RecordField label={t('Type')} value={record.type} />
        <RecordField label={t('Host name')} value={record.name} />
        <RecordField label={t('Value')} value={record.value} />
      </Box>
      <Button variant="contained" onClick={() => void onVerify()} disabled={checking.isLoading}>
        {checking.isLoading ? t('Checking DNS...') : t('Verify')}
      </Button>
    </Box>
  );
}

/** How the verified domain was proven, and a domain whose record went missing at the daily check. */
export function DomainProofNote({
  method,
  recordMissingAt,
  domain,
}: {
  method: 'dns' | 'mail' | null | undefined;
  recordMissingAt: number | null | undefined;
  domain: string | null;
}) {
  if (recordMissingAt) {
    return (
      <Alert severity="warning">
        {t(
          'The TXT record of {domain} was gone at the daily check on {date}: the domain is no longer verified. Publish the record again, then select Verify.',
          { domain: domain ?? '', date: formatDateTime(recordMissingAt) },
        )}
      </Alert>
    );
  }
  if (method === 'dns')
    return <Typography color="text.secondary">{t('Proven by a DNS record, checked every day.')}</Typography>;
  if (method === 'mail')
    return (
      <Typography color="text.secondary">
        {t('Proven by a mailed code. Single sign-on will need the DNS record instead.')}
      </Typography>
    );
  return null;
}
