/**
 * What the row menus of the Organization page offer (the table and the phone cards share them): a
 * member's Edit (a link), Move seat (a paid seat, when the page offers seat moves) and Remove, which an
 * admin member never has: a disabled 'Cannot remove admin' stands in its place, so the menu says why
 * rather than leaving Remove out; an invitation's 'Resend invite' and Revoke.
 */
import { canRemoveMember } from '../../../../shared/permissions';
import type { RowAction } from '../components/RowActionsMenu';
import { holdsSeat, type Invitation, type OrganizationMember } from './members';
import { t } from '../../../i18n';
import { memberEditPath } from '../../../lib/paths';

export interface MemberActionHandlers {
  onRemove: (member: OrganizationMember) => void;
  /** Seat moves are offered only with it. */
  onMoveSeat?: (member: OrganizationMember) => void;
  /** Where the member edit page returns to (the Organization page with its view). */
  returnTo?: string;
}

export function memberActions(member: OrganizationMember, handlers: MemberActionHandlers): RowAction[] {
  const actions: RowAction[] = [
    {
      label: t('Edit'),
      to: memberEditPath(member.id),
      ...(handlers.returnTo ? { state: { returnTo: handlers.returnTo } } : {}),
    },
  ];
  const { onMoveSeat, onRemove } = handlers;
  if (onMoveSeat && holdsSeat(member))
    actions.push({ label: t('Move seat'), onSelect: () => onMoveSeat(member) });
  actions.push(
    canRemoveMember(member)
      ? { label: t('Remove'), destructive: true, onSelect: () => onRemove(member) }
      : { label: t('Cannot remove admin'), disabled: true },
  );
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
      label: t('Resend invite'),
      disabled: handlers.resendingId === invitation.id,
      onSelect: () => handlers.onResend(invitation),
    },
    { label: t('Revoke invitation'), destructive: true, onSelect: () => handlers.onRevoke(invitation) },
  ];
}

export function invitationActionsLabel(invitation: Pick<Invitation, 'email'>): string {
  return t('Actions for the invitation to {email}', { email: invitation.email });
}
