/**
 * The credit ledger (issue 13). An entry is the only way a balance changes: inserting one applies it to
 * users.credits in the same statement (the trigger of migration 0020), so the entry carries the balance it
 * left. Reports aggregate here, in SQL, so a page never loads the ledger.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { CreditEntryKind, CreditLedgerTable } from '../db/schema.js';

export type NewCreditEntry = Omit<Insertable<CreditLedgerTable>, 'id' | 'balance_after' | 'created_at'>;

export interface StoredEntry {
  id: string;
  user_id: number;
  kind: CreditEntryKind;
  amount: number;
  top_up_amount: number;
  balance_after: number;
  feature: string | null;
  reference: string | null;
  idempotency_key: string | null;
  created_at: Date;
}

/** The entries a report counts as usage: spends, less their refunds. */
const USAGE_KINDS: CreditEntryKind[] = ['spend', 'refund'];

export interface UsageFilter {
  /** The organization's entries, or (null) only the user's own. */
  organizationId: number | null;
  userId?: number;
  feature?: string;
  from: Date;
  to: Date;
}

const toInt = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export function createCreditsRepository(db: Db) {
  const entryColumns = [
    sql<string>`id::text`.as('id'),
    'user_id',
    'kind',
    'amount',
    'top_up_amount',
    'balance_after',
    'feature',
    'reference',
    'idempotency_key',
    'created_at',
  ] as const;

  function usageEntries(filter: UsageFilter) {
    let query = db
      .selectFrom('credit_ledger as l')
      .where('l.kind', 'in', USAGE_KINDS)
      .where('l.created_at', '>=', filter.from)
      .where('l.created_at', '<', filter.to);
    query =
      filter.organizationId === null
        ? query.where('l.user_id', '=', filter.userId ?? -1)
        : query.where('l.organization_id', '=', filter.organizationId);
    if (filter.userId !== undefined) query = query.where('l.user_id', '=', filter.userId);
    if (filter.feature !== undefined) query = query.where('l.feature', '=', filter.feature);
    return query;
  }

  return {
    async record(entry: NewCreditEntry): Promise<StoredEntry> {
      return db
        .insertInto('credit_ledger')
        .values(entry)
        .returning(entryColumns)
        .executeTakeFirstOrThrow() as Promise<StoredEntry>;
    },

    /** The spend already made with this key by the user (a retried call). */
    async findByIdempotencyKey(userId: number, key: string): Promise<StoredEntry | undefined> {
      return db
        .selectFrom('credit_ledger')
        .select(entryColumns)
        .where('user_id', '=', userId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst() as Promise<StoredEntry | undefined>;
    },

    async findEntryOf(userId: number, id: string): Promise<StoredEntry | undefined> {
      if (!/^[0-9]{1,18}$/.test(id)) return undefined;
      return db
        .selectFrom('credit_ledger')
        .select(entryColumns)
        .where('user_id', '=', userId)
        .where(sql`id`, '=', sql`${id}::bigint`)
        .executeTakeFirst() as Promise<StoredEntry | undefined>;
    },

    async refundOf(spendId: string): Promise<StoredEntry | undefined> {
      return db
        .selectFrom('credit_ledger')
        .select(entryColumns)
        .where(sql`refund_of`, '=', sql`${spendId}::bigint`)
        .executeTakeFirst() as Promise<StoredEntry | undefined>;
    },

    /** The ledger's sum for a user: what their balance must equal. */
    async sumOf(userId: number): Promise<number> {
      const row = await db
        .selectFrom('credit_ledger')
        .select(sql<string | number | null>`coalesce(sum(amount), 0)`.as('total'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow();
      return toInt(row.total);
    },

    /** Net credits spent (spends less refunds) per day, in UTC days. */
    async usageByDay(filter: UsageFilter): Promise<{ day: string; spent: number }[]> {
      const rows = await usageEntries(filter)
        .select([
          sql<string>`to_char(date_trunc('day', l.created_at at time zone 'UTC'), 'YYYY-MM-DD')`.as('day'),
          sql<string | number>`-sum(l.amount)`.as('spent'),
        ])
        .groupBy(sql`1`)
        .orderBy(sql`1`)
        .execute();
      return rows.map((row) => ({ day: row.day, spent: toInt(row.spent) }));
    },

    /** Net credits spent per feature (for the filter's choices and the totals). */
    async usageByFeature(filter: UsageFilter): Promise<{ feature: string; spent: number }[]> {
      const rows = await usageEntries(filter)
        .select([sql<string>`coalesce(l.feature, '')`.as('feature'), sql<string>`-sum(l.amount)`.as('spent')])
        .groupBy(sql`1`)
        .orderBy(sql`2`, 'desc')
        .limit(100)
        .execute();
      return rows.map((row) => ({ feature: row.feature, spent: toInt(row.spent) }));
    },

    /** One page of members by net credits spent, most first, with the number of members who spent. */
    async usageByMember(
      filter: UsageFilter,
      page: { offset: number; limit: number },
    ): Promise<{ total: number; rows: { user_id: number; spent: number; spends: number }[] }> {
      const grouped = usageEntries(filter)
        .select([
          'l.user_id',
          sql<string>`-sum(l.amount)`.as('spent'),
          sql<string>`count(*) filter (where l.kind = 'spend')`.as('spends'),
        ])
        .groupBy('l.user_id');
      const rows = await db
        .with('g', () => grouped)
        .selectFrom('g')
        .select(['g.user_id', 'g.spent', 'g.spends', sql<string>`count(*) over ()`.as('total')])
        .orderBy(sql`g.spent`, 'desc')
        .orderBy('g.user_id')
        .offset(page.offset)
        .limit(page.limit)
        .execute();
      return {
        total: rows.length === 0 ? 0 : toInt(rows[0]!.total),
        rows: rows.map((row) => ({
          user_id: row.user_id,
          spent: toInt(row.spent),
          spends: toInt(row.spends),
        })),
      };
    },

    /**
     * Ledger entries of the report's scope (every kind), oldest first, after the entry `afterId`: the CSV
     * export reads them a batch at a time.
     */
    async entriesAfter(
      filter: Omit<UsageFilter, 'feature'> & { feature?: string },
      afterId: string,
      limit: number,
    ) {
      let query = db
        .selectFrom('credit_ledger as l')
        .innerJoin('users as u', 'u.id', 'l.user_id')
        .select([
          sql<string>`l.id::text`.as('id'),
          'l.created_at',
          'l.user_id',
          'u.email',
          'u.name',
          'l.kind',
          'l.amount',
          'l.balance_after',
          'l.feature',
          'l.reference',
          'l.reason',
        ])
        .where('l.created_at', '>=', filter.from)
        .where('l.created_at', '<', filter.to)
        .where(sql`l.id`, '>', sql`${afterId}::bigint`);
      query =
        filter.organizationId === null
          ? query.where('l.user_id', '=', filter.userId ?? -1)
          : query.where('l.organization_id', '=', filter.organizationId);
      if (filter.userId !== undefined) query = query.where('l.user_id', '=', filter.userId);
      if (filter.feature !== undefined) query = query.where('l.feature', '=', filter.feature);
      return query
        .orderBy(sql`l.id`)
        .limit(limit)
        .execute();
    },
  };
}

export type CreditsRepository = ReturnType<typeof createCreditsRepository>;
