/**
 * Database faults, on PostgreSQL only (DATABASE_URL set): the real server runs in its own process and
 * reaches a fresh database through a fault-injecting TCP proxy, while workers keep calling it. The proxy
 * cuts every connection, stalls them, and resets them mid-query; the machine's PostgreSQL is never touched.
 * Checked: the process never exits; during a fault calls answer 503 with Retry-After and the error
 * envelope, never 500; within 2 s of the database coming back every call works; no acknowledged write is
 * lost and no write is half-done.
 */
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from './helpers/node-test.js';
import pg from 'pg';
import { createScratchDatabase } from './helpers/app.js';
import { startFaultProxy, type FaultProxy } from './helpers/fault-proxy.js';
import { startServerProcess, type HttpResult, type ServerProcess } from './helpers/server-process.js';
import { PASSWORD, uniqueEmail } from './helpers/users.js';

const baseUrl = process.env.DATABASE_URL;
const skip = baseUrl ? false : 'needs PostgreSQL (DATABASE_URL): the proxy sits between the server and it';

describe('database faults', { skip }, () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let proxy: FaultProxy;
  let server: ServerProcess;
  let direct: pg.Client;
  let cookie: string;
  let userId: string;

  /** Every answer the workers got, with the phase it happened in. */
  const answers: {
    phase: string;
    what: string;
    status: number;
    retryAfter: string | null;
    message?: string;
  }[] = [];
  let phase = 'healthy';
  let running = true;
  const acknowledged = {
    settings: 0,
    invitations: [] as string[],
    payments: [] as string[],
    signups: [] as string[],
  };

  const record = (what: string, res: { status: number; headers: Headers }, body?: { message?: string }) =>
    answers.push({
      phase,
      what,
      status: res.status,
      retryAfter: res.headers.get('retry-after'),
      message: body?.message,
    });

  async function settingsWorker() {
    for (let i = 1; running; i += 1) {
      const res = await server.call('setSettings', { cookie, body: { name: `Faulty ${i}` } });
      record('set-settings', res, res.body);
      if (res.status === 200) acknowledged.settings = i;
    }
  }

  async function invitationWorker() {
    while (running) {
      const email = uniqueEmail('fault-invite');
      const res = await server.call('inviteUser', { cookie, body: { email } });
      record('invite-user', res, res.body);
      if (res.status === 200) acknowledged.invitations.push(email);
    }
  }

  /** Pays a sandbox checkout; a failure is a small HTML page whose alert says what the API's envelope says. */
  async function pay(checkoutUrl: string) {
    const id = new URL(checkoutUrl).pathname.split('/').pop()!;
    const res = await fetch(`${server.url}/sandbox/checkout/${id}/pay`, {
      method: 'POST',
      headers: { cookie, origin: server.url, 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
      redirect: 'manual',
    });
    const text = await res.text();
    const alert = /<p role="alert">([^<]*)<\/p>/.exec(text)?.[1];
    record('sandbox pay', res, res.status === 303 ? undefined : { message: alert ?? text.slice(0, 200) });
    if (res.status === 303) acknowledged.payments.push(id);
    return res.status;
  }

  /** The plan (Pro with one Standard seat) is bought once; then one more Standard seat per round. */
  async function paymentWorker() {
    while (running) {
      const seats = await server.call('buyMoreSeats', { cookie, body: { standard_seats: 1, pro_seats: 0 } });
      record('buy seats', seats, seats.body);
      if (seats.status === 200) await pay(seats.body.url);
    }
  }

  async function signupWorker() {
    while (running) {
      const email = uniqueEmail('fault-signup');
      const res = await server.call('signup', { body: { name: 'Newcomer', email, password: PASSWORD } });
      record('signup', res, res.body);
      if (res.status === 200) acknowledged.signups.push(email);
    }
  }

  async function readWorker() {
    while (running) {
      const res = await server.call('getUser', { cookie });
      record('get-user', res, res.body);
      await sleep(20);
    }
  }

  /** Milliseconds from now until a signed-in read and a write both succeed again. */
  /**
   * How long after the database came back a call was first answered in full: the start of the first
   * attempt that succeeded, not its end, so a machine that is slow to answer any call (a busy one) does
   * not count as a slow recovery.
   */
  async function recoveryTime(): Promise<number> {
    const started = Date.now();
    for (;;) {
      const attempt = Date.now();
      const read = await server.call('getUser', { cookie });
      const write =
        read.status === 200 ? await server.call('setSettings', { cookie, body: { name: 'Back' } }) : read;
      if (write.status === 200) return attempt - started;
      assert.equal(write.status, 503);
      assert.ok(Date.now() - started < 10_000, 'the server did not recover within 10 s');
      await sleep(50);
    }
  }

  let workers: Promise<unknown>;

  before(async () => {
    database = await createScratchDatabase(baseUrl!);
    const target = new URL(database.url);
    proxy = await startFaultProxy(target.hostname, Number(target.port || 5432));
    server = await startServerProcess({
      DATABASE_URL: proxy.through(database.url),
      DATABASE_TIMEOUT_MS: '1000',
      RATE_LIMIT_FACTOR: '1000',
    });
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
    const signup: HttpResult = await server.call('signup', {
      body: { name: 'Faulty', email: uniqueEmail('fault'), password: PASSWORD },
    });
    assert.equal(signup.status, 200);
    cookie = signup.cookie!;
    userId = signup.body.id;
    const proPrice = (await server.call('getPricing', { query: { schedule: 'monthly' } })).body.data.pro
      .monthly_price_id;
    // A second plan checkout would be refused (one subscription per account): the plan is bought here.
    const checkout = await server.call('checkout', {
      cookie,
      body: { items: [{ price_id: proPrice, quantity: 1 }], standard_seats: 1 },
    });
    assert.equal(checkout.status, 200);
    assert.equal(await pay(checkout.body.url), 303);
    workers = Promise.all([
      settingsWorker(),
      invitationWorker(),
      paymentWorker(),
      signupWorker(),
      readWorker(),
      readWorker(),
    ]);
    await sleep(500);
  });

  after(async () => {
    running = false;
    proxy?.heal();
    await workers?.catch(() => undefined);
    await server?.stop();
    await direct?.end();
    await proxy?.close();
    await database?.drop();
  });

  for (const fault of [
    { name: 'a cut of every connection (database restart)', start: () => proxy.cut(), lasts: 1500 },
    { name: 'a stall (no byte moves, connections stay open)', start: () => proxy.stall(), lasts: 2500 },
    {
      name: 'resets mid-query (the request reached the database)',
      start: () => proxy.resetMidQuery(6),
      lasts: 1500,
    },
  ]) {
    it(`survives ${fault.name}: 503 with Retry-After meanwhile, recovery within 2 s`, async (t) => {
      phase = fault.name;
      fault.start();
      await sleep(fault.lasts);
      proxy.heal();
      phase = `after ${fault.name}`;
      const recovery = await recoveryTime();
      t.diagnostic(`recovered ${recovery} ms after the database came back`);
      assert.equal(server.exit, undefined, `the server exited:\n${server.output.join('')}`);
      const during = answers.filter((a) => a.phase === fault.name);
      assert.ok(
        during.some((a) => a.status === 503),
        `no call failed during the fault: ${JSON.stringify(during.slice(0, 5))}`,
      );
      assert.ok(recovery <= 2000, `recovered after ${recovery} ms`);
      await sleep(300);
    });
  }

  it('answered only successes and 503 with Retry-After and the envelope, never 500', () => {
    const unexpected = answers.filter((a) => ![200, 303, 503].includes(a.status));
    assert.deepEqual(unexpected, []);
    for (const answer of answers.filter((a) => a.status === 503)) {
      assert.equal(answer.retryAfter, '2', JSON.stringify(answer));
      assert.equal(answer.message, 'The service is briefly unavailable. Please try again in a moment.');
    }
    assert.ok(answers.filter((a) => a.status === 200).length > 50, 'the workers hardly ran');
  });

  it('logged each lost connection by its reason only, not the driver client and its statements', () => {
    const lost = server.output
      .join('')
      .split('\n')
      .filter((line) => line.includes('database connection lost'));
    assert.ok(lost.length > 0, 'no lost connection was logged');
    for (const line of lost) {
      const { err } = JSON.parse(line) as { err: Record<string, unknown> };
      assert.deepEqual(
        Object.keys(err).filter((key) => !['type', 'message', 'code', 'stack'].includes(key)),
        [],
      );
      assert.ok(!line.includes('parsedStatements') && !line.includes('select '), line.slice(0, 300));
    }
  });

  it('lost no acknowledged write and left no write half-done', async () => {
    running = false;
    await workers;
    const query = async (text: string, values: unknown[] = []) => (await direct.query(text, values)).rows;

    // The last acknowledged name (or a later attempt, which may have been written without an answer).
    const [user] = await query('select name, organization_id from users where id = $1', [Number(userId)]);
    const stored = user.name === 'Back' ? Infinity : Number(/^Faulty (\d+)$/.exec(user.name)?.[1] ?? 0);
    assert.ok(
      stored >= acknowledged.settings,
      `name ${user.name}, last acknowledged ${acknowledged.settings}`,
    );

    const invited = new Set((await query('select email from invitations')).map((r) => r.email));
    assert.deepEqual(
      acknowledged.invitations.filter((email) => !invited.has(email)),
      [],
    );
    const paid = new Set(
      (await query("select id from checkout_sessions where status = 'paid'")).map((r) => r.id as string),
    );
    assert.deepEqual(
      acknowledged.payments.filter((id) => !paid.has(id)),
      [],
    );
    assert.ok(acknowledged.invitations.length > 0 && acknowledged.payments.length > 0);
    const unmailed = await query(
      'select email from invitations i where not exists (select 1 from outbox o where o.to_address = i.email)',
    );
    assert.deepEqual(unmailed, [], 'an invitation was saved without its mail');
    const accounts = new Set((await query('select email from users')).map((r) => r.email));
    assert.deepEqual(
      acknowledged.signups.filter((email) => !accounts.has(email)),
      [],
    );
    assert.ok(acknowledged.signups.length > 0);
    // An account is created signed in: never one without its first session (a 503 left no account).
    const sessionless = await query(
      'select email from users u where not exists (select 1 from sessions s where s.user_id = u.id)',
    );
    assert.deepEqual(sessionless, []);

    // All or nothing: the organization made by the first invitation is the inviter's; every paid
    // checkout's seat was added (one Standard seat each, plus the buyer's own Pro seat) and recorded.
    const orgs = await query(
      'select id, billing_admin_id, seats_standard, seats_pro, subscription_id from organizations',
    );
    assert.equal(orgs.length, 1);
    assert.equal(orgs[0].id, user.organization_id);
    assert.equal(orgs[0].seats_standard, paid.size);
    assert.equal(orgs[0].seats_pro, 1);
    const [subscription] = await query('select items from subscriptions where id = $1', [
      orgs[0].subscription_id,
    ]);
    assert.deepEqual(
      subscription.items.map((item: { product: string; quantity: number }) => [item.product, item.quantity]),
      [
        ['standard', paid.size],
        ['pro', 1],
      ],
    );
    assert.equal(server.exit, undefined);
  });
});
