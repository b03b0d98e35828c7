/**
 * Named prepared statements on PostgreSQL (src/server/db/prepared.ts, docs/performance.md#prepared-statements):
 * the same query text runs under one name, other statements and texts past the bound run unnamed, and a
 * statement whose `select *` gained a column in a migration still answers. On PGlite the database tests
 * run the same calls (PGlite sends every statement unnamed).
 */
import assert from 'node:assert/strict';
import { sql } from 'kysely';
import { describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { createStatementNames, isStalePlan } from '../../src/server/db/prepared.js';

describe('statement names', () => {
  it('names DML by its text, one name per text, and leaves other statements unnamed', () => {
    const names = createStatementNames();
    const first = names.config('select * from users where id = $1', [1]);
    const again = names.config('select * from users where id = $1', [2]);
    const other = names.config('update users set name = $1 where id = $2', ['A', 1]);
    assert.ok(first.name);
    assert.equal(again.name, first.name);
    assert.deepEqual(again.values, [2]);
    assert.ok(other.name);
    assert.notEqual(other.name, first.name);
    assert.equal(names.config('begin', []).name, undefined);
    assert.equal(names.config('create table t (id int)', []).name, undefined);
  });

  it('names no more texts than its bound: the others run unnamed', () => {
    const names = createStatementNames(2);
    assert.ok(names.config('select 1', []).name);
    assert.ok(names.config('select 2', []).name);
    assert.equal(names.config('select 3', []).name, undefined);
    // A text named before the bound was reached keeps its name.
    assert.ok(names.config('select 1', []).name);
  });

  it('gives a text a fresh name once its plan went stale', () => {
    const names = createStatementNames();
    const before = names.config('select * from t', []).name;
    names.renew('select * from t');
    const after = names.config('select * from t', []).name;
    assert.ok(after);
    assert.notEqual(after, before);
  });

  it("knows PostgreSQL's refusal of a stale plan from other errors", () => {
    assert.ok(isStalePlan({ code: '0A000', message: 'cached plan must not change result type' }));
    assert.ok(!isStalePlan({ code: '0A000', message: 'something else is not supported' }));
    assert.ok(!isStalePlan(new Error('cached plan must not change result type')));
  });
});

describe('prepared statements in the database', () => {
  const t = useTestApp();

  it('runs a query under its name on the connection, answering the values of each call', async () => {
    const { db } = t.app.services;
    await db.transaction().execute(async (tx) => {
      const first = await tx.selectFrom('plans').select('slug').where('slug', '=', 'pro').executeTakeFirst();
      const second = await tx
        .selectFrom('plans')
        .select('slug')
        .where('slug', '=', 'free')
        .executeTakeFirst();
      assert.equal(first?.slug, 'pro');
      assert.equal(second?.slug, 'free');
      if (!t.config.databaseUrl) return;
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        tx,
      );
      assert.ok(
        rows.some((row) => /from "plans" where "slug" = \$1/.test(row.statement)),
        rows.map((row) => row.statement).join('\n'),
      );
    });
  });

  it('answers a select * whose table gained a column since the statement was prepared', async () => {
    const { db } = t.app.services;
    await sql`create table prepared_probe (id int primary key)`.execute(db);
    await sql`insert into prepared_probe values (1)`.execute(db);
    const read = () => sql<Record<string, unknown>>`select * from prepared_probe`.execute(db);
    // Enough calls on every pool connection that each holds the statement prepared.
    await Promise.all(Array.from({ length: 20 }, read));
    await sql`alter table prepared_probe add column note text default 'added'`.execute(db);
    const answers = await Promise.all(Array.from({ length: 20 }, read));
    for (const { rows } of answers) assert.deepEqual(rows, [{ id: 1, note: 'added' }]);
  });
});
