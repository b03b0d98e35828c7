/**
 * Rate-limit counters: the store contract on the database store always, and on the Redis store when
 * a Redis answers at TEST_REDIS_URL (default redis://127.0.0.1:6379). Redis keys of this run carry a
 * unique prefix and are deleted at the end.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { after, before, describe, it } from './helpers/node-test.js';
import { createClient } from 'redis';
import {
  RATE_RULES,
  createDbRateLimitStore,
  createRateLimiter,
  type RateLimitStore,
} from '../../src/server/security/rate-limit.js';
import { createRedisRateLimitStore } from '../../src/server/security/rate-limit-redis.js';
import { startTestApp, type TestApp } from './helpers/app.js';
import { hasRedisServer, privateRedis, type PrivateRedis } from './helpers/private-redis.js';
import { PASSWORD, signup, uniqueEmail } from './helpers/users.js';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PREFIX = `test:rate:${process.pid}:${randomBytes(4).toString('hex')}:`;

const newAdminClient = () =>
  createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } });
type Admin = ReturnType<typeof newAdminClient>;

/** A client for checks and clean-up, or the reason the Redis cases are skipped. */
async function connectAdmin(): Promise<Admin | string> {
  const client = newAdminClient();
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
    return client;
  } catch (error) {
    client.destroy();
    return `no Redis answers at ${REDIS_URL} (${error instanceof Error ? error.message : String(error)}): Redis cases skipped`;
  }
}

const admin = await connectAdmin();
const redisSkip: string | false = typeof admin === 'string' ? admin : false;

async function deleteRunKeys(): Promise<void> {
  if (typeof admin === 'string') return;
  const keys: string[] = [];
  for await (const batch of admin.scanIterator({ MATCH: `${PREFIX}*`, COUNT: 1000 })) keys.push(...batch);
  if (keys.length > 0) await admin.del(keys);
}

let db: TestApp;
before(async () => {
  db = await startTestApp();
});
after(async () => {
  await db.close();
  await deleteRunKeys();
  if (typeof admin !== 'string') await admin.close();
});

let keyCounter = 0;
const uniqueKey = (name: string) => `contract:${name}:${++keyCounter}`;

/** What every store must do (see RateLimitStore). */
function storeContract(
  name: string,
  skip: string | false,
  makeStore: () => Promise<RateLimitStore> | RateLimitStore,
) {
  describe(`${name} store`, { skip }, () => {
    let store: RateLimitStore;
    before(async () => {
      store = await makeStore();
    });
    after(async () => {
      await store?.close();
    });

    it('counts 1, 2, 3... within a window, each key on its own', async () => {
      const a = uniqueKey('a');
      const b = uniqueKey('b');
      assert.equal(await store.increment(a, 60), 1);
      assert.equal(await store.increment(a, 60), 2);
      assert.equal(await store.increment(b, 60), 1);
      assert.equal(await store.increment(a, 60), 3);
    });

    it('starts again at 1 once the window has passed', async () => {
      const key = uniqueKey('window');
      assert.equal(await store.increment(key, 1), 1);
      assert.equal(await store.increment(key, 1), 2);
      await sleep(1200);
      assert.equal(await store.increment(key, 1), 1);
      assert.equal(await store.increment(key, 1), 2);
    });

    it('gives concurrent increments distinct counts (no lost updates)', async () => {
      const key = uniqueKey('concurrent');
      const counts = await Promise.all(Array.from({ length: 40 }, () => store.increment(key, 60)));
      assert.deepEqual(
        [...counts].sort((x, y) => x - y),
        Array.from({ length: 40 }, (_, i) => i + 1),
      );
    });

    it('reserves turns one delay apart, atomically, and refuses a turn further away than the longest wait', async () => {
      const key = uniqueKey('turns');
      // 12 callers at once, 1 s apart, waiting 4.5 s at most: turns at 1, 2, 3 and 4 s; the rest refused.
      const booked = Date.now();
      const waits = await Promise.all(Array.from({ length: 12 }, () => store.reserveTurn(key, 1000, 4500)));
      const granted = waits.filter((wait): wait is number => wait !== null).sort((x, y) => x - y);
      assert.equal(granted.length, 4, JSON.stringify(waits));
      granted.forEach((wait, i) => {
        assert.ok(Math.abs(wait - (i + 1) * 1000) < 300, `turn ${i + 1} in ${wait} ms`);
      });
      // A refused caller booked nothing: the next turn is still one delay after the last granted one.
      // Waits count from the call: on a busy machine time passes between the batch and this call.
      const elapsed = Date.now() - booked;
      const next = await store.reserveTurn(key, 200, 4500);
      assert.ok(
        next !== null && next <= 4200 + 300 && next >= 4200 - elapsed - 300,
        `next turn in ${next} ms, ${elapsed} ms after the batch`,
      );
      // Another key has its own turns.
      const other = await store.reserveTurn(uniqueKey('turns'), 1000, 4500);
      assert.ok(other !== null && Math.abs(other - 1000) < 300, `${other}`);
    });

    it('lets a limiter allow exactly the limit, whatever the case of the subject', async () => {
      const limiter = createRateLimiter(store);
      const rule = { name: uniqueKey('rule'), limit: 3, windowSeconds: 60 };
      const results = [];
      for (const subject of ['Ann@Example.com', 'ann@example.com', 'ANN@EXAMPLE.COM', 'ann@example.com'])
        results.push(await limiter.hit(rule, subject));
      assert.deepEqual(results, [true, true, true, false]);
      // The factor scales the limit (tests and load tests raise it).
      const doubled = createRateLimiter(store, 2);
      const rule2 = { ...rule, name: uniqueKey('rule') };
      let allowed = 0;
      for (let i = 0; i < 8; i += 1) if (await doubled.hit(rule2, 'x')) allowed += 1;
      assert.equal(allowed, 6);
    });
  });
}

