import { memberLabel, type OrganizationMember } from '../lib/members';
import { ConfirmDialog } from './ConfirmDialog';
import { t } from '../../../i18n';

export interface PromoteAdminDialogProps {
  /** The member about to become an admin; the dialog is closed when null. */
  member: Pick<OrganizationMember, 'name' | 'email'> | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** docs/product.md#member-edit: an admin's role cannot be changed and an admin cannot be removed, so say so before. */
export function PromoteAdminDialog({ member, onCancel, onConfirm }: PromoteAdminDialogProps) {
  const who = member ? memberLabel(member) : '';
  return (
    <ConfirmDialog
      open={member !== null}
      title={t('Make this member an admin?')}
      confirmLabel={t('Make admin')}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {t(
        "{who} will be able to manage members, invitations and seats. This cannot be undone: an admin's role cannot be changed back to member, and an admin cannot be removed from the organization.",
        { who },
      )}
    </ConfirmDialog>
  );
}
