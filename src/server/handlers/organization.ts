/**
 * organization: get-organization-members, invite-user, resend-invitation, accept-invite,
 * remove-organization-user, set-user-product. Every id is looked up inside the caller's
 * organization, so another organization's ids answer 404.
 */
import { sql, type Transaction } from 'kysely';
import type { Db } from '../db/index.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { roleCan, roleOf } from '../../shared/permissions.js';
import { planKeyOf } from '../../shared/plans.js';
import { requirePermission } from '../domain/authorization.js';
import { joinByInvitation, normalizeEmail } from '../domain/accounts.js';
import {
  INVALID_INVITATION,
  findPendingInvitation,
  invitationLink,
  issueInvitationToken,
} from '../domain/invitations.js';
import { assignProduct, ensureOrganization, removeMember } from '../domain/organizations.js';
import { parseId, presentInvitation, presentMember } from '../domain/present.js';
import type { Database, Invitation, User } from '../db/schema.js';
import { conflict, invalid, notFound } from '../domain/errors.js';
import type { Handlers } from '../http/api.js';
import { invitationMail } from '../mail/templates.js';
import { RATE_RULES } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { enforceLimits } from './limits.js';

export function organizationHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'getOrganizationMembers'
  | 'inviteUser'
  | 'resendInvitation'
  | 'acceptInvite'
  | 'removeOrganizationUser'
  | 'setUserProduct'
