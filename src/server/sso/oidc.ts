/**
 * OpenID Connect with openid-client (v6): discovery, the authorization code flow with PKCE (S256), state
 * and nonce, and the checks of the ID token (signature against the issuer's JWKS, issuer, audience, nonce,
 * expiry with 2 minutes of clock tolerance). The adapter of sso/provider.ts; the rules of who signs in are
 * domain/sso-sign-in.ts.
 */
import * as client from 'openid-client';
import { isLocalUrl } from '../config.js';
import { refusedAsNotPublic } from './public-fetch.js';
import {
  SsoRejected,
  SsoSetupError,
  SsoUnreachable,
  type OidcClient,
  type OidcSettings,
  type SsoIdentity,
} from './provider.js';

/** docs/product.md#single-sign-on: an identity provider's clock may be this far from ours. */
const CLOCK_TOLERANCE_SECONDS = 120;
/** No call to an identity provider holds a request longer than this. */
const TIMEOUT_SECONDS = 10;
const SCOPE = 'openid email profile';

/** Plain HTTP only to this machine: the tests' provider and the sandbox of a local install. */
const insecureAllowed = (url: string) => url.startsWith('http://') && isLocalUrl(url);

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Why the issuer's configuration cannot be used, in a few words an admin can act on. */
function setupReason(error: unknown): string {
  if (error instanceof client.ClientError) {
    const cause = error.cause as { status?: unknown } | undefined;
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_CONFORM' && typeof cause?.status === 'number') {
      return `HTTP ${cause.status}`;
    }
    if (error.code === 'OAUTH_JSON_ATTRIBUTE_COMPARISON_FAILED') return 'it names another issuer';
    if (error.code === 'OAUTH_HTTP_REQUEST_FORBIDDEN') return 'only https:// issuers are allowed';
    if (error.code === 'OAUTH_RESPONSE_IS_NOT_JSON') return 'the answer is not JSON';
    return error.message;
  }
  if (error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError')) {
    return `no answer within ${TIMEOUT_SECONDS} seconds`;
  }
  if (refusedAsNotPublic(error)) return 'it is not on the public internet';
  if (error instanceof TypeError) return 'no answer (the address cannot be reached)';
  return 'the configuration is not usable';
}

/** What the code flow needs of a configuration; null when it has it all. */
function missingOf(metadata: Record<string, unknown>): string | null {
  for (const field of ['authorization_endpoint', 'token_endpoint', 'jwks_uri']) {
    if (!text(metadata[field])) return `it has no ${field}`;
  }
  const responseTypes = metadata.response_types_supported;
  if (Array.isArray(responseTypes) && !responseTypes.includes('code'))
    return 'it does not offer the code flow';
  const methods = metadata.code_challenge_methods_supported;
  if (Array.isArray(methods) && !methods.includes('S256')) return 'it does not offer PKCE (S256)';
  return null;
}

/** The client authentication the provider takes: client_secret_basic, OpenID Connect's default, else post. */
function clientAuth(metadata: Record<string, unknown>, secret: string): client.ClientAuth {
  const methods = metadata.token_endpoint_auth_methods_supported;
  if (
    Array.isArray(methods) &&
    !methods.includes('client_secret_basic') &&
    methods.includes('client_secret_post')
  ) {
    return client.ClientSecretPost(secret);
  }
  return client.ClientSecretBasic(secret);
}

function identityRejected(error: unknown): never {
  if (error instanceof client.AuthorizationResponseError) throw new SsoRejected('refused', error.error);
  if (error instanceof client.ResponseBodyError) {
    if (error.status >= 500) throw new SsoUnreachable(`token endpoint: HTTP ${error.status}`);
    throw new SsoRejected('invalid', `token endpoint: ${error.error}`);
  }
  if (error instanceof client.ClientError) {
    const cause = error.cause as { status?: unknown } | undefined;
    if (typeof cause?.status === 'number' && cause.status >= 500) {
      throw new SsoUnreachable(`HTTP ${cause.status}`);
    }
    // openid-client says "unexpected JWT claim value encountered"; its cause names the claim.
    const said = error.cause instanceof Error ? error.cause.message : error.message;
    throw new SsoRejected('invalid', `${error.code ?? 'check'}: ${said}`);
  }
  if (error instanceof DOMException || error instanceof TypeError) {
    throw new SsoUnreachable(error.message);
  }
  throw error;
}

