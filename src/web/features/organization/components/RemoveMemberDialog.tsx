import { memberLabel, type OrganizationMember } from '../lib/members';
import { ConfirmDialog } from './ConfirmDialog';
import { t } from '../../../i18n';

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
      title={t('Remove member?')}
      confirmLabel={t('Remove')}
      busyLabel={t('Removing...')}
      busy={removing}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {t('{who} will be removed from the organization and lose their seat.', {
        who: member ? memberLabel(member) : '',
      })}
    </ConfirmDialog>
  );
}
