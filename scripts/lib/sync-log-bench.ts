// The sync log at scale, for `npm run bench` on PostgreSQL (docs/performance.md#sync-log-benchmark): a scratch
// database of its own with BENCH_SYNC_LOG_ENTRIES entries (default 1,000,000, written by one
// INSERT ... SELECT over generate_series), the real server in this process, and list-sync-log paged as the
// Sync log page does: the first page, a deep page reached by its cursor, and filtered pages. One connection
// at a time: the figure is a page's latency, which must stay under SYNC_LOG_BUDGET_MS at the 99th
// percentile (docs/product.md#sync-log).
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { serverOn } from './bench-config.js';
import { runLoad, type LoadResult } from './load.js';
import { scratchDatabase } from './scratch-database.js';

/** A page of the log answers within this, at the 99th percentile, ... */
export const SYNC_LOG_BUDGET_MS = 100;
/**
 * ... over a log this long: the product's figure. A shorter log (the suite's smoke run writes 2,000) is
 * paged to see every page answer, but its latency on a shared machine says nothing of the budget.
 */
export const SYNC_LOG_BUDGET_ENTRIES = 1_000_000;
const MEMBERS = 10;
/** Seconds between two seeded entries: a million span about 7 months, inside the 13 months kept. */
const SPACING_SECONDS = 18;

export interface SyncLogResult extends LoadResult {
  name: string;
}

/** Seeds the scratch database and pages through the log; the database is dropped whatever happens. */
export async function syncLogScenarios(
  adminUrl: string,
  entries: number,
  load: { maxRequests: number; maxSeconds: number },
): Promise<SyncLogResult[]> {
  const scratch = await scratchDatabase(adminUrl, 'bench_sync_log');
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  try {
    const { port, url, config } = await serverOn({
      DATABASE_URL: scratch.url,
      // Writing a million entries in one statement takes longer than a request may.
      DATABASE_TIMEOUT_MS: '600000',
    });
    app = await buildApp(config);
    await app.listen({ host: config.host, port });
    const { db, repos } = app.services;

    console.log(`\nSync log on PostgreSQL: writing ${entries.toLocaleString('en-US')} entries...`);
    const seeding = performance.now();
    const org = await db
      .insertInto('organizations')
      .values({ name: 'Sync log bench' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const people = await db
      .insertInto('users')
      .values(
        Array.from({ length: MEMBERS }, (_, i) => ({
          email: `bench.sync-log.${i}.${process.pid}@example.com`,
          name: `Sync Log Person ${i}`,
          role: i === 0 ? 'admin' : 'member',
          organization_id: org.id,
        })),
      )
      .returning('id')
      .execute();
    const ids = people.map((p) => p.id);
    // Newest first by id as in real life; one entry in 100 refused, one in 100 failed, the rest written.
    // Every tenth entry is the admin's, so all refused and failed ones are: the members have none, the
    // worst case of a filter (every entry of the member is read unless an index holds the outcome).
    await sql`
      insert into crm_sync_log (organization_id, user_id, software, outcome, profile_name, profile_url,
                                record_id, record_url, fields_written, credits_charged, created_at)
      select ${org.id}, (${sql.val(ids)}::int[])[1 + i % ${MEMBERS}], 'demo-crm',
             case when i % 100 = 0 then 'refused' when i % 50 = 0 then 'failed'
                  when i % 3 = 0 then 'created' when i % 3 = 1 then 'updated' else 'duplicate_skipped' end,
             'Person ' || i, 'https://www.linkedin.com/in/person-' || i, i::text,
             'http://127.0.0.1/sandbox/crm/records/' || i, '["firstname","lastname","company"]'::jsonb,
             (i % 7 = 0)::int, now() - make_interval(secs => (${entries} - i) * ${SPACING_SECONDS})
      from generate_series(1, ${entries}) as i`.execute(db);
    await sql`analyze crm_sync_log`.execute(db);
    console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const admin = `session=${await repos.sessions.create(ids[0]!)}`;
    const member = `session=${await repos.sessions.create(ids[1]!)}`;
    // The cursor of the entry halfway down the team's log, as next_cursor names it.
    const middle = await sql<{ cursor: string }>`
      select (extract(epoch from created_at) * 1000000)::bigint::text || '.' || id as cursor
      from crm_sync_log order by created_at desc, id desc offset ${Math.floor(entries / 2)} limit 1`.execute(
      db,
    );
    const deep = middle.rows[0]?.cursor;
    const day = (daysAgo: number) => Math.floor(Date.now() / 1000) - daysAgo * 86_400;
    const base = `${url}${config.apiBase}/list-sync-log`;
    const pages: { name: string; cookie: string; query: string }[] = [
      { name: 'first page, team', cookie: admin, query: 'limit=50' },
      ...(deep
        ? [{ name: 'a page halfway, by cursor', cookie: admin, query: `limit=50&cursor=${deep}` }]
        : []),
      { name: 'refused only, team', cookie: admin, query: 'limit=50&outcome=refused' },
      {
        name: 'one member, refused (they have none)',
        cookie: admin,
        query: `limit=50&user_id=${ids[3]}&outcome=refused`,
      },
      { name: 'a week a month ago', cookie: admin, query: `limit=50&from=${day(37)}&to=${day(30)}` },
      { name: "a member's own, failed (they have none)", cookie: member, query: 'limit=50&outcome=failed' },
    ];
    const results: SyncLogResult[] = [];
    for (const page of pages) {
      const result = await runLoad({
        url: `${base}?${page.query}`,
        headers: { cookie: page.cookie, 'accept-encoding': 'br, gzip' },
        maxRequests: Math.min(load.maxRequests, 300),
        maxSeconds: load.maxSeconds,
        concurrency: 1,
        warmup: 5,
        expectStatus: 200,
      });
      results.push({ name: `list-sync-log: ${page.name}`, ...result });
    }
    return results;
  } finally {
    await app?.close().catch(() => undefined);
    await scratch.drop();
  }
}
