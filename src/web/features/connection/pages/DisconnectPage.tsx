import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { crmApi } from '../../../api/endpoints/crm';
import type { EntryLoader } from '../../../app/route-entry';
import { useDocumentTitle } from '../../../components/use-document-title';
import ConnectionCard from '../components/ConnectionCard';
import { clearConnectionData } from '../lib/connection-storage';
import ConnectionHeading from '../components/ConnectionHeading';
import { t } from '../../../i18n';
import { publicPaths } from '../../../lib/paths';

/**
 * /dashboard/connection/disconnect (docs/product.md#disconnect): on load, forgets the connection on the
 * server (a failure is only logged) and in this browser.
 */
export const loader = (({ store }) => {
  // Cleared first and whatever the server answers: the user asked to be disconnected on this device.
  clearConnectionData();
  void store
    .dispatch(crmApi.endpoints.disconnect.initiate())
    .unwrap()
    .catch((error: unknown) => console.error('Disconnect failed', error));
  return null;
}) satisfies EntryLoader;

export default function DisconnectPage() {
  useDocumentTitle('Disconnected');

  return (
    <ConnectionCard>
      <Stack spacing={2} alignItems="flex-start">
        <ConnectionHeading>{t('Disconnected')}</ConnectionHeading>
        <Typography>{t('You have been disconnected from your CRM.')}</Typography>
        <Button component={RouterLink} to={publicPaths.connect} variant="contained">
          {t('Connect again...')}
        </Button>
      </Stack>
    </ConnectionCard>
  );
}
