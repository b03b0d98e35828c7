import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { useGetCreditSettingsQuery, useSetCreditSettingsMutation } from '../../../api/endpoints/credits';
import type { Schemas } from '../../../api/contract-types';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import { CapField } from '../../../entities/credits';
import { parseCapInput } from '../../../../shared/credits';
import { ALERTS_LOAD_FAILED, ALERTS_SAVE_FAILED } from '../lib/errors';
import { serverText, t } from '../../../i18n';

type CreditSettings = Schemas['CreditSettings'];

/** As the contract's pool_below_alert allows. */
const POOL_MAX = 10_000_000;

/** The pool threshold's text as a number of credits; undefined when it is not a whole number from 1. */
function parseThreshold(text: string): number | undefined {
  const trimmed = text.trim();
  if (!/^[0-9]{1,8}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= POOL_MAX ? value : undefined;
}

/**
 * docs/product.md#credit-alerts: which mails the admins get about credits, and the monthly cap members
 * start with. Loaded only when an admin opens it (OrganizationSettings), so the Organization page asks
 * nothing more of the server on its own.
 */
export function CreditAlertsForm({ onDone }: { onDone: (message: string) => void }) {
  const settings = useGetCreditSettingsQuery();
  if (settings.isLoading) return <LoadingState shape="form" />;
  if (settings.isError || !settings.data) {
    return (
      <ErrorAlert
        error={withDetail(ALERTS_LOAD_FAILED, settings.error)}
        onRetry={() => void settings.refetch()}
      />
    );
  }
  return <AlertsEditor saved={settings.data.data} onDone={onDone} />;
}

function AlertsEditor({ saved, onDone }: { saved: CreditSettings; onDone: (message: string) => void }) {
  const [capWarning, setCapWarning] = useState(saved.cap_warning_alert);
  const [capReached, setCapReached] = useState(saved.cap_reached_alert);
  const [poolOn, setPoolOn] = useState(saved.pool_below_alert !== null);
  const [threshold, setThreshold] = useState(String(saved.pool_below_alert ?? 100));
  const [requests, setRequests] = useState(saved.credit_request_alert);
  const [defaultCap, setDefaultCap] = useState(
    saved.default_monthly_cap === null ? '' : String(saved.default_monthly_cap),
  );
  const [error, setError] = useState<ErrorText | null>(null);
  const [save, saving] = useSetCreditSettingsMutation();
  const thresholdId = useId();

  const poolBelow = poolOn ? parseThreshold(threshold) : null;
  const cap = parseCapInput(defaultCap);
  const invalid = poolBelow === undefined || cap === undefined;
  const noneOn = !capWarning && !capReached && !poolOn && !requests;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (poolBelow === undefined || cap === undefined) return;
    setError(null);
    try {
      const answer = await save({
        cap_warning_alert: capWarning,
        cap_reached_alert: capReached,
        pool_below_alert: poolBelow,
        credit_request_alert: requests,
        default_monthly_cap: cap,
      }).unwrap();
      onDone(serverText(answer));
    } catch (failure) {
      setError(withDetail(ALERTS_SAVE_FAILED, failure));
    }
  };

  const check = (label: string, checked: boolean, onChange: (checked: boolean) => void) => (
    <FormControlLabel
      label={label}
      control={
        <Checkbox
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          disabled={saving.isLoading}
        />
      }
    />
  );

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('Credit alerts')}>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <Typography color="text.secondary">
        {t(
          'Every admin gets a mail, once per member and period for caps and once each time the pool falls low.',
        )}
      </Typography>
      <Stack component="fieldset" spacing={0} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="body2" sx={{ mb: 1 }}>
          {t('Mail the admins when')}
        </Typography>
        {check(t('a member reaches 75% of their monthly cap'), capWarning, setCapWarning)}
        {check(t('a member reaches their monthly cap'), capReached, setCapReached)}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 2 }}>
          {check(t('the team pool falls below a number of credits'), poolOn, setPoolOn)}
          {poolOn && (
            <TextField
              id={thresholdId}
              label={t('Credits in the pool')}
              size="small"
              value={threshold}
              onChange={(event) => setThreshold(event.target.value)}
              disabled={saving.isLoading}
              error={poolBelow === undefined}
              helperText={poolBelow === undefined ? t('Enter a whole number of credits from 1.') : undefined}
              slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
              sx={{ width: { xs: '100%', sm: 200 } }}
            />
          )}
        </Box>
        {check(t('a member asks for credits'), requests, setRequests)}
      </Stack>
      {noneOn && (
        <Alert severity="info">
          {t('No alert is on: admins get no mail about credits, and members cannot ask for credits here.')}
        </Alert>
      )}
      <CapField
        id="default-monthly-cap"
        label={t('Default monthly cap for new members')}
        hint={t('Set on every member who joins from now on, however they join. Empty: no cap.')}
        value={defaultCap}
        onChange={setDefaultCap}
        disabled={saving.isLoading}
      />
      <div>
        <Button type="submit" variant="contained" disabled={saving.isLoading || invalid}>
          {saving.isLoading ? t('Saving...') : t('Save alerts')}
        </Button>
      </div>
    </Stack>
  );
}
