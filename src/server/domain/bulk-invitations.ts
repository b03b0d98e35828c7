/**
 * Bulk invitations (docs/product.md#bulk-invitations): the one judgement of a list of rows against the organization as stored,
 * shared by invite-users (before sending) and preview-invite-users (instead of sending), so the preview
 * and the send cannot disagree. Members and pending invitations are looked up among the listed addresses
 * only (one query each), never by loading a whole organization of up to 10,000 members.
 */
import { isEmailAddress, normalizeEmail } from '../../shared/email.js';
import {
  judgeInviteRows,
  type InviteRefusal,
  type InviteRow,
  type JudgedRow,
} from '../../shared/invite-list.js';
import { planKeyOf } from '../../shared/plans.js';
import type { User } from '../db/schema.js';
import type { Repositories } from '../repositories/index.js';
import type { DomainError } from './errors.js';
import { invitationSeatRefusal } from './organizations.js';
import { message, type Message } from '../../contract/messages.js';

export const ALREADY_MEMBER = message('invitee_already_member');
export const ALREADY_PENDING = message('invitation_pending_resend');

export const INVITE_SELF = message('cannot_invite_yourself');

/**
 * The words of a refusal (the texts of shared/invite-list.ts, by code), as the single-invitation path
 * says them where it refuses the same, so both paths read alike.
 */
const REFUSAL_MESSAGES: Record<InviteRefusal, Message> = {
  invalid: message('email_invalid'),
  'invalid-role': message('unknown_role'),
  duplicate: message('listed_twice'),
  self: INVITE_SELF,
  member: ALREADY_MEMBER,
  invited: ALREADY_PENDING,
};

/** Why a row is not sent: judged before sending, or (rate-limited) met while sending. */
export type BulkReason = PreviewReason | 'rate-limited';
type PreviewReason = InviteRefusal | 'no-seat' | 'other';

export interface BulkVerdict extends JudgedRow {
  /** Why the row will not be sent; absent when it will. */
  reason?: PreviewReason;
  said?: Message;
}

/** A row as the contract takes it. */
export interface BulkRowInput {
  line?: number;
  email: string;
  role?: string;
}

/** Why a row was refused by the single-invitation path. */
export function bulkReason(error: DomainError): BulkReason {
  if (error.code === ALREADY_MEMBER.code) return 'member';
  if (error.code === ALREADY_PENDING.code) return 'invited';
  if (error.code === INVITE_SELF.code) return 'self';
  if (error.kind === 'rate-limited') return 'rate-limited';
  if (error.kind === 'conflict') return 'no-seat';
  return 'other';
}

/** Every row's verdict now: what invite-users would refuse, and why, before it sends anything. */
export async function judgeBulkInvitation(
  repos: Repositories,
  inviter: User,
  input: readonly BulkRowInput[],
  productInput: string | undefined,
): Promise<BulkVerdict[]> {
  const rows: InviteRow[] = input.map((row, index) => ({
    line: row.line ?? index + 1,
    email: row.email,
    ...(row.role === undefined ? {} : { role: row.role }),
  }));
  const emails = [...new Set(rows.map((row) => normalizeEmail(row.email)).filter(isEmailAddress))];
  const orgId = inviter.organization_id;
  const product = planKeyOf(productInput ?? 'free');
  const [members, invited, org, assigned] =
    orgId === null
      ? [[], [], undefined, { standard: 0, pro: 0 }]
      : await Promise.all([
          repos.users.memberEmailsAmong(orgId, emails),
          repos.invitations.pendingEmailsAmong(orgId, emails),
          product === 'free' ? undefined : repos.organizations.findById(orgId),
          product === 'free' ? { standard: 0, pro: 0 } : repos.users.assignedSeatsOf(orgId),
        ]);
  return judgeInviteRows(rows, { inviterEmail: inviter.email, members, invited }).map((row) => {
    if (row.refusal) return { ...row, reason: row.refusal, said: REFUSAL_MESSAGES[row.refusal] };
    const seat = invitationSeatRefusal(row.role, product, org, assigned);
    if (!seat) return row;
    return {
      ...row,
      reason: seat.kind === 'conflict' ? 'no-seat' : 'other',
      said: seat.said,
    };
  });
}
