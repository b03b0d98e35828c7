/**
 * The crm_connections table: a user's personal CRM connection, or the one an admin chose for the whole
 * organization. Credentials are stored sealed (security/secret-box.ts); this module never opens them.
 */
import { sql, type ExpressionBuilder, type Selectable } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, User } from '../db/schema.js';
import { DEFAULT_LOCALE, isLocale, type Locale } from '../../shared/locale.js';
import { lastSessionLocale } from './sessions.js';

export interface NewConnection {
  software: string;
  authType: string;
  sealedCredentials: string;
  /** The organization's shared connection instead of the user's personal one. */
  shared: boolean;
  /** When the OAuth access token expires (absent or null: API keys, or the CRM did not say). */
  tokenExpiresAt?: Date | null;
}

/** What a sync or a check needs of a connection (its credentials still sealed). */
const CONNECTION_COLUMNS = [
  'id',
  'user_id',
  'organization_id',
  'software',
  'auth_type',
  'credentials',
  'token_expires_at',
  'needs_attention_since',
  'refreshing_until',
] as const;
export type ConnectionRow = Pick<
  Selectable<Database['crm_connections']>,
  (typeof CONNECTION_COLUMNS)[number]
>;

/** Whom a connection that needs attention tells: its maker, in the language of their last session. */
export interface ConnectionMaker {
  userId: number;
  email: string;
  locale: Locale;
  software: string;
  /** The connection's organization (a shared one), else its maker's; null for neither. */
  organizationId: number | null;
  /** Whether the whole organization uses the connection. */
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
          token_expires_at: connection.tokenExpiresAt ?? null,
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
    async forSync(
      user: Pick<User, 'id' | 'organization_id'>,
      software: string,
    ): Promise<ConnectionRow | undefined> {
      return (
        db
          .selectFrom('crm_connections')
          .select(CONNECTION_COLUMNS)
          .where('software', '=', software)
          .where(usableBy(user))
          // The user's own first (no organization id), then the newest.
          .orderBy(sql`organization_id is not null`)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      );
    },

    /** The connection as it is now (after waiting for another process's refresh). */
    async byId(id: number): Promise<ConnectionRow | undefined> {
      return db
        .selectFrom('crm_connections')
        .select(CONNECTION_COLUMNS)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /**
     * Claims the refresh of the connection's token until `until` (a claim older than `now` has ended), while its credentials are still `sealed`
     * (nobody refreshed it meanwhile), it does not need attention and nobody else holds the claim. Answers
     * whether this caller got it.
     */
    async claimRefresh(id: number, sealed: string, now: Date, until: Date): Promise<boolean> {
      const row = await db
        .updateTable('crm_connections')
        .set({ refreshing_until: until })
        .where('id', '=', id)
        .where('credentials', '=', sealed)
        .where('needs_attention_since', 'is', null)
        .where((eb) => eb.or([eb('refreshing_until', 'is', null), eb('refreshing_until', '<', now)]))
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Stores a refreshed token set in place of `sealed` and ends the claim; false when it was replaced. */
    async storeRefreshed(id: number, sealed: string, refreshed: string, expiresAt: Date | null) {
      const row = await db
        .updateTable('crm_connections')
        .set({
          credentials: refreshed,
          token_expires_at: expiresAt,
          refreshing_until: null,
          updated_at: sql`now()`,
        })
        .where('id', '=', id)
        .where('credentials', '=', sealed)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Ends a claim without a new token (the CRM could not be reached: another call may try again). */
    async releaseRefresh(id: number): Promise<void> {
      await db.updateTable('crm_connections').set({ refreshing_until: null }).where('id', '=', id).execute();
    },

    /**
     * Marks the connection as needing attention (docs/product.md#connection-health) and answers its maker,
     * only when it was not marked already: whoever gets an answer mails them, once until they reconnect
     * (connecting again makes a new row).
     */
    async markNeedsAttention(id: number): Promise<ConnectionMaker | undefined> {
      const marked = await db
        .updateTable('crm_connections')
        .set({ needs_attention_since: sql`now()`, refreshing_until: null })
        .where('id', '=', id)
        .where('needs_attention_since', 'is', null)
        .returning(['user_id', 'software', 'organization_id'])
        .executeTakeFirst();
      if (!marked) return undefined;
      const maker = await db
        .selectFrom('users')
        .select(['users.email', 'users.organization_id', lastSessionLocale])
        .where('users.id', '=', marked.user_id)
        .executeTakeFirstOrThrow();
      return {
        userId: marked.user_id,
        software: marked.software,
        email: maker.email,
        locale: isLocale(maker.locale) ? maker.locale : DEFAULT_LOCALE,
        organizationId: marked.organization_id ?? maker.organization_id,
        shared: marked.organization_id !== null,
      };
    },

    /** API-key connections whose keys were last checked before `before`, the longest unchecked first. */
    async dueForKeyCheck(before: Date, limit: number): Promise<ConnectionRow[]> {
      return db
        .selectFrom('crm_connections')
        .select(CONNECTION_COLUMNS)
        .where('auth_type', '=', 'api key')
        .where('needs_attention_since', 'is', null)
        .where('keys_checked_at', '<', before)
        .orderBy('keys_checked_at')
        .limit(limit)
        .execute();
    },

    /** Claims the check of a connection's keys (one process checks it): false when another did. */
    async claimKeyCheck(id: number, before: Date, now: Date): Promise<boolean> {
      const row = await db
        .updateTable('crm_connections')
        .set({ keys_checked_at: now })
        .where('id', '=', id)
        .where('keys_checked_at', '<', before)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
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