export interface OidcClientOptions {
  /**
   * Replaces fetch for every call to identity providers: on a deployment the public-only one
   * (sso/public-fetch.ts); in tests, one that alters a provider's answers in transit.
   */
  fetch?: client.CustomFetch;
}

export function createOidcClient(options: OidcClientOptions = {}): OidcClient {
  // The providers' signing keys, by JWKS URL: a sign-in does not fetch them again (each process its own).
  const jwksCaches = new Map<string, client.ExportedJWKSCache>();

  function configuration(settings: OidcSettings, now: Date): client.Configuration {
    const config = new client.Configuration(
      settings.metadata as client.ServerMetadata,
      settings.clientId,
      {
        client_secret: settings.clientSecret,
        [client.clockTolerance]: CLOCK_TOLERANCE_SECONDS,
        // The rules' clock (tests move it) rather than the machine's.
        [client.clockSkew]: Math.round((now.getTime() - Date.now()) / 1000),
      },
      clientAuth(settings.metadata, settings.clientSecret),
    );
    if (insecureAllowed(settings.issuer)) client.allowInsecureRequests(config);
    if (options.fetch) config[client.customFetch] = options.fetch;
    config.timeout = TIMEOUT_SECONDS;
    const jwksUri = text(settings.metadata.jwks_uri);
    const cached = jwksUri ? jwksCaches.get(jwksUri) : undefined;
    if (cached) client.setJwksCache(config, cached);
    return config;
  }

  function keepJwks(settings: OidcSettings, config: client.Configuration) {
    const jwksUri = text(settings.metadata.jwks_uri);
    const cache = client.getJwksCache(config);
    if (jwksUri && cache) jwksCaches.set(jwksUri, cache);
  }

  return {
    async discover(issuer, clientId) {
      let config: client.Configuration;
      try {
        config = await client.discovery(new URL(issuer), clientId, undefined, undefined, {
          timeout: TIMEOUT_SECONDS,
          ...(options.fetch ? { [client.customFetch]: options.fetch } : {}),
          ...(insecureAllowed(issuer) ? { execute: [client.allowInsecureRequests] } : {}),
        });
      } catch (error) {
        throw new SsoSetupError(setupReason(error));
      }
      const metadata = { ...config.serverMetadata() } as Record<string, unknown>;
      const missing = missingOf(metadata);
      if (missing) throw new SsoSetupError(missing);
      return metadata;
    },

    async authorizationUrl(settings, redirectUri, state) {
      const codeVerifier = client.randomPKCECodeVerifier();
      const nonce = client.randomNonce();
      const url = client.buildAuthorizationUrl(configuration(settings, new Date()), {
        redirect_uri: redirectUri,
        scope: SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
      return { url: url.href, secrets: { codeVerifier, nonce } };
    },

    async finish(settings, answer, expected, now) {
      const config = configuration(settings, now);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(config, answer, {
          pkceCodeVerifier: expected.codeVerifier,
          expectedState: expected.state,
          expectedNonce: expected.nonce,
          idTokenExpected: true,
        });
      } catch (error) {
        identityRejected(error);
      } finally {
        keepJwks(settings, config);
      }
      const claims = tokens.claims();
      if (!claims) throw new SsoRejected('invalid', 'no ID token');
      let profile: Record<string, unknown> = claims;
      // Some providers (Entra without the optional email claim) name the address only in UserInfo.
      if (!text(claims.email) && text(settings.metadata.userinfo_endpoint)) {
        profile = await client
          .fetchUserInfo(config, tokens.access_token, claims.sub)
          .then((info) => ({ ...info, ...claims, email: info.email }))
          .catch(() => claims);
      }
      const username = text(profile.preferred_username);
      const identity: SsoIdentity = {
        subject: claims.sub,
        email: text(profile.email) ?? (username?.includes('@') ? username : null),
        emailVerified: typeof profile.email_verified === 'boolean' ? profile.email_verified : undefined,
        name:
          text(profile.name) ??
          ([text(profile.given_name), text(profile.family_name)].filter(Boolean).join(' ') || null),
      };
      return identity;
    },
  };
}
