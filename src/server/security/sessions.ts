/**
 * Server-side sessions: the browser holds a 256-bit random id in a cookie; the database holds only
 * its SHA-256. A session ends after 7 days without use or 30 days after sign-in, whichever is first.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { hashToken, newToken } from './tokens.js';

export const SESSION_IDLE_SECONDS = 7 * 24 * 60 * 60;
export const SESSION_ABSOLUTE_SECONDS = 30 * 24 * 60 * 60;
/** last_seen_at is written at most this often, so reads do not each cost a write. */
const TOUCH_INTERVAL_SECONDS = 60;

export async function createSession(db: Db, userId: number): Promise<string> {
  const id = newToken();
  await db
    .insertInto('sessions')
    .values({ id_hash: hashToken(id), user_id: userId })
    .execute();
  return id;
}

/** The user id of a live session, or undefined; refreshes the idle clock. */
export async function resolveSession(db: Db, id: string): Promise<number | undefined> {
  const idHash = hashToken(id);
  const row = await db
    .selectFrom('sessions')
    .select([
      'user_id',
      sql<boolean>`last_seen_at < now() - ${`${TOUCH_INTERVAL_SECONDS} seconds`}::interval`.as('stale'),
    ])
    .where('id_hash', '=', idHash)
    .where('created_at', '>', sql<Date>`now() - ${`${SESSION_ABSOLUTE_SECONDS} seconds`}::interval`)
    .where('last_seen_at', '>', sql<Date>`now() - ${`${SESSION_IDLE_SECONDS} seconds`}::interval`)
    .executeTakeFirst();
  if (!row) return undefined;
  if (row.stale) {
    await db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now()` })
      .where('id_hash', '=', idHash)
      .execute();
  }
  return row.user_id;
}

export async function destroySession(db: Db, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id_hash', '=', hashToken(id)).execute();
}
