import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextInput from '../../../components/TextInput';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  useConfirmTwoFactorSetupMutation,
  useDisableTwoFactorMutation,
  useGetTwoFactorQuery,
  useSetTwoFactorRequirementMutation,
  useStartTwoFactorSetupMutation,
} from '../../../api';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import { looksLikeSecondFactor } from '../../../../shared/second-factor';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { t, translated } from '../../../i18n';
import { QrCode } from './QrCode';
import { RecoveryCodes } from './RecoveryCodes';

/**
 * Settings → Two-factor sign-in (docs/product.md#two-factor-sign-in): set up with the password, a secret for an authenticator app and
 * a first code; the recovery codes are shown once. Turning it off needs the password again and a code (or
 * a recovery code), so a session and the password alone cannot remove the second factor.
 */
export function TwoFactorCard() {
  const user = useAppSelector(selectUser);
  const status = useGetTwoFactorQuery();
  const [setRequirement, settingRequirement] = useSetTwoFactorRequirementMutation();
  const [start, starting] = useStartTwoFactorSetupMutation();
  const [confirm, confirming] = useConfirmTwoFactorSetupMutation();
  const [disable, disabling] = useDisableTwoFactorMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  /** The code of the turn-off form was submitted in a shape no code has. */
  const [codeMalformed, setCodeMalformed] = useState(false);
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorText | null>(null);

  const attempt = async (work: () => Promise<void>, failed: string) => {
    setFailure(null);
    setDone(null);
    try {
      await work();
    } catch (error) {
      setFailure(withDetail(failed, error));
    }
  };

  const onStart = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void attempt(async () => {
      setSetup((await start({ password }).unwrap()).data);
      setPassword('');
    }, 'Could not start the set-up.');
  };

  const onConfirm = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void attempt(async () => {
      const answer = await confirm({ code: code.trim() }).unwrap();
      setRecoveryCodes(answer.data.recovery_codes);
      setDone(answer.message);
      setSetup(null);
      setCode('');
    }, 'Could not turn two-factor sign-in on.');
  };

  const onDisable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const malformed = !looksLikeSecondFactor(code);
    setCodeMalformed(malformed);
    if (malformed) return;
    void attempt(async () => {
      setDone((await disable({ password, code: code.trim() }).unwrap()).message);
      setPassword('');
      setCode('');
      setRecoveryCodes(null);
    }, 'Could not turn two-factor sign-in off.');
  };

  const passwordField = (
    <TextInput
      label={t('Password')}
      type="password"
      value={password}
      onChange={(event) => setPassword(event.target.value)}
      slotProps={{ htmlInput: { maxLength: 256, autoComplete: 'current-password' } }}
    />
  );

  let body;
  if (status.isLoading) {
    body = <LoadingState />;
  } else if (status.isError) {
    body = (
      <ErrorAlert
        error={withDetail('Could not load your two-factor settings.', status.error)}
        onRetry={() => void status.refetch()}
      />
    );
  } else if (status.data?.data.enabled) {
    body = (
      <Box component="form" onSubmit={onDisable} aria-label={t('Turn off two-factor sign-in')} noValidate>
        <Stack spacing={2}>
          <Typography>
            {t('Two-factor sign-in is on. Recovery codes left: {count}.', {
              count: status.data.data.recovery_codes_left,
            })}
          </Typography>
          <Typography variant="body2">
            {t(
              'To turn it off, enter your password and the 6-digit code from your authenticator app, or one of your recovery codes.',
            )}
          </Typography>
          {passwordField}
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
  } else if (setup) {
    body = (
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
            <Button type="submit" variant="contained" disabled={confirming.isLoading || !code.trim()}>
              {t('Turn on')}
            </Button>
          </div>
        </Stack>
      </Box>
    );
  } else {
    body = (
      <Box component="form" onSubmit={onStart} aria-label={t('Set up two-factor sign-in')} noValidate>
        <Stack spacing={2}>
          <Typography>
            {t('Ask for a code from an authenticator app after your password. Enter your password to begin.')}
          </Typography>
          {passwordField}
          <div>
            <Button type="submit" variant="contained" disabled={starting.isLoading || !password}>
              {t('Set up')}
            </Button>
          </div>
        </Stack>
      </Box>
    );
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('Two-factor sign-in')}
        </Typography>
        <Stack spacing={2}>
          {user?.organization?.require_two_factor && user.two_factor_enabled === false && (
            <Alert severity="warning">
              {t('Your organization requires two-factor sign-in. Set it up to continue using the dashboard.')}
            </Alert>
          )}
          {done && <Alert severity="success">{translated(done)}</Alert>}
          <ErrorAlert error={failure} onClose={() => setFailure(null)} />
          {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
          {body}
          {user?.organization && roleCan(user.role, 'organization.security') && (
            <FormControlLabel
              control={
                <Switch
                  checked={user.organization.require_two_factor === true}
                  disabled={settingRequirement.isLoading}
                  onChange={(event) => {
                    const required = event.target.checked;
                    void attempt(async () => {
                      setDone((await setRequirement({ required }).unwrap()).message);
                    }, 'Could not change the requirement.');
                  }}
                />
              }
              label={t('Require two-factor sign-in for everyone in the organization')}
            />
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
