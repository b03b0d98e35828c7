/**
 * What the row menus of the Organization page offer (the table and the phone cards share them): a
 * member's Edit, Move seat (a paid seat, when the page offers seat moves) and Remove (never an admin);
 * an invitation's Resend and Revoke.
 */
import { canRemoveMember } from '../../../../shared/permissions';
import type { RowAction } from '../components/RowActionsMenu';
import { holdsSeat, type Invitation, type OrganizationMember } from './members';
import { t } from '../../../i18n';

export interface MemberActionHandlers {
  onRemove: (member: OrganizationMember) => void;
  /** Seat moves are offered only with it (issue 15). */
  onMoveSeat?: (member: OrganizationMember) => void;
}

export function memberActions(member: OrganizationMember, handlers: MemberActionHandlers): RowAction[] {
  const actions: RowAction[] = [
    { label: t('Edit'), to: `/dashboard/member/edit/${encodeURIComponent(member.id)}` },
  ];
  const { onMoveSeat, onRemove } = handlers;
  if (onMoveSeat && holdsSeat(member))
    actions.push({ label: t('Move seat'), onSelect: () => onMoveSeat(member) });
  if (canRemoveMember(member))
    actions.push({
      label: t('Remove from organization'),
      destructive: true,
      onSelect: () => onRemove(member),
    });
  return actions;
}

export function memberActionsLabel(member: Pick<OrganizationMember, 'name' | 'email'>): string {
  return t('Actions for {name}', { name: member.name || member.email });
}

export interface InvitationActionHandlers {
  /** The invitation being resent: its Resend is disabled meanwhile. */
  resendingId: string | null;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}

export function invitationActions(invitation: Invitation, handlers: InvitationActionHandlers): RowAction[] {
  return [
    {
      label: t('Resend invitation'),
      disabled: handlers.resendingId === invitation.id,
      onSelect: () => handlers.onResend(invitation),
    },
    { label: t('Revoke invitation'), destructive: true, onSelect: () => handlers.onRevoke(invitation) },
  ];
}

export function invitationActionsLabel(invitation: Pick<Invitation, 'email'>): string {
  return t('Actions for the invitation to {email}', { email: invitation.email });
}
