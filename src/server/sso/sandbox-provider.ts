/**
 * The identity-provider sandbox (docs/product.md#single-sign-on): on a local install with the sandboxes on,
 * this server also plays an OpenID Connect provider at `<PUBLIC_URL>/sandbox/idp` (and a SAML one at
 * `<PUBLIC_URL>/sandbox/idp/saml`), so single sign-on can be
 * tried with no identity provider: an organization's admin saves a connection to it (the values are shown
 * on the settings page), and its sign-in page vouches for any address. It speaks the real protocol (the
 * discovery document, the authorization code flow with PKCE, an ES256-signed ID token checked against its
 * JWKS), so the sign-in goes through exactly the code a real provider's does. Never on a non-local
 * PUBLIC_URL, whatever SANDBOXES says: a provider that vouches for anyone has no place near real users.
 * Its codes are sealed, not stored: one works until it expires (2 minutes), the sign-in's state once.
 */
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  randomBytes,
  sign,
  timingSafeEqual,
} from 'node:crypto';
import { normalizeEmail } from '../../shared/email.js';
import { SAML_ACS_PATH, SAML_METADATA_PATH, SSO_CALLBACK_PATH } from '../../shared/sso-paths.js';
import { issuerMetadata, issueSamlResponse, readAuthnRequest } from './saml-issuer.js';
import { isLocalUrl, type Config } from '../config.js';
import type { SecretBox } from '../security/secret-box.js';

export const SANDBOX_IDP_PATH = '/sandbox/idp';
const CLIENT_ID = 'crm-sync-sandbox';
const CLIENT_SECRET = 'sandbox-client-secret';
const KEY_ID = 'sandbox-1';
const CODE_SECONDS = 120;
const TOKEN_SECONDS = 300;

/** The one place that decides whether the sandbox provider exists. */
export function sandboxIdentityProviderEnabled(config: Pick<Config, 'sandboxes' | 'publicUrl'>): boolean {
  return config.sandboxes && isLocalUrl(config.publicUrl);
}

const issuerOf = (config: Pick<Config, 'publicUrl'>) =>
  `${config.publicUrl.replace(/\/$/, '')}${SANDBOX_IDP_PATH}`;

/** The sandbox's SAML identity provider: its entity ID, also the base of its sign-on and metadata URLs. */
export const SANDBOX_SAML_PATH = `${SANDBOX_IDP_PATH}/saml`;
const samlEntityOf = (config: Pick<Config, 'publicUrl'>) =>
  `${config.publicUrl.replace(/\/$/, '')}${SANDBOX_SAML_PATH}`;

/** What an admin pastes to connect to the sandbox (get-sso-connection shows it); null where it is off. */
export function sandboxIdentityProvider(config: Pick<Config, 'sandboxes' | 'publicUrl'>) {
  if (!sandboxIdentityProviderEnabled(config)) return null;
  return {
    issuer: issuerOf(config),
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    saml_metadata_url: `${samlEntityOf(config)}/metadata`,
  };
}

export interface SandboxSamlProvider {
  metadata(): string;
  /** The AuthnRequest of the sign-in page's query, when it is this app's (its ACS); null otherwise. */
  request(samlRequest: string | undefined): { id: string } | null;
  /** The Response the browser posts to the app's ACS: the person, signed, or the refusal. */
  answer(
    request: { id: string },
    person: { email: string; name: string } | 'denied',
  ): Promise<{ acsUrl: string; samlResponse: string }>;
}

/**
 * The sandbox as a SAML identity provider (docs/product.md#the-identity-provider-sandbox): its metadata, its
 * sign-on page's AuthnRequest, and assertions signed with `keys` (an RSA key and its self-signed
 * certificate, kept in the database so every process of the install signs alike).
 */
export function createSandboxSamlProvider(
  config: Pick<Config, 'publicUrl'>,
  keys: { privateKey: string; certificate: string },
): SandboxSamlProvider {
  const entityId = samlEntityOf(config);
  const base = config.publicUrl.replace(/\/$/, '');
  const acsUrl = `${base}${SAML_ACS_PATH}`;
  const issuer = { entityId, ...keys };
  return {
    metadata: () => issuerMetadata(issuer, `${entityId}/sso`),
    request(samlRequest) {
      const read = samlRequest ? readAuthnRequest(samlRequest) : null;
      return read && (read.acsUrl === null || read.acsUrl === acsUrl) ? { id: read.id } : null;
    },
    async answer(request, person) {
      const samlResponse = await issueSamlResponse(issuer, {
        acsUrl,
        audience: `${base}${SAML_METADATA_PATH}`,
        inResponseTo: request.id,
        ...(person === 'denied'
          ? { email: '', refusal: 'AuthnFailed' }
          : { email: normalizeEmail(person.email), name: person.name }),
      });
      return { acsUrl, samlResponse };
    },
  };
}

/** An authorization request as the sign-in page carries it from its query to its form. */
export interface AuthorizationRequest {
  client_id?: string;
  redirect_uri?: string;
  response_type?: string;
  scope?: string;
  state?: string;
  nonce?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/** The fields a sign-in page keeps in its form, in order. */
export const REQUEST_FIELDS = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
] as const;

interface CodeContents {
  email: string;
  name: string;
  nonce: string;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: number;
}

