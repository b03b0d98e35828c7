/**
 * The credit ledger (docs/product.md#the-ledger). An entry is the only way a balance changes: inserting one applies it to
 * users.credits in the same statement (the trigger of migration 0020), so the entry carries the balance it
 * left. Reports aggregate here, in SQL, so a page never loads the ledger.
 */
import { sql, type Insertable, type RawBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import { precompiled } from '../db/precompiled.js';
import type { CreditEntryKind, CreditLedgerTable } from '../db/schema.js';
import type { LookupKind } from '../../shared/credits.js';

/** `created_at` only for back-dated history (the demo seed); entries are otherwise written as they happen. */
export type NewCreditEntry = Omit<Insertable<CreditLedgerTable>, 'id' | 'balance_after'>;

export interface StoredEntry {
  id: string;
  user_id: number;
  organization_id: number | null;
  kind: CreditEntryKind;
  amount: number;
  top_up_amount: number;
  granted_amount: number;
  pool_amount: number;
  balance_after: number;
  feature: string | null;
  reference: string | null;
  idempotency_key: string | null;
  created_at: Date;
  /** On a spend, the credit period it was counted in (null before migration 0079). */
  period_start: Date | null;
}

/**
 * Whether a spend was counted in the credit period that starts at `periodStart`: by the period it records,
 * or, for a spend from before it recorded one, by its time (migration 0079).
 */
export function spentInPeriod(
  spend: Pick<StoredEntry, 'period_start' | 'created_at'>,
  periodStart: Date,
): boolean {
  return spend.period_start !== null
    ? spend.period_start.getTime() === periodStart.getTime()
    : spend.created_at >= periodStart;
}

/** The entries a report counts as usage: spends, less their refunds. */
const USAGE_KINDS: CreditEntryKind[] = ['spend', 'refund'];

/**
 * What a ledger entry `l` takes off the credits spent: a spend its amount; a refund its amount (the
 * member's part) and its pool_amount (the part that went back to the team pool): the whole spend it gives
 * back. The usage totals' trigger computes the same (migration 0080).
 */
const USED = sql<number>`(l.amount + case when l.kind = 'refund' then l.pool_amount else 0 end)`;

export interface UsageFilter {
  /** The organization's entries, or (null) only the user's own. */
  organizationId: number | null;
  userId?: number;
  feature?: string;
  from: Date;
  to: Date;
}

export interface UsageSummary {
  byDay: Map<string, number>;
  byFeature: { feature: string; spent: number }[];
  /** Every member who spent in the period, most spent first. */
  members: { user_id: number; spent: number; spends: number }[];
}

const toInt = (value: number | string | bigint | null | undefined) => Number(value ?? 0);

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * The whole UTC months inside [from, to): from `first` (the first of a month) up to `end` (excluded);
 * `first >= end` when there is none.
 */
export function wholeMonths(from: Date, to: Date): { first: Date; end: Date } {
  const startOfMonth = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1));
  const start = startOfMonth(from);
  const first =
    start.getTime() === from.getTime()
      ? start
      : new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth() + 1, 1));
  return { first, end: startOfMonth(to) };
}

const entryColumns = [
  sql<string>`id::text`.as('id'),
  'user_id',
  'organization_id',
  'kind',
  'amount',
  'top_up_amount',
  'granted_amount',
  'pool_amount',
  'balance_after',
  'feature',
  'reference',
  'idempotency_key',
  'created_at',
  'period_start',
] as const;

/** What spend_credits was asked (migration 0081): the spend, and what the caller did for it so far. */
export interface SpendAttempt {
  userId: number;
  amount: number;
  feature: string;
  reference: string | null;
  idempotencyKey: string;
  /** The kind of lookup the feature is, whose cap applies. */
  kind: LookupKind | null;
  /** What the period spent on that kind, once the caller measured it (`measure_kind`). */
  spentOnKind: number | null;
  /** Credits the caller drew from the team pool for this spend (`short`). */
  drawn: number;
  /**
   * The share of their cap from which a member's spend may be news (capState's warning): `news` then, before
   * anything is written. Null in the transaction that claims the news.
   */
  newsFrom: number | null;
}

/** What spend_credits answered: a spend made or replayed, or why not (migration 0081). */
export interface SpendAnswer {
  status:
    | 'spent'
    | 'replayed'
    | 'missing'
    | 'key_refunded'
    | 'key_conflict'
    | 'period_ended'
    | 'cap_reached'
    | 'measure_kind'
    | 'kind_cap_reached'
    | 'short'
    | 'news';
  /** The cap reached, or by how much the balance is short. */
  detail: number | null;
  spend_id: string | null;
  charged: number | null;
  pool_amount: number | null;
  credits: number | null;
  period_spent: number | null;
  monthly_cap: number | null;
  /** On `period_ended`: when it was found ended, once the row was held (what the caller renews by). */
  held_at: Date | null;
}

