/**
 * Organization settings > Single sign-on > "Require single sign-on" (docs/product.md#require-sso): members
 * at the domain then sign in only through the identity provider. Turning it on is confirmed first (it ends
 * their other sessions); the server refuses it without a tested connection or a sign-in through it within
 * the last hour, and says so.
 */
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSetRequireSsoMutation } from '../../../api/endpoints/sso';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { serverText, t } from '../../../i18n';
import { REQUIRE_SSO_FAILED } from '../lib/errors';
import { ConfirmDialog } from './ConfirmDialog';

export function RequireSsoSwitch({
  domain,
  required,
  tested,
  onDone,
}: {
  domain: string;
  required: boolean;
  tested: boolean;
  onDone: (message: string) => void;
}) {
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<ErrorText | null>(null);
  const [setRequired, saving] = useSetRequireSsoMutation();

  const save = async (enabled: boolean) => {
    setError(null);
    try {
      const answer = await setRequired({ enabled }).unwrap();
      onDone(serverText(answer));
    } catch (failure) {
      setError(withDetail(REQUIRE_SSO_FAILED, failure));
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Stack component="section" spacing={1} aria-label={t('Require single sign-on')}>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <FormControlLabel
        control={
          <Switch
            checked={required}
            // Off and never tested: the server would refuse; the text below says what to do first.
            disabled={saving.isLoading || (!required && !tested)}
            onChange={(event) => (event.target.checked ? setConfirming(true) : void save(false))}
          />
        }
        label={t('Require single sign-on for addresses at {domain}', { domain })}
      />
      <Typography variant="body2" color="text.secondary">
        {t(
          'Members at {domain} then sign in only with SSO: password and Google sign-ins are refused and their sessions signed in otherwise end. The billing admin can still sign in with a password and two-factor sign-in, for emergencies.',
          { domain },
        )}
      </Typography>
      {!required && (
        <Typography variant="body2" color="text.secondary">
          {tested
            ? t(
                'To turn it on, sign in with SSO or test the connection with your own address within the last hour, so you know you can still get in.',
              )
            : t('Test the connection before requiring single sign-on.')}
        </Typography>
      )}
      <ConfirmDialog
        open={confirming}
        title={t('Require single sign-on?')}
        confirmLabel={t('Require single sign-on')}
        busyLabel={t('Saving...')}
        busy={saving.isLoading}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void save(true)}
      >
        {t(
          'Members at {domain} will have to use "Sign in with SSO". Their sessions signed in with a password or Google end now.',
          { domain },
        )}
      </ConfirmDialog>
    </Stack>
  );
}
