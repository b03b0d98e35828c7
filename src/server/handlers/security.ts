/**
 * security: the audit log (list, CSV export), the caller's sessions (list, end one, end the others),
 * an admin ending a member's sessions, and password change.
 */
import { isAcceptablePassword } from '../../shared/password-strength.js';
import { AUDIT_CSV_HEADER, auditCsvCells, presentAuditEvent } from '../domain/audit.js';
import { requirePermission } from '../domain/authorization.js';
import { conflict, forbidden, invalid, notFound, unauthenticated } from '../domain/errors.js';
import { canEndSessionsOf } from '../../shared/permissions.js';
import { endedByPolicy, saveSessionPolicies } from '../domain/session-policies.js';
import { checkSecondFactor, forgetSecondFactor, INVALID_CODE, totpSecretOf } from '../domain/two-factor.js';
import { acceptTotp, newRecoveryCodes, newTotpSecret, recoveryCodeHash, totpUri } from '../security/totp.js';
import { epochSeconds, parseId } from '../domain/present.js';
import type { Handlers } from '../http/api.js';
import { keyset, sendCsv } from '../http/csv-download.js';
import { readSessionCookie } from '../http/session-cookie.js';
import { personOf, type AuditFilter, type AuditRow } from '../repositories/audit.js';
import { describeDevice, describePlace } from '../security/devices.js';
import { hashPassword, verifyPassword } from '../security/passwords.js';
import { RATE_RULES } from '../security/rate-limit.js';
import { hashToken } from '../security/tokens.js';
import type { Services } from '../services.js';
import type { User } from '../db/schema.js';
import { enforceLimits } from './limits.js';
import { timeRangeOf } from './time-range.js';
import { message } from '../../contract/messages.js';

const USER_NOT_IN_ORGANIZATION = message('member_not_found');

interface AuditQuery {
  type?: string;
  person?: string;
  from?: number;
  to?: number;
}

function auditFilter(user: User, query: AuditQuery): AuditFilter {
  return {
    viewer: { id: user.id, organizationId: user.organization_id },
    type: query.type,
    person: query.person?.trim() || undefined,
    ...timeRangeOf(query),
  };
}

export function securityHandlers(
  services: Services,
): Pick<
  Handlers,
  | 'listAuditEvents'
  | 'exportAuditEvents'
  | 'listSessions'
  | 'endSession'
  | 'endOtherSessions'
  | 'endMemberSessions'
  | 'changePassword'
  | 'getTwoFactor'
  | 'startTwoFactorSetup'
  | 'confirmTwoFactorSetup'
  | 'disableTwoFactor'
  | 'setTwoFactorRequirement'
  | 'getSessionPolicies'
  | 'setSessionPolicies'
