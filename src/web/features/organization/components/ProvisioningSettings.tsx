import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useGetScimSettingsQuery } from '../../../api/endpoints/provisioning';
import { withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { t } from '../../../i18n';
import { SCIM_LOAD_FAILED } from '../lib/errors';
import { CopyField } from '../../../components/CopyField';
import { ScimGroupMappings } from './ScimGroupMappings';
import { ScimTokens } from './ScimTokens';

/**
 * docs/scim.md: what an admin pastes into the identity provider to provision the organization's people: the base URL, a
 * bearer token (shown once), `userName` as the unique identifier; and the mapping of the provider's groups
 * to roles or products.
 */
export function ProvisioningSettings({ onDone }: { onDone: (message: string) => void }) {
  const settings = useGetScimSettingsQuery();
  if (settings.isLoading) return <LoadingState shape="form" />;
  if (settings.isError || !settings.data) {
    return (
      <ErrorAlert
        error={withDetail(SCIM_LOAD_FAILED, settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  const { base_url: baseUrl, domain, tokens, mappings } = settings.data.data;
  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">
        {t(
          'Your identity provider creates, updates and deactivates your people here over SCIM 2.0. Deactivating someone there frees their seat and signs them out here.',
        )}
      </Typography>
      {domain === null ? (
        <Alert severity="info">
          {t('Verify your company domain by DNS first: only addresses at that domain are provisioned.')}
        </Alert>
      ) : (
        <Typography>{t('People with an address at {domain} can be provisioned.', { domain })}</Typography>
      )}
      <CopyField label={t('SCIM base URL')} value={baseUrl} />
      <Typography variant="body2" color="text.secondary">
        {t('Unique identifier for users: userName (the work email address).')}
      </Typography>
      <ScimTokens tokens={tokens} canCreate={domain !== null} onDone={onDone} />
      <ScimGroupMappings mappings={mappings} onDone={onDone} />
    </Stack>
  );
}
