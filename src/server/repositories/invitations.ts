/** The invitations table: who is invited to which organization, by a hashed token. */
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, Invitation, InvitationsTable } from '../db/schema.js';

/**
 * Not accepted, not expired, and, for a proving invitation, the way in that mailed it still open
 * (docs/product.md#proven-addresses): its invitation link not revoked, or automatic joining still on for
 * its address's domain. Finding an invitation and using it (`consume`) both ask this, so closing a way in
 * closes the invitations it mailed, from every path that closes it.
 */
const isPending = (eb: ExpressionBuilder<Database, 'invitations'>) =>
  eb.and([
    eb('accepted_at', 'is', null),
    eb('expires_at', '>', sql<Date>`now()`),
    sql<boolean>`(invitations.via_invite_link_id is null or exists (select 1 from invite_links l
      where l.id = invitations.via_invite_link_id and l.revoked_at is null))`,
    sql<boolean>`(not invitations.via_auto_join or exists (select 1 from organizations o
      where o.id = invitations.organization_id and o.domain_auto_join
        and o.domain = split_part(invitations.email, '@', 2)))`,
  ]);

export function createInvitationsRepository(db: Db) {
  return {
    /** The pending, unexpired invitation of a token hash. */
    async findPendingByToken(tokenHash: string): Promise<Invitation | undefined> {
      return db
        .selectFrom('invitations')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where(isPending)
        .executeTakeFirst();
    },

    /** The accepted invitation of a token hash (its invitee opening the mail again). */
    async findAcceptedByToken(tokenHash: string): Promise<Invitation | undefined> {
      return db
        .selectFrom('invitations')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .where('accepted_at', 'is not', null)
        .executeTakeFirst();
    },

    /** An invitation of the organization not accepted yet, expired or not (it can be resent). */
    async findUnaccepted(organizationId: number, id: number): Promise<Invitation | undefined> {
      return db
        .selectFrom('invitations')
        .selectAll()
        .where('id', '=', id)
        .where('organization_id', '=', organizationId)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
    },

    async hasPending(organizationId: number, email: string): Promise<boolean> {
      const row = await db
        .selectFrom('invitations')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('email', '=', email)
        .where(isPending)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Which of these addresses (normalized) have a pending invitation to the organization: one query. */
    async pendingEmailsAmong(organizationId: number, emails: readonly string[]): Promise<string[]> {
      if (emails.length === 0) return [];
      const rows = await db
        .selectFrom('invitations')
        .select('email')
        .where('organization_id', '=', organizationId)
        .where(sql<string>`lower(email)`, 'in', emails)
        .where(isPending)
        .execute();
      return rows.map((row) => row.email);
    },

    /** One page of the pending, unexpired invitations of an organization, oldest first, and their total. */
    async pendingPageOf(
      organizationId: number,
      { limit, offset }: { limit: number; offset: number },
    ): Promise<{ invitations: Invitation[]; total: number }> {
      const [invitations, count] = await Promise.all([
        db
          .selectFrom('invitations')
          .selectAll()
          .where('organization_id', '=', organizationId)
          .where(isPending)
          .orderBy('created_at')
          .orderBy('id')
          .limit(limit)
          .offset(offset)
          .execute(),
        db
          .selectFrom('invitations')
          .select(sql<string | number | bigint>`count(*)`.as('n'))
          .where('organization_id', '=', organizationId)
          .where(isPending)
          .executeTakeFirstOrThrow(),
      ]);
      return { invitations, total: Number(count.n) };
    },

    async create(values: Insertable<InvitationsTable>): Promise<Invitation> {
      return db.insertInto('invitations').values(values).returningAll().executeTakeFirstOrThrow();
    },

    /** A new token and expiry: the old link stops working. */
    async reissue(id: number, tokenHash: string, expiresAt: Date): Promise<Invitation> {
      return db
        .updateTable('invitations')
        .set({ token_hash: tokenHash, expires_at: expiresAt })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Deletes an invitation not accepted yet (revoked by an admin): its link stops working and a seat it
     * reserved is free again. False when it was accepted meanwhile.
     */
    async revoke(id: number): Promise<boolean> {
      const result = await db
        .deleteFrom('invitations')
        .where('id', '=', id)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return result.numDeletedRows === 1n;
    },

    /** Revokes every pending invitation of the address to the organization; answers how many. */
    async revokePendingOf(organizationId: number, email: string): Promise<number> {
      const result = await db
        .deleteFrom('invitations')
        .where('organization_id', '=', organizationId)
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /**
     * Marks the invitation used, only if it still is pending: of two signups racing with one token,
     * exactly one gets true.
     */
    async consume(id: number): Promise<boolean> {
      const result = await db
        .updateTable('invitations')
        .set({ accepted_at: sql`now()` })
        .where('id', '=', id)
        .where(isPending)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },
  };
}

export type InvitationsRepository = ReturnType<typeof createInvitationsRepository>;
