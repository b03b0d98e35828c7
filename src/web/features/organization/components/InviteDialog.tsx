import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState, type FormEvent } from 'react';
import type { ErrorText } from '../../../api/errors';
import ErrorAlert from '../../../components/ErrorAlert';
import type { Role } from '../lib/members';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../entities/session';
import { ROLE_NAMES, rolesGrantableBy } from '../../../../shared/permissions';
import { t } from '../../../i18n';

export interface InviteValues {
  email: string;
  role: Role;
}

export interface InviteDialogProps {
  open: boolean;
  submitting: boolean;
  /** Why the last send failed: shown in the dialog, beside what was typed. */
  error: ErrorText | null;
  onDismissError: () => void;
  /** Resolves true when the invitation was sent: the dialog then closes and forgets the address. */
  onInvite: (values: InviteValues) => Promise<boolean>;
  onClose: () => void;
}

/**
 * Invite someone by email (docs/product.md#invitations: email required, every role the inviter may give, default member), in a dialog
 * opened by the page's Invite button. It opens on the Email field; closing it returns focus to Invite.
 */
export function InviteDialog({
  open,
  submitting,
  error,
  onDismissError,
  onInvite,
  onClose,
}: InviteDialogProps) {
  const titleId = useId();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('member');
  const roles = rolesGrantableBy(useAppSelector(selectUser)?.role);

  const close = () => {
    setEmail('');
    setRole('member');
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await onInvite({ email: email.trim(), role })) close();
  };

  return (
    <Dialog
      open={open}
      onClose={submitting ? undefined : close}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <form aria-labelledby={titleId} onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{t('Invite a member')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <ErrorAlert error={error} onClose={onDismissError} />}
            <TextField
              label={t('Email')}
              type="email"
              name="email"
              required
              autoFocus
              value={email}
              onChange={(event) => setEmail(event.target.value)}
            />
            <TextField
              select
              label={t('Role')}
              name="role"
              value={role}
              onChange={(event) => setRole(event.target.value as Role)}
            >
              {roles.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(ROLE_NAMES[value])}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={submitting}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={submitting}>
            {submitting ? t('Sending...') : t('Send invitation')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
