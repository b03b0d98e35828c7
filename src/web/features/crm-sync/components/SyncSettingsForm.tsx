import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useSetSyncSettingsMutation } from '../../../api/endpoints/crm';
import type { Schemas } from '../../../api/contract-types';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import {
  crmObjects,
  DUPLICATE_KEYS,
  SYNC_RULES,
  type DuplicateKey,
  type SyncSettings,
} from '../../../../shared/crm-sync-rules';
import { FIELD_LABELS, KEY_LABELS, RULE_LABELS } from '../lib/sync-words';
import SyncPreview from './SyncPreview';
import { serverText, t } from '../../../i18n';

const SAVE_FAILED = 'Failed to save the sync settings';
const NOT_SYNCED = '';

interface Props {
  software: string;
  crmName: string;
  saved: SyncSettings;
  canEdit: boolean;
  /** The CRM's field names; empty when they could not be read (not connected). */
  crmFields: Schemas['CrmField'][];
}

/**
 * The sync settings form (docs/product.md#crm-sync-rules): the CRM object, each profile field's CRM field
 * and rule, the duplicate keys in order, the owner of new records and the lookups, with the live preview of
 * what they write. Members see it read-only.
 */
export default function SyncSettingsForm({ software, crmName, saved, canEdit, crmFields }: Props) {
  const [settings, setSettings] = useState<SyncSettings>(saved);
  const [error, setError] = useState<ErrorText | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [save, saving] = useSetSyncSettingsMutation();
  const disabled = !canEdit || saving.isLoading;
  const change = (next: Partial<SyncSettings>) => {
    setNotice(null);
    setSettings((current) => ({ ...current, ...next }));
  };
  const ownerMissing = settings.owner.kind === 'fixed' && !settings.owner.crm_user?.trim();

  // The CRM's names, and any name the settings hold that the CRM's list lacks (kept, not silently lost).
  const names = [
    ...crmFields.map((f) => ({ name: f.name, label: f.label })),
    ...settings.mapping
      .filter((row) => row.crm_field !== null && !crmFields.some((f) => f.name === row.crm_field))
      .map((row) => ({ name: row.crm_field!, label: row.crm_field! })),
  ];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (ownerMissing) return;
    setError(null);
    try {
      const answer = await save({ software, settings }).unwrap();
      setNotice(serverText(answer));
    } catch (failure) {
      setError(withDetail(SAVE_FAILED, failure));
    }
  };

  return (
    <Stack spacing={3}>
      <Stack
        component="form"
        spacing={3}
        onSubmit={onSubmit}
        noValidate
        aria-label={t('Sync settings for {crm}', { crm: crmName })}
      >
        {!canEdit && (
          <Alert severity="info">{t('Only an organization admin can change these settings.')}</Alert>
        )}
        {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
        {notice && (
          <Alert severity="success" role="status">
            {notice}
          </Alert>
        )}
        {crmObjects(software).length > 1 && (
          <TextField
            select
            label={t('CRM object')}
            value={settings.object}
            onChange={(event) => change({ object: event.target.value as SyncSettings['object'] })}
            disabled={disabled}
            sx={{ maxWidth: 320 }}
          >
            {crmObjects(software).map((object) => (
              <MenuItem key={object} value={object}>
                {object === 'lead' ? t('Lead') : t('Contact')}
              </MenuItem>
            ))}
          </TextField>
        )}

        <MappingFields settings={settings} names={names} disabled={disabled} change={change} />
        <DuplicateKeyFields settings={settings} disabled={disabled} change={change} />
        <OwnerAndLookupFields
          settings={settings}
          disabled={disabled}
          change={change}
          ownerMissing={ownerMissing}
        />
        {canEdit && (
          <div>
            <Button type="submit" variant="contained" disabled={saving.isLoading || ownerMissing}>
              {saving.isLoading ? t('Saving...') : t('Save sync settings')}
            </Button>
          </div>
        )}
      </Stack>
      <SyncPreview settings={settings} />
    </Stack>
  );
}

type Change = (next: Partial<SyncSettings>) => void;

