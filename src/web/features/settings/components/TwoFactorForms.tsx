import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useDisableTwoFactorMutation } from '../../../api/endpoints/security';
import TextInput from '../../../components/TextInput';
import { serverText, t } from '../../../i18n';
import { PASSWORD_MAX_LENGTH } from '../../../../shared/password-strength';
import { looksLikeSecondFactor } from '../../../../shared/second-factor';
import { QrCode } from './QrCode';

/**
 * Runs one change of the card: clears what the card said, then says it failed with `failed` (and the
 * server's detail) if it does.
 */
export type Attempt = (work: () => Promise<void>, failed: string) => Promise<void>;

function PasswordField({ value, onChange }: { value: string; onChange: (password: string) => void }) {
  return (
    <TextInput
      label={t('Password')}
      type="password"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: PASSWORD_MAX_LENGTH, autoComplete: 'current-password' } }}
    />
  );
}

/** Turning two-factor sign-in off: the password again and a code (or a recovery code). */
export function TurnOffForm({
  recoveryCodesLeft,
  attempt,
  onDone,
}: {
  recoveryCodesLeft: number;
  attempt: Attempt;
  /** Turned off, with the server's message (in the user's language). */
  onDone: (message: string) => void;
}) {
  const [disable, disabling] = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** The code was submitted in a shape no code has. */
  const [codeMalformed, setCodeMalformed] = useState(false);

  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const malformed = !looksLikeSecondFactor(code);
    setCodeMalformed(malformed);
    if (malformed) return;
    void attempt(async () => {
      onDone(serverText(await disable({ password, code: code.trim() }).unwrap()));
      setPassword('');
      setCode('');
    }, 'Could not turn two-factor sign-in off.');
  };

  return (
    <Box component="form" onSubmit={onDisable} aria-label={t('Turn off two-factor sign-in')} noValidate>
      <Stack spacing={2}>
        <Typography>
          {t('Two-factor sign-in is on. Recovery codes left: {count}.', {
            count: recoveryCodesLeft,
          })}
        </Typography>
        <Typography variant="body2">
          {t(
            'To turn it off, enter your password and the 6-digit code from your authenticator app, or one of your recovery codes.',
          )}
        </Typography>
        <PasswordField value={password} onChange={setPassword} />
        <TextInput
          label={t('Code')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value);
            setCodeMalformed(false);
          }}
          error={codeMalformed}
          helperText={
            codeMalformed
              ? t('Enter the 6-digit code from your authenticator app, or one of your recovery codes.')
              : undefined
          }
          slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'one-time-code', inputMode: 'text' } }}
        />
        <div>
          <Button
            type="submit"
            variant="outlined"
            color="error"
            disabled={disabling.isLoading || !password || !code.trim()}
          >
            {t('Turn off')}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

/** The set-up's second step: the secret (a QR code, a key, a link) and the first code it makes. */
export function ConfirmSetupForm({
  setup,
  confirm,
  confirming,
  attempt,
}: {
  setup: { secret: string; otpauth_url: string };
  /** Turns it on with the code: the card's, whose answer (the recovery codes, shown once) outlives this form. */
  confirm: (code: string) => Promise<void>;
  confirming: boolean;
  attempt: Attempt;
}) {
  const [code, setCode] = useState('');

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void attempt(async () => {
      await confirm(code.trim());
      setCode('');
    }, 'Could not turn two-factor sign-in on.');
  };

  return (
    <Box component="form" onSubmit={onConfirm} aria-label={t('Confirm two-factor sign-in')} noValidate>
      <Stack spacing={2}>
        <Typography>
          {t(
            'Scan the QR code with your authenticator app (or add the key, or open the link on your phone), then enter the 6-digit code it shows.',
          )}
        </Typography>
        <QrCode value={setup.otpauth_url} label={t('QR code for your authenticator app')} />
        <TextInput
          label={t('Secret key')}
          value={setup.secret}
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'totp-secret' } }}
        />
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          <a href={setup.otpauth_url}>{t('Open in authenticator app')}</a>
        </Typography>
        <TextInput
          label={t('Code')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 32, autoComplete: 'one-time-code', inputMode: 'numeric' } }}
        />
        <div>
          <Button type="submit" variant="contained" disabled={confirming || !code.trim()}>
            {t('Turn on')}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}

/** The set-up's first step: the password, answered with a new secret. */
export function StartSetupForm({
  start,
  starting,
  attempt,
}: {
  /**
   * Asks for a new secret: the card's, whose answer (the secret the next step shows) outlives this form.
   * Resolves once the next step is shown.
   */
  start: (password: string) => Promise<void>;
  starting: boolean;
  attempt: Attempt;
}) {
  const [password, setPassword] = useState('');

  const onStart = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void attempt(async () => {
      await start(password);
      setPassword('');
    }, 'Could not start the set-up.');
  };

  return (
    <Box component="form" onSubmit={onStart} aria-label={t('Set up two-factor sign-in')} noValidate>
      <Stack spacing={2}>
        <Typography>
          {t('Ask for a code from an authenticator app after your password. Enter your password to begin.')}
        </Typography>
        <PasswordField value={password} onChange={setPassword} />
        <div>
          <Button type="submit" variant="contained" disabled={starting || !password}>
            {t('Set up')}
          </Button>
        </div>
      </Stack>
    </Box>
  );
}
