/** /uninstalled (docs/product.md#local-flags-and-the-auth-route): the extension was removed; has_installed is cleared here and on the server. */
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { Await, Link as RouterLink } from 'react-router-dom';
import { useEntryData, type EntryLoader } from '../../../app/route-entry';
import { selectSoftware } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import LoadingState from '../../../components/LoadingState';
import { useDocumentTitle } from '../../../components/use-document-title';
import StepPage from '../components/StepPage';
import { saveUserFlag } from '../lib/user-flag';
import { t } from '../../../i18n';
import { publicPaths } from '../../../lib/paths';

export const loader = ((entry) => saveUserFlag(entry, 'has_installed', false)) satisfies EntryLoader;

export default function UninstalledPage() {
  useDocumentTitle('Extension uninstalled');
  const { saved } = useEntryData<typeof loader>();
  const storeUrl = useAppSelector(selectSoftware)?.chrome_extension_url;

  return (
    <StepPage title={t('The extension was uninstalled')}>
      <Typography color="text.secondary">
        {t('Sorry to see you go. If it was a mistake, you can install it again at any time.')}
      </Typography>
      <Suspense fallback={<LoadingState text="Saving..." />}>
        <Await resolve={saved}>{null}</Await>
      </Suspense>
      {storeUrl ? (
        <Button variant="outlined" href={storeUrl} target="_blank" rel="noopener noreferrer">
          {t('Reinstall the extension')}
        </Button>
      ) : (
        // Without the store link of a chosen CRM, the install step helps choose one.
        <Button variant="outlined" component={RouterLink} to={publicPaths.install}>
          {t('Reinstall the extension')}
        </Button>
      )}
    </StepPage>
  );
}
