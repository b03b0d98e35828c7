/**
 * The one session resolver: the signed-in user of a request, for the API (http/api.ts) and the
 * server-rendered pages (sandbox, support) alike, which share the cookie session.
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import type { SessionsRepository } from '../repositories/sessions.js';
import type { UserViewExtras } from '../repositories/users.js';
import { noteRequestUser } from './logging.js';
import { readSessionCookie } from './session-cookie.js';

/** The user of a live session cookie; undefined when signed out, expired, or the account is gone. */
export async function sessionUser(
  sessions: SessionsRepository,
  request: FastifyRequest,
): Promise<User | undefined> {
  const sessionId = readSessionCookie(request);
  const user = sessionId ? await sessions.findUser(sessionId) : undefined;
  // The request's log line names the user (logging.ts).
  if (user) noteRequestUser(request, String(user.id));
  return user;
}

/** The same, with what the app shows of the user (one statement: see SessionsRepository.findUserWithView). */
export async function sessionUserWithView(
  sessions: SessionsRepository,
  request: FastifyRequest,
): Promise<{ user: User; view: UserViewExtras } | undefined> {
  const sessionId = readSessionCookie(request);
  const found = sessionId ? await sessions.findUserWithView(sessionId) : undefined;
  if (found) noteRequestUser(request, String(found.user.id));
  return found;
}
