import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useRef, useState, type FormEvent } from 'react';
import type { Role } from '../lib/members';
import { t } from '../../../i18n';

export interface InviteValues {
  email: string;
  role: Role;
}

export interface InviteFormProps {
  submitting: boolean;
  /** Resolves true when the invitation was sent, so the form clears its email. */
  onInvite: (values: InviteValues) => Promise<boolean>;
}

/** Invite someone by email (spec §5: email required, role member or admin, default member). */
export function InviteForm({ submitting, onInvite }: InviteFormProps) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  // After a sent invitation the next address goes in at once (keyboard users stay in the form).
  const emailInput = useRef<HTMLInputElement>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onInvite({ email: email.trim(), role })) {
      setEmail('');
      setRole('member');
      emailInput.current?.focus();
    }
  };

  return (
    <Box
      component="form"
      aria-label={t('Invite a member')}
      onSubmit={onSubmit}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
    >
      <TextField
        label={t('Email')}
        type="email"
        name="email"
        required
        size="small"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        inputRef={emailInput}
        sx={{ flex: '1 1 240px' }}
      />
      <TextField
        select
        label={t('Role')}
        name="role"
        size="small"
        value={role}
        onChange={(event) => setRole(event.target.value as Role)}
        sx={{ width: 140 }}
      >
        <MenuItem value="member">{t('Member')}</MenuItem>
        <MenuItem value="admin">{t('Admin')}</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" disabled={submitting}>
        {submitting ? t('Sending...') : t('Send Invite')}
      </Button>
    </Box>
  );
}