type TokenAnswer = { status: number; body: Record<string, unknown> };

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function sameText(a: string, b: string): boolean {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The client's id and secret, from HTTP Basic (client_secret_basic) or the form (client_secret_post). */
function clientOf(form: Record<string, string | undefined>, authorization: string | undefined) {
  if (authorization?.startsWith('Basic ')) {
    const [id = '', secret = ''] = Buffer.from(authorization.slice(6), 'base64').toString('utf8').split(':');
    return { id: decodeURIComponent(id), secret: decodeURIComponent(secret) };
  }
  return { id: form.client_id ?? '', secret: form.client_secret ?? '' };
}

export interface SandboxIdentityProvider {
  issuer: string;
  configuration(): Record<string, unknown>;
  jwks(): { keys: Record<string, unknown>[] };
  /** Whether the request may be shown its sign-in page: this client, this app's callback, the code flow with PKCE. */
  acceptable(request: AuthorizationRequest): boolean;
  /** Where the browser goes once the person signed in (a code) or declined (access_denied). */
  answer(request: AuthorizationRequest, person: { email: string; name: string } | 'denied'): string;
  token(form: Record<string, string | undefined>, authorization: string | undefined, now?: Date): TokenAnswer;
}

/** `privateJwk`: the signing key, kept in the database so every process of the install signs alike. */
export function createSandboxIdentityProvider(
  config: Pick<Config, 'publicUrl'>,
  secretBox: SecretBox,
  privateJwk: string,
): SandboxIdentityProvider {
  const issuer = issuerOf(config);
  const redirectUri = `${config.publicUrl.replace(/\/$/, '')}${SSO_CALLBACK_PATH}`;
  const privateKey = createPrivateKey({
    key: JSON.parse(privateJwk) as Record<string, string>,
    format: 'jwk',
  });
  const publicJwk = createPublicKey(privateKey).export({ format: 'jwk' });

  function idToken(code: CodeContents, now: Date): string {
    const iat = Math.floor(now.getTime() / 1000);
    const header = base64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: KEY_ID }));
    const payload = base64url(
      JSON.stringify({
        iss: issuer,
        aud: CLIENT_ID,
        sub: `sandbox-${createHash('sha256').update(code.email).digest('hex').slice(0, 24)}`,
        email: code.email,
        email_verified: true,
        name: code.name,
        nonce: code.nonce,
        iat,
        auth_time: iat,
        exp: iat + TOKEN_SECONDS,
      }),
    );
    const signature = sign('sha256', Buffer.from(`${header}.${payload}`), {
      key: privateKey,
      dsaEncoding: 'ieee-p1363',
    });
    return `${header}.${payload}.${base64url(signature)}`;
  }

  const refuse = (error: string, status = 400): TokenAnswer => ({ status, body: { error } });

  return {
    issuer,
    configuration: () => ({
      issuer,
      authorization_endpoint: `${issuer}/authorize`,
      token_endpoint: `${issuer}/token`,
      jwks_uri: `${issuer}/jwks`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['ES256'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      scopes_supported: ['openid', 'email', 'profile'],
      claims_supported: ['sub', 'email', 'email_verified', 'name'],
      authorization_response_iss_parameter_supported: true,
    }),
    jwks: () => ({ keys: [{ ...publicJwk, kid: KEY_ID, alg: 'ES256', use: 'sig' }] }),

    acceptable: (request) =>
      request.client_id === CLIENT_ID &&
      request.redirect_uri === redirectUri &&
      request.response_type === 'code' &&
      request.code_challenge_method === 'S256' &&
      Boolean(request.code_challenge && request.state && request.nonce),

    answer(request, person) {
      const target = new URL(redirectUri);
      if (person === 'denied') {
        target.searchParams.set('error', 'access_denied');
      } else {
        const contents: CodeContents = {
          email: normalizeEmail(person.email),
          name: person.name,
          nonce: request.nonce ?? '',
          redirectUri,
          codeChallenge: request.code_challenge ?? '',
          expiresAt: Date.now() + CODE_SECONDS * 1000,
        };
        target.searchParams.set('code', secretBox.seal({ sandboxIdp: contents }));
      }
      target.searchParams.set('state', request.state ?? '');
      target.searchParams.set('iss', issuer);
      return target.toString();
    },

    token(form, authorization, now = new Date()) {
      const client = clientOf(form, authorization);
      if (client.id !== CLIENT_ID || !sameText(client.secret, CLIENT_SECRET))
        return refuse('invalid_client', 401);
      if (form.grant_type !== 'authorization_code') return refuse('unsupported_grant_type');
      let code: CodeContents | undefined;
      try {
        code = secretBox.open<{ sandboxIdp?: CodeContents }>(form.code ?? '').sandboxIdp;
      } catch {
        code = undefined;
      }
      const verifier = form.code_verifier ?? '';
      const challenge = createHash('sha256').update(verifier).digest('base64url');
      if (
        !code ||
        code.expiresAt < now.getTime() ||
        form.redirect_uri !== code.redirectUri ||
        !sameText(challenge, code.codeChallenge)
      ) {
        return refuse('invalid_grant');
      }
      return {
        status: 200,
        body: {
          access_token: randomBytes(32).toString('base64url'),
          token_type: 'Bearer',
          expires_in: TOKEN_SECONDS,
          scope: 'openid email profile',
          id_token: idToken(code, now),
        },
      };
    },
  };
}
