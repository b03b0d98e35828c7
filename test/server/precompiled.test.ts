// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Queries compiled once and run with new values (docs/performance.md#precompiled-queries): each call sends
 * the one compiled text with its own values in the placeholders' places, and a build that would bake an
 * argument into the text is refused rather than reused with the first caller's value. (Every session lookup
 * and user read of the other server tests runs through it on both databases.)
 */
import assert from 'node:assert/strict';
import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  sql,
  type CompiledQuery,
} from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import { precompiled } from '../../src/server/db/precompiled.js';
import { describe, it } from './helpers/node-test.js';

/** A Kysely that runs nothing and records what it was asked to run. */
function recordingDb() {
  const sent: CompiledQuery[] = [];
  const db = new Kysely<Database>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (kysely) => new PostgresIntrospector(kysely),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    },
    log: (event) => {
      if (event.level === 'query') sent.push(event.query);
    },
  });
  return { db, sent };
}

describe('precompiled queries', () => {
  it('sends the same text each time, with each call’s values where its arguments go', async () => {
    const { db, sent } = recordingDb();
    const byEmail = precompiled((db, email: string, id: number) =>
      db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .where('id', '>', id)
        .where('name', '=', 'constant')
        .where('email', '!=', email),
    );
    await byEmail(db, 'a@example.com', 1);
    await byEmail(db, 'b@example.com', 2);
    assert.equal(sent.length, 2);
    assert.equal(sent[0]!.sql, sent[1]!.sql);
    assert.deepEqual(sent[0]!.parameters, ['a@example.com', 1, 'constant', 'a@example.com']);
    assert.deepEqual(sent[1]!.parameters, ['b@example.com', 2, 'constant', 'b@example.com']);
  });

  it('compiles once: the build runs on the first call only', async () => {
    const { db } = recordingDb();
    let builds = 0;
    const byId = precompiled((db, id: number) => {
      builds += 1;
      return db.selectFrom('users').selectAll().where('id', '=', id);
    });
    await byId(db, 1);
    await byId(db, 2);
    await byId(recordingDb().db, 3);
    assert.equal(builds, 1);
  });

  it('refuses a build that turns an argument into SQL text instead of a parameter', async () => {
    const { db } = recordingDb();
    const raw = precompiled((db, column: string) =>
      db.selectFrom('users').select(sql.ref(column).as('value')),
    );
    await assert.rejects(raw(db, 'email'), /argument 0 is not a parameter/);
  });

  it('refuses a build that derives another value from an argument', async () => {
    const { db } = recordingDb();
    const derived = precompiled((db, domain: string) =>
      db.selectFrom('users').select('id').where('email', 'like', `%@${domain}`),
    );
    await assert.rejects(derived(db, 'example.com'), /argument 0 is not a parameter/);
  });

  it('refuses a build with a default parameter, whose value would be baked in', async () => {
    const { db } = recordingDb();
    const withDefault = precompiled((db, id: number, name: string = 'first') =>
      db.selectFrom('users').select('id').where('id', '=', id).where('name', '=', name),
    );
    await assert.rejects(withDefault(db, 1, 'second'), /2 arguments for a build of 1/);
  });
});
