/**
 * Invitation links (docs/product.md#invitation-links): create-invite-link and revoke-invite-link (admins, `organization.domain`),
 * get-invite-link (anyone who opens a link) and accept-invite-link (a signed-in user whose address is at the
 * link's verified domain joins as a Free member, through the same transaction as accepting an invitation).
 */
import {
  INVITE_LINK_DAYS,
  addressFitsDomain,
  inviteLinkPath,
  inviteLinkStatus,
} from '../../shared/invite-link.js';
import { addressProven, freeMemberGrant, joinOrganization } from '../domain/accounts.js';
import { requirePermission } from '../domain/authorization.js';
import { conflict, invalid, notFound } from '../domain/errors.js';
import { epochSeconds } from '../domain/present.js';
import type { Handlers } from '../http/api.js';
import { personOf } from '../repositories/audit.js';
import { RATE_RULES } from '../security/rate-limit.js';
import { hashToken, newToken } from '../security/tokens.js';
import type { Services } from '../services.js';
import { enforceLimits } from './limits.js';
import { PROVING_MAIL_REFUSED, inviteToProve, provingInvitationNotice } from './proving-invitation.js';
import { mailingTransactions } from '../mail/with-mails.js';
import { DAY_MS } from '../../shared/duration.js';
import { message, type Message } from '../../contract/messages.js';

const INVITE_LINK_CREATED = message('invite_link_created');
const INVITE_LINK_REVOKED_DONE = message('invite_link_revoked_now');
export const NO_INVITE_LINK = message('no_invite_link');

/** Why a link cannot be used (the texts of shared/invite-link.ts, which the app shows too), by code. */
const LINK_REFUSALS: Record<'expired' | 'revoked' | 'unknown', Message> = {
  expired: message('invite_link_expired'),
  revoked: message('invite_link_revoked'),
  unknown: message('invite_link_unknown'),
};

export function inviteLinkHandlers(
  services: Services,
): Pick<Handlers, 'createInviteLink' | 'revokeInviteLink' | 'getInviteLink' | 'acceptInviteLink'> {
  const { repos, config } = services;
  const withMails = mailingTransactions(services.mailer, repos.transaction);

  /** The link, its organization and what it is now. */
  async function lookUp(token: string) {
    const link = await repos.inviteLinks.findByTokenHash(hashToken(token));
    return { link, status: inviteLinkStatus(link, link?.organization_domain, new Date()) };
  }

  return {
    async createInviteLink(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      await enforceLimits(services, [[RATE_RULES.inviteLinkUser, String(user.id)]]);
      const orgId = user.organization_id;
      if (orgId === null) throw invalid(message('invite_link_needs_domain'));
      const token = newToken();
      const link = await repos.transaction(async (tx) => {
        // Under the organization's lock: one working link at a time, and the domain read here is the one
        // the link gets (a domain change committed between a read outside and the write would be lost).
        const org = await tx.organizations.findById(orgId, { forUpdate: true });
        if (!org?.domain) throw invalid(message('invite_link_needs_domain'));
        const domain = org.domain;
        const created = await tx.inviteLinks.replace({
          organizationId: org.id,
          tokenHash: hashToken(token),
          domain,
          createdBy: user.id,
          createdAt: new Date(),
          lifetimeMs: INVITE_LINK_DAYS * DAY_MS,
        });
        await tx.audit.record({
          type: 'invite_link.created',
          organizationId: org.id,
          actor: personOf(user),
          ip: ctx.ip,
          details: { domain },
        });
        return created;
      });
      return {
        error: false,
        ...INVITE_LINK_CREATED,
        data: {
          url: new URL(inviteLinkPath(token), config.publicUrl).toString(),
          domain: link.domain,
          created_at: epochSeconds(link.created_at)!,
          expires_at: epochSeconds(link.expires_at)!,
        },
      };
    },

    async revokeInviteLink(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      const orgId = user.organization_id;
      if (orgId === null) throw notFound(NO_INVITE_LINK);
      await repos.transaction(async (tx) => {
        if ((await tx.inviteLinks.revokeAll(orgId)) === 0) throw notFound(NO_INVITE_LINK);
        await tx.audit.record({
          type: 'invite_link.revoked',
          organizationId: orgId,
          actor: personOf(user),
          ip: ctx.ip,
        });
      });
      return { error: false, ...INVITE_LINK_REVOKED_DONE };
    },

    async getInviteLink(ctx) {
      await enforceLimits(services, [[RATE_RULES.inviteLinkCheckIp, ctx.limitedIp]]);
      const { link, status } = await lookUp(ctx.query.token);
      // Whether the caller belongs to the link's organization, not the organization's id: ids are sequential
      // and would tell anyone holding a link (even an expired one) how many organizations there are.
      const caller = link ? await ctx.optionalUser() : undefined;
      return {
        error: false,
        data: {
          status,
          member: caller !== undefined && caller.organization_id === link?.organization_id,
          organization_name: link?.organization_name ?? null,
          domain: link?.domain ?? null,
          expires_at: link ? epochSeconds(link.expires_at)! : null,
        },
      };
    },

    async acceptInviteLink(ctx) {
      const user = await ctx.user();
      await enforceLimits(services, [[RATE_RULES.inviteLinkJoinIp, ctx.limitedIp]]);
      const { link, status } = await lookUp(ctx.body.token);
      if (!link || status === 'unknown') throw notFound(LINK_REFUSALS.unknown);
      if (status !== 'valid') throw invalid(LINK_REFUSALS[status]);
      if (user.organization_id === link.organization_id) {
        throw conflict(message('already_member_of_organization'));
      }
      if (user.organization_id !== null) throw conflict(message('already_belong_organization'));
      if (!addressFitsDomain(user.email, link.domain)) throw invalid(message('invite_link_wrong_domain'));
      if (!addressProven(user)) {
        // Typing the address proved nothing: the invitation mailed to it does.
        await withMails(async (tx) => {
          const org = await tx.organizations.findById(link.organization_id, { forUpdate: true });
          if (!org) throw notFound(LINK_REFUSALS.unknown);
          const mails = await inviteToProve(services, ctx, tx, org, user.email, link.created_by, ctx.ip, {
            inviteLinkId: link.id,
          });
          return { result: null, mails };
        }, PROVING_MAIL_REFUSED);
        return {
          error: false,
          ...provingInvitationNotice(user.email, link.organization_name),
          joined: false,
        };
      }
      const grant = freeMemberGrant(link.organization_id, link.created_by);
      await joinOrganization(
        repos,
        user,
        grant,
        ctx.ip,
        async (tx) => {
          // Checked again under the organization's lock: a revoke or a new link that committed meanwhile wins.
          const now = await tx.inviteLinks.findByTokenHash(hashToken(ctx.body.token));
          const again = inviteLinkStatus(now, now?.organization_domain, new Date());
          if (again !== 'valid') throw invalid(LINK_REFUSALS[again]);
        },
        { type: 'invite_link.joined', actor: user },
      );
      return {
        error: false,
        ...message('joined_organization_free', { organization: link.organization_name }),
        joined: true,
      };
    },
  };
}