// Every spend is this one statement (docs/performance.md#a-spend-in-one-statement).
const spendStatement = precompiled(
  (
    db: Db,
    userId: number,
    amount: number,
    feature: string,
    reference: string | null,
    key: string,
    kind: string | null,
    spentOnKind: number | null,
    drawn: number,
    newsFrom: number | null,
  ) =>
    db
      .selectFrom(
        sql<SpendAnswer>`spend_credits(${userId}, ${amount}, ${feature}, ${reference}, ${key}, ${kind}, ${spentOnKind}, ${drawn}, ${newsFrom})`.as(
          's',
        ),
      )
      .selectAll(),
);

export function createCreditsRepository(db: Db) {
  /** The entries of a report's scope: its period, the organization's or the user's own, and the filters. */
  function inScope(filter: Omit<UsageFilter, 'feature'> & { feature?: string }) {
    const parts = [
      sql`l.created_at >= ${filter.from}`,
      sql`l.created_at < ${filter.to}`,
      filter.organizationId === null
        ? sql`l.user_id = ${filter.userId ?? -1}`
        : sql`l.organization_id = ${filter.organizationId}`,
    ];
    if (filter.userId !== undefined) parts.push(sql`l.user_id = ${filter.userId}`);
    // A feature is this organization's to filter by only on its own entries (and those of no organization):
    // another organization's are listed without it (entriesAfter), so a guessed name must not find them.
    if (filter.feature !== undefined) {
      parts.push(sql`l.feature = ${filter.feature}`);
      parts.push(sql`(l.organization_id is null or l.organization_id = ${filter.organizationId})`);
    }
    return sql<boolean>`${sql.join(parts, sql` and `)}`;
  }

  /**
   * The entries a ledger export lists: the report's scope, where an organization's also holds every entry of
   * its current members, those written before they joined included (a plan grant at signup): each member's
   * rows then add up from their opening to their closing balance (docs/product.md#the-ledger).
   */
  function ledgerScope(filter: Omit<UsageFilter, 'feature'> & { feature?: string }) {
    if (filter.organizationId === null) return inScope(filter);
    const parts = [
      sql`l.created_at >= ${filter.from}`,
      sql`l.created_at < ${filter.to}`,
      sql`(l.organization_id = ${filter.organizationId} or l.user_id in (select id from users where organization_id = ${filter.organizationId}))`,
    ];
    if (filter.userId !== undefined) parts.push(sql`l.user_id = ${filter.userId}`);
    // A feature is this organization's to filter by only on its own entries (and those of no organization):
    // another organization's are listed without it (entriesAfter), so a guessed name must not find them.
    if (filter.feature !== undefined) {
      parts.push(sql`l.feature = ${filter.feature}`);
      parts.push(sql`(l.organization_id is null or l.organization_id = ${filter.organizationId})`);
    }
    return sql<boolean>`${sql.join(parts, sql` and `)}`;
  }

  function usageEntries(filter: UsageFilter) {
    return db.selectFrom('credit_ledger as l').where('l.kind', 'in', USAGE_KINDS).where(inScope(filter));
  }

  /** What each member spent in the period by their entries: spends, less refunds. */
  function spentPerMember(filter: UsageFilter) {
    return usageEntries(filter)
      .select([
        'l.user_id',
        sql<string>`-sum(${USED})`.as('spent'),
        sql<string>`count(*) filter (where l.kind = 'spend')`.as('spends'),
      ])
      .groupBy('l.user_id')
      .execute();
  }

  /**
   * An organization's report from the kept totals: the days from credit_usage_days; the members from
   * credit_usage_months for the whole months of the period, and from the ledger for the days before the
   * first whole month and after the last (at most two partial months, each its own range, read from the
   * covering index alone). The monthly totals are not kept per feature: filtered by feature, the members
   * come from the ledger.
   */
  async function organizationTotals(filter: UsageFilter & { organizationId: number }) {
    const org = filter.organizationId;
    const { first, end } = wholeMonths(filter.from, filter.to);
    const days = db
      .selectFrom('credit_usage_days as d')
      .select([
        sql<string>`to_char(d.day, 'YYYY-MM-DD')`.as('day'),
        'd.feature',
        sql<string>`sum(d.spent)`.as('spent'),
      ])
      .where('d.organization_id', '=', org)
      .where(sql`d.day`, '>=', sql`${isoDay(filter.from)}::date`)
      .where(sql`d.day`, '<', sql`${isoDay(filter.to)}::date`)
      .where((eb) => (filter.feature === undefined ? eb.lit(true) : eb('d.feature', '=', filter.feature)))
      .where('d.entries', '>', 0)
      .groupBy(['d.day', 'd.feature'])
      .execute();
    if (filter.feature !== undefined || first >= end) return Promise.all([days, spentPerMember(filter)]);
    const entriesBetween = (from: Date, to: Date) =>
      db
        .selectFrom('credit_ledger as l')
        .select([
          'l.user_id',
          sql<string>`-${USED}`.as('spent'),
          sql<number>`(l.kind = 'spend')::int`.as('spends'),
        ])
        .where('l.organization_id', '=', org)
        .where('l.kind', 'in', USAGE_KINDS)
        .where('l.created_at', '>=', from)
        .where('l.created_at', '<', to);
    const members = db
      .selectFrom(
        db
          .selectFrom('credit_usage_months as m')
          .select(['m.user_id', 'm.spent', 'm.spends'])
          .where('m.organization_id', '=', org)
          .where(sql`m.month`, '>=', sql`${isoDay(first)}::date`)
          .where(sql`m.month`, '<', sql`${isoDay(end)}::date`)
          .where('m.entries', '>', 0)
          .unionAll(entriesBetween(filter.from, first))
          .unionAll(entriesBetween(end, filter.to))
          .as('t'),
      )
      .select(['t.user_id', sql<string>`sum(t.spent)`.as('spent'), sql<string>`sum(t.spends)`.as('spends')])
      .groupBy('t.user_id')
      .execute();
    return Promise.all([days, members]);
  }

  return {
    async record(entry: NewCreditEntry): Promise<StoredEntry> {
      return db
        .insertInto('credit_ledger')
        .values(entry)
        .returning(entryColumns)
        .executeTakeFirstOrThrow() as Promise<StoredEntry>;
    },

    /**
     * Balances at the start and at the end of a period (the sums of the entries before each) of the given
     * users, or of an organization's members over the period (of those given, when given): its current
     * members and its former ones (docs/product.md#the-ledger). A former member is one who had an entry in
     * the organization during the period, or was removed from it during the period or after it having had
     * an entry in it before the period's end; their closing balance is the one they left with: their
     * opening balance plus their entries in the organization (the ledger export lists just those).
     */
    async balancesOver(
      who: { organizationId: number; userIds?: number[] } | { userIds: number[] },
      period: { from: Date; to: Date },
    ): Promise<{ user_id: number; email: string; name: string; opening: number; closing: number }[]> {
      if (who.userIds?.length === 0) return [];
      const org = 'organizationId' in who ? who.organizationId : null;
      const { from, to } = period;
      // Each test by the member's own entries (the user index), never a set of the organization's ledger:
      // `in (select ...)` there read every entry of the period (1,000,000 in the credits benchmark)
      // for a page of 50 members.
      const inOrganization = sql<boolean>`(u.organization_id = ${org}
        or exists (select 1 from credit_ledger e where e.user_id = u.id
          and e.organization_id = ${org} and e.created_at >= ${from} and e.created_at < ${to})
        or u.id in (select target_id from audit_events a
          where a.organization_id = ${org} and a.type = 'member.removed' and a.created_at >= ${from}
            and (a.created_at < ${to} or exists (select 1 from credit_ledger e where e.user_id = a.target_id
              and e.organization_id = ${org} and e.created_at < ${to}))))`;
      const rows = await db
        .selectFrom('users as u')
        .leftJoin('credit_ledger as l', (join) =>
          join.onRef('l.user_id', '=', 'u.id').on('l.created_at', '<', to),
        )
        .select([
          'u.id as user_id',
          'u.email',
          'u.name',
          sql<string>`coalesce(sum(l.amount) filter (where l.created_at < ${from}), 0)`.as('opening'),
          (org === null
            ? sql<string>`coalesce(sum(l.amount), 0)`
            : sql<string>`coalesce(sum(l.amount) filter (where u.organization_id = ${org}
                or l.created_at < ${from} or l.organization_id = ${org}), 0)`
          ).as('closing'),
        ])
        .where((eb) =>
          eb.and([
            ...(who.userIds === undefined ? [] : [eb('u.id', 'in', who.userIds)]),
            ...(org === null ? [] : [inOrganization]),
          ]),
        )
        .groupBy(['u.id', 'u.email', 'u.name', 'u.organization_id'])
        .orderBy('u.id')
        .execute();
      return rows.map((row) => ({ ...row, opening: toInt(row.opening), closing: toInt(row.closing) }));
    },

    /**
     * One spend in one statement, atomic (migration 0081): under the spender's row lock it replays a key
     * used before, checks the caps and the balance, and writes the entry; or answers what the caller must
     * do first, having written nothing.
     */
    async spend(attempt: SpendAttempt): Promise<SpendAnswer> {
      const [answer] = await spendStatement(
        db,
        attempt.userId,
        attempt.amount,
        attempt.feature,
        attempt.reference,
        attempt.idempotencyKey,
        attempt.kind,
        attempt.spentOnKind,
        attempt.drawn,
        attempt.newsFrom,
      );
      return answer!;
    },

    /** The spend the user made with this key (a refund names its spend by it). */
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

    /**
     * What the user spent on one kind of lookup (features starting with it, lookupKindOf) since the start of
     * their credit period, net of refunds: a refund counts only when its spend is of the same period, as
     * for period_spent (a refund of an ended period's spend gives nothing back to the cap).
     */
    async periodSpentOn(userId: number, kind: LookupKind, periodStart: Date): Promise<number> {
      // The spend counted in the period (spentInPeriod's rule): a spend, or the spend a refund gives back.
      const inPeriod = (alias: 'l' | 's') =>
        sql<boolean>`coalesce(${sql.ref(`${alias}.period_start`)} = ${periodStart}, ${sql.ref(`${alias}.created_at`)} >= ${periodStart})`;
      const row = await db
        .selectFrom('credit_ledger as l')
        .leftJoin('credit_ledger as s', 's.id', 'l.refund_of')
        .select(sql<string | number | null>`coalesce(sum(-${USED}), 0)`.as('total'))
        .where('l.user_id', '=', userId)
        .where('l.kind', 'in', USAGE_KINDS)
        .where('l.feature', 'like', `${kind}%`)
        .where((eb) =>
          eb.or([
            eb.and([eb('l.kind', '=', 'spend'), inPeriod('l')]),
            eb.and([eb('l.kind', '=', 'refund'), inPeriod('s')]),
          ]),
        )
        .executeTakeFirstOrThrow();
      return toInt(row.total);
    },

    /**
     * The report's aggregates: net credits spent per UTC day and feature, and per member (most spent first).
     * An organization's whole report reads the totals the ledger's trigger keeps (migration 0071,
     * docs/performance.md#usage-report-totals); a report of one member reads their entries (a few hundred
     * a year, by the user index).
     */
    async usageSummary(filter: UsageFilter): Promise<UsageSummary> {
      const [daily, perMember] =
        filter.organizationId !== null && filter.userId === undefined
          ? await organizationTotals({ ...filter, organizationId: filter.organizationId })
          : await Promise.all([
              usageEntries(filter)
                .select([
                  sql<string>`to_char(date_trunc('day', l.created_at at time zone 'UTC'), 'YYYY-MM-DD')`.as(
                    'day',
                  ),
                  sql<string>`coalesce(l.feature, '')`.as('feature'),
                  sql<string>`-sum(${USED})`.as('spent'),
                ])
                .groupBy([sql`1`, sql`2`])
                .execute(),
              spentPerMember(filter),
            ]);
      const byDay = new Map<string, number>();
      const byFeature = new Map<string, number>();
      for (const row of daily) {
        const spent = toInt(row.spent);
        byDay.set(row.day, (byDay.get(row.day) ?? 0) + spent);
        byFeature.set(row.feature, (byFeature.get(row.feature) ?? 0) + spent);
      }
      const members = perMember
        .map((row) => ({ user_id: row.user_id, spent: toInt(row.spent), spends: toInt(row.spends) }))
        .sort((a, b) => b.spent - a.spent || a.user_id - b.user_id);
      return {
        byDay,
        byFeature: [...byFeature]
          .map(([feature, spent]) => ({ feature, spent }))
          .sort((a, b) => b.spent - a.spent),
        members,
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
      // A member's entries written in another organization (before they joined this one) count for their
      // balances, but what that organization's admins typed and looked up was never this one's to read.
      const org = filter.organizationId;
      const theirs = (column: RawBuilder<unknown>) =>
        org === null
          ? sql<string | null>`${column}`
          : sql<
              string | null
            >`case when l.organization_id is null or l.organization_id = ${org} then ${column} end`;
      return db
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
          theirs(sql.ref('l.feature')).as('feature'),
          theirs(sql.ref('l.reference')).as('reference'),
          theirs(sql.ref('l.reason')).as('reason'),
        ])
        .where(ledgerScope(filter))
        .where(sql`l.id`, '>', sql`${afterId}::bigint`)
        .orderBy(sql`l.id`)
        .limit(limit)
        .execute();
    },
  };
}
