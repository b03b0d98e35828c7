/**
 * docs/product.md#proven-addresses: typing an address at a verified domain proves nothing, so automatic joining (signup),
 * invitation links and approved requests to join let an unproven address in only through a normal
 * invitation mailed to it: accepting it (accept-invite) proves the mailbox and joins. No token of another
 * kind, no second invitation while one is pending.
 */
import type { Config } from '../config.js';
import type { Organization, User } from '../db/schema.js';
import { issueInvitationToken } from '../domain/invitations.js';
import { permitMail, type MailOrigin } from '../mail/mail-limits.js';
import type { PermittedMail } from '../mail/mailer.js';
import type { Services } from '../services.js';
import { PLAN_NAMES } from '../../shared/plans.js';
import { personOf } from '../repositories/audit.js';
import type { InTransaction } from '../repositories/index.js';
import { invitationMailOf } from './invitation-mail.js';
import { message, type Message } from '../../contract/messages.js';

/** Over SMTP, a mail that did not go out: the invitation stays pending, for an admin to resend. */
export const PROVING_MAIL_REFUSED = {
  refuse: message('invitation_mail_failed_ask_admin'),
};

/** What the person reads (signup's notice, accept-invite-link's message). */
export function provingInvitationNotice(email: string, organization: string): Message {
  return message('invitation_mailed_to_confirm', { email, organization });
}

/** The link's creator while still an admin of the organization, else its first admin. */
async function inviterOf(tx: InTransaction, org: Organization, preferredId: number | null) {
  const preferred = preferredId === null ? undefined : await tx.users.findById(preferredId);
  if (preferred?.organization_id === org.id && preferred.role === 'admin') return preferred;
  const [admin] = await tx.companyDomain.adminEmailsOf(org.id);
  return (admin === undefined ? undefined : await tx.users.findByEmail(admin)) ?? null;
}

/**
 * The way in a proving invitation stands for, when it can close: an invitation link (revoked), or
 * automatic joining (turned off, or the domain changed). The invitation lets nobody in once it has closed
 * (repositories/invitations.ts). An approved request or the identity provider (SCIM) stand for nothing
 * that closes: null.
 */
export type ProvingOrigin = { inviteLinkId: number } | 'auto_join' | null;

/**
 * Saves a pending invitation of `email` to `org` (Free member) and answers its mail for the caller to
 * send with the transaction (mailWithin); none when one is already pending. The mail counts on the
 * address's invitation limit like any invitation (429 past it: nothing is saved).
 */
export async function inviteToProve(
  services: Pick<Services, 'rateLimiter'> & { config: Pick<Config, 'publicUrl'> },
  from: MailOrigin,
  tx: InTransaction,
  org: Organization,
  email: string,
  preferredInviterId: number | null,
  ip: string | null,
  origin: ProvingOrigin,
): Promise<PermittedMail[]> {
  if (await tx.invitations.hasPending(org.id, email)) return [];
  const seal = await permitMail(services, from, 'invitation', email, tx.trx);
  const inviter: User | null = await inviterOf(tx, org, preferredInviterId);
  const { token, tokenHash, expiresAt } = issueInvitationToken();
  await tx.audit.record({
    type: 'invitation.sent',
    organizationId: org.id,
    actor: inviter ? personOf(inviter) : null,
    target: { id: null, email },
    ip,
    details: { role: 'member', product: PLAN_NAMES.free },
  });
  const invitation = await tx.invitations.create({
    organization_id: org.id,
    email,
    role: 'member',
    product: 'free',
    token_hash: tokenHash,
    invited_by: inviter?.id ?? null,
    expires_at: expiresAt,
    via_invite_link_id: origin !== null && origin !== 'auto_join' ? origin.inviteLinkId : null,
    via_auto_join: origin === 'auto_join',
  });
  const mail = await invitationMailOf(services.config, tx, inviter, invitation, token);
  return seal ? [seal(mail)] : [];
}
