/** /install (docs/product.md#install-welcome-and-finish-steps): the browser-extension-store step for the chosen CRM's extension. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import TextLink from '../../../components/TextLink';
import Typography from '@mui/material/Typography';
import { JoinPrompt } from '../../../entities/company-domain';
import { selectSoftware } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import StepPage from '../components/StepPage';
import { t } from '../../../i18n';
import { publicPaths } from '../../../lib/paths';

export default function InstallPage() {
  useDocumentTitle('Install the extension');
  const software = useAppSelector(selectSoftware);
  const storeUrl = software?.chrome_extension_url;

  return (
    <StepPage title={t('Install the extension')}>
      {/* docs/product.md#requests-to-join: the onboarding order leads a new signup here and on to the extension, often never
          through the overview, so the offer to join their company's organization shows here too. */}
      <JoinPrompt />
      {storeUrl ? (
        <>
          <Typography color="text.secondary">
            {t('Add {app} to Chrome to sync prospects into {software} in one click.', {
              app: software.app,
              software: software.software,
            })}
          </Typography>
          <Button variant="contained" size="large" href={storeUrl} target="_blank" rel="noopener noreferrer">
            {t('Add to Chrome')}
          </Button>
          <Typography variant="body2" color="text.secondary">
            {t('Once it is installed, the extension brings you back here to continue.')}
          </Typography>
        </>
      ) : (
        <>
          <Alert severity="info">
            {software
              ? t('No extension store link is available for {software} yet.', { software: software.software })
              : t('Choose your CRM first, so we can show you the right extension.')}
          </Alert>
          <TextLink to={publicPaths.signup}>{t('Choose your CRM')}</TextLink>
        </>
      )}
    </StepPage>
  );
}