function MappingFields({
  settings,
  names,
  disabled,
  change,
}: {
  settings: SyncSettings;
  names: { name: string; label: string }[];
  disabled: boolean;
  change: Change;
}) {
  return (
    <Stack component="fieldset" spacing={2} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {t('Field mapping')}
      </Typography>
      {settings.mapping.map((row, index) => {
        const label = t(FIELD_LABELS[row.profile_field]);
        const update = (next: Partial<typeof row>) =>
          change({
            mapping: settings.mapping.map((r, i) => (i === index ? { ...r, ...next } : r)),
          });
        return (
          <Box
            key={row.profile_field}
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}
          >
            <Typography sx={{ width: { xs: '100%', sm: 140 } }}>{label}</Typography>
            <TextField
              select
              size="small"
              label={t('{field} goes to', { field: label })}
              value={row.crm_field ?? NOT_SYNCED}
              onChange={(event) =>
                update({ crm_field: event.target.value === NOT_SYNCED ? null : event.target.value })
              }
              disabled={disabled}
              sx={{ width: { xs: '100%', sm: 220 } }}
            >
              <MenuItem value={NOT_SYNCED}>{t('Not synced')}</MenuItem>
              {names.map((field) => (
                <MenuItem key={field.name} value={field.name}>
                  {field.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              size="small"
              label={t('Rule for {field}', { field: label })}
              value={row.rule}
              onChange={(event) => update({ rule: event.target.value as typeof row.rule })}
              disabled={disabled || row.crm_field === null}
              sx={{ width: { xs: '100%', sm: 200 } }}
            >
              {SYNC_RULES.map((rule) => (
                <MenuItem key={rule} value={rule}>
                  {t(RULE_LABELS[rule])}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        );
      })}
    </Stack>
  );
}

/** The duplicate keys, each on or off, in the order they are looked for (moved by buttons, keyboard too). */
function DuplicateKeyFields({
  settings,
  disabled,
  change,
}: {
  settings: SyncSettings;
  disabled: boolean;
  change: Change;
}) {
  const moveKey = (key: DuplicateKey, by: -1 | 1) => {
    const keys = [...settings.duplicate_keys];
    const at = keys.indexOf(key);
    const to = at + by;
    if (at < 0 || to < 0 || to >= keys.length) return;
    [keys[at], keys[to]] = [keys[to]!, keys[at]!];
    change({ duplicate_keys: keys });
  };
  const toggleKey = (key: DuplicateKey, on: boolean) =>
    change({
      duplicate_keys: on
        ? DUPLICATE_KEYS.filter((k) => k === key || settings.duplicate_keys.includes(k)).sort(
            (a, b) => order(a) - order(b),
          )
        : settings.duplicate_keys.filter((k) => k !== key),
    });
  const order = (key: DuplicateKey) => {
    const at = settings.duplicate_keys.indexOf(key);
    return at < 0 ? DUPLICATE_KEYS.length + DUPLICATE_KEYS.indexOf(key) : at;
  };
  const keysInOrder = [...DUPLICATE_KEYS].sort((a, b) => order(a) - order(b));

  return (
    <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
      <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
        {t('Duplicates are found by')}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {t('In this order; with none chosen, every sync creates a record.')}
      </Typography>
      {keysInOrder.map((key) => {
        const on = settings.duplicate_keys.includes(key);
        const at = settings.duplicate_keys.indexOf(key);
        const label = t(KEY_LABELS[key]);
        return (
          <Box key={key} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <FormControlLabel
              sx={{ flexGrow: 1 }}
              label={label}
              control={
                <Checkbox
                  checked={on}
                  onChange={(event) => toggleKey(key, event.target.checked)}
                  disabled={disabled}
                />
              }
            />
            <IconButton
              aria-label={t('Move {key} up', { key: label })}
              disabled={disabled || !on || at === 0}
              onClick={() => moveKey(key, -1)}
            >
              ↑
            </IconButton>
            <IconButton
              aria-label={t('Move {key} down', { key: label })}
              disabled={disabled || !on || at === settings.duplicate_keys.length - 1}
              onClick={() => moveKey(key, 1)}
            >
              ↓
            </IconButton>
          </Box>
        );
      })}
    </Stack>
  );
}

/** Who owns new records, and whether emails and phones (which cost credits) are synced. */
function OwnerAndLookupFields({
  settings,
  disabled,
  change,
  ownerMissing,
}: {
  settings: SyncSettings;
  disabled: boolean;
  change: Change;
  ownerMissing: boolean;
}) {
  return (
    <>
      <Stack component="fieldset" spacing={1} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          {t('Owner of new records')}
        </Typography>
        <RadioGroup
          value={settings.owner.kind}
          onChange={(event) =>
            change({
              owner: {
                kind: event.target.value as SyncSettings['owner']['kind'],
                crm_user: settings.owner.crm_user,
              },
            })
          }
        >
          <FormControlLabel
            value="syncing_member"
            control={<Radio disabled={disabled} />}
            label={t('The member who syncs')}
          />
          <FormControlLabel
            value="fixed"
            control={<Radio disabled={disabled} />}
            label={t('A fixed CRM user')}
          />
        </RadioGroup>
        {settings.owner.kind === 'fixed' && (
          <TextField
            label={t('CRM user')}
            value={settings.owner.crm_user ?? ''}
            onChange={(event) => change({ owner: { kind: 'fixed', crm_user: event.target.value } })}
            disabled={disabled}
            error={ownerMissing}
            helperText={ownerMissing ? t('Name the CRM user who owns new records.') : undefined}
            sx={{ maxWidth: 360 }}
          />
        )}
      </Stack>

      <Stack component="fieldset" spacing={0} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
        <Typography component="legend" variant="h6" sx={{ mb: 1 }}>
          {t('Lookups')}
        </Typography>
        <FormControlLabel
          label={t('Sync emails (a credit each email found)')}
          control={
            <Switch
              checked={settings.look_up_emails}
              onChange={(event) => change({ look_up_emails: event.target.checked })}
              disabled={disabled}
            />
          }
        />
        <FormControlLabel
          label={t('Sync phones (a credit each phone found)')}
          control={
            <Switch
              checked={settings.look_up_phones}
              onChange={(event) => change({ look_up_phones: event.target.checked })}
              disabled={disabled}
            />
          }
        />
      </Stack>
    </>
  );
}