> {
  const { db, config } = services;

  async function invitationMailOf(
    executor: Db | Transaction<Database>,
    inviter: User,
    invitation: Invitation,
    token: string,
  ) {
    const org = await executor
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', invitation.organization_id)
      .executeTakeFirstOrThrow();
    const link = invitationLink(config.publicUrl, token, inviter.software);
    return invitationMail(invitation.email, inviter.name, org.name, invitation.role, link);
  }

  /**
   * Saves an invitation (`write`, in a transaction) and mails its link. With the outbox the mail is
   * written in the same transaction: both or neither, whatever happens to the database meanwhile. Over
   * SMTP it is sent after the commit; a failed send is reported and the invitation stays, to be resent.
   */
  async function saveAndMail(
    inviter: User,
    token: string,
    write: (trx: Transaction<Database>) => Promise<Invitation>,
  ): Promise<Invitation> {
    const { mailer } = services;
    if (mailer.sendWithin) {
      return db.transaction().execute(async (trx) => {
        const invitation = await write(trx);
        await mailer.sendWithin!(trx, await invitationMailOf(trx, inviter, invitation, token));
        return invitation;
      });
    }
    const invitation = await db.transaction().execute(write);
    const mail = await invitationMailOf(db, inviter, invitation, token);
    try {
      await mailer.send(mail);
    } catch (error) {
      if (isDatabaseUnavailable(error)) throw error;
      throw invalid('Failed to send invitation: the mail could not be delivered. Try "Resend invite" later.');
    }
    return invitation;
  }

  return {
    async getOrganizationMembers(ctx) {
      const user = await ctx.user();
      if (user.organization_id === null) {
        return { error: false, data: { users: [presentMember(user)], invitations: [] } };
      }
      const members = await db
        .selectFrom('users')
        .selectAll()
        .where('organization_id', '=', user.organization_id)
        .orderBy('created_at')
        .orderBy('id')
        .execute();
      // Pending invitations (other people's emails) are only shown to admins.
      const invitations = roleCan(user.role, 'members.invite')
        ? await db
            .selectFrom('invitations')
            .selectAll()
            .where('organization_id', '=', user.organization_id)
            .where('accepted_at', 'is', null)
            .where('expires_at', '>', sql<Date>`now()`)
            .orderBy('created_at')
            .orderBy('id')
            .execute()
        : [];
      return {
        error: false,
        data: { users: members.map(presentMember), invitations: invitations.map(presentInvitation) },
      };
    },

    async inviteUser(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.invite');
      const email = normalizeEmail(ctx.body.email);
      const role = ctx.body.role ?? 'member';
      await enforceLimits(services, [
        [RATE_RULES.inviteIp, ctx.ip],
        [RATE_RULES.inviteEmail, email],
      ]);
      if (email === user.email) throw invalid('You cannot invite yourself.');

      // Whether the address has an account, or belongs to another organization, is not the inviter's
      // business: both are answered like any invitation, and the invitee learns at acceptance.
      const existing = await db
        .selectFrom('users')
        .select(['organization_id'])
        .where('email', '=', email)
        .executeTakeFirst();
      if (existing && user.organization_id !== null && existing.organization_id === user.organization_id) {
        throw conflict('This person is already a member of your organization.');
      }

      const { token, tokenHash, expiresAt } = issueInvitationToken();
      const invitation = await saveAndMail(user, token, async (trx) => {
        // The first invitation creates the organization (DESIGN.md).
        const org = await ensureOrganization(trx, user);
        const pending = await trx
          .selectFrom('invitations')
          .select('id')
          .where('organization_id', '=', org.id)
          .where('email', '=', email)
          .where('accepted_at', 'is', null)
          .where('expires_at', '>', sql<Date>`now()`)
          .executeTakeFirst();
        if (pending) throw conflict('An invitation is already pending for this email. Use "Resend invite".');
        return trx
          .insertInto('invitations')
          .values({
            organization_id: org.id,
            email,
            role,
            token_hash: tokenHash,
            invited_by: user.id,
            expires_at: expiresAt,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
      });
      return { error: false, message: `Invitation sent to ${email}.`, data: presentInvitation(invitation) };
    },

    async resendInvitation(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.invite');
      const id = parseId(ctx.body.invitation_id);
      const invitation =
        id === undefined || user.organization_id === null
          ? undefined
          : await db
              .selectFrom('invitations')
              .selectAll()
              .where('id', '=', id)
              .where('organization_id', '=', user.organization_id)
              .where('accepted_at', 'is', null)
              .executeTakeFirst();
      if (!invitation) throw notFound('Invitation not found');
      await enforceLimits(services, [
        [RATE_RULES.inviteIp, ctx.ip],
        [RATE_RULES.inviteEmail, invitation.email],
      ]);
      // A new token: the old link stops working, and the validity restarts (DESIGN.md).
      const { token, tokenHash, expiresAt } = issueInvitationToken();
      await saveAndMail(user, token, (trx) =>
        trx
          .updateTable('invitations')
          .set({ token_hash: tokenHash, expires_at: expiresAt })
          .where('id', '=', invitation.id)
          .returningAll()
          .executeTakeFirstOrThrow(),
      );
      return { error: false, message: 'Invitation resent successfully!' };
    },

    async acceptInvite(ctx) {
      const invitation = await findPendingInvitation(db, ctx.query.token);
      if (!invitation) throw notFound(INVALID_INVITATION);
      const org = await db
        .selectFrom('organizations')
        .select('name')
        .where('id', '=', invitation.organization_id)
        .executeTakeFirstOrThrow();
      const data = {
        email: invitation.email,
        role: roleOf(invitation.role),
        organization_name: org.name,
      };

      // Signed in as the invited address: join now. Otherwise the app signs up with the token.
      if (ctx.userId !== undefined) {
        const user = await ctx.user();
        if (user.email === invitation.email) {
          if (user.organization_id === invitation.organization_id) {
            return { error: false, message: 'You are already a member of this organization.', data };
          }
          if (user.organization_id !== null) throw invalid('You already belong to another organization.');
          await joinByInvitation(db, user, invitation.id, invitation.organization_id, invitation.role);
          return { error: false, message: `You joined ${org.name}.`, data };
        }
      }
      return { error: false, message: 'The invitation is valid.', data };
    },

    async removeOrganizationUser(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.remove');
      await removeMember(db, user, ctx.body.user_id);
      return { error: false, message: 'The member was removed from the organization.' };
    },

    async setUserProduct(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.edit');
      await assignProduct(db, user, ctx.body.user_id, ctx.body.product, ctx.body.role, async (product) => {
        const plan = await db
          .selectFrom('plans')
          .select('credits')
          .where('slug', '=', planKeyOf(product))
          .executeTakeFirst();
        return plan?.credits ?? 0;
      });
      return { error: false, message: 'The member was updated.' };
    },
  };
}
