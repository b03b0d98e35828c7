/**
 * The usage report's kept totals (migration 0071, docs/performance.md#usage-report-totals): after spends,
 * refunds and grants through the API, back-dated history over more than a year and a deleted member, the
 * daily and monthly totals equal the ledger's own sums, and an organization's report (read from them)
 * answers what the ledger says for periods of whole and partial months and a feature filter.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { before, describe, it } from './helpers/node-test.js';
import { wholeMonths } from '../../src/server/repositories/credits.js';
import { useTestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
const DAY = 86_400_000;
const isoDay = (date: Date) => date.toISOString().slice(0, 10);
let admin: TestUser;
let members: TestUser[];
let org: number;

/** The totals as kept, and as the ledger sums them now: the same rows, in the same order. */
async function assertTotalsMatchLedger() {
  const { db } = t.app.services;
  const kept = await sql<Record<string, unknown>>`
    select organization_id, to_char(day, 'YYYY-MM-DD') as day, feature, slot, spent::int as spent, entries
    from credit_usage_days where entries > 0 order by 1, 2, 3, 4`.execute(db);
  const summed = await sql<Record<string, unknown>>`
    select organization_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD') as day,
      coalesce(feature, '') as feature, user_id % 16 as slot, -sum((amount + case when kind = 'refund' then pool_amount else 0 end))::int as spent, count(*)::int as entries
    from credit_ledger where kind in ('spend', 'refund') and organization_id is not null
    group by 1, 2, 3, 4 order by 1, 2, 3, 4`.execute(db);
  assert.deepEqual(kept.rows, summed.rows, 'daily totals');
  const keptMonths = await sql<Record<string, unknown>>`
    select organization_id, to_char(month, 'YYYY-MM') as month, user_id, spent::int as spent, spends, entries
    from credit_usage_months where entries > 0 order by 1, 2, 3`.execute(db);
  const summedMonths = await sql<Record<string, unknown>>`
    select organization_id, to_char(created_at at time zone 'UTC', 'YYYY-MM') as month, user_id,
      -sum((amount + case when kind = 'refund' then pool_amount else 0 end))::int as spent, (count(*) filter (where kind = 'spend'))::int as spends,
      count(*)::int as entries
    from credit_ledger where kind in ('spend', 'refund') and organization_id is not null
    group by 1, 2, 3 order by 1, 2, 3`.execute(db);
  assert.deepEqual(keptMonths.rows, summedMonths.rows, 'monthly totals');
  assert.ok(summed.rows.length > 0 && summedMonths.rows.length > 0);
}

/** What the report must say, from the organization's ledger entries in [from, to]. */
async function expectedReport(from: string, to: string, feature?: string) {
  const rows = await t.app.services.db
    .selectFrom('credit_ledger')
    .select(['user_id', 'kind', 'amount', 'pool_amount', 'feature', 'created_at'])
    .where('organization_id', '=', org)
    .where('kind', 'in', ['spend', 'refund'])
    .where('created_at', '>=', new Date(`${from}T00:00:00Z`))
    .where('created_at', '<', new Date(new Date(`${to}T00:00:00Z`).getTime() + DAY))
    .execute();
  const byDay = new Map<string, number>();
  const byMember = new Map<string, { spent: number; spends: number }>();
  for (const row of rows.filter((r) => feature === undefined || r.feature === feature)) {
    const day = isoDay(new Date(row.created_at));
    // A refund gives back the member's part (amount) and the pool's (pool_amount): the whole spend.
    const used = row.amount + (row.kind === 'refund' ? row.pool_amount : 0);
    byDay.set(day, (byDay.get(day) ?? 0) - used);
    const member = byMember.get(String(row.user_id)) ?? { spent: 0, spends: 0 };
    member.spent -= used;
    if (row.kind === 'spend') member.spends += 1;
    byMember.set(String(row.user_id), member);
  }
  return { byDay, byMember, total: [...byDay.values()].reduce((a, b) => a + b, 0) };
}

