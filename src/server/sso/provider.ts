/**
 * The port to identity providers (docs/product.md#single-sign-on): what single sign-on's rules
 * (domain/sso-*.ts) need of a protocol, whatever its library. OpenID Connect is sso/oidc.ts, SAML
 * sso/saml.ts; both answer the same SsoIdentity.
 */
import type { SamlIdpMetadataRow } from '../db/schema.js';

/** An OpenID Connect connection as the adapter needs it (the secret opened, the configuration as saved). */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The issuer's OpenID configuration, fetched and checked when the connection was saved. */
  metadata: Record<string, unknown>;
}

/** What a sign-in keeps between its start and the identity provider's answer (sealed in its row). */
export interface SignInSecrets {
  codeVerifier: string;
  nonce: string;
}

/** Who the identity provider vouched for, once its answer is verified. */
export interface SsoIdentity {
  /** The provider's stable id of the person (`sub`). */
  subject: string;
  /** The address it gave (lower-cased by the rules, not here); null when it gave none. */
  email: string | null;
  /** Whether it says it verified the address; undefined when it says nothing. */
  emailVerified: boolean | undefined;
  name: string | null;
}

/** The issuer's configuration cannot be read or is not usable; `reason` says why, in a few words. */
export class SsoSetupError extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

/**
 * The identity provider's answer signs nobody in: it refused (`refused`, with its error code: the person
 * cancelled, or is not assigned to the application), or its answer did not verify (`invalid`: signature,
 * issuer, audience, nonce, expiry, a code the token endpoint refused). `detail` is for the log only.
 */
export class SsoRejected extends Error {
  constructor(
    readonly kind: 'refused' | 'invalid',
    readonly detail: string,
  ) {
    super(detail);
  }
}

/** An answer whose signature does not verify against the certificates kept (they may have rotated). */
export class SsoSignatureRejected extends SsoRejected {
  constructor(detail: string) {
    super('invalid', detail);
  }
}

/** The identity provider did not answer (network, timeout, 5xx): nothing about the person is known. */
export class SsoUnreachable extends Error {}

export interface OidcClient {
  /** The issuer's OpenID configuration, fetched and checked; throws SsoSetupError. */
  discover(issuer: string, clientId: string): Promise<Record<string, unknown>>;
  /** The authorization URL of a new sign-in (code flow, PKCE S256) and what its answer is checked with. */
  authorizationUrl(
    settings: OidcSettings,
    redirectUri: string,
    state: string,
  ): Promise<{ url: string; secrets: SignInSecrets }>;
  /**
   * Exchanges the code of the provider's answer and checks the ID token: signature, issuer, audience,
   * nonce, expiry (`now`, with 2 minutes of tolerance). Throws SsoRejected or SsoUnreachable.
   */
  finish(
    settings: OidcSettings,
    answer: URL,
    expected: SignInSecrets & { state: string },
    now: Date,
  ): Promise<SsoIdentity>;
}

/** A SAML identity provider's metadata as read: its entity ID, sign-on URL and signing certificates. */
export type SamlIdpMetadata = SamlIdpMetadataRow;

/** What a SAML sign-in checks an answer against: the identity provider's metadata and this server's addresses. */
export interface SamlSettings {
  idp: SamlIdpMetadata;
  /** This server's entity ID (the audience). */
  entityId: string;
  /** This server's assertion consumer service (the destination and recipient). */
  acsUrl: string;
}

/** A verified SAML answer: who it vouches for, what it answers and until when it holds. */
export interface SamlAssertion {
  identity: SsoIdentity;
  /** The AuthnRequest it answers; null when the identity provider sent it unasked. */
  inResponseTo: string | null;
  assertionId: string;
  /** Until when it could be used (kept that long to refuse it a second time). */
  expiresAt: Date;
}

export interface SamlClient {
  /** The metadata at a URL (read through the public-internet guard) or in XML; throws SsoSetupError. */
  metadata(source: { url: string } | { xml: string }): Promise<SamlIdpMetadata>;
  /** The identity provider's URL of a new sign-in: an AuthnRequest `requestId` with `relayState`. */
  authorizationUrl(settings: SamlSettings, requestId: string, relayState: string): Promise<string>;
  /**
   * The answer posted to the ACS (base64), verified: signature, audience, destination, recipient, the
   * validity window at `now` with 2 minutes of skew. Throws SsoRejected (SsoSignatureRejected for the
   * signature alone).
   */
  verify(settings: SamlSettings, samlResponse: string, now: Date): Promise<SamlAssertion>;
}
