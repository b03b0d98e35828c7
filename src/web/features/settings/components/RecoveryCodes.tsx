import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { downloadText } from '../../../lib/download-text';
import { t } from '../../../i18n';

/** The file the codes are saved to: named so it is found again among downloads. */
const RECOVERY_CODES_FILE = 'crm-sync-recovery-codes.txt';

/**
 * The recovery codes, shown once after two-factor sign-in is turned on: people keep them in a password
 * manager or a file, so they can be copied or saved as well as read.
 */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  const text = `${codes.join('\n')}\n`;

  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('copied');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Alert severity="warning">
      <Typography sx={{ fontWeight: 500 }}>
        {t(
          'Save these recovery codes now: each signs you in once without your phone, and they are not shown again.',
        )}
      </Typography>
      <Box component="ul" aria-label={t('Recovery codes')} sx={{ fontFamily: 'monospace', pl: 2, my: 1 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void onCopy()}>
          {t('Copy codes')}
        </Button>
        <Button
          size="small"
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => downloadText(RECOVERY_CODES_FILE, text, 'text/plain;charset=utf-8')}
        >
          {t('Download codes')}
        </Button>
      </Stack>
      <Typography role="status" variant="body2" sx={{ mt: copied ? 1 : 0 }}>
        {copied === 'copied' && t('Recovery codes copied to the clipboard.')}
        {copied === 'failed' && t('Could not copy. Select the codes and copy them yourself.')}
      </Typography>
    </Alert>
  );
}
