/** Two-factor sign-in: hashed single-use recovery codes and the sign-ins waiting for their code. */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { hashToken, newToken } from '../security/tokens.js';

/** How long a password-checked sign-in waits for its code. */
export const PENDING_SIGN_IN_SECONDS = 10 * 60;

export function createTwoFactorRepository(db: Db) {
  return {
    /** Records the time step of an accepted code; false when that step (or a later one) was used already. */
    async acceptStep(userId: number, step: number): Promise<boolean> {
      const row = await db
        .updateTable('users')
        .set({ totp_last_step: step })
        .where('id', '=', userId)
        .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Replaces the user's recovery codes. */
    async saveRecoveryCodes(userId: number, hashes: string[]): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
      if (hashes.length > 0) {
        await db
          .insertInto('recovery_codes')
          .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
          .execute();
      }
    },

    /** Spends an unused code of the user; answers whether there was one (of two uses, one wins). */
    async useRecoveryCode(userId: number, hash: string): Promise<boolean> {
      const row = await db
        .updateTable('recovery_codes')
        .set({ used_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('code_hash', '=', hash)
        .where('used_at', 'is', null)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    async unusedRecoveryCodes(userId: number): Promise<number> {
      const { count } = await db
        .selectFrom('recovery_codes')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('user_id', '=', userId)
        .where('used_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(count);
    },

    async forgetRecoveryCodes(userId: number): Promise<void> {
      await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
    },

    /** A sign-in whose password was right, waiting for the code; answers its token (the cookie's value). */
    async startPending(userId: number): Promise<string> {
      const token = newToken();
      await db.deleteFrom('pending_sign_ins').where('user_id', '=', userId).execute();
      await db
        .insertInto('pending_sign_ins')
        .values({ id_hash: hashToken(token), user_id: userId })
        .execute();
      return token;
    },

    /** The user of a live pending sign-in, counting this attempt; undefined when expired or unknown. */
    async attemptPending(token: string): Promise<{ userId: number; attempts: number } | undefined> {
      const row = await db
        .updateTable('pending_sign_ins')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('id_hash', '=', hashToken(token))
        .where('created_at', '>', sql<Date>`now() - ${`${PENDING_SIGN_IN_SECONDS} seconds`}::interval`)
        .returning(['user_id', 'attempts'])
        .executeTakeFirst();
      return row ? { userId: row.user_id, attempts: row.attempts } : undefined;
    },

    /** Ends a pending sign-in; answers whether it was still there (not ended meanwhile by endSignInsOf). */
    async endPending(token: string): Promise<boolean> {
      const result = await db
        .deleteFrom('pending_sign_ins')
        .where('id_hash', '=', hashToken(token))
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },
  };
}
