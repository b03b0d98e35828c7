import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useGetSessionPoliciesQuery, useSetSessionPoliciesMutation } from '../../../api/endpoints/security';
import type { Schemas } from '../../../api/contract-types';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import LoadingState from '../../../components/LoadingState';
import TextInput from '../../../components/TextInput';
import { serverText, t } from '../../../i18n';
import { POLICIES_LOAD_FAILED, POLICIES_SAVE_FAILED } from '../lib/errors';
import { IDLE_MINUTES, LIFETIME_MINUTES, parseMinutes, readAllowList } from '../lib/session-policies';

type SessionPolicies = Schemas['SessionPolicies'];

/**
 * docs/product.md#session-and-network-policies: the idle timeout, the session lifetime and the IP
 * allow-list of the organization. Loaded only when an admin opens it (OrganizationSettings).
 */
export function SessionPoliciesForm({ onDone }: { onDone: (message: string) => void }) {
  const policies = useGetSessionPoliciesQuery();
  if (policies.isLoading) return <LoadingState shape="form" />;
  if (policies.isError || !policies.data) {
    return (
      <ErrorAlert
        error={withDetail(POLICIES_LOAD_FAILED, policies.error)}
        onRetry={() => void policies.refetch()}
      />
    );
  }
  const { policies: saved, your_ip: yourIp } = policies.data.data;
  return <PoliciesEditor saved={saved} yourIp={yourIp} onDone={onDone} />;
}

const minutesText = (value: number | null) => (value === null ? '' : String(value));

/** Minutes within bounds, or empty for no limit of the organization's own. */
function MinutesField({
  id,
  label,
  value,
  onChange,
  bounds,
  hint,
  disabled,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  bounds: { min: number; max: number };
  hint: string;
  disabled: boolean;
}) {
  const invalid = parseMinutes(value, bounds) === undefined;
  return (
    <TextInput
      id={id}
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={disabled}
      placeholder={t('No limit of its own')}
      error={invalid}
      helperText={
        invalid ? t('Enter a number of minutes from {min} to {max}, or leave it empty.', bounds) : hint
      }
      slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
    />
  );
}

function PoliciesEditor({
  saved,
  yourIp,
  onDone,
}: {
  saved: SessionPolicies;
  yourIp: string;
  onDone: (message: string) => void;
}) {
  const [idle, setIdle] = useState(minutesText(saved.idle_timeout_minutes));
  const [lifetime, setLifetime] = useState(minutesText(saved.session_lifetime_minutes));
  const [list, setList] = useState(saved.ip_allow_list.join('\n'));
  const [error, setError] = useState<ErrorText | null>(null);
  const [save, saving] = useSetSessionPoliciesMutation();

  const idleMinutes = parseMinutes(idle, IDLE_MINUTES);
  const lifetimeMinutes = parseMinutes(lifetime, LIFETIME_MINUTES);
  const allowList = readAllowList(list, yourIp);
  const invalid =
    idleMinutes === undefined ||
    lifetimeMinutes === undefined ||
    allowList.malformed !== undefined ||
    allowList.locksOut;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (idleMinutes === undefined || lifetimeMinutes === undefined || invalid) return;
    setError(null);
    try {
      const answer = await save({
        idle_timeout_minutes: idleMinutes,
        session_lifetime_minutes: lifetimeMinutes,
        ip_allow_list: allowList.entries,
      }).unwrap();
      onDone(serverText(answer));
    } catch (failure) {
      setError(withDetail(POLICIES_SAVE_FAILED, failure));
    }
  };

  const addMyAddress = () =>
    setList((text) => (text.trim() === '' ? yourIp : `${text.trimEnd()}\n${yourIp}`));

  const listHint = allowList.malformed
    ? t('"{entry}" is not an IP address or a CIDR range (such as 203.0.113.7 or 203.0.113.0/24).', {
        entry: allowList.malformed,
      })
    : t('One address or CIDR range per line, IPv4 or IPv6. Empty: members may call from anywhere.');

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate aria-label={t('Session policies')}>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      <MinutesField
        id="idle-timeout-minutes"
        label={t('Idle timeout (minutes)')}
        value={idle}
        onChange={setIdle}
        bounds={IDLE_MINUTES}
        hint={t('A session unused for this long ends. Empty: 7 days, as for everyone.')}
        disabled={saving.isLoading}
      />
      <MinutesField
        id="session-lifetime-minutes"
        label={t('Session lifetime (minutes)')}
        value={lifetime}
        onChange={setLifetime}
        bounds={LIFETIME_MINUTES}
        hint={t('A session ends this long after sign-in, however busy. Empty: 30 days, as for everyone.')}
        disabled={saving.isLoading}
      />
      <TextInput
        id="ip-allow-list"
        label={t('IP allow-list')}
        value={list}
        onChange={(event) => setList(event.target.value)}
        disabled={saving.isLoading}
        multiline
        minRows={3}
        error={allowList.malformed !== undefined}
        helperText={listHint}
        slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off' } }}
      />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        alignItems={{ xs: 'flex-start', sm: 'center' }}
      >
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {t('Your current address: {ip}', { ip: yourIp })}
        </Typography>
        <Button size="small" onClick={addMyAddress} disabled={saving.isLoading}>
          {t('Add my address')}
        </Button>
      </Stack>
      {allowList.locksOut && (
        <Alert severity="warning">
          {t(
            'This list does not include your current address {ip}: saving it would lock you out. Add your address or a range that contains it.',
            { ip: yourIp },
          )}
        </Alert>
      )}
      <div>
        <Button type="submit" variant="contained" disabled={saving.isLoading || invalid}>
          {saving.isLoading ? t('Saving...') : t('Save policies')}
        </Button>
      </div>
    </Stack>
  );
}
