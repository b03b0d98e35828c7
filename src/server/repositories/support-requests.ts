/** The support_requests table: what the built-in support form received. */
import type { Db } from '../db/index.js';

export function createSupportRequestsRepository(db: Db) {
  return {
    /** Records a request; answers its number. */
    async record(request: { userId: number | null; email: string; message: string }): Promise<number> {
      const { id } = await db
        .insertInto('support_requests')
        .values({ user_id: request.userId, email: request.email, message: request.message })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    async forget(id: number): Promise<void> {
      await db.deleteFrom('support_requests').where('id', '=', id).execute();
    },
  };
}
