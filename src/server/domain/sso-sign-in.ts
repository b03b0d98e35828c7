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
import { isEmailAddress, normalizeEmail } from '../../shared/email.js';
import { ssoDomainOf } from '../../shared/sso.js';
import type { Organization, SsoConnection, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { InTransaction } from '../repositories/index.js';
import { hashToken, newToken } from '../security/tokens.js';
import {
  SsoRejected,
  SsoSignatureRejected,
  SsoUnreachable,
  type SamlAssertion,
  type SignInSecrets,
  type SsoIdentity,
} from '../sso/provider.js';
import {
  addressProven,
  createAccount,
  freeMemberGrant,
  joinOrganization,
  joinWithin,
  proveAddress,
} from './accounts.js';
import { requirePermission } from './authorization.js';
import { dnsProvenDomain } from './company-domain.js';
import {
  conflict,
  DomainError,
  forbidden,
  invalid,
  notFound,
  unauthenticated,
  unavailable,
} from './errors.js';
import { networkRefusalOf } from './session-policies.js';
import { refusalEntry } from './sign-in-refusal.js';
import {
  CONNECTION_NOT_FOUND,
  oidcSettingsOf,
  refreshSamlMetadataAfterRefusal,
  samlSettingsOf,
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

/** What a SAML sign-in keeps between its AuthnRequest and the answer: the request's ID. */
interface SamlSignInSecrets {
  samlRequestId: string;
}

/** A sign-in started: where the browser goes, the state to bind to it, and by which protocol. */
export interface SsoStart {
  redirectUrl: string;
  state: string;
  /** SAML's answer comes back by a cross-site POST: its binding cookie must be SameSite=None. */
  protocol: 'oidc' | 'saml';
}

/** The identity provider's URL of a new sign-in and what its answer will be checked with. */
async function authorization(
  deps: SsoDependencies,
  connection: SsoConnection,
  state: string,
): Promise<{ url: string; secrets: SignInSecrets | SamlSignInSecrets }> {
  const saml = samlSettingsOf(deps.config.publicUrl, connection);
  if (saml) {
    // The AuthnRequest's ID: an XML ID starts with a letter or '_'.
    const samlRequestId = `_${newToken()}`;
    return { url: await deps.saml.authorizationUrl(saml, samlRequestId, state), secrets: { samlRequestId } };
  }
  const settings = oidcSettingsOf(deps.secretBox, connection);
  if (!settings) throw invalid(message('sso_saml_not_available'));
  const { redirectUri } = serviceProviderUrls(deps.config.publicUrl);
  return deps.oidc.authorizationUrl(settings, redirectUri, state);
}

/** A new sign-in through the connection: the identity provider's URL and the state to bind to the browser. */
async function begin(
  deps: SsoDependencies,
  connection: SsoConnection,
  tester: Tester | null,
): Promise<SsoStart> {
  const state = newToken();
  const { url, secrets } = await authorization(deps, connection, state);
  await deps.repos.sso.startSignIn({
    stateHash: hashToken(state),
    connectionId: connection.id,
    secrets: deps.secretBox.seal(secrets),
    testerId: tester?.admin.id ?? null,
    testerSessionHash: tester ? hashToken(tester.sessionId) : null,
    expiresAt: new Date(deps.clock().getTime() + SSO_SIGN_IN_SECONDS * 1000),
  });
  return { redirectUrl: url, state, protocol: connection.protocol };
}

/** start-sso: the connection of the organization whose DNS-verified domain is the one typed. */
export async function startSsoSignIn(deps: SsoDependencies, typed: string): Promise<SsoStart> {
  const domain = ssoDomainOf(typed);
  if (!domain) throw invalid(message('sso_address_invalid'));
  const found = await deps.repos.sso.connectionForDomain(domain);
  if (!found?.connection || dnsProvenDomain(found.organization) !== domain) throw notConfigured(domain);
  return begin(deps, found.connection, null);
}

/**
 * An admin's test of the connection, and the session (its cookie's value) it was started in: the test is
 * deleted with that session (docs/invariants.md#sessions-and-pending-sign-ins-end-together).
 */
interface Tester {
  admin: User;
  sessionId: string;
}

/** test-sso-connection: the admin signs in at the identity provider once; finish records that it worked. */
export async function startSsoTest(deps: SsoDependencies, tester: Tester): Promise<SsoStart> {
  return begin(deps, await testableConnection(deps, tester.admin), tester);
}

/**
 * The guard of a test, as it starts and again as it concludes (an admin demoted, or gone from the
 * organization, in between neither marks it tested nor proves their address): the connection of the
 * admin's organization, when the admin may set up its single sign-on.
 */
async function testableConnection(deps: SsoDependencies, admin: User): Promise<SsoConnection> {
  requirePermission(admin, 'organization.sso');
  const connection =
    admin.organization_id === null ? undefined : await deps.repos.sso.connectionOf(admin.organization_id);
  if (!connection) throw notFound(CONNECTION_NOT_FOUND);
  await ssoOrganization(deps.repos, admin);
  return connection;
}

/** Whether `admin` may still conclude the test of `connection` (testableConnection). */
async function mayStillTest(deps: SsoDependencies, admin: User, connection: SsoConnection): Promise<boolean> {
  try {
    return (await testableConnection(deps, admin)).id === connection.id;
  } catch (error) {
    if (error instanceof DomainError) return false;
    throw error;
  }
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
  // The contract's address form first: 'victim@gmail.com(@corp.com' ends at the domain, but a mailer
  // delivers it to gmail.com, outside any domain the organization proved.
  if (!isEmailAddress(email) || domainOf(email) !== domain)
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
  ip: string,
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
  }
  // Before anything is linked, joined or created: a sign-in the organization's allow-list refuses leaves
  // nothing behind but its audit entry (audited; docs/product.md#session-and-network-policies).
  const outside = await networkRefusalOf(repos, organization.id, ip);
  if (outside) throw forbidden(outside);
  if (found) {
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
  ip: string;
  /** Why the identity provider's answer was refused, in its library's words (never a token). */
  report: (detail: string) => void;
}

/** The caller of the SAML ACS: its post carries no session cookie, so a test's session is looked up. */
export interface SamlCaller extends Omit<SsoCaller, 'user'> {
  /** The user of the live session with this `id_hash`, under its policies (the session resolver). */
  testerOf: (sessionHash: string) => Promise<User | undefined>;
}

/** Runs a finish, auditing its refusal (`auth.sign_in_failed`, the code as reason) before it is said. */
async function audited<T>(
  deps: SsoDependencies,
  ip: string | null,
  run: (attempt: Attempt) => Promise<T>,
): Promise<T> {
  const attempt: Attempt = {};
  try {
    return await run(attempt);
  } catch (error) {
    if (error instanceof DomainError) {
      const target = { id: attempt.user?.id ?? null, email: attempt.email ?? null };
      await deps.repos.audit.record(
        refusalEntry(attempt.organization?.id ?? null, target, { method: 'sso', ip }, error),
      );
    }
    throw error;
  }
}

/** finish-sso: the answer of the identity provider, checked, and who it signs in (or the test it ends). */
export async function finishSsoSignIn(
  deps: SsoDependencies,
  answer: SsoAnswer,
  caller: SsoCaller,
): Promise<SsoOutcome> {
  return audited(deps, caller.ip, (attempt) => finish(deps, answer, caller, attempt));
}

async function finish(
  deps: SsoDependencies,
  answer: SsoAnswer,
  { browserState, user: caller, ip, report }: SsoCaller,
  attempt: Attempt,
): Promise<SsoOutcome> {
  const taken = await takeSignIn(deps, answer.state, browserState, attempt);
  const secrets = deps.secretBox.open<SignInSecrets>(taken.secrets);
  const identity = await verifiedIdentity(deps, taken.connection, answer, secrets, report);
  return conclude(deps, { ...taken, identity }, caller, ip, attempt);
}

/**
 * The sign-in of `state`, used up, when it is this browser's (`browserState`, its cookie), unused and not
 * expired, and its organization's domain still verified by DNS.
 */
async function takeSignIn(
  deps: SsoDependencies,
  state: string | undefined,
  browserState: string | undefined,
  attempt: Attempt,
) {
  const { repos } = deps;
  // Another browser's state (a link someone was sent) is not used up: it stays its own browser's.
  if (!state || browserState === undefined || browserState !== state) throw unauthenticated(SIGN_IN_EXPIRED);
  const taken = await repos.sso.takeSignIn(hashToken(state), deps.clock());
  const connection =
    taken.connectionId === undefined ? undefined : await repos.sso.connectionById(taken.connectionId);
  attempt.organization = connection ? await repos.organizations.get(connection.organization_id) : undefined;
  if (!taken.taken || !connection || !attempt.organization) throw unauthenticated(SIGN_IN_EXPIRED);
  const organization = attempt.organization;
  const domain = dnsProvenDomain(organization);
  if (domain === null) throw notConfigured(organization.domain ?? '');
  return {
    connection,
    organization,
    domain,
    secrets: taken.secrets,
    testerId: taken.testerId,
    testerSessionHash: taken.testerSessionHash,
  };
}

/** A verified identity of a connection's organization: the test it ends, or who it signs in. */
interface Vouched {
  connection: SsoConnection;
  organization: Organization;
  domain: string;
  identity: SsoIdentity;
  testerId: number | null;
}

async function conclude(
  deps: SsoDependencies,
  { connection, organization, domain, identity, testerId }: Vouched,
  tester: User | undefined,
  ip: string,
  attempt: Attempt,
): Promise<SsoOutcome> {
  const { repos } = deps;
  attempt.email = identity.email ? normalizeEmail(identity.email) : undefined;
  const email = addressOf(identity, domain);

  if (testerId !== null) {
    // A test ends with the admin who started it, in the browser it started in; it signs nobody in.
    if (!tester || tester.id !== testerId) throw unauthenticated(SIGN_IN_EXPIRED);
    if (!(await mayStillTest(deps, tester, connection))) throw unauthenticated(SIGN_IN_EXPIRED);
    await repos.transaction(async (tx) => {
      await tx.sso.markTested(connection.id, deps.clock());
      // The organization's identity provider signed in the admin's own address, in the admin's own signed-in
      // browser: that proves it (docs/product.md#proven-addresses), so single sign-on then lets the admin in,
      // as "Require SSO" counts on (docs/product.md#require-sso). Someone else's address proves nothing.
      if (email === normalizeEmail(tester.email)) await proveAddress(tx, tester, deps.clock());
      await tx.audit.record({
        type: 'sso.connection_tested',
        organizationId: organization.id,
        actor: personOf(tester),
        target: { id: null, email },
        ip,
        details: { domain },
      });
    });
    return { kind: 'tested', email, tester };
  }
  const { user, created } = await accountOf(deps, connection, organization, identity, email, ip, attempt);
  return { kind: 'signed_in', user, created };
}

/** What the identity provider posted to /sso/saml/acs. */
export interface SamlAnswer {
  samlResponse: string;
  relayState: string | undefined;
}

/**
 * An answer nobody asked this browser for (the identity provider's own dashboard, "IdP-initiated"): it
 * signs nobody in (it could be replayed into another browser, and nothing binds it to this one). The
 * browser is sent to start a sign-in of its own at the same identity provider instead (SP-initiated),
 * which the person, already signed in there, passes at once (docs/product.md#signing-in-with-sso).
 */
export class SamlUnsolicited {
  constructor(readonly start: SsoStart) {}
}

/** The Issuer of an answer, unverified: only to narrow which connections may have signed it. */
function issuerOf(samlResponse: string): string | null {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  const issuer = /<(?:\w+:)?Issuer[^>]*>\s*([^<\s]+)\s*<\/(?:\w+:)?Issuer>/.exec(xml);
  return issuer?.[1] ?? null;
}

const hasInResponseTo = (samlResponse: string) =>
  /<(?:\w+:)?Response\b[^>]*\bInResponseTo=/.test(Buffer.from(samlResponse, 'base64').toString('utf8'));

/**
 * The one connection an answer sent unasked is from: of the connections naming its Issuer (unverified,
 * and any organization may name any), those whose kept certificate verifies its signature and whose
 * organization's DNS-verified domain is the asserted address's. None, or more than one, is a refusal:
 * an Issuer alone never chooses where the browser is sent (docs/product.md#signing-in-with-sso).
 */
async function unsolicited(
  deps: SsoDependencies,
  samlResponse: string,
  report: (detail: string) => void,
): Promise<SamlUnsolicited> {
  const refused = unauthenticated(message('sso_saml_unsolicited'));
  const issuer = issuerOf(samlResponse);
  const candidates = issuer ? await deps.repos.sso.connectionsOfSamlIssuer(issuer) : [];
  const vouched: { connection: SsoConnection; assertion: SamlAssertion }[] = [];
  for (const connection of candidates) {
    const organization = await deps.repos.organizations.get(connection.organization_id);
    const domain = organization ? dnsProvenDomain(organization) : null;
    if (domain === null || !samlSettingsOf(deps.config.publicUrl, connection)) continue;
    let assertion: SamlAssertion;
    try {
      // As for an answer asked for: a rotated certificate is read again once (verifiedRefreshingOnce).
      assertion = await verifiedRefreshingOnce(deps, connection, samlResponse);
    } catch (error) {
      if (!(error instanceof SsoRejected)) throw error;
      report(`unsolicited, connection ${connection.id}: ${error.message}`);
      continue;
    }
    const email = assertion.identity.email ? normalizeEmail(assertion.identity.email) : null;
    if (email !== null && domainOf(email) === domain) vouched.push({ connection, assertion });
  }
  const [only] = vouched;
  if (!only || vouched.length > 1) throw refused;
  const { connection, assertion } = only;
  // Used up even though it signs nobody in: the same answer starts no second sign-in.
  if (
    !(await deps.repos.sso.useAssertion(
      connection.id,
      assertion.assertionId,
      assertion.expiresAt,
      deps.clock(),
    ))
  ) {
    report(`assertion ${assertion.assertionId} was already used`);
    throw refused;
  }
  return new SamlUnsolicited(await begin(deps, connection, null));
}

/**
 * The one check of an answer's signature, for an answer asked for (verifiedAssertion) and one sent unasked
 * (unsolicited) alike: once with the metadata as kept, and when only the signature failed and the metadata
 * comes from a URL, once more after reading it again (a rotated certificate; under the same guard as
 * saving it, at most once per connection in five minutes: refreshSamlMetadataAfterRefusal). Throws the
 * library's refusal (SsoRejected) as it is.
 */
async function verifiedRefreshingOnce(
  deps: SsoDependencies,
  connection: SsoConnection,
  samlResponse: string,
): Promise<SamlAssertion> {
  const check = async (current: SsoConnection) => {
    const settings = samlSettingsOf(deps.config.publicUrl, current);
    if (!settings) throw new SsoRejected('invalid', 'the connection is not a SAML one');
    return deps.saml.verify(settings, samlResponse, deps.clock());
  };
  try {
    return await check(connection);
  } catch (error) {
    if (!(error instanceof SsoSignatureRejected) || !connection.saml_metadata_url) throw error;
    const refreshed = await refreshSamlMetadataAfterRefusal(deps, connection);
    if (!refreshed) throw error;
    return await check(refreshed);
  }
}

/** An asked-for answer checked (verifiedRefreshingOnce), its refusal said as a sentence and reported. */
async function verifiedAssertion(
  deps: SsoDependencies,
  connection: SsoConnection,
  samlResponse: string,
  report: (detail: string) => void,
): Promise<SamlAssertion> {
  try {
    return await verifiedRefreshingOnce(deps, connection, samlResponse);
  } catch (error) {
    if (error instanceof SsoRejected) {
      report(error.message);
      throw unauthenticated(
        error.kind === 'refused'
          ? message('sso_provider_refused', { error: providerError(error.detail) })
          : IDENTITY_REJECTED,
      );
    }
    throw error;
  }
}

/**
 * /sso/saml/acs: the identity provider's answer to a sign-in (or test) this browser started, bound by its
 * `sso_sign_in` cookie (the RelayState is its state): checked, used once, and who it signs in. An answer
 * nobody asked for answers SamlUnsolicited.
 */
export async function finishSamlSignIn(
  deps: SsoDependencies,
  answer: SamlAnswer,
  caller: SamlCaller,
): Promise<SsoOutcome | SamlUnsolicited> {
  // Whatever its RelayState (Okta and Entra may send a default one with an IdP-initiated answer).
  if (!hasInResponseTo(answer.samlResponse)) {
    return audited(deps, caller.ip, () => unsolicited(deps, answer.samlResponse, caller.report));
  }
  return audited(deps, caller.ip, async (attempt) => {
    const { repos } = deps;
    const taken = await takeSignIn(deps, answer.relayState, caller.browserState, attempt);
    const { connection } = taken;
    const { samlRequestId } = deps.secretBox.open<Partial<SamlSignInSecrets>>(taken.secrets);
    if (!samlRequestId) throw unauthenticated(SIGN_IN_EXPIRED);
    const assertion = await verifiedAssertion(deps, connection, answer.samlResponse, caller.report);
    if (assertion.inResponseTo !== samlRequestId) {
      // Never the ID itself: another browser's request ID is a live sign-in's secret (docs/invariants.md).
      caller.report(
        assertion.inResponseTo ? "InResponseTo is another request's" : 'the answer has no InResponseTo',
      );
      throw unauthenticated(IDENTITY_REJECTED);
    }
    if (
      !(await repos.sso.useAssertion(connection.id, assertion.assertionId, assertion.expiresAt, deps.clock()))
    ) {
      caller.report(`assertion ${assertion.assertionId} was already used`);
      throw unauthenticated(SIGN_IN_EXPIRED);
    }
    // A test's admin is the one whose browser holds the binding cookie the test set: their session cookie
    // (SameSite=Lax) does not come along on the identity provider's cross-site POST, so the session the test
    // was started in is looked up by what the test kept of it, under the session's policies.
    const tester =
      taken.testerId === null || taken.testerSessionHash === null
        ? undefined
        : await caller.testerOf(taken.testerSessionHash);
    return conclude(deps, { ...taken, identity: assertion.identity }, tester, caller.ip, attempt);
  });
}
