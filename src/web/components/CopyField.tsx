import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { msg, t } from '../i18n';

const COPIED = msg('Copied to the clipboard.');
const COPY_FAILED = msg('Could not copy: select the text and copy it yourself.');

/** A read-only value with a Copy button (a URL or a token to paste elsewhere). */
export function CopyField({ label, value }: { label: string; value: string }) {
  const [state, setState] = useState<'copied' | 'failed' | null>(null);
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <TextField
          label={label}
          value={value}
          size="small"
          slotProps={{ htmlInput: { readOnly: true } }}
          onFocus={(event) => event.target.select()}
          sx={{ flex: '1 1 240px', minWidth: 0 }}
        />
        <Button variant="outlined" onClick={() => void onCopy()} aria-label={t('Copy {label}', { label })}>
          {t('Copy')}
        </Button>
      </Box>
      {state && (
        <Typography role="status" variant="body2" color={state === 'copied' ? 'success.main' : 'error'}>
          {t(state === 'copied' ? COPIED : COPY_FAILED)}
        </Typography>
      )}
    </Box>
  );
}
