/**
 * The port to identity providers (docs/product.md#single-sign-on): what single sign-on's rules
 * (domain/sso-*.ts) need of a protocol, whatever its library. OpenID Connect is sso/oidc.ts; SAML's sign-in,
 * when it comes, is a second adapter that answers the same SsoIdentity.
 */

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
