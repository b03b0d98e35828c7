/**
 * Company domain (docs/product.md#company-domain-and-join-requests): get-company-domain, start-domain-verification, verify-domain,
 * set-domain-auto-join, decide-join-request (admins, `organization.domain`), get-join-option and
 * request-to-join (a signed-in user without organization whose address is at a verified domain). Approving a request joins the
 * requester through the same path as accepting an invitation (joinOrganization), as a Free member.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { JOIN_REQUEST_DAYS, domainOf, domainRefusal, normalizeDomain } from '../../shared/company-domain.js';
import { normalizeEmail } from '../../shared/email.js';
import type { Organization, User } from '../db/schema.js';
import { txtValueOf } from '../dns/txt-proof.js';
import { addressProven, freeMemberGrant, joinOrganization } from '../domain/accounts.js';
import { requirePermission } from '../domain/authorization.js';
import { conflict, invalid, notFound, unavailable } from '../domain/errors.js';
import { ensureOrganization } from '../domain/organizations.js';
import { epochSeconds, parseId } from '../domain/present.js';
import type { Handlers } from '../http/api.js';
import { domainVerificationMail, joinRequestMail, personInMail } from '../mail/templates.js';
import { limitMails, permitMail } from '../mail/mail-limits.js';
import { mailingTransactions } from '../mail/with-mails.js';
import { personOf } from '../repositories/audit.js';
import { RATE_RULES } from '../security/rate-limit.js';
import { hashToken } from '../security/tokens.js';
import type { Services } from '../services.js';
import { enforceLimits } from './limits.js';
import { inviteToProve } from './proving-invitation.js';
import { DAY_MS } from '../../shared/duration.js';
import { message, type Message } from '../../contract/messages.js';

const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export const WRONG_DOMAIN_CODE = message('domain_code_wrong');
export const DOMAIN_CODE_BURNT = message('domain_code_burnt');
export const JOIN_REQUEST_CLOSED = message('join_request_gone');
export const VERIFY_DOMAIN_FIRST = message('domain_not_verified');
export const AUTO_JOIN_ON = message('domain_join_automatic');
export const AUTO_JOIN_OFF = message('domain_join_by_request');
/** The code is what the admin needs: without its mail, the verification is refused. */
const MAIL_REFUSED = { refuse: message('mail_failed') };
/** Over SMTP, an approval whose invitation did not go out: it stays pending, for the admin to resend. */
const CONFIRMING_MAIL_REFUSED = {
  refuse: message('invitation_mail_failed_resend'),
};

/** What the admin reads after approving a request of an address its owner has not proved. */
export function confirmingApprovalMessage(email: string): Message {
  return message('requester_invited_to_confirm', { email });
}

/** What the requester reads when asking with an address they have not proved. */
export function unconfirmedRequestMessage(organization: string, email: string): Message {
  return message('join_request_sent_confirm_address', { organization, email });
}

export const START_DNS_FIRST = message('dns_domain_required');
export const noTxtRecord = (domain: string) => message('dns_record_missing', { domain });
export const wrongTxtValue = (domain: string) => message('dns_record_mismatch', { domain });
export const dnsNotAnswering = (domain: string) => message('dns_unanswered', { domain });
/** DNS failing is an outage of a service we depend on, not a mistake of the admin: asked again after this. */
const DNS_RETRY_AFTER_SECONDS = 120;

/**
 * The TXT record to publish: at the pending domain while one waits, else at the DNS-verified domain
 * (to keep); null before any DNS verification was started.
 */
function dnsRecordOf(org: Organization) {
  const domain = org.pending_domain ?? (org.domain_method === 'dns' ? org.domain : null);
  if (!org.domain_txt_token || !domain) return null;
  return { type: 'TXT' as const, name: domain, value: txtValueOf(org.domain_txt_token) };
}

