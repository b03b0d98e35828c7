// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Production-safe defaults: every sandbox (payment, Demo CRM, mail outbox, sandbox pages) is off on a
 * non-local PUBLIC_URL unless SANDBOXES=true (formerly SANDBOX_PAGES) turns them on, which is logged at
 * start and on every sandbox payment; SANDBOX_PAGES=false turns all of them off; secrets never reach the log.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from './helpers/node-test.js';
import { connect, type AddressInfo } from 'node:net';
import { networkInterfaces } from 'node:os';
import { freePort } from '../../scripts/lib/free-port.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { startServer } from '../../src/server/main.js';
import type { PermittedMail } from '../../src/server/mail/mailer.js';
import { ORIGIN, TEST_SESSION_SECRET, startTestApp, useTestApp, type TestApp } from './helpers/app.js';
import { PASSWORD, signup, uniqueEmail } from './helpers/users.js';

const PUBLIC = 'https://app.example.com';

interface Logged {
  app: TestApp;
  lines: string[];
}

async function startLogged(env: Record<string, string>, level = 'info'): Promise<Logged> {
  const lines: string[] = [];
  const app = await startTestApp(env, {
    logger: { level, stream: { write: (line) => void lines.push(line) } },
  });
  return { app, lines };
}

/** Every URL of the sandboxes, with what each answers when its sandbox is on (anonymous caller). */
const SANDBOX_URLS = [
  { method: 'GET', url: '/sandbox/mail' },
  { method: 'GET', url: '/sandbox/checkout/any-id' },
  { method: 'POST', url: '/sandbox/checkout/any-id/pay' },
  { method: 'GET', url: '/sandbox/billing/portal' },
  { method: 'POST', url: '/sandbox/billing/portal/change' },
  { method: 'GET', url: '/sandbox/crm/authorize?client_id=demo-crm-sandbox' },
  { method: 'POST', url: '/sandbox/crm/authorize' },
  { method: 'GET', url: '/sandbox/crm/api-keys' },
  { method: 'GET', url: '/sandbox/crm/tokens' },
  { method: 'POST', url: '/sandbox/crm/tokens' },
  { method: 'GET', url: '/sandbox/google/signin' },
  { method: 'POST', url: '/sandbox/google/signin' },
] as const;

