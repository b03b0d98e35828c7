import type { Invitation } from '../lib/members';
import { ConfirmDialog } from './ConfirmDialog';
import { t } from '../../../i18n';

export interface RevokeInvitationDialogProps {
  /** The invitation to confirm the revocation of; the dialog is closed when null. */
  invitation: Pick<Invitation, 'email'> | null;
  revoking: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before revoking an invitation: its mailed link stops working at once. */
export function RevokeInvitationDialog({
  invitation,
  revoking,
  onCancel,
  onConfirm,
}: RevokeInvitationDialogProps) {
  return (
    <ConfirmDialog
      open={invitation !== null}
      title={t('Revoke invitation?')}
      confirmLabel={t('Revoke invitation')}
      busyLabel={t('Revoking...')}
      busy={revoking}
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      {t('The link mailed to {email} will stop working. You can invite them again later.', {
        email: invitation?.email ?? '',
      })}
    </ConfirmDialog>
  );
}