/** 8 characters without look-alikes (0/O, 1/I): short enough to read out, 40 bits of chance. */
function newDomainCode(): string {
  return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** The code as typed: case and spaces ignored. */
const codeHashOf = (code: string) => hashToken(code.replace(/\s+/g, '').toUpperCase());

export function companyDomainHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'getCompanyDomain'
  | 'startDomainVerification'
  | 'verifyDomain'
  | 'startDnsVerification'
  | 'checkDnsVerification'
  | 'setDomainAutoJoin'
  | 'decideJoinRequest'
  | 'getJoinOption'
  | 'requestToJoin'
> {
  const { repos, config } = services;
  const withMails = mailingTransactions(services.mailer, repos.transaction);
  const organizationLink = (params: Record<string, string> = {}) => {
    const url = new URL('/dashboard/organization', config.publicUrl);
    for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
    return url.toString();
  };

  /** The organization of a domain a user without organization may ask to join. */
  async function joinOptionOf(user: User) {
    if (user.organization_id !== null) return undefined;
    const domain = domainOf(user.email);
    if (!domain) return undefined;
    const org = await repos.companyDomain.findByDomain(domain);
    return org ? { org, domain } : undefined;
  }

  /** Both proofs of a domain (mailed code, DNS record) start only for a domain no other organization holds, within the start limits. */
  async function mayStartProof(user: User, domain: string) {
    const owner = await repos.companyDomain.findByDomain(domain);
    if (owner && owner.id !== user.organization_id) {
      throw conflict(message('domain_taken', { domain }));
    }
    await enforceLimits(services, [
      [RATE_RULES.domainStartUser, String(user.id)],
      [RATE_RULES.domainStartOrg, user.organization_id === null ? undefined : String(user.organization_id)],
    ]);
  }

  return {
    async getCompanyDomain(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      const org =
        user.organization_id === null ? undefined : await repos.organizations.get(user.organization_id);
      const requests = org ? await repos.companyDomain.openRequestsOf(org.id) : [];
      const link = org?.domain ? await repos.inviteLinks.workingOf(org.id, org.domain) : undefined;
      return {
        error: false,
        data: {
          domain: org?.domain ?? null,
          pending_domain: org?.pending_domain ?? null,
          pending_email: org?.pending_domain_email ?? null,
          auto_join: org?.domain_auto_join ?? false,
          method: org?.domain ? (org.domain_method ?? 'mail') : null,
          dns_record: org ? dnsRecordOf(org) : null,
          record_missing_at: epochSeconds(org?.domain_record_missing_at ?? null),
          join_requests: requests.map((request) => ({
            id: String(request.id),
            email: request.email,
            name: request.name,
            address_confirmed: addressProven(request),
            created_at: epochSeconds(request.created_at)!,
            expires_at: epochSeconds(request.expires_at)!,
          })),
          invite_link: link
            ? {
                domain: link.domain,
                created_at: epochSeconds(link.created_at)!,
                expires_at: epochSeconds(link.expires_at)!,
              }
            : null,
        },
      };
    },

    async startDomainVerification(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      const domain = normalizeDomain(ctx.body.domain);
      const refusal = domainRefusal(domain);
      if (refusal) throw invalid(message(refusal));
      const email = normalizeEmail(ctx.body.email ?? user.email);
      if (domainOf(email) !== domain) {
        throw invalid(
          ctx.body.email === undefined
            ? message('own_address_not_at_domain', { domain })
            : message('address_not_at_domain', { domain }),
        );
      }
      // Each start mails the code, quoting the admin's name, to an address the admin chose.
      await mayStartProof(user, domain);
      const seal = await permitMail(services, ctx, 'domainVerification', email);
      const code = newDomainCode();
      await withMails(async (tx) => {
        const org = await ensureOrganization(tx, user);
        await tx.companyDomain.setPending(org.id, {
          domain,
          email,
          codeHash: codeHashOf(code),
          expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
        });
        const link = organizationLink({ domain_code: code });
        return {
          result: undefined,
          mails: [seal(domainVerificationMail(email, user.name || user.email, domain, code, link))],
        };
      }, MAIL_REFUSED);
      return { error: false, ...message('domain_code_sent', { email }) };
    },

    async verifyDomain(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      if (user.organization_id === null) throw invalid(WRONG_DOMAIN_CODE);
      const orgId = user.organization_id;
      const mailedTo = (await repos.organizations.findById(orgId))?.pending_domain_email ?? undefined;
      // Every attempt counts, right or wrong: a code has 40 bits, and a new one can always be started.
      await enforceLimits(services, [
        [RATE_RULES.domainVerifyUser, String(user.id)],
        [RATE_RULES.domainVerifyOrg, String(orgId)],
        [RATE_RULES.domainVerifyAddress, mailedTo],
      ]);
      type Outcome = { wrongFor: string } | { verified: string };
      const outcome = await repos.transaction(async (tx): Promise<Outcome> => {
        const org = await tx.organizations.findById(orgId, { forUpdate: true });
        const expires = org?.domain_code_expires_at;
        if (
          !org?.pending_domain ||
          !org.domain_code_hash ||
          !expires ||
          new Date(expires).getTime() <= Date.now()
        ) {
          throw invalid(WRONG_DOMAIN_CODE);
        }
        if (org.domain_code_hash !== codeHashOf(ctx.body.code)) return { wrongFor: org.domain_code_hash };
        const owner = await tx.companyDomain.findByDomain(org.pending_domain);
        if (owner && owner.id !== org.id) {
          throw conflict(message('domain_taken', { domain: org.pending_domain }));
        }
        await tx.companyDomain.confirmPending(org.id, org.pending_domain, 'mail');
        // A link made for another domain would let its addresses in: it stops working with the change.
        if (org.domain !== org.pending_domain) await tx.inviteLinks.revokeAll(org.id);
        await tx.audit.record({
          type: 'domain.verified',
          organizationId: org.id,
          actor: personOf(user),
          target: { id: null, email: org.pending_domain_email },
          ip: ctx.ip,
          details: { domain: org.pending_domain },
        });
        return { verified: org.pending_domain };
      });
      if ('wrongFor' in outcome) {
        // The code the wrong one was meant for is burnt at its fifth wrong guess.
        if (!(await services.rateLimiter.hit(RATE_RULES.domainCodeWrong, outcome.wrongFor))) {
          await repos.companyDomain.burnCode(orgId, outcome.wrongFor);
          throw invalid(DOMAIN_CODE_BURNT);
        }
        throw invalid(WRONG_DOMAIN_CODE);
      }
      const domain = outcome.verified;
      return { error: false, ...message('domain_verified', { domain }) };
    },

    async startDnsVerification(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      const domain = normalizeDomain(ctx.body.domain);
      const refusal = domainRefusal(domain);
      if (refusal) throw invalid(message(refusal));
      await mayStartProof(user, domain);
      const token = await repos.transaction(async (tx) => {
        const org = await ensureOrganization(tx, user);
        return tx.companyDomain.setDnsPending(org.id, domain, randomBytes(16).toString('hex'));
      });
      return {
        error: false,
        ...message('dns_record_to_add', { domain }),
        data: { type: 'TXT', name: domain, value: txtValueOf(token) },
      };
    },

    async checkDnsVerification(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      const orgId = user.organization_id;
      const pending = orgId === null ? undefined : await repos.organizations.findById(orgId);
      if (orgId === null || !pending?.pending_domain || !pending.domain_txt_token)
        throw invalid(START_DNS_FIRST);
      // Each check asks DNS: limited like the codes' attempts.
      await enforceLimits(services, [
        [RATE_RULES.domainVerifyUser, String(user.id)],
        [RATE_RULES.domainVerifyOrg, String(orgId)],
      ]);
      const domain = pending.pending_domain;
      const proof = await services.dns.checkTxt(domain, txtValueOf(pending.domain_txt_token));
      if (!proof.found) {
        if (proof.reason === 'no_record') throw invalid(noTxtRecord(domain));
        if (proof.reason === 'wrong_value') throw invalid(wrongTxtValue(domain));
        throw unavailable(dnsNotAnswering(domain), DNS_RETRY_AFTER_SECONDS);
      }
      await repos.transaction(async (tx) => {
        const org = await tx.organizations.findById(orgId, { forUpdate: true });
        // Another start meanwhile (another domain): this proof was for a domain no longer pending.
        if (org?.pending_domain !== domain) throw invalid(START_DNS_FIRST);
        const owner = await tx.companyDomain.findByDomain(domain);
        if (owner && owner.id !== org.id) {
          throw conflict(message('domain_taken', { domain }));
        }
        await tx.companyDomain.confirmPending(org.id, domain, 'dns');
        // A link made for another domain would let its addresses in: it stops working with the change.
        if (org.domain !== domain) await tx.inviteLinks.revokeAll(org.id);
        await tx.audit.record({
          type: 'domain.verified',
          organizationId: org.id,
          actor: personOf(user),
          target: null,
          ip: ctx.ip,
          details: { domain, method: 'dns' },
        });
      });
      return { error: false, ...message('domain_verified', { domain }) };
    },

    async setDomainAutoJoin(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      const orgId = user.organization_id;
      const enabled = ctx.body.enabled;
      await repos.transaction(async (tx) => {
        if (orgId === null || !(await tx.companyDomain.setAutoJoin(orgId, enabled))) {
          throw invalid(VERIFY_DOMAIN_FIRST);
        }
        await tx.audit.record({
          type: 'domain.auto_join_changed',
          organizationId: orgId,
          actor: personOf(user),
          target: null,
          ip: ctx.ip,
          details: { enabled },
        });
      });
      return { error: false, ...(enabled ? AUTO_JOIN_ON : AUTO_JOIN_OFF) };
    },

    async decideJoinRequest(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.domain');
      const id = parseId(ctx.body.request_id);
      const [request] =
        id === undefined || user.organization_id === null
          ? []
          : await repos.companyDomain.openRequestsOf(user.organization_id, id);
      if (!request) {
        if (id !== undefined && user.organization_id !== null) {
          const any = await repos.companyDomain.findRequest(user.organization_id, id);
          if (any) throw invalid(JOIN_REQUEST_CLOSED);
        }
        throw notFound(message('join_request_not_found'));
      }
      if (ctx.body.decision === 'decline') {
        await repos.transaction(async (tx) => {
          if (!(await tx.companyDomain.close(request.id, 'declined', user.id)))
            throw invalid(JOIN_REQUEST_CLOSED);
          await tx.audit.record({
            type: 'join_request.declined',
            organizationId: request.organization_id,
            actor: personOf(user),
            target: { id: request.user_id, email: request.email },
            ip: ctx.ip,
          });
        });
        return { error: false, ...message('join_request_declined', { email: request.email }) };
      }
      const requester = await repos.users.findById(request.user_id);
      if (!requester) throw notFound(message('join_request_not_found'));
      if (requester.organization_id !== null) {
        await repos.companyDomain.close(request.id, 'declined', user.id);
        throw conflict(message('requester_has_organization', { email: request.email }));
      }
      if (!addressProven(requester)) {
        // Typing the address proved nothing: the join waits for the invitation mailed to it.
        await withMails(async (tx) => {
          const org = await tx.organizations.findById(request.organization_id, { forUpdate: true });
          if (!org || !(await tx.companyDomain.close(request.id, 'approved', user.id))) {
            throw invalid(JOIN_REQUEST_CLOSED);
          }
          await tx.audit.record({
            type: 'join_request.approved',
            organizationId: org.id,
            actor: personOf(user),
            target: personOf(requester),
            ip: ctx.ip,
            details: { role: 'member', address_confirmed: false },
          });
          const mails = await inviteToProve(services, ctx, tx, org, requester.email, user.id, ctx.ip, null);
          return { result: null, mails };
        }, CONFIRMING_MAIL_REFUSED);
        return { error: false, ...confirmingApprovalMessage(request.email) };
      }
      const grant = freeMemberGrant(request.organization_id, user.id);
      await joinOrganization(
        repos,
        requester,
        grant,
        ctx.ip,
        async (tx) => {
          if (!(await tx.companyDomain.close(request.id, 'approved', user.id)))
            throw invalid(JOIN_REQUEST_CLOSED);
        },
        { type: 'join_request.approved', actor: user },
      );
      return { error: false, ...message('requester_joined', { email: request.email }) };
    },

    async getJoinOption(ctx) {
      const user = await ctx.user();
      const option = await joinOptionOf(user);
      if (!option) return { error: false, data: null };
      return {
        error: false,
        data: {
          organization_name: option.org.name,
          domain: option.domain,
          requested: await repos.companyDomain.hasOpenRequest(option.org.id, user.id),
          address_confirmed: addressProven(user),
          invited: await repos.invitations.hasPending(option.org.id, user.email),
        },
      };
    },

    async requestToJoin(ctx) {
      const user = await ctx.user();
      if (user.organization_id !== null) throw invalid(message('already_belong_organization'));
      const option = await joinOptionOf(user);
      if (!option) throw invalid(message('no_organization_for_domain'));
      const { org } = option;
      await withMails(async (tx) => {
        await tx.organizations.findById(org.id, { forUpdate: true }); // one open request per person
        if (await tx.companyDomain.hasOpenRequest(org.id, user.id)) {
          throw conflict(message('join_request_waiting'));
        }
        await tx.companyDomain.createRequest(org.id, user.id, new Date(), JOIN_REQUEST_DAYS * DAY_MS);
        const admins = await tx.companyDomain.adminEmailsOf(org.id);
        const link = organizationLink();
        const proven = addressProven(user);
        const mails = admins.map((to) => joinRequestMail(to, personInMail(user), org.name, link, proven));
        // Anyone can sign up at the domain, again and again: each admin's inbox is limited.
        return { result: undefined, mails: await limitMails(services, ctx, 'joinRequest', mails, tx.trx) };
      }, null);
      return {
        error: false,
        ...(addressProven(user)
          ? message('join_request_sent', { organization: org.name })
          : unconfirmedRequestMessage(org.name, user.email)),
      };
    },
  };
}
