/**
 * docs/product.md#single-sign-on: signing in through an organization's identity provider. A sign-in starts
 * with a random state, PKCE verifier and nonce (kept sealed, the state's hash the key) bound to the browser
 * by a cookie; the answer is accepted once, within 10 minutes, from that browser. Who signs in:
 * - the account linked to the identity, or the account whose address it is when that address is proven
 *   (a typed address proves nothing: single sign-on never takes over an unproven account);
 * - a new account, its address proven, when there is none: a Free member of the organization, by the same
 *   join as every other way in (createAccount, joinWithin: docs/invariants.md).
 * The identity provider speaks only for the organization's domain verified by DNS. Every refusal is
 * audited; the session is started by the caller through the one function that starts sessions.
 */
import { domainOf } from '../../shared/company-domain.js';
import { normalizeEmail } from '../../shared/email.js';
import { ssoDomainOf } from '../../shared/sso.js';
import type { Organization, SsoConnection, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { InTransaction } from '../repositories/index.js';
import { hashToken, newToken } from '../security/tokens.js';
import { SsoRejected, SsoUnreachable, type SignInSecrets, type SsoIdentity } from '../sso/provider.js';
import { addressProven, createAccount, freeMemberGrant, joinOrganization, joinWithin } from './accounts.js';
import { requirePermission } from './authorization.js';
import { dnsProvenDomain } from './company-domain.js';
import { conflict, DomainError, invalid, notFound, unauthenticated, unavailable } from './errors.js';
import {
  CONNECTION_NOT_FOUND,
  oidcSettingsOf,
  serviceProviderUrls,
  ssoOrganization,
  type SsoDependencies,
} from './sso-connections.js';
import { message } from '../../contract/messages.js';

/** How long the identity provider has to send the browser back (the binding cookie lives as long). */
export const SSO_SIGN_IN_SECONDS = 10 * 60;

const SIGN_IN_EXPIRED = message('sso_sign_in_expired');
const IDENTITY_REJECTED = message('sso_identity_rejected');

/** What the identity provider put in the query of /sso/callback, as the app posts it. */
export interface SsoAnswer {
  state: string;
  code?: string | undefined;
  iss?: string | undefined;
  error?: string | undefined;
}

export type SsoOutcome =
  { kind: 'signed_in'; user: User; created: boolean } | { kind: 'tested'; email: string; tester: User };

const notConfigured = (domain: string) => notFound(message('sso_not_configured', { domain }));

/** A new sign-in through the connection: the identity provider's URL and the state to bind to the browser. */
async function begin(
  deps: SsoDependencies,
  connection: SsoConnection,
  testerId: number | null,
): Promise<{ redirectUrl: string; state: string }> {
  const settings = oidcSettingsOf(deps.secretBox, connection);
  if (!settings) throw invalid(message('sso_saml_not_available'));
  const state = newToken();
  const { redirectUri } = serviceProviderUrls(deps.config.publicUrl);
  const { url, secrets } = await deps.oidc.authorizationUrl(settings, redirectUri, state);
  await deps.repos.sso.startSignIn({
    stateHash: hashToken(state),
    connectionId: connection.id,
    secrets: deps.secretBox.seal(secrets),
    testerId,
    expiresAt: new Date(deps.clock().getTime() + SSO_SIGN_IN_SECONDS * 1000),
  });
  return { redirectUrl: url, state };
}

/** start-sso: the connection of the organization whose DNS-verified domain is the one typed. */
export async function startSsoSignIn(
  deps: SsoDependencies,
  typed: string,
): Promise<{ redirectUrl: string; state: string }> {
  const domain = ssoDomainOf(typed);
  if (!domain) throw invalid(message('sso_address_invalid'));
  const found = await deps.repos.sso.connectionForDomain(domain);
  if (!found?.connection || dnsProvenDomain(found.organization) !== domain) throw notConfigured(domain);
  return begin(deps, found.connection, null);
}

/** test-sso-connection: the admin signs in at the identity provider once; finish records that it worked. */
export async function startSsoTest(
  deps: SsoDependencies,
  admin: User,
): Promise<{ redirectUrl: string; state: string }> {
  requirePermission(admin, 'organization.sso');
  const connection =
    admin.organization_id === null ? undefined : await deps.repos.sso.connectionOf(admin.organization_id);
  if (!connection) throw notFound(CONNECTION_NOT_FOUND);
  await ssoOrganization(deps.repos, admin);
  return begin(deps, connection, admin.id);
}

/** What is known of a sign-in as it is checked, for the audit entry of a refusal. */
interface Attempt {
  organization?: Organization;
  email?: string;
  user?: User;
}

/** The identity provider's error code as shown in a sentence: its own words only when they are a code. */
function providerError(raw: string): string {
  return /^[a-z_]{1,60}$/i.test(raw) ? raw : 'error';
}

/** The verified identity of the answer, or the refusal that says why not. */
async function verifiedIdentity(
  deps: SsoDependencies,
  connection: SsoConnection,
  answer: SsoAnswer,
  secrets: SignInSecrets,
  report: (detail: string) => void,
): Promise<SsoIdentity> {
  const settings = oidcSettingsOf(deps.secretBox, connection);
  if (!settings) throw invalid(message('sso_saml_not_available'));
  if (answer.error) {
    throw unauthenticated(message('sso_provider_refused', { error: providerError(answer.error) }));
  }
  if (!answer.code) throw unauthenticated(IDENTITY_REJECTED);
  const callback = new URL(serviceProviderUrls(deps.config.publicUrl).redirectUri);
  callback.searchParams.set('code', answer.code);
  callback.searchParams.set('state', answer.state);
  if (answer.iss !== undefined) callback.searchParams.set('iss', answer.iss);
  try {
    return await deps.oidc.finish(settings, callback, { ...secrets, state: answer.state }, deps.clock());
  } catch (error) {
    if (error instanceof SsoRejected || error instanceof SsoUnreachable) report(error.message);
    if (error instanceof SsoRejected) {
      throw unauthenticated(
        error.kind === 'refused'
          ? message('sso_provider_refused', { error: providerError(error.detail) })
          : IDENTITY_REJECTED,
      );
    }
    if (error instanceof SsoUnreachable) throw unavailable(message('sso_provider_unreachable'));
    throw error;
  }
}

/** The identity's address, when the identity provider may speak for it: at the organization's domain. */
function addressOf(identity: SsoIdentity, domain: string): string {
  if (!identity.email) throw unauthenticated(message('sso_email_missing'));
  const email = normalizeEmail(identity.email);
  if (identity.emailVerified === false) throw unauthenticated(message('sso_email_unverified', { email }));
  if (domainOf(email) !== domain)
    throw unauthenticated(message('sso_email_not_at_domain', { email, domain }));
  return email;
}

type JoinedAudit = { type: 'sso.user_joined'; actor: null };
const JOINED_BY_SSO: JoinedAudit = { type: 'sso.user_joined', actor: null };

/**
 * The account the identity signs in to: linked, or found by its proven address (joining the organization
 * when in none), or created as a Free member.
 */
async function accountOf(
  deps: SsoDependencies,
  connection: SsoConnection,
  organization: Organization,
  identity: SsoIdentity,
  email: string,
  ip: string | null,
  attempt: Attempt,
): Promise<{ user: User; created: boolean }> {
  const { repos } = deps;
  const linkedId = await repos.sso.userOfIdentity(connection.id, identity.subject);
  const linked = linkedId === undefined ? undefined : await repos.users.findById(linkedId);
  const found = linked ?? (await repos.users.findByEmail(email));
  const link = (tx: Pick<InTransaction, 'sso'>, user: User) =>
    linked ? Promise.resolve() : tx.sso.link(connection.id, identity.subject, user.id);
  if (found) {
    attempt.user = found;
    if (!linked && !addressProven(found)) {
      throw conflict(message('sso_account_unproven', { email }));
    }
    if (found.organization_id !== null && found.organization_id !== organization.id) {
      throw conflict(message('sso_other_organization', { email }));
    }
    if (found.organization_id === null) {
      await joinOrganization(
        repos,
        found,
        freeMemberGrant(organization.id, null),
        ip,
        (tx) => link(tx, found),
        JOINED_BY_SSO,
      );
    } else {
      await link(repos, found);
    }
    return { user: (await repos.users.findById(found.id))!, created: false };
  }
  const user = await createAccount(
    repos,
    {
      email,
      name: identity.name ?? email.split('@')[0]!,
      passwordHash: null,
      software: null,
      hasInstalled: false,
      invitationToken: undefined,
      addressVerified: true, // the organization's identity provider vouches for its domain's addresses
      utm: { utm_source: null, utm_medium: null, utm_campaign: null, utm_term: null, utm_content: null },
    },
    async (tx, created) => {
      await tx.audit.record({
        type: 'auth.signed_up',
        organizationId: organization.id,
        actor: personOf(created),
        target: personOf(created),
        ip,
        details: { method: 'sso' },
      });
      if (created.organization_id === null) {
        await joinWithin(
          tx,
          created,
          freeMemberGrant(organization.id, null),
          ip,
          async () => {},
          JOINED_BY_SSO,
        );
      } else {
        // Automatic joining of the domain (createAccount) made the same organization's Free member.
        await tx.audit.record({
          type: 'sso.user_joined',
          organizationId: created.organization_id,
          actor: null,
          target: personOf(created),
          ip,
          details: { role: created.role },
        });
      }
      await link(tx, created);
      return (await tx.users.findById(created.id))!;
    },
  );
  return { user, created: true };
}

/** Who finishes a sign-in, and where its technical details go (the log: users read a sentence). */
export interface SsoCaller {
  /** The state of this browser's `sso_sign_in` cookie. */
  browserState: string | undefined;
  /** The signed-in user (the admin of a test). */
  user: User | undefined;
  ip: string | null;
  /** Why the identity provider's answer was refused, in its library's words (never a token). */
  report: (detail: string) => void;
}

/** finish-sso: the answer of the identity provider, checked, and who it signs in (or the test it ends). */
export async function finishSsoSignIn(
  deps: SsoDependencies,
  answer: SsoAnswer,
  caller: SsoCaller,
): Promise<SsoOutcome> {
  const attempt: Attempt = {};
  const { ip } = caller;
  try {
    return await finish(deps, answer, caller, attempt);
  } catch (error) {
    if (error instanceof DomainError) {
      await deps.repos.audit.record({
        type: 'auth.sign_in_failed',
        organizationId: attempt.organization?.id ?? null,
        actor: null,
        target: { id: attempt.user?.id ?? null, email: attempt.email ?? null },
        ip,
        details: { method: 'sso', reason: error.code },
      });
    }
    throw error;
  }
}

async function finish(
  deps: SsoDependencies,
  answer: SsoAnswer,
  { browserState, user: caller, ip, report }: SsoCaller,
  attempt: Attempt,
): Promise<SsoOutcome> {
  const { repos } = deps;
  // Another browser's state (a link someone was sent) is not used up: it stays its own browser's.
  if (browserState === undefined || browserState !== answer.state) throw unauthenticated(SIGN_IN_EXPIRED);
  const taken = await repos.sso.takeSignIn(hashToken(answer.state), deps.clock());
  const connection =
    taken.connectionId === undefined ? undefined : await repos.sso.connectionById(taken.connectionId);
  attempt.organization = connection ? await repos.organizations.get(connection.organization_id) : undefined;
  if (!taken.taken || !connection || !attempt.organization) throw unauthenticated(SIGN_IN_EXPIRED);
  const organization = attempt.organization;
  const domain = dnsProvenDomain(organization);
  if (domain === null) throw notConfigured(organization.domain ?? '');
  const secrets = deps.secretBox.open<SignInSecrets>(taken.secrets);
  const identity = await verifiedIdentity(deps, connection, answer, secrets, report);
  attempt.email = identity.email ? normalizeEmail(identity.email) : undefined;
  const email = addressOf(identity, domain);

  if (taken.testerId !== null) {
    // A test ends with the admin who started it, in the browser it started in; it signs nobody in.
    if (!caller || caller.id !== taken.testerId) throw unauthenticated(SIGN_IN_EXPIRED);
    await repos.transaction(async (tx) => {
      await tx.sso.markTested(connection.id, deps.clock());
      await tx.audit.record({
        type: 'sso.connection_tested',
        organizationId: organization.id,
        actor: personOf(caller),
        target: { id: null, email },
        ip,
        details: { domain },
      });
    });
    return { kind: 'tested', email, tester: caller };
  }
  const { user, created } = await accountOf(deps, connection, organization, identity, email, ip, attempt);
  return { kind: 'signed_in', user, created };
}
