import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDownloadStateSnapshot } from '../../../app/hooks';
import { t } from '../../../i18n';

/**
 * Settings > Support: downloads a snapshot of the app's state (the page the user is on included) for
 * support staff, with passwords, tokens and API keys removed (app/support-snapshot.ts).
 */
export default function SupportPanel() {
  const downloadStateSnapshot = useDownloadStateSnapshot();
  const [downloaded, setDownloaded] = useState(false);
  return (
    <Card variant="outlined" component="section" aria-labelledby="support-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="support-heading" gutterBottom>
          {t('Support')}
        </Typography>
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography variant="body2">
            {t(
              'If our support team asks for it, download a snapshot of what this app shows you and attach it to your message. Passwords, tokens and API keys are left out.',
            )}
          </Typography>
          <Button
            variant="outlined"
            onClick={() => void downloadStateSnapshot().then(() => setDownloaded(true))}
          >
            {t('Download state snapshot')}
          </Button>
          <Typography variant="body2" role="status">
            {downloaded ? t('Snapshot downloaded. Send the file to support.') : ''}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
