/**
 * The crm_connections table: a user's personal CRM connection, or the one an admin chose for the whole
 * organization. Credentials are stored sealed (security/secret-box.ts); this module never opens them.
 */
import { sql, type ExpressionBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, User } from '../db/schema.js';

export interface NewConnection {
  software: string;
  authType: string;
  sealedCredentials: string;
  /** The organization's shared connection instead of the user's personal one. */
  shared: boolean;
}

/** The connections the user may use: their personal ones, and their organization's. */
function usableBy(user: Pick<User, 'id' | 'organization_id'>) {
  return (eb: ExpressionBuilder<Database, 'crm_connections'>) => {
    const personal = eb.and([eb('user_id', '=', user.id), eb('organization_id', 'is', null)]);
    return user.organization_id === null
      ? personal
      : eb.or([personal, eb('organization_id', '=', user.organization_id)]);
  };
}

export function createConnectionsRepository(db: Db) {
  return {
    /**
     * Replaces the user's personal connection, or the organization's shared one, with a new one made by
     * the user (call it in a transaction: the old one must not go without the new one). Answers its id.
     */
    async replace(user: Pick<User, 'id' | 'organization_id'>, connection: NewConnection): Promise<number> {
      const scope = db.deleteFrom('crm_connections');
      if (connection.shared && user.organization_id !== null) {
        await scope.where('organization_id', '=', user.organization_id).execute();
      } else {
        await scope.where('user_id', '=', user.id).where('organization_id', 'is', null).execute();
      }
      const row = await db
        .insertInto('crm_connections')
        .values({
          user_id: user.id,
          organization_id: connection.shared ? user.organization_id : null,
          software: connection.software,
          auth_type: connection.authType,
          credentials: connection.sealedCredentials,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The user's OAuth connections to a CRM (personal, and their organization's), newest first. */
    async oauthConnectionsOf(user: Pick<User, 'id' | 'organization_id'>, software: string) {
      return db
        .selectFrom('crm_connections')
        .select(['id', 'credentials'])
        .where('software', '=', software)
        .where('auth_type', '=', 'oauth')
        .where(usableBy(user))
        .orderBy('id', 'desc')
        .execute();
    },

    /**
     * The connection a sync of the user's goes through: their own to the CRM, else their organization's
     * (docs/product.md#crm-sync-rules).
     */
    async forSync(user: Pick<User, 'id' | 'organization_id'>, software: string) {
      return (
        db
          .selectFrom('crm_connections')
          .select(['id', 'organization_id', 'auth_type', 'credentials'])
          .where('software', '=', software)
          .where(usableBy(user))
          // The user's own first (no organization id), then the newest.
          .orderBy(sql`organization_id is not null`)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      );
    },

    /** Notes that the connection was just verified. */
    async touch(id: number): Promise<void> {
      await db
        .updateTable('crm_connections')
        .set({ updated_at: sql`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes every connection the user made, an organization-wide one included. */
    /** Answers how many connections were deleted. */
    async deleteMadeBy(userId: number): Promise<number> {
      const result = await db.deleteFrom('crm_connections').where('user_id', '=', userId).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