async function assertReport(from: string, to: string, feature?: string) {
  const expected = await expectedReport(from, to, feature);
  const res = await t.api('getUsageReport', {
    cookie: admin.cookie,
    query: { from, to, page_size: '100', ...(feature ? { feature } : {}) },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const data = res.body.data;
  const label = `${from}..${to}${feature ? ` ${feature}` : ''}`;
  assert.equal(data.total_spent, expected.total, `total of ${label}`);
  const days = new Map<string, number>(
    (data.by_day as { day: string; spent: number }[])
      .filter((d) => d.spent !== 0)
      .map((d) => [d.day, d.spent]),
  );
  assert.deepEqual(days, new Map([...expected.byDay].filter(([, spent]) => spent !== 0)), `days of ${label}`);
  const reported = new Map(
    (data.members.items as { user_id: string; spent: number; spends: number }[]).map((m) => [
      m.user_id,
      { spent: m.spent, spends: m.spends },
    ]),
  );
  assert.deepEqual(reported, expected.byMember, `members of ${label}`);
  return data;
}

/** A back-dated entry of the member's, as history (the demo seed writes these). */
function history(
  member: TestUser,
  daysAgo: number,
  kind: 'spend' | 'refund' | 'grant',
  amount: number,
  feature?: string,
) {
  return t.app.services.repos.credits.record({
    user_id: Number(member.id),
    organization_id: org,
    kind,
    amount,
    feature: feature ?? null,
    reason: 'history',
    created_at: new Date(Date.now() - daysAgo * DAY),
  });
}

before(async () => {
  admin = await signup(t.api, { name: 'Usage Admin' });
  members = [await invitedMember(t, admin), await invitedMember(t, admin), await invitedMember(t, admin)];
  org = (await t.app.services.repos.users.findById(Number(admin.id)))!.organization_id!;
});

describe('usage totals', () => {
  it('whole months of a period: none in a short one, the inner ones of a long one', () => {
    const span = (from: string, to: string) => {
      const { first, end } = wholeMonths(new Date(`${from}T00:00:00Z`), new Date(`${to}T00:00:00Z`));
      return [isoDay(first), isoDay(end)];
    };
    assert.deepEqual(span('2026-01-01', '2026-03-01'), ['2026-01-01', '2026-03-01']);
    assert.deepEqual(span('2026-01-02', '2026-03-15'), ['2026-02-01', '2026-03-01']);
    const [first, end] = span('2026-01-05', '2026-01-20');
    assert.ok(first! >= end!, 'no whole month');
  });

  it('hold the ledger after spends, refunds and grants, and the report reads them right', async () => {
    const [a, b, c] = members as [TestUser, TestUser, TestUser];
    for (const member of members) await history(member, 420, 'grant', 1000);
    // History over more than a year: spends on both features, refunds, on month ends and starts.
    for (const [i, daysAgo] of [400, 364, 300, 200, 95, 61, 60, 59, 40, 31, 30, 29, 10, 2].entries()) {
      await history(a, daysAgo, 'spend', -(i + 1), 'email_lookup');
      await history(b, daysAgo, 'spend', -2, 'phone_lookup');
      if (i % 3 === 0) await history(b, daysAgo, 'refund', 2, 'phone_lookup');
    }
    await history(c, 45, 'spend', -7);
    // Today, through the API: spends, a refund and an admin's grant (not usage).
    const spendIds: string[] = [];
    for (const [member, feature] of [
      [a, 'email_lookup'],
      [b, 'phone_lookup'],
      [c, 'email_lookup'],
      [a, 'phone_lookup'],
    ] as const) {
      const res = await t.api('spendCredits', {
        cookie: member.cookie,
        body: { amount: 3, feature, reference: null, idempotency_key: randomUUID() },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      spendIds.push(res.body.data.spend_id);
    }
    const refund = await t.api('refundCredits', { cookie: a.cookie, body: { spend_id: spendIds[0]! } });
    assert.equal(refund.status, 200, JSON.stringify(refund.body));
    await history(c, 0, 'grant', 50);
    // A refund whose spend drew on the team pool: 1 back to the member, 2 back to the pool.
    await t.app.services.repos.credits.record({
      user_id: Number(c.id),
      organization_id: org,
      kind: 'refund',
      amount: 1,
      pool_amount: 2,
      feature: 'email_lookup',
      reason: 'history',
    });
    await assertTotalsMatchLedger();

    const today = new Date();
    const ago = (days: number) => isoDay(new Date(today.getTime() - days * DAY));
    const year = await assertReport(ago(365), ago(0));
    assert.ok(year.total_spent > 0 && year.members.items.length === 3);
    await assertReport(ago(365), ago(0), 'phone_lookup');
    await assertReport(ago(70), ago(20));
    await assertReport(ago(35), ago(25));
    await assertReport(ago(0), ago(0));
  });

  it('let go of the usage of a deleted member, as the ledger does', async () => {
    const gone = members[1]!;
    await t.app.services.db.deleteFrom('users').where('id', '=', Number(gone.id)).execute();
    await assertTotalsMatchLedger();
    const today = new Date();
    const year = await assertReport(isoDay(new Date(today.getTime() - 365 * DAY)), isoDay(today));
    assert.ok(!year.members.items.some((m: { user_id: string }) => m.user_id === gone.id));
  });
});
