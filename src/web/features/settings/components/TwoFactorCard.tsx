import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useGetTwoFactorQuery,
  useSetTwoFactorRequirementMutation,
  useStartTwoFactorSetupMutation,
  useConfirmTwoFactorSetupMutation,
} from '../../../api/endpoints/security';
import { useAppSelector } from '../../../app/hooks';
import { mustSetUpTwoFactor, selectUser } from '../../../entities/session';
import { roleCan } from '../../../../shared/permissions';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { serverText, t } from '../../../i18n';
import { RecoveryCodes } from './RecoveryCodes';
import { ConfirmSetupForm, StartSetupForm, TurnOffForm, type Attempt } from './TwoFactorForms';

/**
 * Settings → Two-factor sign-in (docs/product.md#two-factor-sign-in): set up with the password, a secret for an authenticator app and
 * a first code; the recovery codes are shown once. Turning it off needs the password again and a code (or
 * a recovery code), so a session and the password alone cannot remove the second factor.
 */
export function TwoFactorCard() {
  const user = useAppSelector(selectUser);
  const status = useGetTwoFactorQuery();
  const [setRequirement, settingRequirement] = useSetTwoFactorRequirementMutation();
  // The set-up's answers (the secret, the recovery codes) outlive the forms that asked for them.
  const [start, starting] = useStartTwoFactorSetupMutation();
  const [confirm, confirming] = useConfirmTwoFactorSetupMutation();
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ErrorText | null>(null);

  const attempt: Attempt = async (work, failed) => {
    setFailure(null);
    setDone(null);
    try {
      await work();
    } catch (error) {
      setFailure(withDetail(failed, error));
    }
  };

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
      <TurnOffForm
        recoveryCodesLeft={status.data.data.recovery_codes_left}
        attempt={attempt}
        onDone={(message) => {
          setDone(message);
          setRecoveryCodes(null);
        }}
      />
    );
  } else if (setup) {
    body = (
      <ConfirmSetupForm
        setup={setup}
        confirm={async (code) => {
          const answer = await confirm({ code }).unwrap();
          setRecoveryCodes(answer.data.recovery_codes);
          setDone(serverText(answer));
          setSetup(null);
        }}
        confirming={confirming.isLoading}
        attempt={attempt}
      />
    );
  } else {
    body = (
      <StartSetupForm
        start={async (password) => setSetup((await start({ password }).unwrap()).data)}
        starting={starting.isLoading}
        attempt={attempt}
      />
    );
  }

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          {t('Two-factor sign-in')}
        </Typography>
        <Stack spacing={2}>
          {user && mustSetUpTwoFactor(user) && (
            <Alert severity="warning">
              {t('Your organization requires two-factor sign-in. Set it up to continue using the dashboard.')}
            </Alert>
          )}
          {done && <Alert severity="success">{done}</Alert>}
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
                      setDone(serverText(await setRequirement({ required }).unwrap()));
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
