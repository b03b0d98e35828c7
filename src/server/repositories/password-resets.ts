/** The reset_tokens table: links of forgot-password, stored hashed, single use. */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database } from '../db/schema.js';

/** Not used and not expired. */
const usable = (eb: ExpressionBuilder<Database, 'reset_tokens'>) =>
  eb.and([eb('used_at', 'is', null), eb('expires_at', '>', sql<Date>`now()`)]);

export function createPasswordResetsRepository(db: Db) {
  return {
    async issue(userId: number, tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .insertInto('reset_tokens')
        .values({ token_hash: tokenHash, user_id: userId, expires_at: expiresAt })
        .execute();
    },

    /** True while the link is unused and unexpired. */
    async isUsable(tokenHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('reset_tokens')
        .select('user_id')
        .where('token_hash', '=', tokenHash)
        .where(usable)
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Marks the link used and answers its user; undefined when it is not usable. A conditional update: of
     * two uses of one link, only the first gets the user.
     */
    async use(tokenHash: string): Promise<number | undefined> {
      const used = await db
        .updateTable('reset_tokens')
        .set({ used_at: sql`now()` })
        .where('token_hash', '=', tokenHash)
        .where(usable)
        .returning('user_id')
        .executeTakeFirst();
      return used?.user_id;
    },

    /** Voids every other link the user still has. */
    async discardUnusedOf(userId: number): Promise<void> {
      await db
        .deleteFrom('reset_tokens')
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .execute();
    },
  };
}
