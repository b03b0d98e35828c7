/** Invitation tokens: 32 random bytes mailed as a link, stored hashed, valid 7 days, used once. */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import type { Invitation } from '../db/schema.js';
import { hashToken, newToken } from '../security/tokens.js';

export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
export const INVALID_INVITATION = 'Invalid or expired invitation';

/** A new token and its stored hash and expiry. */
export function issueInvitationToken(now = Date.now()) {
  const token = newToken();
  return { token, tokenHash: hashToken(token), expiresAt: new Date(now + INVITATION_LIFETIME_MS) };
}

/** The pending, unexpired invitation of a token, or undefined. */
export async function findPendingInvitation(db: Db, token: string): Promise<Invitation | undefined> {
  return db
    .selectFrom('invitations')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/**
 * Marks the invitation used, only if it still is pending: of two signups racing with one token,
 * exactly one gets true.
 */
export async function consumeInvitation(db: Db, invitationId: number): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set({ accepted_at: sql`now()` })
    .where('id', '=', invitationId)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function invitationLink(publicUrl: string, token: string, software: string | null): string {
  const url = new URL('/accept-invitation', publicUrl);
  url.searchParams.set('token', token);
  if (software) url.searchParams.set('software', software);
  return url.toString();
}
