/**
 * CRM sync's tables (docs/product.md#crm-sync-rules): an organization's settings per CRM, the sync log
 * (docs/product.md#sync-log: pages newest first by keyset on (created_at, id), which the log's indexes
 * serve, kept 13 months), and the charges that make a profile cost once per period.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import { json } from '../db/json.js';
import type { CrmSyncLogTable } from '../db/schema.js';
import type { SyncSettings } from '../../shared/crm-sync-rules.js';

/** How long the sync log keeps an entry. */
const SYNC_LOG_RETENTION = sql`interval '13 months'`;

export type NewSyncLogEntry = Omit<Insertable<CrmSyncLogTable>, 'fields_written' | 'id' | 'created_at'> & {
  fields_written: string[];
};

export interface SyncLogFilter {
  /** The team's entries; null: only `userId`'s. */
  organizationId: number | null;
  userId?: number;
  outcome?: CrmSyncLogTable['outcome'];
  /** At or after `from`, before `before` (handlers/time-range.ts). */
  from?: Date;
  before?: Date;
}

/** A page's position: the last entry's time in microseconds since the epoch, and its id. */
export interface SyncLogCursor {
  micros: string;
  id: string;
}

export function createCrmSyncRepository(db: Db) {
  return {
    async settingsOf(organizationId: number, software: string): Promise<SyncSettings | undefined> {
      const row = await db
        .selectFrom('crm_sync_settings')
        .select('settings')
        .where('organization_id', '=', organizationId)
        .where('software', '=', software)
        .executeTakeFirst();
      return row?.settings;
    },

    async saveSettings(organizationId: number, software: string, settings: SyncSettings): Promise<void> {
      await db
        .insertInto('crm_sync_settings')
        .values({ organization_id: organizationId, software, settings: json(settings) })
        .onConflict((oc) =>
          oc
            .columns(['organization_id', 'software'])
            .doUpdateSet({ settings: json(settings), updated_at: sql`now()` }),
        )
        .execute();
    },

    async record(entry: NewSyncLogEntry): Promise<string> {
      const row = await db
        .insertInto('crm_sync_log')
        .values({ ...entry, fields_written: json(entry.fields_written) })
        .returning('id')
        .executeTakeFirstOrThrow();
      return String(row.id);
    },

    /** One page of the log, newest first, after `cursor`; each row with the cursor that follows it. */
    async page(filter: SyncLogFilter, cursor: SyncLogCursor | undefined, limit: number) {
      let query = db
        .selectFrom('crm_sync_log as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select([
          'l.id',
          'l.created_at',
          'l.user_id',
          'u.email as user_email',
          'u.name as user_name',
          'l.software',
          'l.outcome',
          'l.profile_name',
          'l.profile_url',
          'l.record_id',
          'l.record_url',
          'l.fields_written',
          'l.refused_field',
          'l.detail',
          'l.credits_charged',
          sql<string>`(extract(epoch from l.created_at) * 1000000)::bigint::text`.as('micros'),
        ])
        .where('l.created_at', '>=', sql<Date>`now() - ${SYNC_LOG_RETENTION}`);
      if (filter.organizationId !== null)
        query = query.where('l.organization_id', '=', filter.organizationId);
      if (filter.organizationId === null || filter.userId !== undefined)
        query = query.where('l.user_id', '=', filter.userId!);
      if (filter.outcome !== undefined) query = query.where('l.outcome', '=', filter.outcome);
      if (filter.from !== undefined) query = query.where('l.created_at', '>=', filter.from);
      if (filter.before !== undefined) query = query.where('l.created_at', '<', filter.before);
      if (cursor !== undefined) {
        query = query.where(
          sql<boolean>`(l.created_at, l.id) < (timestamptz 'epoch' + ${cursor.micros}::bigint * interval '1 microsecond', ${cursor.id}::bigint)`,
        );
      }
      return query.orderBy('l.created_at', 'desc').orderBy('l.id', 'desc').limit(limit).execute();
    },

    /** Deletes the entries older than the retention; answers how many. */
    async prune(): Promise<number> {
      const result = await db
        .deleteFrom('crm_sync_log')
        .where('created_at', '<', sql<Date>`now() - ${SYNC_LOG_RETENTION}`)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** The kinds of data of a profile already paid for in the period by the scope. */
    async chargedKinds(scope: string, profileKey: string, period: string): Promise<string[]> {
      const rows = await db
        .selectFrom('crm_sync_charges')
        .select('kind')
        .where('scope', '=', scope)
        .where('profile_key', '=', profileKey)
        .where('period', '=', period)
        .execute();
      return rows.map((row) => row.kind);
    },

    /** Claims the charge of one kind: false when another sync claimed it first (that spend is given back). */
    async claimCharge(charge: {
      scope: string;
      profileKey: string;
      kind: 'email' | 'phone';
      period: string;
      userId: number;
      spendId: string;
    }): Promise<boolean> {
      const row = await db
        .insertInto('crm_sync_charges')
        .values({
          scope: charge.scope,
          profile_key: charge.profileKey,
          kind: charge.kind,
          period: charge.period,
          user_id: charge.userId,
          spend_id: charge.spendId,
        })
        .onConflict((oc) => oc.columns(['scope', 'profile_key', 'kind', 'period']).doNothing())
        .returning('kind')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
