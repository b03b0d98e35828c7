import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetAuditSettingsQuery } from '../../../api/endpoints/security';
import { withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { t } from '../../../i18n';
import { SETTINGS_LOAD_FAILED } from '../lib/errors';
import { RetentionForm } from './RetentionForm';
import { StreamSettings } from './StreamSettings';

/**
 * docs/product.md#audit-log-streaming and docs/product.md#audit-log: the SIEM endpoint the log is streamed
 * to, with how its deliveries go, and how long the log is kept. Loaded once an admin opens it (AuditPage).
 */
export function AuditSettings() {
  const settings = useGetAuditSettingsQuery();
  if (settings.isLoading) return <LoadingState shape="form" />;
  if (settings.isError || !settings.data) {
    return (
      <ErrorAlert
        error={withDetail(SETTINGS_LOAD_FAILED, settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const { stream, retention_days: retentionDays } = settings.data.data;
  return (
    <Stack spacing={4}>
      <Stack component="section" spacing={1.5} aria-label={t('SIEM streaming')}>
        <Typography variant="subtitle1" component="h3" fontWeight={500}>
          {t('SIEM streaming')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t(
            'Each entry is sent as JSON, signed with HMAC-SHA256 (Standard Webhooks), one at a time and in order; a failed delivery is retried for 24 hours.',
          )}
        </Typography>
        <StreamSettings stream={stream} />
      </Stack>
      <Stack component="section" spacing={1.5} aria-label={t('Retention')}>
        <Typography variant="subtitle1" component="h3" fontWeight={500}>
          {t('Retention')}
        </Typography>
        <RetentionForm saved={retentionDays} />
      </Stack>
    </Stack>
  );
}
