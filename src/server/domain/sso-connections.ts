/**
 * docs/product.md#single-sign-on: an organization's connection to its identity provider, set up by an
 * admin (`organization.sso`) for the company domain verified by DNS. OpenID Connect: the issuer's OpenID
 * configuration is fetched and checked before anything is saved, the client secret is sealed like the CRM
 * credentials. SAML: the identity provider's metadata (its URL read, or its XML) is parsed before anything
 * is saved, and kept as read; a URL's is read again daily and after a signature that does not verify
 * (refreshSamlMetadata), so a rotated certificate does not stop sign-ins. Saving and deleting are audited.
 */
import { isLocalUrl, type Config } from '../config.js';
import type { Organization, SsoConnection, User } from '../db/schema.js';
import type { Repositories } from '../repositories/index.js';
import type { SsoConnectionFields } from '../repositories/sso.js';
import { personOf } from '../repositories/audit.js';
import type { SecretBox } from '../security/secret-box.js';
import {
  SsoSetupError,
  type OidcClient,
  type OidcSettings,
  type SamlClient,
  type SamlIdpMetadata,
  type SamlSettings,
} from '../sso/provider.js';
import { permittedOrganization } from './authorization.js';
import { dnsProvenDomain } from './company-domain.js';
import { invalid, notFound } from './errors.js';
import { message } from '../../contract/messages.js';
import { DAY_MS } from '../../shared/duration.js';
import { SAML_ACS_PATH, SAML_METADATA_PATH, SSO_CALLBACK_PATH } from '../../shared/sso-paths.js';

/** What single sign-on's rules need, and nothing more (no HTTP, no Services bag). */
export interface SsoDependencies {
  repos: Repositories;
  secretBox: SecretBox;
  oidc: OidcClient;
  saml: SamlClient;
  config: Pick<Config, 'publicUrl'>;
  /** The rules' clock (tests move it). */
  clock: () => Date;
}

export interface SsoConnectionInput {
  protocol: 'oidc' | 'saml';
  issuer?: string | undefined;
  client_id?: string | undefined;
  client_secret?: string | undefined;
  metadata_url?: string | undefined;
  metadata_xml?: string | undefined;
}

const NEEDS_DOMAIN = message('sso_needs_domain');
export const CONNECTION_NOT_FOUND = message('sso_connection_not_found');

/** This server's addresses an identity provider is given (the same for every organization). */
export function serviceProviderUrls(publicUrl: string) {
  const at = (path: string) => `${publicUrl.replace(/\/$/, '')}${path}`;
  return {
    redirectUri: at(SSO_CALLBACK_PATH),
    samlEntityId: at(SAML_METADATA_PATH),
    samlAcsUrl: at(SAML_ACS_PATH),
    samlMetadataUrl: at(SAML_METADATA_PATH),
  };
}

/**
 * An identity provider's address: https, or plain http to this machine when the product itself runs here
 * (the sandbox, a provider on a developer's machine). No query or fragment: an issuer has none.
 */
function providerUrl(raw: string, publicUrl: string): URL | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.search || url.hash || url.username || url.password) return null;
  return secureOrLocal(url, publicUrl) ? url : null;
}

/** https, or plain http to this machine when the product itself runs here (providerUrl's rule). */
function secureOrLocal(url: URL, publicUrl: string): boolean {
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && isLocalUrl(url.href) && isLocalUrl(publicUrl);
}

/** The connection's OpenID Connect settings, its secret opened; null for a SAML connection. */
export function oidcSettingsOf(secretBox: SecretBox, connection: SsoConnection): OidcSettings | null {
  if (
    connection.protocol !== 'oidc' ||
    !connection.oidc_issuer ||
    !connection.oidc_client_id ||
    !connection.oidc_client_secret ||
    !connection.oidc_metadata
  ) {
    return null;
  }
  return {
    issuer: connection.oidc_issuer,
    clientId: connection.oidc_client_id,
    clientSecret: secretBox.open<string>(connection.oidc_client_secret),
    metadata: connection.oidc_metadata,
  };
}

const adminsOrganization = (repos: Repositories, admin: User) =>
  permittedOrganization(repos, admin, 'organization.sso');

