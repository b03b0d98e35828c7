/**
 * The one session resolver: the signed-in user of a request, for the API (http/api.ts) and the
 * server-rendered pages (sandbox, support) alike, which share the cookie session.
 */
import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import type { SessionsRepository } from '../repositories/sessions.js';
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
