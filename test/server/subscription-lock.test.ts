/**
 * The lock that makes pushes of one subscription's quantities take turns (src/server/billing/
 * subscription-lock.ts): within a process always; across processes (two pools on one PostgreSQL, as two
 * servers would have) through PostgreSQL's advisory lock.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from './helpers/node-test.js';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../../src/server/db/schema.js';
import { createSubscriptionLock } from '../../src/server/billing/subscription-lock.js';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/** Runs `first` holding the lock; `second` asks for it meanwhile and must not start before first ends. */
async function takeTurns(
  lockA: ReturnType<typeof createSubscriptionLock>,
  lockB: ReturnType<typeof createSubscriptionLock>,
  secondIsWaiting: () => Promise<void>,
) {
  const events: string[] = [];
  const entered = deferred();
  const finish = deferred();
  const first = lockA.run('sub_turns', async () => {
    events.push('first in');
    entered.release();
    await finish.promise;
    events.push('first out');
  });
  await entered.promise;
  const second = lockB.run('sub_turns', async () => {
    events.push('second in');
  });
  const other = lockB.run('sub_other', async () => {
    events.push('other subscription');
  });
  await other;
  await secondIsWaiting();
  assert.deepEqual(events, ['first in', 'other subscription'], 'another subscription does not wait');
  finish.release();
  await Promise.all([first, second]);
  assert.deepEqual(events, ['first in', 'other subscription', 'first out', 'second in']);
}

describe('subscription lock', () => {
  it('within a process: one at a time per subscription, and a failure does not block the next', async () => {
    const lock = createSubscriptionLock(undefined as never, { acrossProcesses: false });
    await takeTurns(lock, lock, async () => undefined);
    await assert.rejects(
      lock.run('sub_fails', async () => {
        throw new Error('declined');
      }),
      /declined/,
    );
    assert.equal(await lock.run('sub_fails', async () => 'next'), 'next');
  });

  const url = process.env.DATABASE_URL;
  it(
    'across processes (PostgreSQL): the second waits on the advisory lock until the first ends',
    // Without the lock across processes the second would not wait, and this would time out.
    { skip: url ? false : 'needs PostgreSQL (DATABASE_URL)', timeout: 30_000 },
    async () => {
      const open = () =>
        new Kysely<Database>({
          dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 3 }) }),
        });
      const [one, two] = [open(), open()];
      const observer = new pg.Client({ connectionString: url });
      await observer.connect();
      after(() => Promise.all([one.destroy(), two.destroy(), observer.end()]));
      const waiting = async () => {
        // Waits for a state, not for time: PostgreSQL shows the second process's lock request pending.
        for (;;) {
          const { rows } = await observer.query<{ n: number }>(
            `select count(*)::int as n from pg_locks
              where locktype = 'advisory' and not granted and classid = ${0x73656174}
                and database = (select oid from pg_database where datname = current_database())`,
          );
          if (rows[0]!.n > 0) return;
        }
      };
      await takeTurns(
        createSubscriptionLock(one, { acrossProcesses: true }),
        createSubscriptionLock(two, { acrossProcesses: true }),
        waiting,
      );
    },
  );
  it(
    'across processes (PostgreSQL): pushes of many subscriptions at once leave their work connections',
    // Each held lock keeps a pool connection: ten holders on a pool of three would leave the work none.
    { skip: url ? false : 'needs PostgreSQL (DATABASE_URL)', timeout: 30_000 },
    async () => {
      const db = new Kysely<Database>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 3 }) }),
      });
      after(() => db.destroy());
      const lock = createSubscriptionLock(db, { acrossProcesses: true });
      const pushes = Array.from({ length: 10 }, (_, index) =>
        lock.run(`sub_many_${index}`, async () => {
          const { rows } = await sql<{ n: number }>`select ${index}::int as n`.execute(db);
          return rows[0]!.n;
        }),
      );
      assert.deepEqual(await Promise.all(pushes), [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    },
  );
});