/** The admin's organization with its company domain verified by DNS, or the refusal that says to verify it. */
export async function ssoOrganization(
  repos: Repositories,
  admin: User,
): Promise<{ organization: Organization; domain: string }> {
  const organization = await adminsOrganization(repos, admin);
  const domain = dnsProvenDomain(organization);
  if (!organization || domain === null) throw invalid(NEEDS_DOMAIN);
  return { organization, domain };
}

/** The admin's organization (when it has one) and its connection, for the settings page. */
export async function connectionSettings(
  repos: Repositories,
  admin: User,
): Promise<{ domain: string | null; connection: SsoConnection | undefined }> {
  const organization = await adminsOrganization(repos, admin);
  return {
    domain: dnsProvenDomain(organization),
    connection: organization ? await repos.sso.connectionOf(organization.id) : undefined,
  };
}

async function oidcFields(
  deps: SsoDependencies,
  input: SsoConnectionInput,
  existing: SsoConnection | undefined,
): Promise<SsoConnectionFields> {
  const issuer = input.issuer?.trim() ?? '';
  const clientId = input.client_id?.trim() ?? '';
  if (!issuer || !clientId) throw invalid(message('sso_oidc_fields_required'));
  if (!providerUrl(issuer, deps.config.publicUrl)) throw invalid(message('sso_issuer_invalid'));
  const secret = input.client_secret?.trim() ?? '';
  // A saved secret is kept only for the same client of the same issuer: another one's is of no use.
  const keptSecret =
    existing?.protocol === 'oidc' && existing.oidc_issuer === issuer && existing.oidc_client_id === clientId
      ? existing.oidc_client_secret
      : null;
  if (!secret && !keptSecret) throw invalid(message('sso_client_secret_required'));
  const metadata = await deps.oidc.discover(issuer, clientId).catch((error: unknown) => {
    if (error instanceof SsoSetupError) {
      throw invalid(message('sso_discovery_failed', { issuer, reason: error.reason }));
    }
    throw error;
  });
  // The browser is sent to the authorization endpoint, with the sign-in's state, nonce and PKCE challenge:
  // never in the clear to another machine, as SAML's sign-on URL (checkSamlMetadata).
  const authorize = String(metadata.authorization_endpoint ?? '');
  if (!URL.canParse(authorize) || !secureOrLocal(new URL(authorize), deps.config.publicUrl)) {
    throw invalid(
      message('sso_discovery_failed', {
        issuer,
        reason: 'its authorization_endpoint must start with https://',
      }),
    );
  }
  return {
    protocol: 'oidc',
    oidc_issuer: issuer,
    oidc_client_id: clientId,
    oidc_client_secret: secret ? deps.secretBox.seal(secret) : keptSecret,
    oidc_metadata: metadata,
    saml_metadata_url: null,
    saml_metadata_xml: null,
    saml_idp: null,
    saml_idp_entity_id: null,
    saml_fetched_at: null,
  };
}

/** The metadata's identity provider, read from its URL or its XML; a sentence for the admin when it cannot be. */
async function idpMetadata(
  deps: SsoDependencies,
  source: { url: string | null; xml: string | null },
): Promise<SamlIdpMetadata> {
  try {
    return source.url
      ? await deps.saml.metadata({ url: source.url })
      : await deps.saml.metadata({ xml: source.xml ?? '' });
  } catch (error) {
    if (error instanceof SsoSetupError) {
      throw invalid(message('sso_saml_metadata_invalid', { reason: error.reason }));
    }
    throw error;
  }
}

function samlIdpFields(idp: SamlIdpMetadata, fetchedAt: Date | null) {
  return { saml_idp: idp, saml_idp_entity_id: idp.entityId || null, saml_fetched_at: fetchedAt };
}

/**
 * The one guard of what SAML metadata may say, for saving a connection and reading its URL again alike
 * (the daily refresh, a rotated certificate): the metadata URL and the sign-on URL https (plain http only to
 * this machine when the product itself runs here: providerUrl's rule), and an entity ID. Throws the
 * admin's sentence (saving says it; a refresh keeps the metadata as it was and logs it).
 */
