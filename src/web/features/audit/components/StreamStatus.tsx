import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Schemas } from '../../../api/contract-types';
import { t } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';

type AuditStream = Schemas['AuditStream'];
type Failure = NonNullable<AuditStream['last_failure']>;

/** The last failure in the reader's words: the endpoint's answer, or why there was none. */
function failureText(failure: Failure): string {
  const date = formatDateTime(failure.at);
  switch (failure.reason) {
    case 'http_status':
      return t('Last failure {date}: HTTP {status}.', { date, status: failure.status_code ?? 0 });
    case 'timeout':
      return t('Last failure {date}: no answer within 10 seconds.', { date });
    case 'address_not_allowed':
      return t('Last failure {date}: the address is not a public one.', { date });
    case 'unreachable':
      return t('Last failure {date}: could not connect.', { date });
  }
}

/** docs/product.md#audit-log-streaming: how the endpoint's deliveries go. */
export function StreamStatus({ stream }: { stream: AuditStream }) {
  const lines = [
    stream.last_success_at === null
      ? t('Nothing delivered yet.')
      : t('Last delivered {date}.', { date: formatDateTime(stream.last_success_at) }),
    stream.last_failure === null ? t('No failed delivery.') : failureText(stream.last_failure),
    t(
      '{count, plural, =0 {No entry waiting to be sent.} one {# entry waiting to be sent.} other {# entries waiting to be sent.}}',
      { count: stream.pending },
    ),
    stream.failed > 0 &&
      t(
        '{count, plural, one {# entry was given up after 24 hours of retries.} other {# entries were given up after 24 hours of retries.}}',
        { count: stream.failed },
      ),
    stream.previous_secret_until !== null &&
      t('The previous secret also signs until {date}.', {
        date: formatDateTime(stream.previous_secret_until),
      }),
  ].filter((line): line is string => typeof line === 'string');
  return (
    <Box component="section" aria-label={t('Delivery status')}>
      <Typography variant="body2" fontWeight={500}>
        {t('Delivery status')}
      </Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {lines.map((line) => (
          <Typography key={line} component="li" variant="body2">
            {line}
          </Typography>
        ))}
      </Box>
    </Box>
  );
}
