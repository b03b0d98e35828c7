/**
 * Two server processes on one PostgreSQL and one Redis, as behind a load balancer (PostgreSQL only:
 * DATABASE_URL set; PGlite is one process's file). Calls alternate between the processes and must behave
 * exactly as with one: sessions, rate limits, seat races, invitation tokens and the billing sandbox.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from './helpers/node-test.js';
import pg from 'pg';
import { createClient } from 'redis';
import { freePort } from '../../scripts/lib/free-port.js';
import { createScratchDatabase } from './helpers/app.js';
import { hasRedisServer, privateRedis, type PrivateRedis } from './helpers/private-redis.js';
import { startServerProcess, type HttpCallOptions, type ServerProcess } from './helpers/server-process.js';
import { PASSWORD, uniqueEmail } from './helpers/users.js';

const baseUrl = process.env.DATABASE_URL;
const skip = !baseUrl
  ? 'needs PostgreSQL (DATABASE_URL): both processes share one database'
  : !(await hasRedisServer())
    ? 'redis-server is not installed'
    : false;

describe('two server processes behind one load balancer', { skip }, () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>>;
  let redis: PrivateRedis;
  let a: ServerProcess;
  let b: ServerProcess;
  let direct: pg.Client;
  let ipCounter = 0;
  /** A new client address for each caller, so the per-address limits of one test do not touch another. */
  const nextIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const both = () => [a, b] as const;

  async function signupOn(
    server: ServerProcess,
    email = uniqueEmail('two'),
    extra: Record<string, string> = {},
  ) {
    const res = await server.call('signup', {
      body: { name: 'Two', email, password: PASSWORD, ...extra },
      ip: nextIp(),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return { email, cookie: res.cookie!, id: res.body.id as string };
  }

  async function newestToken(email: string): Promise<string> {
    const { rows } = await direct.query(
      'select text_body from outbox where to_address = $1 order by id desc limit 1',
      [email],
    );
    return new URL(/https?:\/\/\S+/.exec(rows[0].text_body)![0]).searchParams.get('token')!;
  }

  before(async () => {
    database = await createScratchDatabase(baseUrl!);
    redis = await privateRedis();
    await redis.start();
    const publicPort = await freePort();
    const env = {
      DATABASE_URL: database.url,
      REDIS_URL: redis.url,
      SESSION_SECRET: 'a-secret-both-processes-share-of-32-chars-or-more',
      // The load balancer's address is the only hop trusted for X-Forwarded-For.
      TRUST_PROXY: '1',
      // Both processes answer for the address the load balancer serves.
      PUBLIC_URL: `http://127.0.0.1:${publicPort}`,
    };
    // Started together: the migrations of both run at once on the empty database. One that did not start
    // fails the suite; the other is stopped, not left running past the test run.
    const started = await Promise.allSettled([startServerProcess(env), startServerProcess(env)]);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) {
      await Promise.all(
        started.map((result) => (result.status === 'fulfilled' ? result.value.stop() : null)),
      );
      throw failed.reason;
    }
    [a, b] = started.map((result) => (result as PromiseFulfilledResult<ServerProcess>).value) as [
      ServerProcess,
      ServerProcess,
    ];
    direct = new pg.Client({ connectionString: database.url });
    await direct.connect();
  });

  after(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await direct?.end();
    await redis?.stop();
    await database?.drop();
  });

  it('share sessions: signed in on one, known on the other, signed out everywhere at once', async () => {
    const user = await signupOn(a);
    const me = await b.call('getUser', { cookie: user.cookie });
    assert.equal(me.status, 200);
    assert.equal(me.body.data.email, user.email);
    assert.equal((await b.call('logout', { cookie: user.cookie })).status, 200);
    assert.equal((await a.call('getUser', { cookie: user.cookie })).status, 401);
  });

  it('share rate limits: the 11th wrong password from one address is refused, wherever it lands', async () => {
    const user = await signupOn(b);
    const ip = nextIp();
    const statuses = await Promise.all(
      Array.from({ length: 14 }, (_, i) =>
        both()[i % 2]!.call('login', { body: { email: user.email, password: 'wrong' }, ip }),
      ),
    ).then((answers) => answers.map((answer) => answer.status));
    assert.equal(statuses.filter((s) => s === 401).length, 10);
    assert.equal(statuses.filter((s) => s === 429).length, 4);
    for (const server of both()) {
      const res = await server.call('login', { body: { email: user.email, password: PASSWORD }, ip });
      assert.equal(res.status, 429);
    }
    // Counted in the shared Redis.
    const probe = createClient({ url: redis.url });
    await probe.connect();
    try {
      assert.ok((await probe.keys('*login:ip-account:*')).length > 0);
    } finally {
      await probe.close();
    }
  });

  it('give exactly 10 of 50 parallel seat assignments the 10 free Pro seats', async () => {
    const admin = await signupOn(a);
    assert.equal(
      (await a.call('inviteUser', { cookie: admin.cookie, body: { email: uniqueEmail('seed') } })).status,
      200,
    );
    const { rows: orgRows } = await direct.query('select organization_id from users where id = $1', [
      Number(admin.id),
    ]);
    const orgId = orgRows[0].organization_id as number;
    await direct.query('update organizations set seats_pro = 10 where id = $1', [orgId]);
    const { rows: members } = await direct.query(
      `insert into users (email, name, role, organization_id)
       select 'seat' || g || '.' || $2 || '@example.com', 'Seat ' || g, 'member', $1 from generate_series(1, 50) g
       returning id`,
      [orgId, process.pid],
    );
    const answers = await Promise.all(
      members.map((member, i) =>
        both()[i % 2]!.call('setUserProduct', {
          cookie: admin.cookie,
          body: { user_id: String(member.id), product: 'pro', role: 'member' },
        } satisfies HttpCallOptions),
      ),
    );
    const statuses = answers.map((res) => res.status);
    assert.equal(statuses.filter((s) => s === 200).length, 10, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 409).length, 40);
    const { rows } = await direct.query(
      "select count(*)::int as n from users where organization_id = $1 and stripe_product = 'pro'",
      [orgId],
    );
    assert.equal(rows[0].n, 10);
  });

  it('use each invitation token once: a resend on one process voids the link of the other', async () => {
    const admin = await signupOn(b);
    const email = uniqueEmail('invitee');
    assert.equal((await a.call('inviteUser', { cookie: admin.cookie, body: { email } })).status, 200);
    const first = await newestToken(email);
    const { rows } = await direct.query('select id from invitations where email = $1', [email]);
    const resend = await b.call('resendInvitation', {
      cookie: admin.cookie,
      body: { invitation_id: String(rows[0].id) },
    });
    assert.equal(resend.status, 200);
    const second = await newestToken(email);
    assert.notEqual(first, second);
    const stale = await a.call('signup', {
      body: { name: 'Stale', email, password: PASSWORD, invitation_token: first },
      ip: nextIp(),
    });
    assert.equal(stale.status, 400);
    const racing = await Promise.all(
      both().map((server) =>
        server.call('signup', {
          body: { name: 'Racer', email, password: PASSWORD, invitation_token: second },
          ip: nextIp(),
        }),
      ),
    );
    assert.deepEqual(
      racing.map((res) => res.status).filter((s) => s === 200),
      [200],
    );
    const used = await b.call('acceptInvite', { query: { token: second } });
    assert.equal(used.status, 404);
    const { rows: accepted } = await direct.query(
      'select count(*)::int as n from invitations where email = $1 and accepted_at is not null',
      [email],
    );
    assert.equal(accepted[0].n, 1);
  });

  it('apply a sandbox payment once, though Pay reaches both processes at the same time', async () => {
    const admin = await signupOn(a);
    const checkout = await a.call('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 3, pro_seats: 0 },
    });
    assert.equal(checkout.status, 200);
    const path = new URL(checkout.body.url).pathname;
    const pays = await Promise.all(
      both().map((server) =>
        fetch(`${server.url}${path}/pay`, {
          method: 'POST',
          headers: {
            cookie: admin.cookie,
            origin: new URL(checkout.body.url).origin,
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: '',
          redirect: 'manual',
        }),
      ),
    );
    assert.deepEqual(
      pays.map((res) => [res.status, res.headers.get('location')]),
      [
        [303, '/dashboard/billing/success'],
        [303, '/dashboard/billing/success'],
      ],
    );
    const me = await b.call('getUser', { cookie: admin.cookie });
    assert.deepEqual(me.body.data.organization.seats, { standard: 3, pro: 0 });
    const items = await b.call('getOrgSubscription', {
      cookie: admin.cookie,
      query: { id: me.body.data.subscription.stripe_subscription_id },
    });
    assert.deepEqual(
      items.body.items.map((item: { quantity: number }) => item.quantity),
      [3],
    );
    assert.equal(a.exit, undefined);
    assert.equal(b.exit, undefined);
  });
});
