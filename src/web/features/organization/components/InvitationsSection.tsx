import { useRef, useState } from 'react';
import {
  useResendInvitationMutation,
  useRevokeInvitationMutation,
} from '../../../api/endpoints/organization';
import { withDetail } from '../../../api/errors';
import { useAppSelector } from '../../../app/hooks';
import { selectUser } from '../../../entities/session';
import { t, translated } from '../../../i18n';
import { roleCan } from '../../../../shared/permissions';
import { useMembersPage } from '../hooks/use-members-page';
import { useReport } from '../hooks/use-report';
import { RESEND_FAILED, REVOKE_FAILED } from '../lib/errors';
import type { Invitation } from '../lib/members';
import { InvitationsTable } from './InvitationsTable';
import { PageSection } from './PageSection';
import { RevokeInvitationDialog } from './RevokeInvitationDialog';

const NO_INVITATIONS: Invitation[] = [];

/** The Pending invitations section (docs/product.md#members): paged as the URL says; admins resend and revoke. */
export function InvitationsSection() {
  const viewer = useAppSelector(selectUser);
  const isAdmin = roleCan(viewer?.role, 'members.invite');
  const { view, update, data, lastInvitationsPage } = useMembersPage();
  const [resendInvitation] = useResendInvitationMutation();
  const [revokeInvitation, revocation] = useRevokeInvitationMutation();
  const [resendingId, setResendingId] = useState<string | null>(null);
  const [toRevoke, setToRevoke] = useState<Invitation | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const report = useReport();

  const onResend = async (invitation: Invitation) => {
    setResendingId(invitation.id);
    try {
      await resendInvitation({ invitation_id: invitation.id }).unwrap();
      report({ success: 'Invitation resent successfully!' });
    } catch (error) {
      report({ error: withDetail(RESEND_FAILED, error) });
    } finally {
      setResendingId(null);
    }
  };

  const onConfirmRevoke = async () => {
    if (!toRevoke) return;
    try {
      const answer = await revokeInvitation({ invitation_id: toRevoke.id }).unwrap();
      report({ success: translated(answer.message) });
    } catch (error) {
      report({ error: withDetail(REVOKE_FAILED, error) });
    } finally {
      setToRevoke(null);
      // The dialog would give focus back to the row's menu button, whose row is gone.
      requestAnimationFrame(() => heading.current?.focus());
    }
  };

  return (
    <PageSection title={t('Pending invitations')} headingRef={heading}>
      <InvitationsTable
        invitations={data?.invitations ?? NO_INVITATIONS}
        total={data?.invitations_total ?? 0}
        page={Math.min(view.invitationsPage, lastInvitationsPage)}
        onPage={(invitationsPage) => update({ invitationsPage }, { keepPage: true })}
        canManage={isAdmin}
        resendingId={resendingId}
        onResend={(invitation) => void onResend(invitation)}
        onRevoke={setToRevoke}
      />
      {isAdmin && (
        <RevokeInvitationDialog
          invitation={toRevoke}
          revoking={revocation.isLoading}
          onCancel={() => setToRevoke(null)}
          onConfirm={onConfirmRevoke}
        />
      )}
    </PageSection>
  );
}
