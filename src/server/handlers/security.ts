/**
 * security: the audit log (list, CSV export), the caller's sessions (list, end one, end the others),
 * an admin ending a member's sessions, and password change.
 */
import { isAcceptablePassword, RESET_PASSWORD_MESSAGE } from '../../shared/password-strength.js';
import { AUDIT_EXPORT_LIMIT, auditCsv, presentAuditEvent } from '../domain/audit.js';
import { requirePermission } from '../domain/authorization.js';
import { invalid, notFound, unauthenticated } from '../domain/errors.js';
import { epochSeconds, parseId } from '../domain/present.js';
import type { Handlers } from '../http/api.js';
import { readSessionCookie } from '../http/session-cookie.js';
import { personOf, type AuditFilter } from '../repositories/audit.js';
import { describeDevice, describePlace } from '../security/devices.js';
import { hashPassword, verifyPassword } from '../security/passwords.js';
import { RATE_RULES } from '../security/rate-limit.js';
import { hashToken } from '../security/tokens.js';
import type { Services } from '../services.js';
import type { User } from '../db/schema.js';
import { enforceLimits } from './limits.js';

const USER_NOT_IN_ORGANIZATION = 'User not found in your organization';

interface AuditQuery {
  type?: string;
  person?: string;
  from?: number;
  to?: number;
}

function auditFilter(user: User, query: AuditQuery): AuditFilter {
  if (query.from !== undefined && query.to !== undefined && query.from > query.to) {
    throw invalid('The start of the period must be before its end.');
  }
  return {
    viewer: { id: user.id, organizationId: user.organization_id },
    type: query.type,
    person: query.person?.trim() || undefined,
    from: query.from,
    to: query.to,
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
> {
  const { repos } = services;

  /** The caller's own session id (the cookie): every operation here runs signed in. */
  function currentSession(request: Parameters<typeof readSessionCookie>[0]): string {
    const id = readSessionCookie(request);
    if (!id) throw unauthenticated();
    return id;
  }

  return {
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
      const rows = await repos.audit.all(auditFilter(user, ctx.query), AUDIT_EXPORT_LIMIT + 1);
      const truncated = rows.length > AUDIT_EXPORT_LIMIT;
      const kept = truncated ? rows.slice(0, AUDIT_EXPORT_LIMIT) : rows;
      return {
        error: false,
        data: {
          filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`,
          csv: auditCsv(kept),
          rows: kept.length,
          truncated,
        },
      };
    },

    async listSessions(ctx) {
      const user = await ctx.user();
      const current = hashToken(currentSession(ctx.request));
      const sessions = (await repos.sessions.listOf(user.id)).map((s) => ({
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
      if (!ended) throw notFound('This session has already ended.');
      return { error: false, message: 'The session was signed out.' };
    },

    async endOtherSessions(ctx) {
      const user = await ctx.user();
      const keep = currentSession(ctx.request);
      const count = await repos.transaction(async (tx) => {
        const ended = await tx.sessions.destroyOthersOf(user.id, keep);
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
        message: count === 1 ? 'Signed out 1 other session.' : `Signed out ${count} other sessions.`,
      };
    },

    async endMemberSessions(ctx) {
      const user = await ctx.user();
      requirePermission(user, 'members.sessions');
      const id = parseId(ctx.body.user_id);
      const member =
        id === undefined || user.organization_id === null
          ? undefined
          : await repos.users.findMember(user.organization_id, id);
      if (!member) throw notFound(USER_NOT_IN_ORGANIZATION);
      await repos.transaction(async (tx) => {
        await tx.sessions.destroyAllOf(member.id);
        await tx.audit.record({
          type: 'sessions.member_ended',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(member),
          ip: ctx.ip,
        });
      });
      return { error: false, message: `Every session of ${member.email} was signed out.` };
    },

    async changePassword(ctx) {
      const user = await ctx.user();
      const keep = currentSession(ctx.request);
      await enforceLimits(services, [[RATE_RULES.changePasswordUser, String(user.id)]]);
      if (user.password_hash === null) {
        throw invalid('Your account signs in with Google: set a password with "Forgot password" first.');
      }
      if (!(await verifyPassword(user.password_hash, ctx.body.current_password))) {
        throw invalid('Your current password is not correct.');
      }
      if (!isAcceptablePassword(ctx.body.new_password)) throw invalid(RESET_PASSWORD_MESSAGE);
      const passwordHash = await hashPassword(ctx.body.new_password);
      await repos.transaction(async (tx) => {
        await tx.users.update(user.id, { password_hash: passwordHash });
        // Whoever knew the old password is signed out everywhere else.
        await tx.sessions.destroyOthersOf(user.id, keep);
        await tx.passwordResets.discardUnusedOf(user.id);
        await tx.audit.record({
          type: 'auth.password_changed',
          organizationId: user.organization_id,
          actor: personOf(user),
          target: personOf(user),
          ip: ctx.ip,
        });
      });
      return { error: false, message: 'Your password was changed. Your other sessions were signed out.' };
    },
  };
}
