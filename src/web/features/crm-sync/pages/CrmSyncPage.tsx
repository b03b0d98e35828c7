import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { useGetCrmFieldsQuery, useGetSyncSettingsQuery } from '../../../api/endpoints/crm';
import { serverMessage, withDetail } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import TextLink from '../../../components/TextLink';
import { useDocumentTitle } from '../../../components/use-document-title';
import { useChosenSoftware } from '../../../entities/crm';
import { dashboardPaths } from '../../../lib/paths';
import SyncSettingsForm from '../components/SyncSettingsForm';
import { t } from '../../../i18n';

const LOAD_FAILED = 'Failed to load the sync settings';

/**
 * /dashboard/crm-sync (docs/product.md#crm-sync-rules): the team's sync settings for the chosen CRM, which
 * admins edit and members read, with the live preview; a link to the sync log.
 */
export default function CrmSyncPage() {
  useDocumentTitle('CRM sync');
  const { software, slug, isLoading } = useChosenSoftware();
  const query = slug ? { software: slug } : skipToken;
  const settings = useGetSyncSettingsQuery(query);
  const fields = useGetCrmFieldsQuery(query);

  let content;
  if (isLoading || settings.isLoading || fields.isLoading) {
    content = <LoadingState shape="form" />;
  } else if (!slug) {
    content = <Alert severity="info">{t('Choose your CRM first to set how profiles sync to it.')}</Alert>;
  } else if (settings.isError || !settings.data) {
    content = (
      <ErrorAlert error={withDetail(LOAD_FAILED, settings.error)} onRetry={() => void settings.refetch()} />
    );
  } else {
    const crmName = software?.software ?? slug;
    content = (
      <>
        {fields.isError && (
          <Alert severity="info">
            {serverMessage(fields.error) ??
              t('The fields of {crm} could not be read: connect it to choose among them.', { crm: crmName })}
          </Alert>
        )}
        <SyncSettingsForm
          key={slug}
          software={slug}
          crmName={crmName}
          saved={settings.data.data.settings}
          canEdit={settings.data.data.can_edit}
          crmFields={fields.data?.data.fields ?? []}
        />
      </>
    );
  }
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('CRM sync')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('How the extension puts profiles into your CRM, the same for everyone in your team.')}{' '}
        <TextLink to={dashboardPaths.syncLog}>{t('See the sync log')}</TextLink>
      </Typography>
      {content}
    </Stack>
  );
}
