/**
 * Named prepared statements (src/server/db/prepared.ts, docs/performance.md#prepared-statements), on
 * PostgreSQL and on PGlite (src/server/db/pglite-dialect.ts): the same query text runs under one name,
 * other statements and texts past the bound run unnamed, a statement whose `select *` gained a column in a
 * migration still answers, and values go in and come out as the unnamed statements gave them.
 */
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
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
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        tx,
      );
      assert.ok(
        rows.some((row) => /from "plans" where "slug" = \$1/.test(row.statement)),
        rows.map((row) => row.statement).join('\n'),
      );
    });
  });

  it('on PostgreSQL, asks for the columns of a statement once per connection', async (context) => {
    if (!process.env.DATABASE_URL)
      return context.skip('PGlite runs its statements itself (pglite-dialect.ts)');
    const { db } = t.app.services;
    const Connection = createRequire(import.meta.url)('pg/lib/connection.js') as {
      prototype: { describe(this: unknown, ...args: unknown[]): void };
    };
    const describe = Connection.prototype.describe;
    let described = 0;
    Connection.prototype.describe = function (...args) {
      described += 1;
      describe.apply(this, args);
    };
    try {
      // One connection (a transaction holds it): the first call describes the rows, the next ones do not.
      const slugs = await db.transaction().execute(async (tx) => {
        const answers: (string | undefined)[] = [];
        for (const slug of ['pro', 'free', 'pro', 'nothing-such']) {
          const row = await tx
            .selectFrom('plans')
            .select(['slug', 'credits', 'metadata'])
            .where('slug', '=', slug)
            .executeTakeFirst();
          answers.push(row?.slug);
          // Parsed by the kept parsers: a number and an object, not text.
          if (row) assert.ok(typeof row.credits === 'number' && typeof row.metadata === 'object');
        }
        return answers;
      });
      assert.deepEqual(slugs, ['pro', 'free', 'pro', undefined]);
      assert.equal(described, 1);
    } finally {
      Connection.prototype.describe = describe;
    }
  });

  it("on PostgreSQL, sends a transaction's begin with its first statement, in the transaction all the same", async (context) => {
    // docs/performance.md#one-round-trip-less-per-transaction
    if (!process.env.DATABASE_URL)
      return context.skip('PGlite runs its statements itself (pglite-dialect.ts)');
    const { db } = t.app.services;
    await sql`create table begin_probe (id int primary key)`.execute(db);
    const insert = (handle: typeof db, id: number) =>
      handle
        .insertInto('begin_probe' as never)
        .values({ id } as never)
        .execute();
    // Every pool connection holds the insert prepared: a transaction's first statement can carry its begin.
    await Promise.all(Array.from({ length: 20 }, (_, i) => insert(db, 100 + i)));
    await sql`delete from begin_probe`.execute(db);
    const Connection = createRequire(import.meta.url)('pg/lib/connection.js') as {
      prototype: { query(this: unknown, text: string): void };
    };
    const query = Connection.prototype.query;
    const simple: string[] = [];
    Connection.prototype.query = function (text) {
      simple.push(text);
      query.call(this, text);
    };
    try {
      // The second insert fails: the first, sent with begin, is rolled back with it.
      await assert.rejects(
        db.transaction().execute(async (tx) => {
          await insert(tx, 1);
          await insert(tx, 1);
        }),
        (error: { code?: string }) => error.code === '23505',
      );
      assert.deepEqual(simple, ['rollback']);
      simple.length = 0;
      await db.transaction().execute(async (tx) => {
        await insert(tx, 2);
        await insert(tx, 3);
      });
      assert.deepEqual(simple, ['commit']);
      // A transaction that sent nothing ends without a word to the server.
      simple.length = 0;
      assert.equal(await db.transaction().execute(async () => 'nothing sent'), 'nothing sent');
      assert.deepEqual(simple, []);
    } finally {
      Connection.prototype.query = query;
    }
    const { rows } = await sql<{ id: number }>`select id from begin_probe order by id`.execute(db);
    assert.deepEqual(
      rows.map((row) => row.id),
      [2, 3],
    );
  });

  it('runs a statement again on the connection where its values could not be bound', async () => {
    const { db } = t.app.services;
    await db.connection().execute(async (connection) => {
      const read = (value: unknown) =>
        sql<{ doc: unknown }>`select ${value}::jsonb as doc`.execute(connection);
      assert.deepEqual((await read(JSON.stringify({ a: 1 }))).rows, [{ doc: { a: 1 } }]);
      // JSON has no big integers: the value cannot be sent, the call fails before PostgreSQL runs it.
      await assert.rejects(read({ big: 1n }), /BigInt/);
      assert.deepEqual((await read(JSON.stringify({ a: 2 }))).rows, [{ doc: { a: 2 } }]);
      // The same as the first statement of a transaction (which may carry the transaction's begin).
      await assert.rejects(
        connection.transaction().execute((tx) => sql`select ${{ big: 1n }}::jsonb as doc`.execute(tx)),
        /BigInt/,
      );
      for (const a of [4, 5]) assert.deepEqual((await read(JSON.stringify({ a }))).rows, [{ doc: { a } }]);
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

  it('takes and gives each kind of value as an unnamed statement does', async () => {
    const { db } = t.app.services;
    const at = new Date('2026-01-02T03:04:05.678Z');
    const read = () =>
      sql<
        Record<string, unknown>
      >`select ${at}::timestamptz as at, ${JSON.stringify({ a: [1] })}::jsonb as doc,
        ${7}::int as n, ${true}::boolean as yes, ${null}::text as nothing,
        array['x', 'y']::text[] as list, 3 = any(${[1, 2, 3]}::int[]) as found`.execute(db);
    const expected = [{ at, doc: { a: [1] }, n: 7, yes: true, nothing: null, list: ['x', 'y'], found: true }];
    // The first call prepares the statement, the next ones run it under its name.
    for (let call = 0; call < 3; call += 1) assert.deepEqual((await read()).rows, expected);
  });

  it('takes bytes, big integers, objects and undefined as an unnamed statement does', async () => {
    const { db } = t.app.services;
    const read = () =>
      sql<Record<string, unknown>>`select ${new Uint8Array([1, 2, 255])}::bytea as bytes,
        ${1234567890123n}::bigint + 1 as big, ${{ z: [1] }}::jsonb -> 'z' as part, ${undefined}::int as missing`.execute(
        db,
      );
    for (let call = 0; call < 3; call += 1) {
      const [row] = (await read()).rows;
      // Each driver's own types for bytea and int8 (a Buffer on pg, a Uint8Array on PGlite; a string, a number).
      assert.deepEqual([...(row!.bytes as Uint8Array)], [1, 2, 255]);
      assert.equal(String(row!.big), '1234567890124');
      assert.deepEqual(row!.part, [1]);
      assert.equal(row!.missing, null);
    }
  });

  it('refuses a stale plan inside a transaction with the refusal itself, and answers after it', async () => {
    const { db } = t.app.services;
    await sql`create table stale_probe (id int primary key)`.execute(db);
    await sql`insert into stale_probe values (1)`.execute(db);
    const read = (handle: typeof db) =>
      sql<Record<string, unknown>>`select * from stale_probe`.execute(handle);
    // Every pool connection holds the statement prepared.
    await Promise.all(Array.from({ length: 20 }, () => read(db)));
    await assert.rejects(
      db.transaction().execute(async (tx) => {
        await sql`alter table stale_probe add column note text default 'added'`.execute(tx);
        return read(tx);
      }),
      (error: { code?: string }) => error.code === '0A000',
    );
    // The transaction rolled back: the table is as it was, and the statement answers.
    const answers = await Promise.all(Array.from({ length: 20 }, () => read(db)));
    for (const { rows } of answers) assert.deepEqual(rows, [{ id: 1 }]);
  });

  it('counts the rows a statement changed', async () => {
    const { db } = t.app.services;
    await sql`create table counted_probe (id int primary key)`.execute(db);
    const insert = await db
      .insertInto('counted_probe' as never)
      .values([{ id: 1 }, { id: 2 }] as never)
      .executeTakeFirst();
    assert.equal(insert.numInsertedOrUpdatedRows, 2n);
    for (let call = 0; call < 2; call += 1) {
      const update = await sql`update counted_probe set id = id + 10 where id < ${100}`.execute(db);
      assert.equal(update.numAffectedRows, 2n);
    }
    const removed = await sql`delete from counted_probe where id > ${0}`.execute(db);
    assert.equal(removed.numAffectedRows, 2n);
  });

  it('prepares again a statement whose first preparation failed, and keeps the error of a failed call', async () => {
    const { db } = t.app.services;
    const read = () => sql<{ id: number }>`select id from later_probe where id = ${1}`.execute(db);
    await assert.rejects(read(), /later_probe/);
    await sql`create table later_probe (id int primary key)`.execute(db);
    await sql`insert into later_probe values (1)`.execute(db);
    assert.deepEqual((await read()).rows, [{ id: 1 }]);
    const insert = () => sql`insert into later_probe values (${1})`.execute(db);
    for (let call = 0; call < 2; call += 1) {
      await assert.rejects(insert(), (error: { code?: string }) => error.code === '23505');
    }
    // The database answers the next call: the failed ones left nothing half-done.
    assert.deepEqual((await read()).rows, [{ id: 1 }]);
  });
});
