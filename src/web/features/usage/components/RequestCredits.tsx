import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { useRequestCreditsMutation } from '../../../api/endpoints/credits';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { serverText, t } from '../../../i18n';

const REQUEST_FAILED = 'Failed to ask your admins';

/**
 * A member who cannot buy credits asks the organization's admins for some (docs/product.md#the-team-pool): the
 * admins are mailed and grant from the team pool.
 */
export default function RequestCredits({ outOfCredits }: { outOfCredits: boolean }) {
  const [note, setNote] = useState('');
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const [requestCredits, request] = useRequestCreditsMutation();

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const answer = await requestCredits({ note: note.trim() || null }).unwrap();
      setSent(serverText(answer));
      setNote('');
    } catch (failure) {
      setError(withDetail(REQUEST_FAILED, failure));
    }
  };

  return (
    <Stack component="form" spacing={1.5} onSubmit={onSubmit} noValidate>
      {outOfCredits && (
        <Alert severity="warning">{t('You are out of credits: ask your organization admin for more.')}</Alert>
      )}
      {sent && (
        <Alert severity="success" onClose={() => setSent(null)}>
          {sent}
        </Alert>
      )}
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          id="credit-request-note"
          size="small"
          label={t('Note for your admins (optional)')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 500 } }}
          sx={{ flex: 1 }}
        />
        <Button type="submit" variant="contained" disabled={request.isLoading}>
          {request.isLoading ? t('Sending...') : t('Request credits')}
        </Button>
      </Stack>
    </Stack>
  );
}
