/**
 * "Require SSO" (docs/product.md#require-sso): an organization with a single sign-on connection requires its
 * members at its DNS-verified domain to sign in through it. Password and Google sign-ins of theirs are
 * refused, and their sessions signed in otherwise end; the billing admin keeps a break-glass sign-in with
 * password and second factor. The one rule of who is held to it is `ssoRequirement`: the sign-ins
 * (handlers/auth.ts) and the session resolver (http/session-user.ts) both ask it.
 */
import { message, type Message } from '../../contract/messages.js';
import type { Organization, SignInMethod, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { Repositories } from '../repositories/index.js';
import type { SsoRequirementFacts } from '../repositories/sessions.js';
import { permittedOrganization } from './authorization.js';
import { dnsProvenDomain } from './company-domain.js';
import { conflict, forbidden, notFound } from './errors.js';
import { refuseSignInOutsideNetwork } from './session-policies.js';
import { refuseSignIn } from './sign-in-refusal.js';
import { CONNECTION_NOT_FOUND } from './sso-connections.js';

/**
 * Whether the user must sign in with single sign-on: `none`, `member`, or `billing admin` (who may also
 * sign in with password and second factor). Only addresses at the domain verified by DNS are held to it:
 * single sign-on cannot sign in any other address, and a domain no longer verified makes the setting
 * inert, so nobody is ever locked out by it.
 */
function ssoRequirement(
  user: Pick<User, 'id' | 'email'>,
  { requireSso, organization }: SsoRequirementFacts,
): 'none' | 'member' | 'billing admin' {
  const domain = dnsProvenDomain(organization);
  if (!requireSso || !organization || domain === null) return 'none';
  if (user.email.split('@')[1] !== domain) return 'none';
  return organization.billing_admin_id === user.id ? 'billing admin' : 'member';
}

/** The sign-in methods a session may have been started with to stay alive under the requirement. */
function methodsAllowed(requirement: 'member' | 'billing admin'): readonly SignInMethod[] {
  return requirement === 'billing admin' ? ['sso', 'password+code', 'password+recovery code'] : ['sso'];
}

/** The facts of a user's organization, read for a sign-in. */
async function factsOf(
  repos: Pick<Repositories, 'sso' | 'organizations'>,
  user: User,
): Promise<SsoRequirementFacts> {
  if (user.organization_id === null) return { requireSso: false, organization: null };
  const connection = await repos.sso.connectionOf(user.organization_id);
  if (!connection?.require_sso) return { requireSso: false, organization: null };
  return { requireSso: true, organization: await repos.organizations.get(user.organization_id) };
}

const ssoRequired = (user: User) => message('sso_required', { email: user.email });

/**
 * Refuses a sign-in the organization's requirement does not allow, with the sentence that sends the user
 * to "Sign in with SSO": `google`, and `password` (a login; with a second factor still to come:
 * `password+code`) of a member. The billing admin's break-glass sign-in needs the second factor; without
 * one it is refused with a sentence that says so. Answers whether the sign-in is a break-glass one.
 */
export async function checkSignInAllowed(
  repos: Repositories,
  user: User,
  method: 'password' | 'google' | 'password+code',
  ip: string | null,
): Promise<{ breakGlass: boolean }> {
  const requirement = ssoRequirement(user, await factsOf(repos, user));
  if (requirement === 'none') return { breakGlass: false };
  const refusal =
    requirement === 'member' || method === 'google'
      ? ssoRequired(user)
      : method === 'password'
        ? message('sso_break_glass_needs_two_factor')
        : undefined;
  if (!refusal) return { breakGlass: true };
  return refuseSignIn(repos, user, { method: method === 'google' ? 'google' : 'password', ip }, refusal);
}

/**
 * Whether the organization a password or Google signup joins at once (an invitation, automatic joining)
 * requires single sign-on of the new member: login's sentence, or undefined. Asked in the account's
 * transaction (refuseSignUpJoining, domain/sign-up-refusal.ts), so a refusal leaves neither the account nor
 * its membership (nor the invitation spent): the session it would start is one the resolver ends
 * (docs/product.md#require-sso). Single sign-on's own accounts never come here.
 */
export async function ssoRequiredSignUpRefusal(
  tx: Pick<Repositories, 'sso' | 'organizations'>,
  user: User,
): Promise<Message | undefined> {
  return ssoRequirement(user, await factsOf(tx, user)) === 'none' ? undefined : ssoRequired(user);
}

/**
 * reset-password's question: a member held to the requirement may not set a password, which would be a way
 * back to the password sign-ins the organization turned off; the billing admin may, for the break-glass
 * sign-in (docs/product.md#require-sso). Asked inside the reset's transaction, so a refusal leaves the
 * password as it was and the link unspent (should the requirement end). forgot-password still mails the
 * link, as for anyone: its answer must not tell who is held.
 */
export async function refusePasswordReset(
  tx: Pick<Repositories, 'sso' | 'organizations'>,
  user: User,
): Promise<void> {
  if (ssoRequirement(user, await factsOf(tx, user)) === 'member') throw forbidden(ssoRequired(user));
}

/**
 * login's one question before the password is checked: a member held to the requirement (not the billing
 * admin, whose break-glass sign-in needs the password first) is refused whatever the password, and so is a
 * member whose organization's IP allow-list leaves out `ip`, so the answer never tells whether a password
 * is right (docs/product.md#require-sso, docs/product.md#session-and-network-policies), and nothing is
 * written but the refusal's audit entry.
 */
export async function refuseBeforePassword(repos: Repositories, user: User, ip: string): Promise<void> {
  if (ssoRequirement(user, await factsOf(repos, user)) === 'member') {
    await checkSignInAllowed(repos, user, 'password', ip);
  }
  // Audited as the way in the login would be: with the second factor still to come, if the account has one.
  await refuseSignInOutsideNetwork(repos, user, user.totp_secret !== null ? 'password+code' : 'password', ip);
}

/**
 * The session resolver's question: a live session of a user held to the requirement, not signed in in a
 * way it allows, ends (said once, on its next call).
 */
export function sessionSsoRefusal(
  user: Pick<User, 'id' | 'email'>,
  session: { signInMethod: SignInMethod | null; sso: SsoRequirementFacts },
): Message | undefined {
  const requirement = ssoRequirement(user, session.sso);
  if (requirement === 'none') return undefined;
  if (session.signInMethod !== null && methodsAllowed(requirement).includes(session.signInMethod)) {
    return undefined;
  }
  return message('sso_required_session_ended');
}

/**
 * Whether the admin signed in through the connection within the last hour: this session was signed in
 * with single sign-on then, or the admin's own test of the connection then signed in the admin's own
 * address (the identity provider proved it can sign the admin in). Either way the admin is not locked out
 * by turning the requirement on.
 */
async function signedInThroughItRecently(
  repos: Pick<Repositories, 'sessions' | 'audit'>,
  admin: User,
  organizationId: number,
  sessionId: string | undefined,
): Promise<boolean> {
  const session = sessionId ? await repos.sessions.signedIn(sessionId) : undefined;
  if (session?.method === 'sso' && session.withinAnHour) return true;
  return repos.audit.happenedWithinAnHour({
    type: 'sso.connection_tested',
    organizationId,
    actorId: admin.id,
    targetEmail: admin.email,
  });
}

/** Whether the admin's own session (of the cookie `sessionId`) is one the requirement, now on, ends. */
async function ownSessionEnds(
  repos: Pick<Repositories, 'sessions'>,
  admin: User,
  organization: Organization,
  sessionId: string,
): Promise<boolean> {
  const own = await repos.sessions.signedIn(sessionId);
  const sso = { requireSso: true, organization };
  return own !== undefined && sessionSsoRefusal(admin, { signInMethod: own.method, sso }) !== undefined;
}

/**
 * Turns the requirement on or off (`organization.sso`), audited. On: refused unless the connection was
 * tested since its last change and the admin signed in through it within the last hour; the non-SSO
 * sessions and the pending sign-ins of the members held to it end in the same transaction
 * (`endSignInsOf`, docs/invariants.md#sessions-and-pending-sign-ins-end-together), but the billing admin's
 * break-glass sessions, and the admin's own, which the session resolver ends on its next call. Answers the
 * domain and how many sessions ended.
 */
export async function setRequireSso(
  repos: Repositories,
  admin: User,
  enabled: boolean,
  { sessionId, ip }: { sessionId: string | undefined; ip: string | null },
): Promise<{ domain: string; sessionsEnded: number }> {
  const organization = await permittedOrganization(repos, admin, 'organization.sso');
  if (!organization) throw notFound(CONNECTION_NOT_FOUND);
  return repos.transaction(async (tx) => {
    // Two admins at once take turns; the connection may have been deleted or changed meanwhile.
    const locked = await tx.organizations.findById(organization.id, { forUpdate: true });
    const connection = await tx.sso.connectionOf(organization.id, { forUpdate: true });
    if (!locked || !connection) throw notFound(CONNECTION_NOT_FOUND);
    const domain = dnsProvenDomain(locked) ?? locked.domain ?? '';
    if (connection.require_sso === enabled) return { domain, sessionsEnded: 0 };
    if (enabled && connection.tested_at === null) throw conflict(message('sso_require_needs_test'));
    if (enabled && !(await signedInThroughItRecently(tx, admin, organization.id, sessionId))) {
      throw conflict(message('sso_require_needs_recent_sign_in'));
    }
    await tx.sso.setRequireSso(connection.id, enabled);
    let sessionsEnded = 0;
    if (enabled && dnsProvenDomain(locked) !== null) {
      const members = await tx.users.memberIdsAt(organization.id, domain);
      const billingAdmin = members.filter((id) => id === locked.billing_admin_id);
      const others = members.filter((id) => id !== locked.billing_admin_id);
      // The admin's own session, when it is one that ends, is left to the session resolver, which ends it
      // on its next call saying why (sso_required_session_ended): the admin's page then explains instead of
      // meeting a bare 401. It can do nothing else meanwhile, and it counts among those ended.
      sessionsEnded += await tx.sessions.endSignInsOf(others, {
        keep: sessionId,
        keepSignedInWith: methodsAllowed('member'),
      });
      sessionsEnded += await tx.sessions.endSignInsOf(billingAdmin, {
        keep: sessionId,
        keepSignedInWith: methodsAllowed('billing admin'),
      });
      if (sessionId && (await ownSessionEnds(tx, admin, locked, sessionId))) sessionsEnded += 1;
    }
    await tx.audit.record({
      type: 'sso.required_changed',
      organizationId: organization.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: { required: enabled, domain, sessions: sessionsEnded },
    });
    return { domain, sessionsEnded };
  });
}