function checkSamlMetadata(publicUrl: string, url: string | null, idp?: SamlIdpMetadata): void {
  if (url !== null && !providerUrl(url.split('?')[0]!, publicUrl)) {
    throw invalid(message('sso_saml_metadata_invalid', { reason: 'its URL must start with https://' }));
  }
  if (!idp) return;
  // The entity ID tells one identity provider from another (whose people's links do not carry over).
  if (!idp.entityId) throw invalid(message('sso_saml_entity_id_missing'));
  // The browser is sent to the sign-on URL: never in the clear to another machine.
  const location = URL.canParse(idp.entryPoint) ? new URL(idp.entryPoint) : null;
  if (!location || !secureOrLocal(location, publicUrl)) {
    throw invalid(
      message('sso_saml_metadata_invalid', {
        reason: 'its SingleSignOnService Location must start with https://',
      }),
    );
  }
}

async function samlFields(deps: SsoDependencies, input: SsoConnectionInput): Promise<SsoConnectionFields> {
  const url = input.metadata_url?.trim() || null;
  const xml = url ? null : input.metadata_xml?.trim() || null;
  if (!url && !xml) throw invalid(message('sso_saml_metadata_required'));
  checkSamlMetadata(deps.config.publicUrl, url);
  const idp = await idpMetadata(deps, { url, xml });
  checkSamlMetadata(deps.config.publicUrl, url, idp);
  return {
    protocol: 'saml',
    oidc_issuer: null,
    oidc_client_id: null,
    oidc_client_secret: null,
    oidc_metadata: null,
    saml_metadata_url: url,
    saml_metadata_xml: xml,
    ...samlIdpFields(idp, url ? deps.clock() : null),
  };
}

/** What a SAML sign-in through the connection checks answers with; null for an OpenID Connect one. */
export function samlSettingsOf(publicUrl: string, connection: SsoConnection): SamlSettings | null {
  if (connection.protocol !== 'saml' || !connection.saml_idp) return null;
  const urls = serviceProviderUrls(publicUrl);
  return { idp: connection.saml_idp, entityId: urls.samlEntityId, acsUrl: urls.samlAcsUrl };
}

/**
 * Reads a connection's metadata URL again (the daily refresh, and once after a signature that did not
 * verify: the identity provider may have rotated its certificate) and keeps what it says. Answers the
 * connection as it now is; unchanged when it has no URL.
 */
async function refreshSamlMetadata(
  deps: Pick<SsoDependencies, 'repos' | 'saml' | 'clock' | 'config'>,
  connection: SsoConnection,
): Promise<SsoConnection> {
  if (connection.protocol !== 'saml' || !connection.saml_metadata_url) return connection;
  checkSamlMetadata(deps.config.publicUrl, connection.saml_metadata_url);
  const idp = await deps.saml.metadata({ url: connection.saml_metadata_url });
  checkSamlMetadata(deps.config.publicUrl, connection.saml_metadata_url, idp);
  // Another identity provider's people are not this one's (their subjects may name others): only an admin
  // saving the connection switches providers, and forgets the old one's links (saveSsoConnection).
  if (connection.saml_idp_entity_id !== null && idp.entityId !== connection.saml_idp_entity_id) {
    throw invalid(
      message('sso_saml_metadata_invalid', {
        reason: `it now names another identity provider (${idp.entityId}, not ${connection.saml_idp_entity_id}); save the connection again to switch to it`,
      }),
    );
  }
  return (
    (await deps.repos.sso.refreshSamlIdp(
      connection.id,
      connection.saml_metadata_url,
      samlIdpFields(idp, deps.clock()),
    )) ?? connection
  );
}

/**
 * How long after its metadata URL was read a signature that does not verify reads it no sooner again: an
 * answer anyone may post (an unasked one above all) must not make us read an identity provider's metadata
 * (and write the connection) at will. A rotated certificate is still read within this long; the daily
 * refresh reads regardless.
 */
const REFETCH_COOLDOWN_MS = 5 * 60_000;

/**
 * refreshSamlMetadata after a signature did not verify (the identity provider may have rotated its
 * certificate), at most once per connection in REFETCH_COOLDOWN_MS, claimed in the database so concurrent
 * answers and other processes share the one read. Answers the connection as it now is, or undefined when it
 * was not read (read recently, or the read failed).
 */
