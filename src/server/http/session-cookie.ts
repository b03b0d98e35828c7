/** The session cookie: HttpOnly, SameSite=Lax, Secure when the public URL is https. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { SESSION_ABSOLUTE_SECONDS } from '../repositories/sessions.js';

/** The contract's security scheme names the cookie 'session'. */
const SESSION_COOKIE = 'session';

export function isSecure(config: Pick<Config, 'publicUrl'>): boolean {
  return config.publicUrl.startsWith('https://');
}

export function setSessionCookie(reply: FastifyReply, config: Config, sessionId: string): void {
  reply.setCookie(SESSION_COOKIE, sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    maxAge: SESSION_ABSOLUTE_SECONDS,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(SESSION_COOKIE, { httpOnly: true, sameSite: 'lax', secure: isSecure(config), path: '/' });
}

export function readSessionCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[SESSION_COOKIE];
  // A well-formed id is 43 base64url characters; anything else is not worth a database lookup.
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/** A sign-in whose password was right, waiting for its two-factor code: never a session. */
const PENDING_SIGN_IN_COOKIE = 'pending_sign_in';

export function setPendingSignInCookie(
  reply: FastifyReply,
  config: Config,
  token: string,
  maxAge: number,
): void {
  reply.setCookie(PENDING_SIGN_IN_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    maxAge,
  });
}

export function clearPendingSignInCookie(reply: FastifyReply, config: Config): void {
  reply.clearCookie(PENDING_SIGN_IN_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
  });
}

export function readPendingSignInCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[PENDING_SIGN_IN_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}

/**
 * A single sign-on under way (docs/product.md#single-sign-on): the state it was started with, so only the
 * browser that started it can finish it (a callback link sent to someone else signs nobody in). OpenID
 * Connect: Lax, the identity provider sends the browser back with a top-level navigation. SAML: None (and
 * so Secure, which browsers allow on http://localhost too), the identity provider posts its answer to
 * /sso/saml/acs from its own site, and a Lax cookie would not come along.
 */
const SSO_SIGN_IN_COOKIE = 'sso_sign_in';

function ssoSignInCookieOptions(config: Config, protocol: 'oidc' | 'saml') {
  return protocol === 'saml'
    ? ({ httpOnly: true, sameSite: 'none', secure: true, path: '/' } as const)
    : ({ httpOnly: true, sameSite: 'lax', secure: isSecure(config), path: '/' } as const);
}

export function setSsoSignInCookie(
  reply: FastifyReply,
  config: Config,
  state: string,
  maxAge: number,
  protocol: 'oidc' | 'saml' = 'oidc',
): void {
  reply.setCookie(SSO_SIGN_IN_COOKIE, state, { ...ssoSignInCookieOptions(config, protocol), maxAge });
}

export function clearSsoSignInCookie(
  reply: FastifyReply,
  config: Config,
  protocol: 'oidc' | 'saml' = 'oidc',
): void {
  reply.clearCookie(SSO_SIGN_IN_COOKIE, ssoSignInCookieOptions(config, protocol));
}

export function readSsoSignInCookie(request: FastifyRequest): string | undefined {
  const value = request.cookies[SSO_SIGN_IN_COOKIE];
  return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : undefined;
}
