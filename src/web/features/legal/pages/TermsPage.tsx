/** /terms: the short terms of service linked from the footer of every public page. */
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDocumentTitle } from '../../../components/use-document-title';
import { t } from '../../../i18n';

export default function TermsPage() {
  useDocumentTitle('Terms of service');
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {t('Terms of service')}
      </Typography>
      <Typography>
        {t(
          'CRM Sync and its browser extensions sync prospects from professional social networks into your CRM and find contact details for profiles by spending credits.',
        )}
      </Typography>
      <Typography>
        {t(
          "You may use the service for your own prospecting and your team's, within the credits and seats of your plan. Keep your account and your CRM credentials to yourself, and respect the terms of the networks and CRMs you connect.",
        )}
      </Typography>
      <Typography>
        {t(
          'Paid plans renew each month or year until cancelled from the billing page; a cancellation takes effect at the end of the period already paid. We may change these terms and will tell you by email before a change takes effect.',
        )}
      </Typography>
    </Stack>
  );
}
