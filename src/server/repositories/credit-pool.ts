/**
 * The team pool's ledger (docs/product.md#the-team-pool). Like members' credits, an entry is the only way the
 * pool changes: inserting one applies it to credit_pools.credits (the trigger of migration 0055), which a
 * check keeps from going negative.
 */
import { sql, type Insertable } from 'kysely';
import type { Db } from '../db/index.js';
import type { CreditPoolKeysTable, CreditPoolLedgerTable, PoolEntryKind } from '../db/schema.js';

export type NewPoolEntry = Omit<Insertable<CreditPoolLedgerTable>, 'id' | 'balance_after'>;

/** What a grant or take-back with an idempotency key asked (credit_pool_keys). */
export type PoolMoveCall = Omit<
  CreditPoolKeysTable,
  'organization_id' | 'idempotency_key' | 'since_entry_id'
>;

export interface StoredPoolEntry {
  id: string;
  kind: PoolEntryKind;
  amount: number;
  balance_after: number;
  member_id: number | null;
}

const toInt = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

export function createCreditPoolRepository(db: Db) {
  const entryColumns = [
    sql<string>`id::text`.as('id'),
    'kind',
    'amount',
    'balance_after',
    'member_id',
  ] as const;

  return {
    /**
     * The pool's balance, its row locked until the transaction ends: grants, take-backs and draws of one
     * organization run one after the other against the committed balance. Callers lock members' rows
     * first (in id order), then the pool, so no two operations wait on each other in a circle.
     */
    async lock(organizationId: number): Promise<number> {
      await db
        .insertInto('credit_pools')
        .values({ organization_id: organizationId })
        .onConflict((oc) => oc.column('organization_id').doNothing())
        .execute();
      const row = await db
        .selectFrom('credit_pools')
        .select('credits')
        .where('organization_id', '=', organizationId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return row.credits;
    },

    async balance(organizationId: number): Promise<number> {
      const row = await db
        .selectFrom('credit_pools')
        .select('credits')
        .where('organization_id', '=', organizationId)
        .executeTakeFirst();
      return row?.credits ?? 0;
    },

    async record(entry: NewPoolEntry): Promise<StoredPoolEntry> {
      return db
        .insertInto('credit_pool_ledger')
        .values(entry)
        .returning(entryColumns)
        .executeTakeFirstOrThrow() as Promise<StoredPoolEntry>;
    },

    /**
     * What an earlier call with this idempotency key asked, the entries it wrote (a retried move), and the
     * pool ledger's last entry before it.
     */
    async findKey(
      organizationId: number,
      key: string,
    ): Promise<{ call: PoolMoveCall; entries: StoredPoolEntry[]; sinceEntryId: string } | undefined> {
      const row = await db
        .selectFrom('credit_pool_keys')
        .select(['kind', 'member_ids', 'amount', sql<string>`since_entry_id::text`.as('since_entry_id')])
        .where('organization_id', '=', organizationId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      const entries = (await db
        .selectFrom('credit_pool_ledger')
        .select(entryColumns)
        .where('organization_id', '=', organizationId)
        .where('idempotency_key', '=', key)
        .orderBy(sql`id`)
        .execute()) as StoredPoolEntry[];
      const { since_entry_id: sinceEntryId, ...call } = row;
      return { call: { ...call, member_ids: call.member_ids.map(Number) }, entries, sinceEntryId };
    },

    /**
     * Keeps what a move with an idempotency key asked, in its transaction, with the pool ledger's last
     * entry: the caller holds the pool's lock, so every later move of the pool comes after it.
     */
    async keepKey(organizationId: number, key: string, call: PoolMoveCall): Promise<void> {
      await db
        .insertInto('credit_pool_keys')
        .values({
          organization_id: organizationId,
          idempotency_key: key,
          ...call,
          since_entry_id: sql<string>`(select coalesce(max(id), 0) from credit_pool_ledger where organization_id = ${organizationId})`,
        })
        .execute();
    },

    /** Whether any of `memberIds` had a pool entry of `kind` after the entry `afterId`. */
    async movedSince(
      organizationId: number,
      memberIds: number[],
      kind: 'grant' | 'take_back',
      afterId: string,
    ): Promise<boolean> {
      if (memberIds.length === 0) return false;
      const row = await db
        .selectFrom('credit_pool_ledger')
        .select(sql<number>`1`.as('found'))
        .where('organization_id', '=', organizationId)
        .where('member_id', 'in', memberIds)
        .where('kind', '=', kind)
        .where(sql<boolean>`id > ${afterId}::bigint`)
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The pool's balance at a moment: the sum of its entries before it. */
    async balanceAt(organizationId: number, at: Date): Promise<number> {
      const row = await db
        .selectFrom('credit_pool_ledger')
        .select(sql<string | number | null>`coalesce(sum(amount), 0)`.as('total'))
        .where('organization_id', '=', organizationId)
        .where('created_at', '<', at)
        .executeTakeFirstOrThrow();
      return toInt(row.total);
    },

    /** The pool's entries of a period, oldest first, after the entry `afterId` (the CSV export's batches). */
    async entriesAfter(
      organizationId: number,
      period: { from: Date; to: Date },
      afterId: string,
      limit: number,
    ) {
      return db
        .selectFrom('credit_pool_ledger as p')
        .leftJoin('users as u', 'u.id', 'p.member_id')
        .select([
          sql<string>`p.id::text`.as('id'),
          'p.created_at',
          'u.email',
          'u.name',
          'p.kind',
          'p.amount',
          'p.balance_after',
          'p.reference',
          'p.reason',
        ])
        .where('p.organization_id', '=', organizationId)
        .where('p.created_at', '>=', period.from)
        .where('p.created_at', '<', period.to)
        .where(sql`p.id`, '>', sql`${afterId}::bigint`)
        .orderBy(sql`p.id`)
        .limit(limit)
        .execute();
    },
  };
}
