/** /privacy: the short privacy policy linked from the footer of every public page. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/use-document-title';
import { t } from '../../../i18n';

export default function PrivacyPage() {
  useDocumentTitle('Privacy policy');
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('Privacy policy')}
      </Typography>
      <Typography>
        {t(
          'We keep what the service needs: your name, email address, plan and organization, the campaign that brought you, and the credentials of the CRM you connect, stored encrypted.',
        )}
      </Typography>
      <Typography>
        {t(
          'Your browser keeps your chosen CRM, your onboarding progress and your CRM connection in its local storage, where the extension reads them; logging out clears them, except the chosen CRM.',
        )}
      </Typography>
      <Typography>
        {t(
          'We do not sell your data. Payments are handled by our payment provider. To see or delete what we hold about you, contact support.',
        )}
      </Typography>
    </Stack>
  );
}
