/**
 * The one session resolver: the signed-in user of a request, for the API (http/api.ts) and the
 * server-rendered pages (sandbox, support) alike, which share the cookie session. It applies the
 * organization's session and network policies (docs/product.md#session-and-network-policies): a session
 * past its idle timeout or lifetime is ended here, and a call from outside the allow-list is refused. So is
 * "Require SSO" (docs/product.md#require-sso): a session its organization requires to be signed in with
 * single sign-on, and which was not, ends here. And so is a session the organization's two-factor
 * requirement refuses (docs/product.md#two-factor-sign-in): everywhere but the API's calls that set it up.
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import { sessionSsoRefusal } from '../domain/require-sso.js';
import { sessionRefusal, type SessionRefusal } from '../domain/session-policies.js';
import { twoFactorRefusal } from '../domain/two-factor.js';
import type { SessionFacts } from '../repositories/sessions.js';
import type { UserViewExtras } from '../repositories/users.js';
import type { Services } from '../services.js';
import { noteRequestUser } from './logging.js';
import { readSessionCookie } from './session-cookie.js';
import { hashToken } from '../security/tokens.js';

type SessionServices = Pick<Services, 'repos' | 'clock'>;

/**
 * Where a session is used: an API operation (by its id), an operation anonymous callers may make too (the
 * two-factor requirement does not hold it back), or one of the server's pages, which sets nothing up.
 */
export type SessionUse = { operationId: string } | 'anonymous-allowed' | 'page';

/**
 * A found session under its policies, where it is used: the refusal when there is one (an ended session is
 * deleted first, so the refusal is said once and the next call finds nobody signed in). A refused call is
 * no use of the session: only an allowed one writes its idle clock.
 */
async function underPolicy(
  services: SessionServices,
  request: FastifyRequest,
  idHash: string,
  found: { user: User; session: SessionFacts; view: UserViewExtras },
  use: SessionUse,
  now: Date,
): Promise<SessionRefusal | undefined> {
  // The request's log line names the user (logging.ts), refused or not.
  noteRequestUser(request, String(found.user.id));
  const ssoRefusal = sessionSsoRefusal(found.user, found.session);
  const twoFactor =
    use === 'anonymous-allowed'
      ? undefined
      : twoFactorRefusal(
          found.user,
          found.view.org_require_two_factor === true,
          found.session.signInMethod,
          use === 'page' ? undefined : use.operationId,
        );
  const refusal: SessionRefusal | undefined = ssoRefusal
    ? { kind: 'ended', said: ssoRefusal }
    : (sessionRefusal(found.session, now, request.ip) ??
      (twoFactor ? { kind: 'two-factor', said: twoFactor } : undefined));
  if (refusal?.kind === 'ended') await services.repos.sessions.destroyByHash(idHash);
  else if (!refusal) await services.repos.sessions.noteUse(idHash, found.session, now);
  return refusal;
}

/**
 * The user of a live session cookie the policies allow, for one of the server's pages; undefined when
 * signed out, expired, refused by a policy (these pages show the signed-out state), or the account is gone.
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
  const found = await services.repos.sessions.findUserWithView(idHash);
  if (!found) return undefined;
  return (await underPolicy(services, request, idHash, found, 'page', now)) ? undefined : found.user;
}

/**
 * The same for an API call, with what the app shows of the user (one statement: see
 * SessionsRepository.findUserWithView), and the policies' refusal for the API to answer (http/api.ts).
 */
export async function sessionUserWithView(
  services: SessionServices,
  request: FastifyRequest,
  use: Exclude<SessionUse, 'page'>,
): Promise<{ user: User; view: UserViewExtras; refusal: SessionRefusal | undefined } | undefined> {
  const sessionId = readSessionCookie(request);
  if (!sessionId) return undefined;
  const idHash = hashToken(sessionId);
  const now = services.clock();
  const found = await services.repos.sessions.findUserWithView(idHash);
  if (!found) return undefined;
  const refusal = await underPolicy(services, request, idHash, found, use, now);
  // How this session was signed in counts for the organization's two-factor requirement (domain/two-factor.ts).
  const view = { ...found.view, session_sign_in_method: found.session.signInMethod };
  return { user: found.user, view, refusal };
}
