/**
 * The HTTP layer: CSRF rules, the built SPA (precompressed, cache headers, history fallback),
 * /app-config.js, the mail outbox page, and the Stripe webhook's signature check and idempotency.
 * Malformed requests: bad-input.test.ts.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { after, before, describe, it } from './helpers/node-test.js';
import Stripe from 'stripe';
import { ORIGIN, TEST_SESSION_SECRET, startTestApp, type TestApp } from './helpers/app.js';
import type { PermittedMail } from '../../src/server/mail/mailer.js';
import { checkoutCompletedEvent, lastCheckoutId, useStripeTestApp } from './helpers/fake-stripe.js';
import { signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { routePreloads, writePage, writeRouteShells } from '../../scripts/lib/html-pages.js';
import { PRERENDERED_PRICING_FILE, prerenderedFile, routeShellFile } from '../../src/shared/prerender.js';
import { seededPricing } from '../../src/shared/plan-catalogue.js';
import { EARLY_INPUT_SCRIPT } from '../../src/shared/early-input.js';

let t: TestApp;
let user: TestUser;
let webDir: string;
const ASSET = 'main.0123456789abcdef0123.js';
const ROUTE_FILES = [
  'onboarding-layout.1111111111111111.js',
  'login.2222222222222222.js',
  'mui-shared.3333333333333333.js',
  'billing.4444444444444444.js',
];

const PRERENDERED = `<!doctype html><html lang="en"><head><title>Welcome</title></head><div id="root" inert>${'<p>Welcome</p>'.repeat(200)}</div>`;

const PRICING_PAGE = '<!doctype html><title>Pricing</title><div id="root" inert><p>$26 / month</p></div>';

before(async () => {
  webDir = mkdtempSync(join(tmpdir(), 'web-'));
  writeFileSync(
    join(webDir, 'index.html'),
    `<!doctype html><head><title>App</title><script defer src="/${ASSET}"></script></head><div id="root"></div>`,
  );
  // The chunk graph the production build writes beside the build folder.
  for (const file of ROUTE_FILES) writeFileSync(join(webDir, file), '//');
  writeFileSync(
    `${webDir}-stats.json`,
    JSON.stringify({
      entrypoints: { main: { assets: [{ name: ASSET }] } },
      namedChunkGroups: {
        'onboarding-layout': { assets: [{ name: ROUTE_FILES[0] }, { name: ASSET }] },
        login: { assets: [{ name: ROUTE_FILES[1] }, { name: ROUTE_FILES[2] }] },
        billing: { assets: [{ name: ROUTE_FILES[3] }] },
      },
    }),
  );
  // What the build writes from them (scripts/prerender.ts): the route shells and a prerendered page.
  writeRouteShells(webDir, routePreloads(webDir));
  writePage(webDir, prerenderedFile('/welcome', 'en', 'sandbox'), PRERENDERED);
  // /pricing drawn with the prices of the catalogue as seeded, and what it was drawn with.
  writePage(webDir, prerenderedFile('/pricing', 'en', 'sandbox'), PRICING_PAGE);
  writeFileSync(join(webDir, PRERENDERED_PRICING_FILE), JSON.stringify(seededPricing('yearly')));
  const js = 'console.log("app");'.repeat(100);
  writeFileSync(join(webDir, ASSET), js);
  writeFileSync(join(webDir, `${ASSET}.br`), brotliCompressSync(js));
  t = await startTestApp({ WEB_DIR: webDir, ALLOWED_ORIGINS: 'https://partner.example.com' });
  user = await signup(t.api);
});
after(async () => {
  await t.close();
  rmSync(webDir, { recursive: true, force: true });
  rmSync(`${webDir}-stats.json`, { force: true });
});

const post = (url: string, headers: Record<string, string>, payload?: string) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('CSRF', () => {
  it('refuses a foreign Origin and a cross-site fetch', async () => {
    const res = await post(
      '/api/set-settings',
      { cookie: user.cookie, 'content-type': 'application/json', origin: 'https://evil.example.com' },
      '{"name":"x"}',
    );
    assert.equal(res.statusCode, 403);
    assert.deepEqual(res.json(), {
      error: true,
      message: 'Cross-site request refused.',
      code: 'cross_site_request_refused',
      params: {},
    });
    const site = await post(
      '/api/set-settings',
      { cookie: user.cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
      '{"name":"x"}',
    );
    assert.equal(site.statusCode, 403);
  });
  it('refuses form and text bodies (what a cross-site form can send) with 415', async () => {
    const form = await post(
      '/api/set-settings',
      { cookie: user.cookie, 'content-type': 'application/x-www-form-urlencoded', origin: ORIGIN },
      'name=x',
    );
    assert.equal(form.statusCode, 415);
    const none = await post('/api/logout', { cookie: user.cookie });
    assert.equal(none.statusCode, 415);
  });
  it('accepts PUBLIC_URL, ALLOWED_ORIGINS, and JSON without Origin (non-browser clients)', async () => {
    for (const origin of [ORIGIN, 'https://partner.example.com', undefined]) {
      const headers: Record<string, string> = {
        cookie: user.cookie,
        'content-type': 'application/json; charset=utf-8',
      };
      if (origin) headers.origin = origin;
      assert.equal((await post('/api/set-settings', headers, '{"name":"Same"}')).statusCode, 200);
    }
  });
});

describe('the built SPA', () => {
  it('serves index.html with no-cache at / and for app routes (history fallback)', async () => {
    for (const url of ['/', '/dashboard/billing', '/accept-invitation?token=x']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html,*/*' } });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /<div id="root">/);
      assert.equal(res.headers['cache-control'], 'no-cache');
    }
  });
  it("preloads the chunks of the route it serves, beside the entry's", async () => {
    const preloads = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers['cache-control'], 'no-cache');
      return [...res.body.matchAll(/<link rel="preload" as="script" href="\/([^"]+)">/g)].map((m) => m[1]);
    };
    assert.deepEqual(await preloads('/login'), ROUTE_FILES.slice(0, 3));
    assert.deepEqual(await preloads('/login/?software=hubspot'), ROUTE_FILES.slice(0, 3));
    assert.deepEqual(await preloads('/dashboard/billing'), [ROUTE_FILES[3]]);
    assert.deepEqual(await preloads('/terms'), []);
  });
  it('serves prerendered pages and route shells as the build compressed them, by Accept-Encoding', async () => {
    for (const [url, file, vary] of [
      ['/welcome', prerenderedFile('/welcome', 'en', 'sandbox'), 'Cookie, Accept-Language, Accept-Encoding'],
      ['/dashboard/billing', routeShellFile('/dashboard/billing'), 'Accept-Encoding'],
    ] as const) {
      const written = readFileSync(join(webDir, file));
      for (const [acceptEncoding, encoding] of [
        ['gzip, deflate, br, zstd', 'br'],
        ['br;q=0, gzip', 'gzip'],
        ['gzip;q=0.5', 'gzip'],
        ['*', 'br'],
        ['identity', undefined],
        [undefined, undefined],
      ] as const) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html', ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}) },
        });
        const label = `${url} ${acceptEncoding}`;
        assert.equal(res.statusCode, 200, label);
        assert.equal(res.headers['content-encoding'], encoding, label);
        assert.equal(res.headers['content-type'], 'text/html; charset=utf-8', label);
        assert.equal(res.headers['cache-control'], 'no-cache', label);
        assert.equal(res.headers.vary, vary, label);
        assert.match(String(res.headers['content-security-policy']), /script-src 'self'/, label);
        // Not compressed for this request: the very bytes the build wrote, which decompress to the page.
        const body = res.rawPayload;
        if (encoding === 'br') {
          assert.deepEqual(body, readFileSync(join(webDir, `${file}.br`)), label);
          assert.deepEqual(brotliDecompressSync(body), written, label);
        } else if (encoding === 'gzip') {
          assert.deepEqual(body, readFileSync(join(webDir, `${file}.gz`)), label);
          assert.deepEqual(gunzipSync(body), written, label);
        } else {
          assert.deepEqual(body, written, label);
        }
      }
    }
  });
  it('serves /pricing prerendered with its prices while the catalogue answers them, else drawn in the browser', async () => {
    const served = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })).body;
    // A coupon's banner is drawn once get-coupon answers: the page is the same until then.
    for (const url of ['/pricing', '/pricing?coupon=LAUNCH30']) assert.equal(await served(url), PRICING_PAGE);
    const { db, repos } = t.app.services;
    const setStandard = async (cents: number) => {
      await db.updateTable('plans').set({ yearly_price: cents }).where('slug', '=', 'standard').execute();
      repos.catalogue.invalidate();
    };
    const seeded = seededPricing('yearly').standard.price;
    try {
      await setStandard(seeded + 1200);
      // The app shell: the page asks get-pricing for the new price.
      assert.match(await served('/pricing'), /<title>App<\/title>/);
      assert.equal(
        (await t.api('getPricing', { query: { schedule: 'yearly' } })).body.data.standard.price,
        seeded + 1200,
      );
    } finally {
      await setStandard(seeded);
    }
    assert.equal(await served('/pricing'), PRICING_PAGE);
  });
  it('serves hashed assets precompressed and immutable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/${ASSET}`,
      headers: { 'accept-encoding': 'br, gzip' },
    });
    assert.equal(res.statusCode, 200);
    assert.equal(res.headers['content-encoding'], 'br');
    assert.equal(res.headers['cache-control'], 'public, max-age=31536000, immutable');
    assert.equal(res.headers.vary, 'Accept-Encoding');
  });
  it('serves the app to clients that take any type (curl) or send no Accept header', async () => {
    for (const headers of [{ accept: '*/*' }, {}]) {
      const res = await t.app.inject({ method: 'GET', url: '/login', headers });
      assert.equal(res.statusCode, 200, JSON.stringify(headers));
      assert.match(res.body, /<div id="root">/);
    }
    const json = await t.app.inject({
      method: 'GET',
      url: '/login',
      headers: { accept: 'application/json' },
    });
    assert.equal(json.statusCode, 404);
  });
  it('answers each built page from a route of its own, GET and HEAD, without looking for a file of its name', async () => {
    // Through the static files' wildcard, each request looked for the file and its index.html first
    // (docs/performance.md#precompressed-html).
    for (const url of ['/login', '/signup', '/pricing', '/welcome', '/dashboard/billing']) {
      assert.ok(t.app.hasRoute({ method: 'GET', url }), url);
      assert.ok(t.app.hasRoute({ method: 'HEAD', url }), url);
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/login', headers: { accept: 'text/html' } });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers['content-type'], 'text/html; charset=utf-8');
    assert.equal(head.body, '');
  });
  it('answers 404 (not index.html) for a missing file requested by a script', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/missing.js', headers: { accept: '*/*' } });
    assert.equal(res.statusCode, 404);
  });
  it('serves /app-config.js with the API base and the support form, no-cache', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/app-config.js' });
    assert.equal(res.headers['cache-control'], 'no-cache');
    assert.equal(
      res.body,
      `window.__APP_CONFIG__ = {"apiBase":"/api","googleClientId":null,"supportFormUrl":"${t.config.publicUrl}/support","googleSandbox":true};\n`,
    );
  });
  it('sets protective headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'DENY');
  });
});

describe('HTTP hygiene', () => {
  it('marks every API answer no-store, errors included', async () => {
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/get-pricing?schedule=yearly' }),
      await t.app.inject({ method: 'GET', url: '/api/get-user' }),
      await t.app.inject({ method: 'GET', url: '/api/get-pricing?schedule=weekly' }),
      await t.app.inject({ method: 'GET', url: '/api/get-user?x=%00' }),
      await t.app.inject({ method: 'GET', url: '/api/nope' }),
      await post('/api/login', { 'content-type': 'text/plain' }, 'x'),
      await post(
        '/api/login',
        { 'content-type': 'application/json', origin: 'https://evil.example.com' },
        '{}',
      ),
      await post('/api/login', { 'content-type': 'application/json' }, '{"email":'),
      await t.app.inject({ method: 'GET', url: '/org-subscription?id=x' }),
    ];
    assert.deepEqual(
      answers.map((res) => [res.statusCode, res.headers['cache-control']]),
      [200, 401, 400, 400, 404, 415, 403, 400, 401].map((status) => [status, 'no-store']),
    );
  });

  it('sends a strict Content-Security-Policy (no inline script but the input capture) and the usual headers with HTML', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login', headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 200);
    const csp = String(res.headers['content-security-policy']);
    const directives = Object.fromEntries(
      csp.split(';').map((d) => {
        const [name, ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    // No inline script but the prerendered pages' input capture (docs/performance.md#input-before-hydration).
    const capture = createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64');
    assert.deepEqual(directives['script-src'], ["'self'", `'sha256-${capture}'`]);
    assert.deepEqual(directives['default-src'], ["'self'"]);
    assert.deepEqual(directives['object-src'], ["'none'"]);
    assert.deepEqual(directives['frame-ancestors'], ["'none'"]);
    assert.deepEqual(directives['base-uri'], ["'self'"]);
    assert.ok(!csp.includes('unsafe-eval'));
    assert.equal(res.headers['x-content-type-options'], 'nosniff');
    assert.equal(res.headers['x-frame-options'], 'DENY');
    assert.equal(res.headers['referrer-policy'], 'same-origin');
    assert.ok(res.headers['permissions-policy']);
    assert.ok(res.headers['cross-origin-opener-policy']);
  });

  it('allows Google sign-in in the policy only when it is configured, and HSTS only on https', async () => {
    const g = await startTestApp({
      GOOGLE_CLIENT_ID: 'x.apps.googleusercontent.com',
      PUBLIC_URL: 'https://app.example.com',
      SESSION_SECRET: TEST_SESSION_SECRET,
      WEB_DIR: webDir,
    });
    try {
      const res = await g.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      assert.match(
        String(res.headers['content-security-policy']),
        /script-src 'self' 'sha256-[^']+' https:\/\/accounts\.google\.com\/gsi\/client;/,
      );
      assert.equal(res.headers['strict-transport-security'], 'max-age=31536000');
    } finally {
      await g.close();
    }
    const local = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
    assert.equal(local.headers['strict-transport-security'], undefined);
  });

  it('closes connections that send headers and part of a body, or part of the headers, in time', async () => {
    const s = await startTestApp({ REQUEST_TIMEOUT_MS: '1000' });
    try {
      await s.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = s.app.server.address() as { port: number };
      /** Sends a partial request and resolves with what the server answered once it closed, or 'open'. */
      const partial = (text: string) =>
        new Promise<string>((resolve) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(text));
          let answer = '';
          socket.on('data', (chunk) => (answer += chunk.toString()));
          socket.on('close', () => resolve(answer));
          socket.on('error', () => undefined);
          // Bounded: a server that never closes fails the test instead of holding it.
          setTimeout(() => {
            socket.destroy();
            resolve('open');
          }, 6000).unref();
        });
      const [body, headers] = await Promise.all([
        partial(
          'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":',
        ),
        partial('GET /api/get-user HTTP/1.1\r\nHost: x\r\nX-Slow: '),
      ]);
      assert.notEqual(body, 'open', 'a partial body held the connection');
      assert.notEqual(headers, 'open', 'partial headers held the connection');
      assert.match(body, /^HTTP\/1\.1 408/);
    } finally {
      await s.close();
    }
  });
});

