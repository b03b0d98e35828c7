import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEvent } from 'react';
import TextInput from '../../../components/TextInput';
import { t } from '../../../i18n';
import FormSubmit from './FormSubmit';

export interface TwoFactorCodeFormProps {
  code: string;
  onCodeChange: (code: string) => void;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  verifying: boolean;
  error: string | null;
}

/** The second step of a two-factor sign-in (/login and the sign-in-again dialog): the code. */
export default function TwoFactorCodeForm({
  code,
  onCodeChange,
  onSubmit,
  verifying,
  error,
}: TwoFactorCodeFormProps) {
  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} aria-label={t('Two-factor code')}>
      <Typography variant="body2">
        {t('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')}
      </Typography>
      <TextInput
        label={t('Code')}
        name="code"
        value={code}
        onChange={(event) => onCodeChange(event.target.value)}
        autoFocus
        slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'one-time-code', inputMode: 'text' } }}
      />
      <FormSubmit error={error} disabled={verifying || !code.trim()}>
        {verifying ? t('Verifying...') : t('Verify')}
      </FormSubmit>
    </Stack>
  );
}
