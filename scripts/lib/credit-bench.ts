/**
 * The credit scenarios of `npm run bench` (docs/performance.md#credits-benchmark), on PostgreSQL: spend-credits with 50 connections, and
 * get-usage-report over an organization of 10,000 members with 1,000,000 ledger entries. The data is written
 * in SQL (generate_series) with the ledger triggers off, then every balance is set to its ledger sum and the
 * usage totals are computed from the ledger (migration 0071), so the rules "balance = sum of the ledger" and
 * "totals = sums of the ledger" still hold for what is measured.
 */
import { sql } from 'kysely';
import type { Db } from '../../src/server/db/index.js';
import type { Repositories } from '../../src/server/repositories/index.js';

export const BENCH_MEMBERS = 10_000;
export const BENCH_ENTRIES = 1_000_000;

export interface CreditBenchData {
  /** 50 members with a large balance, one session each: one per connection of the spend scenario. */
  spenderCookies: string[];
  adminCookie: string;
}

export async function seedCreditBench(db: Db, repos: Repositories): Promise<CreditBenchData> {
  const admin = await repos.users.insert({
    email: `bench.admin.${Date.now()}@example.com`,
    name: 'Bench Admin',
  });
  if (!admin) throw new Error('could not create the bench admin');
  const org = await repos.organizations.create({
    name: 'Bench organization',
    billing_admin_id: admin.id,
    seats_standard: 0,
    seats_pro: 0,
    subscription_id: null,
  });
  await repos.users.update(admin.id, { organization_id: org.id });
  await sql`insert into users (email, name, organization_id, role)
    select 'bench.member.' || g || '@example.com', 'Member ' || g, ${org.id}, 'member'
    from generate_series(1, ${BENCH_MEMBERS - 1}) g`.execute(db);
  const ids = (
    await db.selectFrom('users').select('id').where('organization_id', '=', org.id).orderBy('id').execute()
  ).map((row) => row.id);

  // Both triggers off for the bulk load; the balances and the usage totals are computed once after.
  await sql`alter table credit_ledger disable trigger credit_ledger_apply`.execute(db);
  await sql`alter table credit_ledger disable trigger credit_ledger_usage`.execute(db);
  try {
    // A year of history: grants, then spends (and a few refunds) spread over the members and days.
    await sql`insert into credit_ledger (user_id, organization_id, kind, amount, reason, created_at)
      select id, ${org.id}, 'grant', 100000, 'Bench grant', now() - interval '366 days'
      from users where organization_id = ${org.id}`.execute(db);
    await sql`insert into credit_ledger (user_id, organization_id, kind, amount, feature, reference, reason, created_at)
      select ${ids[0]!} + ((g::bigint * 7919) % ${ids.length})::int, ${org.id},
        case when g % 50 = 0 then 'refund' else 'spend' end,
        case when g % 50 = 0 then 1 else -1 end,
        case when g % 3 = 0 then 'phone_lookup' else 'email_lookup' end,
        'https://example.com/in/profile-' || g,
        'Bench entry',
        now() - (g % 365) * interval '1 day' - (g % 86400) * interval '1 second'
      from generate_series(1, ${BENCH_ENTRIES - ids.length}) g`.execute(db);
    await sql`update users u set credits = s.total, period_granted = 100000
      from (select user_id, sum(amount)::int as total from credit_ledger group by user_id) s
      where u.id = s.user_id and u.organization_id = ${org.id}`.execute(db);
    await sql`select rebuild_credit_usage()`.execute(db);
  } finally {
    await sql`alter table credit_ledger enable trigger credit_ledger_apply`.execute(db);
    await sql`alter table credit_ledger enable trigger credit_ledger_usage`.execute(db);
  }
  // As autovacuum would: the visibility map lets reports read the covering index alone.
  await sql`vacuum analyze credit_ledger`.execute(db);
  await sql`vacuum analyze credit_usage_months`.execute(db);
  await sql`analyze credit_usage_days`.execute(db);
  await sql`analyze users`.execute(db);

  const spenderCookies: string[] = [];
  for (const id of ids.slice(1, 51)) spenderCookies.push(`session=${await repos.sessions.create(id)}`);
  return { spenderCookies, adminCookie: `session=${await repos.sessions.create(admin.id)}` };
}

/** The body of one spend-credits call; the load generator adds a fresh `idempotency_key` each time. */
export const spendBody = { amount: 1, feature: 'email_lookup' };