> {
  const { repos } = services;

  /** The caller's own session id (the cookie): every operation here runs signed in. */
  function currentSession(request: Parameters<typeof readSessionCookie>[0]): string {
    const id = readSessionCookie(request);
    if (!id) throw unauthenticated();
    return id;
  }

  /** Re-authentication for two-factor changes: the password, with the same per-account limit as change-password. */
  async function requirePassword(user: User, password: string) {
    await enforceLimits(services, [[RATE_RULES.changePasswordUser, String(user.id)]]);
    if (user.password_hash === null) {
      throw invalid(message('two_factor_needs_password'));
    }
    if (!(await verifyPassword(user.password_hash, password))) throw invalid(message('password_wrong'));
  }

  return {
    async getTwoFactor(ctx) {
      const user = await ctx.user();
      return {
        error: false,
        data: {
          enabled: user.totp_secret !== null,
          recovery_codes_left:
            user.totp_secret === null ? 0 : await repos.twoFactor.unusedRecoveryCodes(user.id),
        },
      };
    },

    async startTwoFactorSetup(ctx) {
      const user = await ctx.user();
      if (user.totp_secret !== null) throw conflict(message('two_factor_already_on'));
      await requirePassword(user, ctx.body.password);
      const secret = newTotpSecret();
      await repos.users.update(user.id, { totp_pending_secret: services.secretBox.seal(secret) });
      return { error: false, data: { secret, otpauth_url: totpUri(secret, user.email) } };
    },

    async confirmTwoFactorSetup(ctx) {
      const user = await ctx.user();
      if (user.totp_secret !== null) throw conflict(message('two_factor_already_on'));
      if (user.totp_pending_secret === null) throw invalid(message('two_factor_setup_missing'));
      await enforceLimits(services, [[RATE_RULES.twoFactorUser, String(user.id)]]);
      const step = acceptTotp(totpSecretOf(services, user.totp_pending_secret), ctx.body.code, null);
      if (step === null) throw invalid(message('two_factor_setup_code_invalid'));
      const keep = currentSession(ctx.request);
      const codes = newRecoveryCodes();
      const pending = user.totp_pending_secret;
      await repos.transaction(async (tx) => {
        // On meanwhile (another confirmation of the same setup): this one changes nothing.
        if (!(await tx.users.turnOnTwoFactorIf(user.id, pending, step))) {
          throw conflict(message('two_factor_already_on'));
        }
        await tx.twoFactor.saveRecoveryCodes(user.id, codes.map(recoveryCodeHash));
        await tx.sessions.endSignInsOf(user.id, { keep });
        await tx.audit.record({
          type: 'two_factor.enabled',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
        });
      });
      return {
        error: false,
        ...message('two_factor_on'),
        data: { recovery_codes: codes },
      };
    },

    async disableTwoFactor(ctx) {
      const user = await ctx.user();
      if (user.totp_secret === null) throw conflict(message('two_factor_already_off'));
      await requirePassword(user, ctx.body.password);
      // The second factor too: a session and the password alone are what it exists to withstand.
      await enforceLimits(services, [[RATE_RULES.twoFactorUser, String(user.id)]]);
      if (!(await checkSecondFactor(services, user, ctx.body.code))) {
        await repos.audit.record({
          type: 'two_factor.code_failed',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
        });
        throw invalid(INVALID_CODE);
      }
      const keep = currentSession(ctx.request);
      await repos.transaction(async (tx) => {
        await forgetSecondFactor(tx, user, { ip: ctx.ip });
        await tx.sessions.endSignInsOf(user.id, { keep });
      });
      return { error: false, ...message('two_factor_off') };
    },

    async setTwoFactorRequirement(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.security');
      if (user.organization_id === null) {
        throw invalid(message('two_factor_requirement_needs_organization'));
      }
      const organizationId = user.organization_id;
      const required = ctx.body.required;
      await repos.transaction(async (tx) => {
        await tx.organizations.setTwoFactorRequired(organizationId, required);
        await tx.audit.record({
          type: 'two_factor.required_changed',
          organizationId,
          actor: personOf(user),
          target: null,
          ip: ctx.ip,
          details: { required },
        });
      });
      return {
        error: false,
        ...(required ? message('two_factor_requirement_on') : message('two_factor_requirement_off')),
      };
    },

    async getSessionPolicies(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.security');
      const policies = await repos.sessionPolicies.of(user.organization_id);
      return { error: false, data: { policies, your_ip: ctx.ip } };
    },

    async setSessionPolicies(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'organization.security');
      await saveSessionPolicies(repos, user, ctx.body, ctx.ip);
      return { error: false, ...message('session_policies_saved') };
    },

    async listAuditEvents(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'audit.view');
      const page = ctx.query.page ?? 1;
      const pageSize = ctx.query.page_size ?? 25;
      const { rows, total } = await repos.audit.page(auditFilter(user, ctx.query), page, pageSize);
      return {
        error: false,
        data: { events: rows.map(presentAuditEvent), total, page, page_size: pageSize },
      };
    },

    async exportAuditEvents(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'audit.view');
      const filter = auditFilter(user, ctx.query);
      return sendCsv(ctx.reply, {
        filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
        header: AUDIT_CSV_HEADER,
        batches: keyset<AuditRow>((last, limit) => repos.audit.before(filter, last?.id, limit)),
        cells: auditCsvCells,
      });
    },

    async listSessions(ctx) {
      const user = await ctx.user();
      const current = hashToken(currentSession(ctx.request));
      const policy = await repos.sessionPolicies.of(user.organization_id);
      const now = services.clock();
      // A session the organization's idle timeout or lifetime has ended is over, though not yet deleted.
      const usable = (await repos.sessions.listOf(user.id)).filter(
        (s) =>
          endedByPolicy({ createdAt: s.created_at, lastSeenAt: s.last_seen_at }, policy, now) === undefined,
      );
      const sessions = usable.map((s) => ({
        id: String(s.id),
        device: describeDevice(s.user_agent),
        place: describePlace(s.ip),
        ip: s.ip,
        created_at: epochSeconds(s.created_at)!,
        last_seen_at: epochSeconds(s.last_seen_at)!,
        current: s.id_hash === current,
      }));
      sessions.sort((a, b) => Number(b.current) - Number(a.current));
      return { error: false, data: { sessions } };
    },

    async endSession(ctx) {
      const user = await ctx.user();
      const id = parseId(ctx.body.session_id);
      const ended = await repos.transaction(async (tx) => {
        if (id === undefined || !(await tx.sessions.destroyOne(user.id, id))) return false;
        await tx.audit.record({
          type: 'sessions.ended',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
          details: { session: id },
        });
        return true;
      });
      if (!ended) throw notFound(message('session_already_ended'));
      return { error: false, ...message('session_signed_out') };
    },

    async endOtherSessions(ctx) {
      const user = await ctx.user();
      const keep = currentSession(ctx.request);
      const count = await repos.transaction(async (tx) => {
        const ended = await tx.sessions.endSignInsOf(user.id, { keep });
        await tx.audit.record({
          type: 'sessions.others_ended',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
          details: { sessions: ended },
        });
        return ended;
      });
      return {
        error: false,
        ...(count === 1
          ? message('other_session_signed_out')
          : message('other_sessions_signed_out', { count })),
      };
    },

    async endMemberSessions(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.sessions');
      const id = parseId(ctx.body.user_id);
      const organizationId = user.organization_id;
      const member =
        id === undefined || organizationId === null
          ? undefined
          : await repos.users.findMember(organizationId, id);
      if (!member || organizationId === null) throw notFound(USER_NOT_IN_ORGANIZATION);
      if (!canEndSessionsOf(user.id, member.id, await repos.organizations.get(organizationId))) {
        throw forbidden(message('billing_admin_sessions_protected'));
      }
      await repos.transaction(async (tx) => {
        await tx.sessions.endSignInsOf(member.id);
        await tx.audit.record({
          type: 'sessions.member_ended',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(member),
          ip: ctx.ip,
        });
      });
      return { error: false, ...message('member_sessions_signed_out', { email: member.email }) };
    },

    async changePassword(ctx) {
      const user = await ctx.user();
      const keep = currentSession(ctx.request);
      await enforceLimits(services, [[RATE_RULES.changePasswordUser, String(user.id)]]);
      if (user.password_hash === null) {
        throw invalid(message('password_not_set_google_account'));
      }
      if (!(await verifyPassword(user.password_hash, ctx.body.current_password))) {
        throw invalid(message('current_password_wrong'));
      }
      if (!isAcceptablePassword(ctx.body.new_password)) throw invalid(message('password_too_weak_medium'));
      const passwordHash = await hashPassword(ctx.body.new_password);
      const checked = user.password_hash;
      await repos.transaction(async (tx) => {
        // Changed meanwhile (another change, a reset): the current password given is no longer it.
        if (!(await tx.users.replacePasswordIf(user.id, checked, passwordHash))) {
          throw invalid(message('current_password_wrong'));
        }
        // Whoever knew the old password is signed out everywhere else.
        await tx.sessions.endSignInsOf(user.id, { keep });
        await tx.passwordResets.discardUnusedOf(user.id);
        await tx.audit.record({
          type: 'auth.password_changed',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
        });
      });
      // Every other browser's device cookie named the old password; this one, which knew it, stays known.
      services.deviceCookies.remember(ctx.request, ctx.reply, {
        email: user.email,
        password_hash: passwordHash,
      });
      return { error: false, ...message('password_changed') };
    },
  };
}