async function sandboxStatuses(t: TestApp, origin: string) {
  const statuses: number[] = [];
  for (const { method, url } of SANDBOX_URLS) {
    const res = await t.app.inject({
      method,
      url,
      headers: { origin, accept: 'text/html', 'content-type': 'application/x-www-form-urlencoded' },
      payload: method === 'POST' ? 'x=1' : undefined,
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

async function buyPro(t: TestApp, cookie: string) {
  const pricing = await t.api('getPricing', { query: { schedule: 'monthly' } });
  return t.api('checkout', {
    cookie,
    body: { items: [{ price_id: pricing.body.data.pro.monthly_price_id, quantity: 1 }] },
    headers: { origin: new URL(t.config.publicUrl).origin },
  });
}

describe('on a non-local PUBLIC_URL, without SANDBOXES', () => {
  let p: Logged;
  before(async () => {
    p = await startLogged({ PUBLIC_URL: PUBLIC, SESSION_SECRET: TEST_SESSION_SECRET }, 'warn');
  });
  after(async () => {
    await p.app.close();
  });

  it('refuses checkout, buy-more-seats and the billing portal with 503 (no free plans)', async () => {
    const buyer = await signup(p.app.api);
    const checkout = await buyPro(p.app, buyer.cookie);
    assert.equal(checkout.status, 503);
    assert.equal(
      checkout.body.message,
      'Payments are not available on this server yet. Please try again later.',
    );
    const seats = await p.app.api('buyMoreSeats', {
      cookie: buyer.cookie,
      body: { standard_seats: 1, pro_seats: 0 },
      headers: { origin: PUBLIC },
    });
    assert.equal(seats.status, 503);
    const portal = await p.app.api('billingPortal', { cookie: buyer.cookie, headers: { origin: PUBLIC } });
    assert.equal(portal.status, 503);
    assert.equal(
      (await p.app.api('getUser', { cookie: buyer.cookie })).body.data.subscription.stripe_product,
      'Free',
    );
    assert.ok(
      p.lines.some((line) => line.includes('Payments are off')),
      p.lines.join(''),
    );
  });

  it('serves no sandbox page: checkout, portal, Demo CRM and mail outbox answer 404', async () => {
    assert.deepEqual(
      await sandboxStatuses(p.app, PUBLIC),
      SANDBOX_URLS.map(() => 404),
    );
  });

  it('does not offer the Demo CRM', async () => {
    const options = await p.app.api('getSoftwareOptions');
    assert.ok(options.body.data.length > 0);
    assert.ok(!options.body.data.some((s: { slug: string }) => s.slug === 'demo-crm'));
    assert.equal((await p.app.api('getSoftware', { query: { software: 'demo-crm' } })).status, 404);
    const user = await signup(p.app.api);
    const keys = await p.app.api('verifySettings', {
      cookie: user.cookie,
      body: { auth_type: 'api key', software: 'demo-crm', api_key_1: 'demo_free_pass' },
      headers: { origin: PUBLIC },
    });
    assert.equal(keys.status, 400);
    // The catalogue's logos are not a sandbox: still served.
    assert.equal(
      (await p.app.app.inject({ method: 'GET', url: '/sandbox/crm/logos/hubspot.svg' })).statusCode,
      200,
    );
  });
});

describe('SANDBOX_PAGES=false (or SANDBOXES=false) on a local PUBLIC_URL', () => {
  it('turns every sandbox off', async () => {
    for (const env of [{ SANDBOX_PAGES: 'false' }, { SANDBOXES: 'false' }] as Record<string, string>[]) {
      const q = await startTestApp(env);
      try {
        assert.deepEqual(
          await sandboxStatuses(q, ORIGIN),
          SANDBOX_URLS.map(() => 404),
          JSON.stringify(env),
        );
        const buyer = await signup(q.api);
        assert.equal((await buyPro(q, buyer.cookie)).status, 503);
        const options = await q.api('getSoftwareOptions');
        assert.ok(!options.body.data.some((s: { slug: string }) => s.slug === 'demo-crm'));
      } finally {
        await q.close();
      }
    }
  });
});

describe('the sandboxes on a local PUBLIC_URL with a HOST that lets other machines in', () => {
  it('warns at start, naming HOST; listening on this machine only, it does not', async () => {
    const warning = (lines: string[]) =>
      lines.find((line) => JSON.parse(line).level === 40 && line.includes('lets other machines in'));
    const open = await startLogged({ HOST: '0.0.0.0' });
    const closed = await startLogged({ HOST: '127.0.0.1' });
    try {
      assert.match(warning(open.lines) ?? open.lines.join(''), /HOST=0\.0\.0\.0 lets other machines in/);
      assert.match(warning(open.lines)!, /payments are simulated/);
      assert.equal(warning(closed.lines), undefined);
    } finally {
      await open.app.close();
      await closed.app.close();
    }
  });
});

describe('SANDBOXES=true on a non-local PUBLIC_URL', () => {
  let p: Logged;
  before(async () => {
    p = await startLogged({
      PUBLIC_URL: 'https://sandbox.example.com',
      SESSION_SECRET: TEST_SESSION_SECRET,
      SANDBOXES: 'true',
    });
  });
  after(async () => {
    await p.app.close();
  });

  it('runs the sandboxes, warns at start, and warns on every sandbox payment', async () => {
    assert.ok(
      p.lines.some(
        (line) =>
          JSON.parse(line).level === 40 && line.includes('SANDBOXES is on for a non-local PUBLIC_URL'),
      ),
      p.lines.join(''),
    );
    const buyer = await signup(p.app.api);
    const checkout = await buyPro(p.app, buyer.cookie);
    assert.equal(checkout.status, 200);
    const path = new URL(checkout.body.url).pathname;
    const pay = await p.app.app.inject({
      method: 'POST',
      url: `${path}/pay`,
      headers: {
        cookie: buyer.cookie,
        origin: 'https://sandbox.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    assert.equal(pay.statusCode, 303);
    const payments = () =>
      p.lines.filter((line) => JSON.parse(line).level === 40 && line.includes('Sandbox payment'));
    assert.equal(payments().length, 1);
    const portal = await p.app.app.inject({
      method: 'POST',
      url: '/sandbox/billing/portal/change',
      headers: {
        cookie: buyer.cookie,
        origin: 'https://sandbox.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        price_id: (await p.app.api('getPricing', { query: { schedule: 'yearly' } })).body.data.standard
          .yearly_price_id,
      }).toString(),
    });
    assert.equal(portal.statusCode, 303);
    assert.equal(payments().length, 2);
  });

  it('names the Google sign-in sandbox at start, warns on every sandbox sign-in, and never takes over an account', async () => {
    const start = p.lines.find((line) => line.includes('SANDBOXES is on for a non-local PUBLIC_URL'));
    assert.match(start ?? '', /Google sign-in sandbox \(\/sandbox\/google\/signin\)/);
    const signIns = () => p.lines.filter((line) => line.includes('Sandbox Google sign-in'));

    const credentialFor = async (email: string) => {
      const res = await p.app.app.inject({
        method: 'POST',
        url: '/sandbox/google/signin',
        headers: {
          origin: 'https://sandbox.example.com',
          'content-type': 'application/x-www-form-urlencoded',
        },
        payload: new URLSearchParams({ email, email_verified: 'true', outcome: 'continue' }).toString(),
      });
      assert.equal(res.statusCode, 200);
      return JSON.parse(/postMessage\((\{.*?\}),/.exec(res.body)![1]!).credential as string;
    };

    const newcomer = await p.app.api('googleAuth', {
      body: { token: await credentialFor(uniqueEmail('sandbox-new')), type: 'signup' },
      headers: { origin: 'https://sandbox.example.com' },
    });
    assert.equal(newcomer.status, 200);
    assert.equal(signIns().length, 1);

    const victim = await signup(p.app.api);
    const takeover = await p.app.api('googleAuth', {
      body: { token: await credentialFor(victim.email), type: 'login' },
      headers: { origin: 'https://sandbox.example.com' },
    });
    assert.equal(takeover.status, 409);
    assert.equal(takeover.cookie, undefined);
    assert.equal(signIns().length, 2);
    const login = await p.app.api('login', {
      body: { email: victim.email, password: PASSWORD },
      headers: { origin: 'https://sandbox.example.com' },
    });
    assert.equal(login.status, 200);
  });
});

describe('sandbox mail page is only served on local/sandbox deployments', () => {
  const local = useTestApp();

  it('answers 404 to everyone on a public PUBLIC_URL without SANDBOX_PAGES', async () => {
    const warnings: string[] = [];
    const p = await startTestApp(
      { PUBLIC_URL: 'https://app.example.com', SESSION_SECRET: TEST_SESSION_SECRET },
      {
        logger: {
          level: 'warn',
          stream: { write: (line: string) => void warnings.push(line) },
        },
      },
    );
    try {
      await p.app.services.mailer.send({
        to: 'victim@example.com',
        subject: 'Reset',
        text: 'token=secret',
      } as PermittedMail);
      const res = await p.app.inject({ method: 'GET', url: '/sandbox/mail' });
      assert.equal(res.statusCode, 404);
      assert.ok(!res.body.includes('secret'));
      assert.ok(
        warnings.some((line) => line.includes('Mail is NOT delivered')),
        `expected a start-up warning, got ${warnings.join('')}`,
      );
    } finally {
      await p.close();
    }
  });

  it('is served on a public PUBLIC_URL with SANDBOX_PAGES=true', async () => {
    const p = await startTestApp({
      PUBLIC_URL: 'https://sandbox.example.com',
      SANDBOX_PAGES: 'true',
      SESSION_SECRET: TEST_SESSION_SECRET,
    });
    try {
      const res = await p.app.inject({ method: 'GET', url: '/sandbox/mail' });
      assert.equal(res.statusCode, 200);
    } finally {
      await p.close();
    }
  });

  it('is not served when mail is not kept in the outbox, nor with SANDBOX_PAGES=false', async () => {
    const p = await startTestApp(
      {},
      { services: { mailer: { send: async () => {}, close: async () => {} } } },
    );
    const q = await startTestApp({ SANDBOX_PAGES: 'false' });
    try {
      assert.equal((await p.app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode, 404);
      assert.equal((await q.app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode, 404);
      // The default test app (PUBLIC_URL on localhost, outbox) still serves it.
      assert.equal((await local.app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode, 200);
    } finally {
      await p.close();
      await q.close();
    }
  });

  it('requires SESSION_SECRET on a public PUBLIC_URL, where a key kept in the database protects nothing', () => {
    assert.throws(
      () => loadConfig({ PUBLIC_URL: 'https://app.example.com' }),
      (e: unknown) => e instanceof ConfigError && /SESSION_SECRET is required/.test(e.message),
    );
    assert.equal(
      loadConfig({ PUBLIC_URL: 'https://app.example.com', SESSION_SECRET: TEST_SESSION_SECRET })
        .sessionSecret,
      TEST_SESSION_SECRET,
    );
    assert.equal(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).sessionSecret, undefined);
  });

  it('validates SANDBOX_PAGES and recognises loopback hosts', () => {
    assert.throws(
      () => loadConfig({ SANDBOX_PAGES: 'maybe' }),
      (e: unknown) => e instanceof ConfigError && /SANDBOX_PAGES must be true or false/.test(e.message),
    );
    for (const url of [
      'http://localhost:3000',
      'http://127.0.0.1:8080',
      'http://[::1]:3000',
      'http://app.localhost',
    ])
      assert.equal(loadConfig({ PUBLIC_URL: url }).sandboxes, true, url);
    for (const url of ['https://app.example.com', 'http://10.0.0.5', 'http://localhost.example.com'])
      assert.equal(
        loadConfig({ PUBLIC_URL: url, SESSION_SECRET: TEST_SESSION_SECRET }).sandboxes,
        false,
        url,
      );
  });
});

describe('the sandbox setting', () => {
  it('is on by default for a local PUBLIC_URL only, and SANDBOX_PAGES is its former name', () => {
    assert.equal(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).sandboxes, true);
    assert.equal(loadConfig({ PUBLIC_URL: PUBLIC, SESSION_SECRET: TEST_SESSION_SECRET }).sandboxes, false);
    assert.equal(
      loadConfig({ PUBLIC_URL: PUBLIC, SESSION_SECRET: TEST_SESSION_SECRET, SANDBOXES: 'true' }).sandboxes,
      true,
    );
    assert.equal(
      loadConfig({ PUBLIC_URL: PUBLIC, SESSION_SECRET: TEST_SESSION_SECRET, SANDBOX_PAGES: 'true' })
        .sandboxes,
      true,
    );
    assert.equal(loadConfig({ SANDBOX_PAGES: 'false' }).sandboxes, false);
    assert.throws(
      () => loadConfig({ SANDBOXES: 'true', SANDBOX_PAGES: 'false' }),
      (e: unknown) => e instanceof ConfigError && /disagree/.test(e.message),
    );
  });
});

describe('where the server listens', () => {
  it('answers this machine only for a local PUBLIC_URL without HOST; HOST or a public URL opens it', async () => {
    assert.equal(loadConfig({}).host, 'localhost');
    assert.equal(loadConfig({ PUBLIC_URL: 'http://127.0.0.1:3000' }).host, 'localhost');
    assert.equal(loadConfig({ PUBLIC_URL: PUBLIC, SESSION_SECRET: TEST_SESSION_SECRET }).host, '0.0.0.0');
    assert.equal(loadConfig({ HOST: '0.0.0.0' }).host, '0.0.0.0');
    assert.equal(
      loadConfig({ HOST: '10.1.2.3', PUBLIC_URL: PUBLIC, SESSION_SECRET: TEST_SESSION_SECRET }).host,
      '10.1.2.3',
    );

    // The real server, started as `npm start` starts it, without PUBLIC_URL or HOST.
    const port = await freePort();
    const logSpy = console.log;
    console.log = () => {};
    const app = await startServer(
      loadConfig({ PORT: String(port), DATA_DIR: 'memory://', LOG_LEVEL: 'silent', DATABASE_URL: '' }),
    ).finally(() => (console.log = logSpy));
    try {
      const reachable = (host: string) =>
        new Promise<boolean>((resolve) => {
          const socket = connect({ host, port, timeout: 2000 });
          socket.once('connect', () => {
            socket.destroy();
            resolve(true);
          });
          socket.once('error', () => resolve(false));
          socket.once('timeout', () => {
            socket.destroy();
            resolve(false);
          });
        });
      assert.equal(await reachable('127.0.0.1'), true);
      const outside = Object.values(networkInterfaces())
        .flat()
        .filter((address) => address && !address.internal && address.family === 'IPv4')
        .map((address) => address!.address);
      for (const address of outside) {
        assert.equal(await reachable(address), false, `reachable at ${address}:${port}`);
      }
    } finally {
      await app.close();
    }
  });
});

describe('timeouts', () => {
  it('default to 10 s for the database and 30 s for a request, and refuse nonsense', () => {
    const config = loadConfig({});
    assert.equal(config.databaseTimeoutMs, 10_000);
    assert.equal(config.requestTimeoutMs, 30_000);
    assert.equal(loadConfig({ DATABASE_TIMEOUT_MS: '1500' }).databaseTimeoutMs, 1500);
    for (const env of [{ DATABASE_TIMEOUT_MS: 'soon' }, { REQUEST_TIMEOUT_MS: '0' }]) {
      assert.throws(
        () => loadConfig(env),
        (e: unknown) => e instanceof ConfigError && /must be a number of milliseconds/.test(e.message),
      );
    }
  });
});

describe('secrets never reach the log', () => {
  it('keeps out the raw bytes of a request the HTTP parser refuses (431, 400), at trace', async () => {
    const p = await startLogged({}, 'trace');
    try {
      await p.app.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = p.app.app.server.address() as AddressInfo;
      const token = 'rEsEtToKeN_0123456789abcdefghijklmnop';
      const session = 'sEsSiOn_0123456789abcdefghijklmnopqr';
      /** The status line of the answer to `text` sent as is. */
      const raw = (text: string) =>
        new Promise<string>((resolve) => {
          let answer = '';
          const socket = connect(port, '127.0.0.1', () => socket.write(text));
          socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
          socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
          socket.on('error', () => resolve(answer.split('\r\n')[0] ?? ''));
        });
      // A browser with a large cookie jar opening a reset link, then a malformed header line.
      const head = `GET /reset-password?token=${token} HTTP/1.1\r\nHost: localhost\r\nCookie: session=${session}`;
      assert.match(await raw(`${head}; big=${'a'.repeat(20_000)}\r\n\r\n`), / 431 /);
      assert.match(await raw(`${head}\r\nnot a header\r\n\r\n`), / 400 /);
      // Fastify logs each refusal before it answers it: both lines are there.
      assert.equal(p.lines.filter((line) => line.includes('"msg":"client ')).length, 2);
      // Serialized Buffers ({"type":"Buffer","data":[...]}) read back as text, so bytes hide nothing.
      const text = p.lines
        .join('')
        .replace(/\{"type":"Buffer","data":\[([0-9,]*)\]\}/g, (_, bytes: string) =>
          Buffer.from(bytes ? bytes.split(',').map(Number) : []).toString('latin1'),
        );
      assert.ok(!text.includes(token), 'the reset token is in the log');
      assert.ok(!text.includes(session), 'the session cookie is in the log');
    } finally {
      await p.app.close();
    }
  });

  it('redacts every query value that can hold a password, token, code or key, and never logs bodies', async () => {
    const p = await startLogged({}, 'trace');
    try {
      const secrets = {
        password: 'Pw-in-query-1!',
        token: 'tok_in_query_2',
        code: 'oauth_code_3',
        oauth_code: 'oauth_code_4',
        state: 'state_5',
        api_key: 'apikey_6',
        invitation_token: 'invite_7',
        id: 'sub_8',
        return_url: 'https://x.example/?token=leak_9',
      };
      const query = new URLSearchParams(secrets).toString();
      // SPA routes with prefill parameters, API calls, sandbox pages, unknown paths.
      for (const url of [
        '/signup',
        '/login',
        '/reset-password',
        '/api/get-user',
        '/org-subscription',
        '/sandbox/crm/authorize',
        '/nope',
      ]) {
        await p.app.app.inject({ method: 'GET', url: `${url}?${query}&software=demo-crm` });
      }
      const bodySecret = 'Body-password-10!';
      const email = uniqueEmail('log');
      await p.app.api('signup', { body: { name: 'Log', email, password: bodySecret }, ip: '10.44.0.1' });
      await p.app.api('login', { body: { email, password: bodySecret }, ip: '10.44.0.1' });
      await p.app.api('login', { body: { email, password: `${bodySecret}-wrong` }, ip: '10.44.0.1' });
      await p.app.api('resetPassword', { body: { token: 'body_token_11', new_password: bodySecret } });
      await p.app.api('verifySettings', {
        body: { auth_type: 'api key', software: 'demo-crm', api_key_1: 'demo_key_12' },
      });
      await p.app.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'content-type': 'application/json', origin: ORIGIN },
        payload: `{"email":"${email}","password":"Broken-json-13!"`,
      });
      await p.app.app.inject({
        method: 'POST',
        url: '/sandbox/crm/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
        payload: 'client_id=demo-crm-sandbox&state=form_state_14&code=form_code_15',
      });
      const log = p.lines.join('');
      assert.ok(log.includes('request completed'), 'the requests were logged');
      assert.ok(log.includes('software=demo-crm'), 'harmless parameters stay readable');
      for (const secret of [
        ...Object.values(secrets),
        'leak_9',
        bodySecret,
        'body_token_11',
        'demo_key_12',
        'Broken-json-13!',
        'form_state_14',
        'form_code_15',
        PASSWORD,
      ]) {
        assert.ok(!log.includes(secret), `"${secret}" reached the log`);
      }
      assert.match(log, /password=\[redacted\]/);
    } finally {
      await p.app.close();
    }
  });
});
