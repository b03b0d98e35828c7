import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import {
  useCreateScimTokenMutation,
  useRevokeScimTokenMutation,
  useRotateScimTokenMutation,
} from '../../../api/endpoints/provisioning';
import type { Schemas } from '../../../api/contract-types';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { msg, serverText, t } from '../../../i18n';
import { formatDateTime } from '../../../lib/dates';
import { SCIM_TOKEN_FAILED } from '../lib/errors';
import { ConfirmDialog } from './ConfirmDialog';
import { CopyField } from '../../../components/CopyField';

type ScimToken = Schemas['ScimToken'];

const LIFETIMES = [30, 90, 180, 365] as const;

const STATUS_TEXT: Record<ScimToken['status'], string> = {
  active: msg('Active'),
  rotated: msg('Replaced: works until {date}'),
  expired: msg('Expired'),
  revoked: msg('Revoked'),
};

/** docs/scim.md#the-token: the organization's bearer tokens; a new one is shown once, right after it is made. */
export function ScimTokens({
  tokens,
  canCreate,
  onDone,
}: {
  tokens: ScimToken[];
  canCreate: boolean;
  onDone: (message: string) => void;
}) {
  const [days, setDays] = useState<(typeof LIFETIMES)[number]>(90);
  const [fresh, setFresh] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const [error, setError] = useState<ErrorText | null>(null);
  const [create, creating] = useCreateScimTokenMutation();
  const [rotate, rotating] = useRotateScimTokenMutation();
  const [revoke, revokingCall] = useRevokeScimTokenMutation();

  const run = async (call: () => Promise<{ message: string; data?: { token: string } }>) => {
    setError(null);
    try {
      const answer = await call();
      setFresh(answer.data?.token ?? null);
      onDone(serverText(answer));
    } catch (failure) {
      setError(withDetail(SCIM_TOKEN_FAILED, failure));
    }
  };

  return (
    <Stack component="section" spacing={1.5} aria-label={t('SCIM tokens')}>
      <Typography variant="subtitle1" component="h4">
        {t('SCIM tokens')}
      </Typography>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {fresh && (
        <Stack spacing={1}>
          <CopyField label={t('New SCIM token')} value={fresh} />
          <Typography color="warning.main">
            {t('Copy it now and paste it into your identity provider: it is shown only once.')}
          </Typography>
        </Stack>
      )}
      {tokens.length === 0 ? (
        <Typography color="text.secondary">{t('No SCIM token yet.')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {tokens.map((token) => (
            <TokenRow
              key={token.id}
              token={token}
              busy={rotating.isLoading}
              onRotate={() => void run(() => rotate({ id: token.id }).unwrap())}
              onRevoke={() => setRevoking(token)}
            />
          ))}
        </Stack>
      )}
      {canCreate && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <TextField
            select
            size="small"
            label={t('Valid for')}
            value={days}
            onChange={(event) => setDays(Number(event.target.value) as (typeof LIFETIMES)[number])}
            sx={{ minWidth: 140 }}
          >
            {LIFETIMES.map((value) => (
              <MenuItem key={value} value={value}>
                {t('{days} days', { days: value })}
              </MenuItem>
            ))}
          </TextField>
          <Button
            variant="contained"
            disabled={creating.isLoading}
            onClick={() => void run(() => create({ expires_in_days: days }).unwrap())}
          >
            {creating.isLoading ? t('Creating...') : t('Create token')}
          </Button>
        </Box>
      )}
      <ConfirmDialog
        open={revoking !== null}
        title={t('Revoke this SCIM token?')}
        confirmLabel={t('Revoke')}
        busyLabel={t('Revoking...')}
        busy={revokingCall.isLoading}
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          const id = revoking?.id;
          setRevoking(null);
          if (id) void run(() => revoke({ id }).unwrap());
        }}
      >
        {t('Your identity provider can no longer provision anyone with it.')}
      </ConfirmDialog>
    </Stack>
  );
}

function TokenRow({
  token,
  busy,
  onRotate,
  onRevoke,
}: {
  token: ScimToken;
  busy: boolean;
  onRotate: () => void;
  onRevoke: () => void;
}) {
  const created = formatDateTime(token.created_at);
  return (
    <Box
      component="li"
      aria-label={t('Token created {date}', { date: created })}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
    >
      <Typography fontWeight={500}>
        {t(STATUS_TEXT[token.status], { date: formatDateTime(token.grace_until) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('Created {created}; expires {expires}.', { created, expires: formatDateTime(token.expires_at) })}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {token.last_used_at === null
          ? t('Never used yet.')
          : t('Last used {date}.', { date: formatDateTime(token.last_used_at) })}
      </Typography>
      {(token.status === 'active' || token.status === 'rotated') && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {token.status === 'active' && (
            <Button size="small" variant="outlined" disabled={busy} onClick={onRotate}>
              {t('Rotate')}
            </Button>
          )}
          <Button size="small" variant="outlined" color="error" onClick={onRevoke}>
            {t('Revoke')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
