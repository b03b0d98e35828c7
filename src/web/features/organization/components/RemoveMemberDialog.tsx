import { memberLabel, type OrganizationMember } from '../lib/members';
import { ConfirmDialog } from './ConfirmDialog';

export interface RemoveMemberDialogProps {
  /** The member to confirm the removal of; the dialog is closed when null. */
  member: Pick<OrganizationMember, 'name' | 'email'> | null;
  removing: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before removing a member: removal cannot be undone from the app. */
export function RemoveMemberDialog({ member, removing, onCancel, onConfirm }: RemoveMemberDialogProps) {
  return (
    <ConfirmDialog
      open={member !== null}
      title="Remove member?"
      confirmLabel="Remove"
      busyLabel="Removing..."
      busy={removing}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {member ? memberLabel(member) : ''} will be removed from the organization and lose their seat.
    </ConfirmDialog>
  );
}