storeContract('database', false, () => createDbRateLimitStore(db.app.services.db));
storeContract('Redis', redisSkip, () => createRedisRateLimitStore({ url: REDIS_URL, keyPrefix: PREFIX }));

describe('Redis store specifics', { skip: redisSkip }, () => {
  it('puts the prefix on its keys and an expiry of the window on each', async () => {
    const store = await createRedisRateLimitStore({ url: REDIS_URL, keyPrefix: PREFIX });
    try {
      await store.increment('ttl-check', 90);
      const ttl = await (admin as Admin).ttl(`${PREFIX}ttl-check`);
      assert.ok(ttl > 0 && ttl <= 90, `ttl ${ttl}`);
      // A key left without an expiry (e.g. written by hand) gets one on its next hit.
      await (admin as Admin).set(`${PREFIX}no-ttl`, '5');
      assert.equal(await store.increment('no-ttl', 30), 6);
      const repaired = await (admin as Admin).ttl(`${PREFIX}no-ttl`);
      assert.ok(repaired > 0 && repaired <= 30, `ttl ${repaired}`);
    } finally {
      await store.close();
    }
  });
});

describe('REDIS_URL', () => {
  it('fails start with a clear message when Redis does not answer', async () => {
    await assert.rejects(startTestApp({ REDIS_URL: 'redis://:hunter2@127.0.0.1:1' }), (error: Error) => {
      assert.match(error.message, /Cannot connect to Redis at redis:\/\/:\*\*\*@127\.0\.0\.1:1/);
      assert.match(error.message, /start Redis or unset REDIS_URL/);
      assert.doesNotMatch(error.message, /hunter2/);
      return true;
    });
  });

  describe('two app instances sharing one Redis', { skip: redisSkip }, () => {
    let one: TestApp;
    let two: TestApp;
    before(async () => {
      const env = { REDIS_URL, REDIS_KEY_PREFIX: PREFIX };
      one = await startTestApp(env);
      two = await startTestApp(env);
    });
    after(async () => {
      await one?.close();
      await two?.close();
    });

    it('keep the counters in Redis, not in the database', async () => {
      const rule = { name: 'shared:redis-only', limit: 5, windowSeconds: 60 };
      assert.equal(await one.app.services.rateLimiter.hit(rule, 'subject'), true);
      assert.equal(await (admin as Admin).get(`${PREFIX}shared:redis-only:subject`), '1');
      const rows = await one.app.services.db.selectFrom('rate_limits').selectAll().execute();
      assert.deepEqual(rows, []);
    });

    it('let N concurrent hits through both instances pass the limit exactly once', async () => {
      const rule = { name: 'shared:concurrent', limit: 10, windowSeconds: 60 };
      const hits = Array.from({ length: 60 }, (_, i) =>
        (i % 2 === 0 ? one : two).app.services.rateLimiter.hit(rule, 'same-subject'),
      );
      const results = await Promise.all(hits);
      assert.equal(results.filter(Boolean).length, 10);
      assert.equal(await (admin as Admin).get(`${PREFIX}shared:concurrent:same-subject`), '60');
    });

    it('answer login with 429 through the HTTP API once the per-(address, account) limit is used up', async () => {
      const email = uniqueEmail('redis-login');
      const attempts = Array.from({ length: 14 }, (_, i) =>
        (i % 2 === 0 ? one : two).api('login', { body: { email, password: PASSWORD }, ip: '10.90.0.1' }),
      );
      const statuses = (await Promise.all(attempts)).map((r) => r.status);
      // No such account: the first RATE_RULES.loginIpAccount.limit attempts are refused as 401.
      const limit = RATE_RULES.loginIpAccount.limit;
      assert.equal(statuses.filter((s) => s === 401).length, limit);
      assert.equal(statuses.filter((s) => s === 429).length, 14 - limit);
      const res = await two.api('login', { body: { email, password: PASSWORD }, ip: '10.90.0.1' });
      assert.equal(res.status, 429);
      assert.equal(res.headers['retry-after'], String(RATE_RULES.loginIpAccount.windowSeconds));
      // Another address is not refused.
      assert.equal(
        (await one.api('login', { body: { email, password: PASSWORD }, ip: '10.90.1.1' })).status,
        401,
      );
    });

    it('answer SCIM with 429 once an address used up its failed tokens, counted across instances', async () => {
      const call = (app: TestApp, remoteAddress: string) =>
        app.app.inject({
          method: 'GET',
          url: '/scim/v2/Users',
          headers: { authorization: 'Bearer not-a-token' },
          remoteAddress,
        });
      const limit = RATE_RULES.scimAuthFailedIp.limit;
      for (let i = 0; i < limit; i += 1) {
        assert.equal((await call(i % 2 === 0 ? one : two, '10.91.0.1')).statusCode, 401, `failure ${i + 1}`);
      }
      const refused = await call(one, '10.91.0.1');
      assert.equal(refused.statusCode, 429);
      assert.equal(refused.headers['retry-after'], String(RATE_RULES.scimAuthFailedIp.windowSeconds));
      assert.equal((await call(two, '10.91.0.2')).statusCode, 401, 'another address is not refused');
    });
  });
});

