import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDownloadStateSnapshot } from '../../../app/hooks';
import { t } from '../../../i18n';

/**
 * Settings > Support: downloads a snapshot for support staff (app/support-snapshot.ts), which holds only
 * what its allow-lists name; the text says what that is.
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
              'If our support team asks for it, download a snapshot and attach it to your message. It holds your account and organization details, the pages you opened, the requests that failed, and your browser, language and app version. Passwords, codes, links and keys are never in it.',
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