describe('sandbox mail page', () => {
  it('lists mails with clickable links and escapes everything else', async () => {
    const email = uniqueEmail('mailpage');
    await t.api('inviteUser', { cookie: user.cookie, body: { email } });
    await t.app.services.mailer.send({
      to: 'x@example.com',
      subject: '<script>alert(1)</script>',
      text: 'Hi <img src=x onerror=alert(1)>',
    } as PermittedMail);
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/mail' });
    assert.equal(res.statusCode, 200);
    assert.match(
      res.body,
      /<a href="http:\/\/localhost:3000\/accept-invitation\?token=[^"]+&amp;software=demo-crm">/,
    );
    assert.ok(!res.body.includes('<script>alert(1)'));
    assert.ok(!res.body.includes('<img src=x'));
    assert.match(res.body, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
    assert.match(String(res.headers['content-security-policy']), /default-src 'none'/);
  });
});

describe('Stripe webhook', () => {
  const secret = 'whsec_test_secret';
  const stripe = new Stripe('sk_test_dummy');
  const stripeApp = useStripeTestApp(secret);
  const deliver = (payload: string, signature: string) =>
    stripeApp.s.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });

  it('refuses a bad signature with 400', async () => {
    const res = await deliver('{"id":"evt_1"}', 't=1,v1=bad');
    assert.equal(res.statusCode, 400);
  });

  it('applies checkout.session.completed once, even when delivered twice', async () => {
    const buyer = await signup(stripeApp.s.api);
    const row = await stripeApp.s.app.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(buyer.id))
      .executeTakeFirstOrThrow();
    const { recordCheckout } = await import('../../src/server/billing/checkout-record.js');
    const checkoutId = await recordCheckout(stripeApp.s.app.services.repos.billing, {
      user: row,
      kind: 'plan',
      product: 'standard',
      interval: 'monthly',
      standardSeats: 0,
      proSeats: 0,
      lineItems: [
        {
          description: 'Standard',
          price_id: 'price_standard_monthly',
          product: 'standard',
          unit_amount: 3900,
          quantity: 1,
        },
      ],
      coupon: undefined,
      cancelUrl: 'http://localhost:3000/pricing',
      successUrl: 'http://localhost:3000/dashboard/billing/success',
    });
    // What Stripe's Checkout created; the adapter re-reads it after applying the payment.
    stripeApp.fake.subscriptions.set('sub_test_1', {
      id: 'sub_test_1',
      status: 'active',
      items: [{ id: 'si_1', price: 'price_standard_monthly', quantity: 1 }],
    });
    const payload = checkoutCompletedEvent({
      id: 'evt_checkout_1',
      checkoutId,
      subscription: 'sub_test_1',
      customer: 'cus_test_1',
    });
    const signature = stripe.webhooks.generateTestHeaderString({ payload, secret });
    assert.equal((await deliver(payload, signature)).statusCode, 200);
    assert.equal((await deliver(payload, signature)).statusCode, 200);
    const me = (await stripeApp.s.api('getUser', { cookie: buyer.cookie })).body.data;
    assert.equal(me.subscription.stripe_product, 'Standard');
    assert.equal(me.subscription.stripe_subscription_id, 'sub_test_1');
    const events = await stripeApp.s.app.services.db.selectFrom('processed_events').selectAll().execute();
    assert.equal(events.length, 1);
  });

  it('applies a checkout paid by a delayed payment method once the money came, not when completed unpaid', async () => {
    const { s, fake } = stripeApp;
    const buyer = await signup(s.api);
    const bought = await s.api('buyCredits', {
      cookie: buyer.cookie,
      body: { pack: 'credits-500', credits_to: 'own' },
    });
    assert.equal(bought.status, 200, JSON.stringify(bought.body));
    const checkoutId = lastCheckoutId(fake);
    const credits = async () => (await s.app.services.repos.users.findById(Number(buyer.id)))!.credits;
    const before = await credits();
    const event = (
      id: string,
      type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded',
    ) =>
      checkoutCompletedEvent({
        id,
        checkoutId,
        subscription: null,
        customer: 'cus_sepa',
        type,
        paymentStatus: type === 'checkout.session.completed' ? 'unpaid' : 'paid',
      });
    const completed = event('evt_sepa_completed', 'checkout.session.completed');
    assert.equal(
      (await deliver(completed, stripe.webhooks.generateTestHeaderString({ payload: completed, secret })))
        .statusCode,
      200,
    );
    assert.equal(await credits(), before, 'nothing yet: the debit has not cleared');
    const paid = event('evt_sepa_paid', 'checkout.session.async_payment_succeeded');
    assert.equal(
      (await deliver(paid, stripe.webhooks.generateTestHeaderString({ payload: paid, secret }))).statusCode,
      200,
    );
    assert.equal(await credits(), before + 500);
  });
});
