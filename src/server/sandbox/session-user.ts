/** The signed-in user of a sandbox page request (pages use the same cookie session as the API). */
import type { FastifyRequest } from 'fastify';
import type { User } from '../db/schema.js';
import { readSessionCookie } from '../http/session-cookie.js';
import { resolveSession } from '../security/sessions.js';
import type { Services } from '../services.js';

export async function sessionUser(services: Services, request: FastifyRequest): Promise<User | undefined> {
  const id = readSessionCookie(request);
  const userId = id ? await resolveSession(services.db, id) : undefined;
  if (userId === undefined) return undefined;
  return services.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
}
