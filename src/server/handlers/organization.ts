/**
 * organization: get-organization-members, invite-user, resend-invitation, revoke-invitation, accept-invite,
 * remove-organization-user, set-user-product. Every id is looked up inside the caller's
 * organization, so another organization's ids answer 404.
 */
import { roleCan, roleOf, rolesGrantableBy, type Role } from '../../shared/permissions.js';
import { requirePermission } from '../domain/authorization.js';
import { joinByInvitation, refuseOwnPaidPlan } from '../domain/accounts.js';
import { normalizeEmail, sameEmail } from '../../shared/email.js';
import {
  INVALID_INVITATION,
  acceptedInvitationOf,
  findPendingInvitation,
  issueInvitationToken,
} from '../domain/invitations.js';
import {
  assignProduct,
  ensureOrganization,
  moveSeat,
  removeMember,
  renameOrganization,
  requireSeatForInvitation,
} from '../domain/organizations.js';
import { PLAN_NAMES } from '../../shared/plans.js';
import { personOf } from '../repositories/audit.js';
import { parseId, presentInvitation, presentMember } from '../domain/present.js';
import type { Invitation, User } from '../db/schema.js';
import type { InTransaction } from '../repositories/index.js';
import { DomainError, conflict, forbidden, invalid, notFound } from '../domain/errors.js';
import type { QueryParams } from '../../contract/types.js';
import type { Handlers } from '../http/api.js';
import type { MemberPageQuery } from '../repositories/users.js';
import { assignedSeats } from '../../shared/seats.js';
import { invitationMailOf } from './invitation-mail.js';
import { mailingTransactions } from '../mail/with-mails.js';
import { RATE_RULES } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { enforceLimits } from './limits.js';
import { permitMail, type MailSeal } from '../mail/mail-limits.js';
import type { components } from '../../contract/api.js';
import {
  ALREADY_MEMBER,
  ALREADY_PENDING,
  INVITE_SELF,
  bulkReason,
  judgeBulkInvitation,
} from '../domain/bulk-invitations.js';
import { message, type Message } from '../../contract/messages.js';

type PlanInputName = components['schemas']['PlanInput'];
type BulkAnswer = components['schemas']['BulkInvitations'];
type BulkSent = BulkAnswer['sent'][number];
type BulkRefused = BulkAnswer['refused'][number];

const INVITATION_MAIL_REFUSED = {
  refuse: message('invitation_mail_failed'),
};

type MembersQuery = QueryParams<'getOrganizationMembers'>;
type AcceptOutcome = components['schemas']['AcceptOutcome'];

const INVITEE_ALREADY_MEMBER = message('already_member_of_organization');
const ROLE_NOT_GRANTABLE = message('role_not_grantable');

/**
 * get-organization-members' query as the handler receives it: the parameters with a default in the
 * contract are filled in by validation (src/server/contract.ts), never undefined here.
 */
type DefaultedMembersQuery = MembersQuery &
  Required<
    Pick<
      MembersQuery,
      'page' | 'per_page' | 'seat_holders' | 'sort' | 'order' | 'invitations_page' | 'invitations_per_page'
    >
  >;

/** The query of get-organization-members as the repository takes it. */
function membersQuery(query: DefaultedMembersQuery) {
  const { page, per_page: limit, invitations_page, invitations_per_page: invitationsLimit } = query;
  const userId = query.user_id === undefined ? undefined : (parseId(query.user_id) ?? 0);
  return {
    page,
    limit,
    offset: (page - 1) * limit,
    search: query.search ?? '',
    product: query.product,
    seatHolders: query.seat_holders,
    sort: query.sort,
    order: query.order,
    userId,
    invitationsLimit,
    invitationsOffset: (invitations_page - 1) * invitationsLimit,
  } satisfies MemberPageQuery & Record<string, unknown>;
}

export function organizationHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'getOrganizationMembers'
  | 'inviteUser'
  | 'inviteUsers'
  | 'previewInviteUsers'
  | 'resendInvitation'
  | 'revokeInvitation'
  | 'acceptInvite'
  | 'removeOrganizationUser'
  | 'setUserProduct'
  | 'moveSeat'
  | 'renameOrganization'
