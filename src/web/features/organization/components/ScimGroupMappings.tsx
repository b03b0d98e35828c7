import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import {
  useRemoveScimGroupMappingMutation,
  useSetScimGroupMappingMutation,
} from '../../../api/endpoints/provisioning';
import type { Schemas } from '../../../api/contract-types';
import { withDetail, type ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import { serverText, t } from '../../../i18n';
import { ROLE_NAMES } from '../../../../shared/permissions';
import { PLAN_NAMES, PLAN_KEYS } from '../../../../shared/plans';
import { SCIM_MAPPING_FAILED } from '../lib/errors';

type Mapping = Schemas['ScimGroupMapping'];

/** The choices of the form: a role (no seat) or a product (a seat, when one is free). */
const TARGETS = [
  ...(['member', 'billing_manager', 'viewer'] as const).map((role) => ({
    value: `role:${role}`,
    label: () => t('Role: {role}', { role: t(ROLE_NAMES[role]) }),
  })),
  ...PLAN_KEYS.map((plan) => ({
    value: `product:${plan}`,
    label: () => t('Product: {plan}', { plan: t(PLAN_NAMES[plan]) }),
  })),
];

function targetText(mapping: Mapping): string {
  if (mapping.role) return t('Role: {role}', { role: t(ROLE_NAMES[mapping.role]) });
  return t('Product: {plan}', { plan: t(mapping.product ?? 'Free') });
}

/** docs/scim.md#groups: the identity provider's groups, by name, mapped to a role or a product. */
export function ScimGroupMappings({
  mappings,
  onDone,
}: {
  mappings: Mapping[];
  onDone: (message: string) => void;
}) {
  const [name, setName] = useState('');
  const [target, setTarget] = useState(TARGETS[0]!.value);
  const [error, setError] = useState<ErrorText | null>(null);
  const [save, saving] = useSetScimGroupMappingMutation();
  const [remove, removing] = useRemoveScimGroupMappingMutation();

  const run = async (call: () => Promise<{ message: string }>) => {
    setError(null);
    try {
      onDone(serverText(await call()));
      return true;
    } catch (failure) {
      setError(withDetail(SCIM_MAPPING_FAILED, failure));
      return false;
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === '') return;
    const [kind, value] = target.split(':') as ['role' | 'product', string];
    const body = kind === 'role' ? { role: value as Mapping['role'] & string } : { product: value };
    if (await run(() => save({ display_name: name.trim(), ...body }).unwrap())) setName('');
  };

  return (
    <Stack component="section" spacing={1.5} aria-label={t('Group mappings')}>
      <Typography variant="subtitle1" component="h4">
        {t('Group mappings')}
      </Typography>
      <Typography color="text.secondary">
        {t(
          'Members of a group pushed by your identity provider get the role or product you map to its name. A product needs a free seat.',
        )}
      </Typography>
      {error && <ErrorAlert error={error} onClose={() => setError(null)} />}
      {mappings.length === 0 ? (
        <Typography color="text.secondary">{t('No group is mapped yet.')}</Typography>
      ) : (
        <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {mappings.map((mapping) => (
            <Box
              component="li"
              key={mapping.id}
              sx={{
                display: 'flex',
                flexWrap: 'wrap',
                gap: 1,
                alignItems: 'center',
                justifyContent: 'space-between',
              }}
            >
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                {mapping.display_name} → {targetText(mapping)}
              </Typography>
              <Button
                size="small"
                color="error"
                disabled={removing.isLoading}
                aria-label={t('Remove the mapping of {group}', { group: mapping.display_name })}
                onClick={() => void run(() => remove({ id: mapping.id }).unwrap())}
              >
                {t('Remove')}
              </Button>
            </Box>
          ))}
        </Stack>
      )}
      <Box
        component="form"
        onSubmit={(event: FormEvent<HTMLFormElement>) => void onSubmit(event)}
        aria-label={t('Map a group')}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        <TextField
          size="small"
          label={t('Group name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 200 } }}
          sx={{ flex: '1 1 180px' }}
        />
        <TextField
          select
          size="small"
          label={t('Gives')}
          value={target}
          onChange={(event) => setTarget(event.target.value)}
          sx={{ flex: '1 1 180px' }}
        >
          {TARGETS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label()}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="outlined" disabled={saving.isLoading || name.trim() === ''}>
          {saving.isLoading ? t('Saving...') : t('Save mapping')}
        </Button>
      </Box>
    </Stack>
  );
}
