import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useGetSoftwareQuery } from '../../../api/endpoints/catalogue';
import { useDocumentTitle } from '../../../components/use-document-title';
import { getItem, storageKeys } from '../../../lib/storage';
import LoadingState from '../../../components/LoadingState';
import { t } from '../../../i18n';

/**
 * /dashboard/install-extension (docs/product.md#install-extension-page): the store link of the extension for the CRM saved in local
 * storage under `software` (looked up with get-software by that slug).
 */
export default function InstallExtensionPage() {
  useDocumentTitle('Install extension');
  const [slug] = useState(() => getItem(storageKeys.software));
  const { data, isLoading, isError } = useGetSoftwareQuery({ software: slug ?? '' }, { skip: !slug });
  const software = data?.data;

  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <Typography variant="h4" component="h1">
        {t('Install Extension')}
      </Typography>
      {!slug ? (
        <Alert severity="info">
          {t('No CRM selected yet. Choose your CRM when you connect it, then come back here.')}
        </Alert>
      ) : isLoading ? (
        <LoadingState />
      ) : isError || !software ? (
        <Alert severity="error">{t('Software not found.')}</Alert>
      ) : software.chrome_extension_url ? (
        <>
          <Typography>
            {t('Install {app} to sync prospects into {software} in one click.', {
              app: software.app,
              software: software.software,
            })}
          </Typography>
          <div>
            <Button
              variant="contained"
              href={software.chrome_extension_url}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewIcon />}
            >
              {t('Install {app}', { app: software.app })}
            </Button>
          </div>
        </>
      ) : (
        <Alert severity="info">
          {t('The {app} extension is not available in the store yet.', { app: software.app })}
        </Alert>
      )}
    </Stack>
  );
}