> {
  const { repos, config } = services;
  const withMails = mailingTransactions(services.mailer, repos.transaction);

  /**
   * Saves an invitation (`write`, in a transaction) and mails its link (withMails). Over SMTP a failed
   * send is reported and the invitation stays, to be resent.
   */
  async function saveAndMail(
    inviter: User,
    token: string,
    seal: MailSeal,
    write: (tx: InTransaction) => Promise<Invitation>,
  ): Promise<Invitation> {
    return withMails(async (tx) => {
      const invitation = await write(tx);
      const mail = await invitationMailOf(config, tx, inviter, invitation, token);
      return { result: invitation, mails: [seal(mail)] };
    }, INVITATION_MAIL_REFUSED);
  }

  /**
   * The one path that creates an invitation (invite-user and each row of invite-users): refuses
   * yourself, members and pending addresses, creates the organization on the first invitation, checks
   * a seat for the product, audits, saves and mails.
   */
  async function inviteOne(
    user: User,
    email: string,
    role: Role,
    productInput: PlanInputName | undefined,
    ip: string,
    seal: MailSeal,
  ): Promise<Invitation> {
    if (sameEmail(email, user.email)) throw invalid(INVITE_SELF);
    if (!rolesGrantableBy(user.role).includes(role)) throw forbidden(ROLE_NOT_GRANTABLE);
    // Whether the address has an account, or belongs to another organization, is not the inviter's
    // business: both are answered like any invitation, and the invitee learns at acceptance.
    const existing = await repos.users.findByEmail(email);
    if (existing && existing.organization_id !== null && existing.organization_id === (await orgIdOf(user))) {
      throw conflict(ALREADY_MEMBER);
    }
    const { token, tokenHash, expiresAt } = issueInvitationToken();
    return saveAndMail(user, token, seal, async (tx) => {
      // The first invitation creates the organization (DESIGN.md).
      const org = await ensureOrganization(tx, user);
      if (await tx.invitations.hasPending(org.id, email)) throw conflict(ALREADY_PENDING);
      const product = await requireSeatForInvitation(tx, org, role, productInput ?? 'free');
      await tx.audit.record({
        type: 'invitation.sent',
        organizationId: org.id,
        actor: personOf(user),
        target: { id: null, email },
        ip,
        details: { role, product: PLAN_NAMES[product] },
      });
      return tx.invitations.create({
        organization_id: org.id,
        email,
        role,
        product,
        token_hash: tokenHash,
        invited_by: user.id,
        expires_at: expiresAt,
      });
    });
  }

  /** The caller's organization as stored now (a bulk invitation may have just created it). */
  async function orgIdOf(user: User): Promise<number | null> {
    if (user.organization_id !== null) return user.organization_id;
    return (await repos.users.findById(user.id))?.organization_id ?? null;
  }

  /** The caller's organization's pending invitation of that id, or 404 (another organization's, too). */
  async function pendingInvitationOf(user: { organization_id: number | null }, invitationId: string) {
    const id = parseId(invitationId);
    const invitation =
      id === undefined || user.organization_id === null
        ? undefined
        : await repos.invitations.findUnaccepted(user.organization_id, id);
    if (!invitation) throw notFound(message('invitation_not_found'));
    return invitation;
  }

  return {
    async getOrganizationMembers(ctx) {
      const user = await ctx.user();
      const q = membersQuery(ctx.query as DefaultedMembersQuery);
      const orgId = user.organization_id;
      if (orgId === null) {
        // A user without an organization is their own only member, matched by the members' filter.
        const matches =
          (q.userId === undefined || q.userId === user.id) &&
          (await repos.users.matchesMemberFilter(user.id, q));
        const alone = matches
          ? [presentMember({ ...user, two_factor: user.totp_secret !== null }, { withTwoFactor: true })]
          : [];
        return {
          error: false,
          data: {
            users: q.offset === 0 ? alone : [],
            invitations: [],
            total: alone.length,
            member_count: 1,
            invitations_total: 0,
            assigned_seats: assignedSeats([user.stripe_product]),
            page: q.page,
            per_page: q.limit,
          },
        };
      }
      const searching =
        q.search.trim() !== '' || q.product !== undefined || q.seatHolders || q.userId !== undefined;
      // Pending invitations (other people's emails) are only shown to admins.
      const showInvitations = roleCan(user.role, 'members.invite');
      const [org, members, matching, seats, pending] = await Promise.all([
        repos.organizations.get(orgId),
        repos.users.memberPage(orgId, q),
        searching ? repos.users.countMatching(orgId, q) : undefined,
        repos.users.assignedSeatsOf(orgId),
        showInvitations
          ? repos.invitations.pendingPageOf(orgId, { limit: q.invitationsLimit, offset: q.invitationsOffset })
          : { invitations: [], total: 0 },
      ]);
      const memberCount = Math.max(1, org.member_count);
      return {
        error: false,
        data: {
          users: members.map((member) =>
            presentMember(member, { withTwoFactor: roleCan(user.role, 'organization.security') }),
          ),
          invitations: pending.invitations.map(presentInvitation),
          total: q.userId !== undefined ? members.length : (matching ?? memberCount),
          member_count: memberCount,
          invitations_total: pending.total,
          assigned_seats: seats,
          page: q.page,
          per_page: q.limit,
        },
      };
    },

    async inviteUser(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.invite');
      const email = normalizeEmail(ctx.body.email);
      await enforceLimits(services, [[RATE_RULES.inviteIp, ctx.limitedIp]]);
      // Counted before anything is written (429 past the address's limit).
      const seal = await permitMail(services, ctx, 'invitation', email);
      const role = ctx.body.role ?? 'member';
      const invitation = await inviteOne(user, email, role, ctx.body.product, ctx.ip, seal);
      return { error: false, ...message('invitation_sent', { email }), data: presentInvitation(invitation) };
    },

    async inviteUsers(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.invite');
      await enforceLimits(services, [[RATE_RULES.inviteBulkIp, ctx.limitedIp]]);
      // The browser's preview is not trusted: the rows are judged again here, by the same judgement as
      // preview-invite-users; inviteOne checks membership and pending invitations once more in its
      // transaction, for what changed in between.
      const judged = await judgeBulkInvitation(repos, user, ctx.body.rows, ctx.body.product);
      const sent: BulkSent[] = [];
      const refused: BulkRefused[] = [];
      for (const row of judged) {
        const { line, email, normalized } = row;
        if (row.reason) {
          refused.push({ line, email, reason: row.reason, ...row.said! });
          continue;
        }
        try {
          const seal = await permitMail(services, ctx, 'invitation', normalized);
          const invitation = await inviteOne(user, normalized, row.role, ctx.body.product, ctx.ip, seal);
          sent.push({ line, email: normalized, invitation: presentInvitation(invitation) });
        } catch (error) {
          if (!(error instanceof DomainError) || error.kind === 'unavailable') throw error;
          refused.push({ line, email, reason: bulkReason(error), ...error.said });
        }
      }
      return {
        error: false,
        ...message(sent.length === 1 ? 'invitations_sent_one' : 'invitations_sent', {
          sent: sent.length,
          refused: refused.length,
        }),
        data: { sent, refused },
      };
    },

    async previewInviteUsers(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.invite');
      await enforceLimits(services, [[RATE_RULES.invitePreviewIp, ctx.limitedIp]]);
      const judged = await judgeBulkInvitation(repos, user, ctx.body.rows, ctx.body.product);
      const valid = judged.filter((row) => !row.reason).length;
      return {
        error: false,
        ...message('invitation_rows_valid', { valid, total: judged.length }),
        data: {
          rows: judged.map(({ line, email, role, otherDomain, reason, said }) => ({
            line,
            email,
            role,
            other_domain: otherDomain,
            ...(reason && said ? { reason, ...said } : {}),
          })),
        },
      };
    },

    async resendInvitation(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.invite');
      const invitation = await pendingInvitationOf(user, ctx.body.invitation_id);
      await enforceLimits(services, [[RATE_RULES.inviteIp, ctx.limitedIp]]);
      const seal = await permitMail(services, ctx, 'invitation', invitation.email);
      // A new token: the old link stops working, and the validity restarts (DESIGN.md).
      const { token, tokenHash, expiresAt } = issueInvitationToken();
      await saveAndMail(user, token, seal, async (tx) => {
        await tx.audit.record({
          type: 'invitation.resent',
          organizationId: invitation.organization_id,
          actor: personOf(user),
          target: { id: null, email: invitation.email },
          ip: ctx.ip,
        });
        return tx.invitations.reissue(invitation.id, tokenHash, expiresAt);
      });
      return { error: false, ...message('invitation_resent') };
    },

    async revokeInvitation(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.invite');
      const invitation = await pendingInvitationOf(user, ctx.body.invitation_id);
      // Audited in the same transaction: a revocation the log does not show never happened.
      const revoked = await repos.transaction(async (tx) => {
        if (!(await tx.invitations.revoke(invitation.id))) return false;
        await tx.audit.record({
          type: 'invitation.revoked',
          organizationId: invitation.organization_id,
          actor: personOf(user),
          target: { id: null, email: invitation.email },
          ip: ctx.ip,
        });
        return true;
      });
      // Accepted between the lookup and the delete: there is nothing pending to revoke any more.
      if (!revoked) throw notFound(message('invitation_not_found'));
      return { error: false, ...message('invitation_revoked', { email: invitation.email }) };
    },

    async acceptInvite(ctx) {
      const user = await ctx.optionalUser();
      const invitation = await findPendingInvitation(repos.invitations, ctx.query.token);
      const accepted =
        !invitation && user
          ? await acceptedInvitationOf(repos.invitations, ctx.query.token, user)
          : undefined;
      const found = invitation ?? accepted;
      if (!found) throw notFound(INVALID_INVITATION);
      const org = await repos.organizations.get(found.organization_id);
      const answer = (outcome: AcceptOutcome, said: Message) => ({
        error: false as const,
        ...said,
        data: { email: found.email, role: roleOf(found.role), organization_name: org.name, outcome },
      });
      if (accepted) return answer('member', INVITEE_ALREADY_MEMBER);

      // The server alone says who the visitor is to the invitation; the app shows what fits.
      if (user === undefined) return answer('valid', message('invitation_valid'));
      if (!sameEmail(user.email, found.email)) return answer('other_address', message('invitation_valid'));
      if (user.organization_id === found.organization_id) return answer('member', INVITEE_ALREADY_MEMBER);
      if (user.organization_id !== null) throw invalid(message('already_belong_another_organization'));
      refuseOwnPaidPlan(user); // said now, not after a click on a Join button that cannot work
      // Joining is the invitee's choice, made on the page (as on /join/:token), not by opening a mail.
      if (!ctx.query.join) return answer('can_join', message('invitation_valid'));
      const notice = await joinByInvitation(repos, user, found, ctx.ip);
      return answer('joined', notice ?? message('joined_organization', { organization: org.name }));
    },

    async removeOrganizationUser(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.remove');
      await removeMember(repos, user, ctx.body.user_id, ctx.ip);
      return { error: false, ...message('member_removed') };
    },

    async setUserProduct(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.edit');
      await assignProduct(repos, user, ctx.body.user_id, ctx.body.product, ctx.body.role, ctx.ip);
      return { error: false, ...message('member_updated') };
    },

    async renameOrganization(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.settings');
      const name = await renameOrganization(repos, user, ctx.body.name, ctx.ip);
      return { error: false, ...message('organization_renamed', { organization: name }) };
    },

    async moveSeat(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.edit');
      const { from, to, product } = await moveSeat(
        repos,
        user,
        { product: ctx.body.product, fromUserId: ctx.body.from_user_id, toUserId: ctx.body.to_user_id },
        ctx.ip,
      );
      const name = (member: User) => member.name || member.email;
      return {
        error: false,
        ...message('seat_moved', { plan: PLAN_NAMES[product], from: name(from), to: name(to) }),
      };
    },
  };
}
