/** /install (spec §2.2): the browser-extension-store step for the chosen CRM's extension. */
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { selectSoftware } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { useDocumentTitle } from '../../../components/use-document-title';
import StepPage from '../components/StepPage';

export default function InstallPage() {
  useDocumentTitle('Install the extension');
  const software = useAppSelector(selectSoftware);
  const storeUrl = software?.chrome_extension_url;

  return (
    <StepPage title="Install the extension">
      {storeUrl ? (
        <>
          <Typography color="text.secondary">
            {`Add ${software.app} to Chrome to sync prospects into ${software.software} in one click.`}
          </Typography>
          <Button variant="contained" size="large" href={storeUrl} target="_blank" rel="noopener noreferrer">
            Add to Chrome
          </Button>
          <Typography variant="body2" color="text.secondary">
            Once it is installed, the extension brings you back here to continue.
          </Typography>
        </>
      ) : (
        <>
          <Alert severity="info">
            {software
              ? `No extension store link is available for ${software.software} yet.`
              : 'Choose your CRM first, so we can show you the right extension.'}
          </Alert>
          <Link component={RouterLink} to="/signup">
            Choose your CRM
          </Link>
        </>
      )}
    </StepPage>
  );
}
