// The app under `npm run bench`, in its own process (the load generator must not share its event loop):
// the real server on 127.0.0.1 with a fresh database (in-memory PGlite, or DATABASE_URL), and the people
// the scenarios sign in as, written straight into the database (argon2 signups would take minutes):
// a user without organization, the admin of a 10-member organization and the admin of a large one.
// It tells the parent its URL and session cookies over IPC, and answers 'usage' with its CPU time, RSS
// and the server time (Fastify's elapsed time, from request to answer sent) of the requests since the
// last ask, per URL path (bench-process.ts).
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { serveBenchMessages } from './bench-process.js';
import { freePort } from './free-port.js';

export interface BenchPeople {
  loner: string;
  smallAdmin: string;
  bigAdmin: string;
  /** Connected to the Demo CRM by API key, outside any organization: sync-profile's caller. */
  syncer: string;
  /** Members of the large organization, a session each: many signed-in clients at once. */
  bigMembers: string[];
}

const largeSize = Number(process.env.BENCH_MEMBERS ?? 10_000);
const port = await freePort();
const url = `http://127.0.0.1:${port}`;
const config = loadConfig({
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  PUBLIC_URL: url,
  // Never the user's DATA_DIR: PGlite in a scratch directory of bench.ts, on disk as `npm start` runs it
  // (in memory, the database's files and WAL would count in the server's RSS).
  DATA_DIR: process.env.BENCH_PGLITE_DIR ?? 'memory://',
  // Logging every request would be a large part of what is measured.
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
});
const app = await buildApp(config);

let timings = new Map<string, number[]>();
app.addHook('onResponse', async (request, reply) => {
  const path = request.url.split('?')[0]!;
  let list = timings.get(path);
  if (!list) timings.set(path, (list = []));
  list.push(reply.elapsedTime);
});

const { db, repos } = app.services;
const stamp = `${process.pid}.${Date.now()}`;

/** An organization of `size` members (the first is its admin, every tenth holds a paid plan). */
async function organization(name: string, size: number): Promise<number> {
  const org = await db.insertInto('organizations').values({ name }).returning('id').executeTakeFirstOrThrow();
  const start = Date.now() - size * 1000;
  for (let from = 0; from < size; from += 1000) {
    await db
      .insertInto('users')
      .values(
        Array.from({ length: Math.min(1000, size - from) }, (_, k) => {
          const i = from + k;
          return {
            email: `bench.${name}.${i}.${stamp}@example.com`,
            name: `Bench Person ${i}`,
            role: i === 0 ? 'admin' : 'member',
            organization_id: org.id,
            stripe_product: i % 10 === 1 ? 'standard' : i % 10 === 2 ? 'pro' : 'free',
            created_at: new Date(start + i * 1000),
          };
        }),
      )
      .execute();
  }
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', `bench.${name}.0.${stamp}@example.com`)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('organizations')
    .set({ billing_admin_id: admin.id })
    .where('id', '=', org.id)
    .execute();
  return admin.id;
}

async function cookieOf(userId: number): Promise<string> {
  return `session=${await repos.sessions.create(userId)}`;
}

const loner = await db
  .insertInto('users')
  .values({ email: `bench.loner.${stamp}@example.com`, name: 'Bench Loner' })
  .returning('id')
  .executeTakeFirstOrThrow();
const syncer = await db
  .insertInto('users')
  .values({ email: `bench.syncer.${stamp}@example.com`, name: 'Bench Syncer' })
  .returningAll()
  .executeTakeFirstOrThrow();
await repos.transaction((tx) =>
  tx.connections.replace(syncer, {
    software: 'demo-crm',
    authType: 'api key',
    sealedCredentials: app.services.secretBox.seal({ api_keys: ['demo_bench_key'] }),
    shared: false,
  }),
);
const bigAdminId = await organization('large', largeSize);
const bigMemberIds = await db
  .selectFrom('users')
  .select('id')
  .where('organization_id', '=', (eb) =>
    eb.selectFrom('users').select('organization_id').where('id', '=', bigAdminId),
  )
  .where('role', '=', 'member')
  .orderBy('id')
  .limit(100)
  .execute();
const people: BenchPeople = {
  loner: await cookieOf(loner.id),
  syncer: await cookieOf(syncer.id),
  smallAdmin: await cookieOf(await organization('small', 10)),
  bigAdmin: await cookieOf(bigAdminId),
  bigMembers: await Promise.all(bigMemberIds.map(({ id }) => cookieOf(id))),
};
// Fresh statistics for the planner after the bulk insert, as autovacuum would give a real database.
await sql`analyze`.execute(db);

await app.listen({ host: config.host, port });
process.send!({ type: 'ready', url, apiBase: config.apiBase, people, members: largeSize });

serveBenchMessages(
  () => app.close(),
  () => {
    const answer = Object.fromEntries(timings);
    timings = new Map();
    return answer;
  },
);
