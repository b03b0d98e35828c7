/**
 * The Google sign-in sandbox: when GOOGLE_CLIENT_ID is not set, a page of this server plays Google's part
 * (sandbox/google-page.ts) and hands the app a signed credential shaped like a Google ID token (a JWT),
 * which google-auth verifies here exactly as it verifies Google's: signature, audience, expiry. The
 * signature is an HMAC with a key derived from the server's secret, so only this server can mint one.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { normalizeEmail } from '../../shared/email.js';
import type { Config } from '../config.js';
import type { GoogleIdentity, GoogleVerifier } from './google.js';
import { message, type Message } from '../../contract/messages.js';

/** The audience of sandbox credentials (what the real widget's client id is to Google's tokens). */
const SANDBOX_GOOGLE_CLIENT_ID = 'sandbox.apps.googleusercontent.com';
const ISSUER = 'crm-sync-google-sandbox';
const LIFETIME_SECONDS = 10 * 60;

/**
 * Whether the sandbox replaces Google: no real client id, and sandboxes allowed on this deployment.
 * The one place that decides it (the verifier, the page and /app-config.js all ask here).
 */
export function googleSandboxEnabled(config: Pick<Config, 'googleClientId' | 'sandboxes'>): boolean {
  return config.googleClientId === undefined && config.sandboxes;
}

const SANDBOX_PASSWORD_ACCOUNT = message('account_exists_use_password');
const SANDBOX_FOREIGN_ACCOUNT = message('google_account_sandbox_cannot_sign_in');

/**
 * Why a sandbox credential may not sign into this existing account, or null when it may. Anyone can ask
 * the sandbox for any address, so it proves nothing: it signs into the accounts it created (linked to its
 * own subject, no password) and never links to, or signs into, anyone else's (account takeover).
 */
export function sandboxSignInRefusal(
  account: { google_sub: string | null; password_hash: string | null },
  sandboxSub: string,
): Message | null {
  if (account.password_hash !== null) return SANDBOX_PASSWORD_ACCOUNT;
  if (account.google_sub !== sandboxSub) return SANDBOX_FOREIGN_ACCOUNT;
  return null;
}

interface SandboxIdentityInput {
  email: string;
  name?: string;
  emailVerified: boolean;
}

export interface GoogleSandbox {
  verifier: GoogleVerifier;
  /** A credential for this identity, as Google's widget would hand it to the app. */
  issue(identity: SandboxIdentityInput, nowSeconds?: number): string;
  /** A credential that looks right but carries a wrong signature (to try the failure path). */
  issueInvalid(identity: SandboxIdentityInput): string;
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The same Google account for the same address, whatever its letter case. */
export function sandboxSubject(email: string): string {
  return `sandbox-${createHash('sha256').update(normalizeEmail(email)).digest('hex').slice(0, 24)}`;
}

export function createGoogleSandbox(secret: string): GoogleSandbox {
  const key = createHmac('sha256', secret).update('google-sign-in-sandbox').digest();
  const sign = (data: string, signingKey: Buffer = key) =>
    createHmac('sha256', signingKey).update(data).digest('base64url');

  function token(identity: SandboxIdentityInput, nowSeconds: number, signingKey?: Buffer): string {
    const email = identity.email.trim();
    const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT', kid: 'sandbox' }));
    const payload = base64url(
      JSON.stringify({
        iss: ISSUER,
        aud: SANDBOX_GOOGLE_CLIENT_ID,
        sub: sandboxSubject(email),
        email,
        email_verified: identity.emailVerified,
        name: identity.name?.trim() || email.split('@')[0],
        iat: nowSeconds,
        exp: nowSeconds + LIFETIME_SECONDS,
      }),
    );
    return `${header}.${payload}.${sign(`${header}.${payload}`, signingKey)}`;
  }

  return {
    issue: (identity, nowSeconds = Math.floor(Date.now() / 1000)) => token(identity, nowSeconds),
    issueInvalid: (identity) =>
      token(identity, Math.floor(Date.now() / 1000), Buffer.from('not-the-server-key')),
    verifier: {
      async verify(idToken) {
        const [header, payload, signature, extra] = idToken.split('.');
        if (!header || !payload || !signature || extra !== undefined) throw new Error('Malformed token');
        const expected = Buffer.from(sign(`${header}.${payload}`));
        const given = Buffer.from(signature);
        if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
          throw new Error('Bad signature');
        }
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
          string,
          unknown
        >;
        if (claims.iss !== ISSUER || claims.aud !== SANDBOX_GOOGLE_CLIENT_ID)
          throw new Error('Wrong audience');
        if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now()) throw new Error('Expired');
        if (typeof claims.sub !== 'string' || typeof claims.email !== 'string') {
          throw new Error('The token carries no account');
        }
        const identity: GoogleIdentity = {
          sub: claims.sub,
          email: claims.email,
          emailVerified: claims.email_verified === true,
          name: typeof claims.name === 'string' && claims.name ? claims.name : claims.email.split('@')[0]!,
          sandbox: true,
        };
        return identity;
      },
    },
  };
}
