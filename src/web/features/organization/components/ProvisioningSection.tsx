import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useGetScimSettingsQuery } from '../../../api/endpoints/provisioning';
import { withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { t } from '../../../i18n';
import { SCIM_LOAD_FAILED } from '../lib/errors';
import { CopyField } from './CopyField';
import { ScimGroupMappings } from './ScimGroupMappings';
import { ScimTokens } from './ScimTokens';

/**
 * docs/scim.md: a short line and a button that opens the settings, which are asked of the server only once
 * opened (admins set this up once; the Organization page stays as quick to load).
 */
export function ProvisioningSection({ onDone }: { onDone: (message: string) => void }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Stack spacing={1.5} alignItems="flex-start">
      <Typography color="text.secondary">
        {t('Connect Okta, Entra ID or Google Workspace to add and remove your people automatically.')}
      </Typography>
      <Button
        variant="outlined"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((shown) => !shown)}
      >
        {open ? t('Hide provisioning') : t('Set up provisioning')}
      </Button>
      {open && (
        <Stack id={panelId} sx={{ width: '100%' }}>
          <ProvisioningSettings onDone={onDone} />
        </Stack>
      )}
    </Stack>
  );
}

/**
 * What an admin pastes into the identity provider to provision the organization's people: the base URL, a
 * bearer token (shown once), `userName` as the unique identifier; and the mapping of the provider's groups
 * to roles or products.
 */
function ProvisioningSettings({ onDone }: { onDone: (message: string) => void }) {
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