describe(
  'Redis down while the server runs',
  { skip: (await hasRedisServer()) ? false : 'redis-server is not installed' },
  () => {
    let redis: PrivateRedis;
    let app: TestApp;
    const logged: string[] = [];
    before(async () => {
      redis = await privateRedis();
      await redis.start();
      app = await startTestApp(
        { REDIS_URL: redis.url },
        { logger: { level: 'warn', stream: { write: (line) => void logged.push(line) } } },
      );
    });
    after(async () => {
      await app?.close();
      await redis?.stop();
    });

    it('counts in the database meanwhile: login keeps working and limits keep holding, then back to Redis', async () => {
      const owner = await signup(app.api);
      await redis.stop();
      const login = await app.api('login', {
        body: { email: owner.email, password: PASSWORD },
        ip: '10.91.0.1',
      });
      assert.equal(login.status, 200, JSON.stringify(login.body));
      assert.ok(logged.some((line) => line.includes('rate limits are counted in the database')));
      const statuses: number[] = [];
      for (let i = 0; i < RATE_RULES.loginIpAccount.limit; i += 1)
        statuses.push(
          (await app.api('login', { body: { email: owner.email, password: 'wrong' }, ip: '10.91.0.2' }))
            .status,
        );
      assert.deepEqual(statuses, Array(RATE_RULES.loginIpAccount.limit).fill(401));
      assert.equal(
        (await app.api('login', { body: { email: owner.email, password: PASSWORD }, ip: '10.91.0.2' }))
          .status,
        429,
      );
      const signupRes = await app.api('signup', {
        body: { name: 'During outage', email: uniqueEmail('outage'), password: PASSWORD },
        ip: '10.91.0.3',
      });
      assert.equal(signupRes.status, 200);
      assert.equal(
        (await app.api('forgotPassword', { body: { email: owner.email }, ip: '10.91.0.4' })).status,
        200,
      );

      await redis.start();
      // Within a second or two the store tries Redis again and counts there.
      const probe = createClient({ url: redis.url });
      probe.on('error', () => {});
      await probe.connect();
      try {
        let keys: string[] = [];
        for (let i = 0; i < 60 && keys.length === 0; i += 1) {
          await sleep(100);
          await app.api('login', { body: { email: owner.email, password: PASSWORD }, ip: '10.91.0.5' });
          keys = await probe.keys('*login:ip:10.91.0.5');
        }
        assert.ok(keys.length > 0, 'counting did not go back to Redis');
        assert.ok(logged.some((line) => line.includes('Redis answers again')));
      } finally {
        await probe.close();
      }
    });
  },
);
