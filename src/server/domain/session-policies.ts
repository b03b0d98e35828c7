/**
 * Session and network policies per organization (docs/product.md#session-and-network-policies): what ends
 * or refuses a member's session (applied by the one session resolver, http/session-user.ts), and an admin
 * saving them, checked and audited with before and after.
 */
import { message, type Message } from '../../contract/messages.js';
import { firstInvalidEntry, isAddressAllowed, normalizeAllowList } from '../../shared/ip-allow-list.js';
import type { SignInMethod, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { Repositories } from '../repositories/index.js';
import type { SessionFacts } from '../repositories/sessions.js';
import type { SessionPolicy } from '../repositories/session-policies.js';
import { conflict, invalid } from './errors.js';
import { refuseSignIn } from './sign-in-refusal.js';
import { ensureOrganization } from './organizations.js';

const MINUTE_MS = 60_000;

/**
 * Why a live session may not be used: `ended` (past the organization's idle timeout or lifetime: the
 * session is over), `outside-network` (the caller's address is not on the allow-list: the session
 * stays, for when they call from inside again) or `two-factor` (the organization requires two-factor
 * sign-in, not set up yet: only setting it up is let through, two-factor.ts). Undefined: it may.
 */
export type SessionRefusal = { kind: 'ended' | 'outside-network' | 'two-factor'; said: Message };

export function sessionRefusal(session: SessionFacts, now: Date, ip: string): SessionRefusal | undefined {
  const ended = endedByPolicy(session, session.policy, now);
  if (ended) return { kind: 'ended', said: ended };
  const outside = networkRefusal(session.policy.ip_allow_list, ip);
  return outside ? { kind: 'outside-network', said: outside } : undefined;
}

/**
 * Why the organization's policy has ended a session (past its lifetime or idle timeout), or undefined: for
 * its next call (sessionRefusal) and for the sessions list, which shows only sessions that can still be used.
 */
export function endedByPolicy(
  session: Pick<SessionFacts, 'createdAt' | 'lastSeenAt'>,
  policy: Pick<SessionPolicy, 'idle_timeout_minutes' | 'session_lifetime_minutes'>,
  now: Date,
): Message | undefined {
  const { idle_timeout_minutes: idle, session_lifetime_minutes: lifetime } = policy;
  if (lifetime !== null && now.getTime() - session.createdAt.getTime() > lifetime * MINUTE_MS) {
    return message('session_lifetime_reached', { minutes: lifetime });
  }
  // The idle clock is written at most once a minute (repositories/sessions.ts): to within that minute.
  if (idle !== null && now.getTime() - session.lastSeenAt.getTime() > idle * MINUTE_MS) {
    return message('session_idle_timeout', { minutes: idle });
  }
  return undefined;
}

/**
 * The one rule of the IP allow-list (docs/product.md#session-and-network-policies), for a session's calls
 * (sessionRefusal) and a sign-in (refuseSignInOutsideNetwork) alike: the sentence refusing `ip` (as
 * Fastify computes it, TRUST_PROXY's hops trusted) when the organization's list leaves it out.
 */
function networkRefusal(allowList: readonly string[], ip: string): Message | undefined {
  return isAddressAllowed(allowList, ip) ? undefined : message('ip_not_allowed', { ip });
}

/**
 * Whether the organization's allow-list refuses a way in from `ip`: the sentence saying so, or undefined.
 * Every sign-in and every signup that joins an organization asks it (refuseSignInOutsideNetwork; single
 * sign-on before it links, joins or creates anyone, domain/sso-sign-in.ts; refuseSignUpJoining,
 * domain/sign-up-refusal.ts), so a refused way in writes nothing but its audit entry.
 */
export async function networkRefusalOf(
  repos: Pick<Repositories, 'sessionPolicies'>,
  organizationId: number | null,
  ip: string,
): Promise<Message | undefined> {
  if (organizationId === null) return undefined;
  const { ip_allow_list } = await repos.sessionPolicies.of(organizationId);
  return networkRefusal(ip_allow_list, ip);
}

/**
 * A sign-in of a member from outside their organization's allow-list is refused before anything starts (no
 * session, no pending sign-in), audited like the other refusals of a sign-in (`auth.sign_in_failed`, the
 * code as reason). Every sign-in asks it: `signIn` (handlers/auth.ts) for all of them, and the steps that
 * would change something first (a password's pending sign-in, Google's linking).
 */
export async function refuseSignInOutsideNetwork(
  repos: Pick<Repositories, 'sessionPolicies' | 'audit'>,
  user: User,
  method: SignInMethod,
  ip: string,
): Promise<void> {
  const refusal = await networkRefusalOf(repos, user.organization_id, ip);
  if (refusal) await refuseSignIn(repos, user, { method, ip }, refusal);
}

/**
 * The policy as it will be saved: the list trimmed and without repeats; refused when an entry is not an
 * address or a range (400 naming it) or when the list would shut out the admin saving it, from `ip`.
 */
function checkedPolicy(policy: SessionPolicy, ip: string): SessionPolicy {
  const list = normalizeAllowList(policy.ip_allow_list);
  const malformed = firstInvalidEntry(list);
  if (malformed !== undefined) throw invalid(message('ip_allow_list_entry_invalid', { entry: malformed }));
  if (!isAddressAllowed(list, ip)) throw conflict(message('ip_allow_list_locks_you_out', { ip }));
  return { ...policy, ip_allow_list: list };
}

/** Saves an admin's policies, each part audited with before and after when it changed. */
export async function saveSessionPolicies(
  repos: Repositories,
  admin: User,
  policy: SessionPolicy,
  ip: string,
): Promise<void> {
  const next = checkedPolicy(policy, ip);
  await repos.transaction(async (tx) => {
    const org = await ensureOrganization(tx, admin);
    // Two admins saving at once take turns, so each entry's "before" is what the other saved.
    await tx.organizations.findById(org.id, { forUpdate: true });
    const before = await tx.sessionPolicies.of(org.id);
    await tx.sessionPolicies.save(org.id, next);
    const audit = { organizationId: org.id, actor: personOf(admin), target: null, ip };
    if (
      before.idle_timeout_minutes !== next.idle_timeout_minutes ||
      before.session_lifetime_minutes !== next.session_lifetime_minutes
    ) {
      await tx.audit.record({
        ...audit,
        type: 'organization.session_policy_changed',
        details: {
          idle_from: before.idle_timeout_minutes,
          idle_to: next.idle_timeout_minutes,
          lifetime_from: before.session_lifetime_minutes,
          lifetime_to: next.session_lifetime_minutes,
        },
      });
    }
    if (before.ip_allow_list.join(',') !== next.ip_allow_list.join(',')) {
      await tx.audit.record({
        ...audit,
        type: 'organization.ip_allow_list_changed',
        details: { from: before.ip_allow_list.join(', '), to: next.ip_allow_list.join(', ') },
      });
    }
  });
}