export async function refreshSamlMetadataAfterRefusal(
  deps: Pick<SsoDependencies, 'repos' | 'saml' | 'clock' | 'config'>,
  connection: SsoConnection,
): Promise<SsoConnection | undefined> {
  const now = deps.clock();
  const [claimed] = await deps.repos.sso.claimStaleSamlConnections(
    new Date(now.getTime() - REFETCH_COOLDOWN_MS),
    now,
    connection.id,
  );
  if (!claimed) return undefined;
  return refreshSamlMetadata(deps, claimed).catch(() => undefined);
}

/** Whether the saved connection still reaches the same identity provider and client (its test holds). */
function sameProvider(existing: SsoConnection, fields: SsoConnectionFields, secretChanged: boolean): boolean {
  return (
    existing.protocol === fields.protocol &&
    existing.oidc_issuer === fields.oidc_issuer &&
    existing.oidc_client_id === fields.oidc_client_id &&
    existing.saml_metadata_url === fields.saml_metadata_url &&
    existing.saml_metadata_xml === fields.saml_metadata_xml &&
    !secretChanged
  );
}

/** Creates or replaces the organization's connection; answers it as saved. */
export async function saveSsoConnection(
  deps: SsoDependencies,
  admin: User,
  input: SsoConnectionInput,
  ip: string | null,
): Promise<SsoConnection> {
  const { organization, domain } = await ssoOrganization(deps.repos, admin);
  const existing = await deps.repos.sso.connectionOf(organization.id);
  const fields =
    input.protocol === 'oidc' ? await oidcFields(deps, input, existing) : await samlFields(deps, input);
  const same = existing !== undefined && sameProvider(existing, fields, Boolean(input.client_secret?.trim()));
  return deps.repos.transaction(async (tx) => {
    const saved = await tx.sso.saveConnection(organization.id, fields, {
      createdBy: admin.id,
      keepTest: same,
    });
    // Subjects are an identity provider's own (and, pairwise, a client's): another one's `sub` may name
    // someone else, so the links of the old one do not carry over.
    if (
      existing &&
      (existing.protocol !== fields.protocol ||
        existing.oidc_issuer !== fields.oidc_issuer ||
        existing.oidc_client_id !== fields.oidc_client_id ||
        existing.saml_idp_entity_id !== fields.saml_idp_entity_id)
    ) {
      await tx.sso.forgetIdentities(saved.id);
    }
    await tx.audit.record({
      type: 'sso.connection_saved',
      organizationId: organization.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: { method: fields.protocol, domain },
    });
    return saved;
  });
}

/** Deletes the organization's connection (its sign-ins under way and identity links go with it). */
export async function deleteSsoConnection(
  repos: Repositories,
  admin: User,
  ip: string | null,
): Promise<void> {
  const organization = await adminsOrganization(repos, admin);
  if (!organization) throw notFound(CONNECTION_NOT_FOUND);
  await repos.transaction(async (tx) => {
    const deleted = await tx.sso.deleteConnection(organization.id);
    if (!deleted) throw notFound(CONNECTION_NOT_FOUND);
    await tx.audit.record({
      type: 'sso.connection_deleted',
      organizationId: organization.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: { method: deleted.protocol },
    });
  });
}

/**
 * The daily refresh of SAML metadata URLs (docs/product.md#the-connection): each connection read a day ago
 * or more is read again, so a certificate the identity provider rotates is known before it signs with it.
 * A URL that does not answer keeps the metadata as it was (its sign-ins go on; the next day tries again).
 * Answers how many were refreshed.
 */
export async function refreshStaleSamlMetadata(
  deps: Pick<SsoDependencies, 'repos' | 'saml' | 'clock' | 'config'>,
  report: (connectionId: number, error: unknown) => void,
): Promise<number> {
  const now = deps.clock();
  const due = await deps.repos.sso.claimStaleSamlConnections(new Date(now.getTime() - DAY_MS), now);
  let refreshed = 0;
  for (const connection of due) {
    try {
      await refreshSamlMetadata(deps, connection);
      refreshed += 1;
    } catch (error) {
      report(connection.id, error);
    }
  }
  return refreshed;
}
