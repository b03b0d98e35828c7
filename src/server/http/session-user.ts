/**
 * The one session resolver: the signed-in user of a request, for the API (http/api.ts) and the
 * server-rendered pages (sandbox, support) alike, which share the cookie session. It applies the
 * organization's session and network policies (docs/product.md#session-and-network-policies): a session
 * past its idle timeout or lifetime is ended here, and a call from outside the allow-list is refused. So is
 * "Require SSO" (docs/product.md#require-sso): a session its organization requires to be signed in with
 * single sign-on, and which was not, ends here.
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import { sessionSsoRefusal } from '../domain/require-sso.js';
import { sessionRefusal, type SessionRefusal } from '../domain/session-policies.js';
import type { SessionFacts } from '../repositories/sessions.js';
import type { UserViewExtras } from '../repositories/users.js';
import type { Services } from '../services.js';
import { noteRequestUser } from './logging.js';
import { readSessionCookie } from './session-cookie.js';
import { hashToken } from '../security/tokens.js';

type SessionServices = Pick<Services, 'repos' | 'clock'>;

/**
 * A found session under its policy: the refusal when there is one (an ended session is deleted first, so
 * the refusal is said once and the next call finds nobody signed in).
 */
async function underPolicy(
  services: SessionServices,
  request: FastifyRequest,
  idHash: string,
  found: { user: User; session: SessionFacts },
  now: Date,
  /** The call's own refusal of an allowed session (the API's two-factor gate): it throws, and then the
   * session is not used either, so the refused call keeps no idle session alive. */
  gate?: () => void,
): Promise<SessionRefusal | undefined> {
  // The request's log line names the user (logging.ts), refused or not.
  noteRequestUser(request, String(found.user.id));
  const ssoRefusal = sessionSsoRefusal(found.user, found.session);
  const refusal: SessionRefusal | undefined = ssoRefusal
    ? { kind: 'ended', said: ssoRefusal }
    : sessionRefusal(found.session, now, request.ip);
  if (refusal?.kind === 'ended') await services.repos.sessions.destroyByHash(idHash);
  else if (!refusal) {
    gate?.();
    await services.repos.sessions.noteUse(idHash, found.session, now);
  }
  return refusal;
}

/**
 * The user of a live session cookie the policies allow; undefined when signed out, expired, refused by a
 * policy (these pages show the signed-out state), or the account is gone.
 */
export async function sessionUser(
  services: SessionServices,
  request: FastifyRequest,
): Promise<User | undefined> {
  const sessionId = readSessionCookie(request);
  return sessionId ? sessionUserByHash(services, request, hashToken(sessionId)) : undefined;
}

/**
 * The same for a session named by its `id_hash` rather than by the request's cookie: the session an SSO
 * test was started in, when the identity provider's answer comes by a cross-site post without the cookie
 * (handlers/saml-acs.ts). The request is still the browser's: its address counts for the allow-list.
 */
export async function sessionUserByHash(
  services: SessionServices,
  request: FastifyRequest,
  idHash: string,
): Promise<User | undefined> {
  const now = services.clock();
  const found = await services.repos.sessions.findUserByHash(idHash);
  if (!found) return undefined;
  return (await underPolicy(services, request, idHash, found, now)) ? undefined : found.user;
}

/**
 * The same, with what the app shows of the user (one statement: see SessionsRepository.findUserWithView),
 * and the policy's refusal for the API to answer (http/api.ts).
 */
export async function sessionUserWithView(
  services: SessionServices,
  request: FastifyRequest,
  /** What the call itself refuses of a session its policies allow (underPolicy's gate). */
  gate?: (found: { user: User; view: UserViewExtras }) => void,
): Promise<{ user: User; view: UserViewExtras; refusal: SessionRefusal | undefined } | undefined> {
  const sessionId = readSessionCookie(request);
  const now = services.clock();
  const found = sessionId ? await services.repos.sessions.findUserWithView(sessionId) : undefined;
  if (!sessionId || !found) return undefined;
  // How this session was signed in counts for the organization's two-factor requirement (domain/two-factor.ts).
  const view = { ...found.view, session_sign_in_method: found.session.signInMethod };
  const refusal = await underPolicy(
    services,
    request,
    hashToken(sessionId),
    found,
    now,
    gate && (() => gate({ user: found.user, view })),
  );
  return { user: found.user, view, refusal };
}
