import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OrganizationMember } from '../lib/members';

export interface RemoveMemberDialogProps {
  /** The member to confirm the removal of; the dialog is closed when null. */
  member: Pick<OrganizationMember, 'name' | 'email'> | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before removing a member: removal cannot be undone from the app. */
export function RemoveMemberDialog({ member, removing, onCancel, onConfirm }: RemoveMemberDialogProps) {
  const who = member?.name ? `${member.name} (${member.email})` : (member?.email ?? '');
  return (
    <Dialog
      open={member !== null}
      onClose={removing ? undefined : onCancel}
      aria-labelledby="remove-member-title"
    >
      <DialogTitle id="remove-member-title">Remove member?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {who} will be removed from the organization and lose their seat.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={removing}>
          Cancel
        </Button>
        <Button onClick={onConfirm} color="error" variant="contained" disabled={removing}>
          {removing ? 'Removing...' : 'Remove'}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
