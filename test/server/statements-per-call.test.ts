/**
 * How many SQL statements the hottest calls cost: get-user is one statement (session, user and what
 * the app shows of the organization), public calls with a session cookie do not look the session up,
 * and the plans and CRM catalogue are read from memory once loaded.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
let admin: TestUser;

/** Counts the statements the app sends to the database while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const executor = t.app.services.db.getExecutor();
  const original = executor.executeQuery;
  const seen: string[] = [];
  executor.executeQuery = function (this: typeof executor, query, ...rest) {
    seen.push(query.sql);
    return original.call(this, query, ...rest);
  } as typeof original;
  try {
    await work();
  } finally {
    executor.executeQuery = original;
  }
  return seen;
}

before(async () => {
  admin = await signup(t.api, { name: 'Counting Admin' });
  await invitedMember(t, admin);
});

describe('statements per call', () => {
  it('get-user of an organization admin is one statement, with the member count', async () => {
    let res;
    const statements = await statementsOf(async () => {
      res = await t.api('getUser', { cookie: admin.cookie });
    });
    assert.equal(res!.status, 200);
    assert.equal(res!.body.data.organization.member_count, 2);
    assert.equal(statements.length, 1, statements.join('\n'));
    assert.doesNotMatch(statements[0]!, /count\(/);
  });

  it('get-user of several sessions at once takes fewer statements than calls, each answered with its own user', async () => {
    // docs/performance.md#batched-session-lookups: the first lookup goes at once, those asked while it
    // runs go together in the next.
    const member = await invitedMember(t, admin);
    const callers = [admin, member, admin, member, admin, member];
    const getUsers = () => Promise.all(callers.map((user) => t.api('getUser', { cookie: user.cookie })));
    let answers: Awaited<ReturnType<typeof getUsers>> | undefined;
    const statements = await statementsOf(async () => {
      answers = await getUsers();
    });
    assert.deepEqual(
      answers!.map((res) => [res.status, res.body.data.email]),
      callers.map((user) => [200, user.email]),
    );
    assert.ok(statements.length <= 2, `${statements.length} statements for ${callers.length} calls`);
  });

  it('public calls do not look the session up, and plans and catalogue come from memory', async () => {
    // Loaded once...
    await t.api('getPricing', { query: { schedule: 'monthly' } });
    await t.api('getSoftwareOptions');
    // ...then answered without the database, even with a session cookie.
    const statements = await statementsOf(async () => {
      assert.equal(
        (await t.api('getPricing', { cookie: admin.cookie, query: { schedule: 'yearly' } })).status,
        200,
      );
      assert.equal((await t.api('getSoftwareOptions', { cookie: admin.cookie })).status, 200);
      assert.equal(
        (await t.api('getSoftware', { cookie: admin.cookie, query: { software: 'hubspot' } })).status,
        200,
      );
    });
    assert.deepEqual(statements, []);
  });

  it('an anonymous call to a signed-in operation is still refused with 401', async () => {
    assert.equal((await t.api('getUser')).status, 401);
    assert.equal((await t.api('getUser', { cookie: 'session=not-a-session' })).status, 401);
  });
});
