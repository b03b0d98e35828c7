/**
 * Regression tests of the security review: each describe names the defect it guards against.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { createOAuthCrm } from '../../src/server/crm/oauth-crm.js';
import { ZOHO_DATA_CENTRES } from '../../src/server/crm/preconnect-choices.js';
import { json } from '../../src/server/db/json.js';
import type { GoogleVerifier } from '../../src/server/security/google.js';
import { ORIGIN, mailToken, startTestApp, type TestApp } from './helpers/app.js';
import { PASSWORD, signup, uniqueEmail, type TestUser } from './helpers/users.js';

const TEST_SECRET = 'a-test-session-secret-of-at-least-32-characters';

let t: TestApp;
let user: TestUser;

before(async () => {
  t = await startTestApp();
  user = await signup(t.api);
});
after(async () => {
  await t.close();
});

describe('sandbox mail page is only served on local/sandbox deployments', () => {
  it('answers 404 to everyone on a public PUBLIC_URL without SANDBOX_PAGES', async () => {
    const warnings: string[] = [];
    const p = await startTestApp(
      { PUBLIC_URL: 'https://app.example.com', SESSION_SECRET: TEST_SECRET },
      {
        logger: {
          level: 'warn',
          stream: { write: (line: string) => void warnings.push(line) },
        },
      },
    );
    try {
      await p.app.services.mailer.send({ to: 'victim@example.com', subject: 'Reset', text: 'token=secret' });
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
      SESSION_SECRET: TEST_SECRET,
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
      assert.equal((await t.app.inject({ method: 'GET', url: '/sandbox/mail' })).statusCode, 200);
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
      loadConfig({ PUBLIC_URL: 'https://app.example.com', SESSION_SECRET: TEST_SECRET }).sessionSecret,
      TEST_SECRET,
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
      assert.equal(loadConfig({ PUBLIC_URL: url, SESSION_SECRET: TEST_SECRET }).sandboxes, false, url);
  });
});

describe('sandbox billing portal follows the billing-admin rule of the API', () => {
  let admin: TestUser;
  let member: TestUser;
  let coAdmin: TestUser;

  async function join(role: 'admin' | 'member'): Promise<TestUser> {
    const email = uniqueEmail('portal');
    const res = await t.api('inviteUser', { cookie: admin.cookie, body: { email, role } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return signup(t.api, { email, invitation_token: await mailToken(t, email) });
  }

  const form = (path: string, who: TestUser, fields: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: `/sandbox/billing/portal${path}`,
      headers: {
        cookie: who.cookie,
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams(fields).toString(),
    });

  const state = async () => {
    const { db } = t.app.services;
    const row = await db
      .selectFrom('users')
      .select(['stripe_product', 'stripe_status', 'payment_method', 'organization_id'])
      .where('id', '=', Number(admin.id))
      .executeTakeFirstOrThrow();
    const org = await db
      .selectFrom('organizations')
      .select(['seats_standard', 'seats_pro'])
      .where('id', '=', row.organization_id!)
      .executeTakeFirstOrThrow();
    return { ...row, ...org };
  };

  before(async () => {
    admin = await signup(t.api, { name: 'Payer' });
    member = await join('member');
    coAdmin = await join('admin');
    const { db } = t.app.services;
    await db
      .updateTable('users')
      .set({
        stripe_product: 'pro',
        stripe_status: 'active',
        stripe_interval: 'yearly',
        payment_method: 'Visa .... 4242',
      })
      .where('id', '=', Number(admin.id))
      .execute();
    const { organization_id } = await db
      .selectFrom('users')
      .select('organization_id')
      .where('id', '=', Number(admin.id))
      .executeTakeFirstOrThrow();
    await db
      .updateTable('organizations')
      .set({ seats_standard: 3, seats_pro: 2 })
      .where('id', '=', organization_id!)
      .execute();
  });

  it('refuses cancel, change and payment-method to a member and to an admin who is not the billing admin', async () => {
    const before = await state();
    const priceId = 'price_standard_monthly';
    for (const who of [member, coAdmin]) {
      assert.equal((await form('/cancel', who)).statusCode, 403);
      assert.equal((await form('/change', who, { price_id: priceId })).statusCode, 403);
      assert.equal(
        (await form('/payment-method', who, { payment_method: 'Amex .... 8431' })).statusCode,
        403,
      );
      assert.equal(
        (
          await t.app.inject({
            method: 'GET',
            url: '/sandbox/billing/portal',
            headers: { cookie: who.cookie },
          })
        ).statusCode,
        403,
      );
    }
    assert.deepEqual(await state(), before);
  });

  it('still lets the billing admin use the portal', async () => {
    const res = await form('/payment-method', admin, { payment_method: 'Amex .... 8431' });
    assert.equal(res.statusCode, 303);
    assert.equal((await state()).payment_method, 'Amex .... 8431');
    assert.equal((await form('/cancel', admin)).statusCode, 303);
    assert.equal((await state()).stripe_status, 'canceled');
  });
});

describe('Zoho data centre is one of the known ones (no SSRF through the token URL host)', () => {
  const realFetch = globalThis.fetch;
  let fetched: string[] = [];
  before(() => {
    globalThis.fetch = (async (input: string | URL | Request) => {
      fetched.push(String(input instanceof Request ? input.url : input));
      return new Response(JSON.stringify({ access_token: 'at' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
  });
  after(() => {
    globalThis.fetch = realFetch;
  });

  it('pre-connect refuses an unknown data centre with a clear message and accepts the known ones', async () => {
    for (const value of ['com.attacker.example', 'com/../x', 'attacker.example#', 'eu.evil']) {
      const res = await t.api('preConnect', {
        cookie: user.cookie,
        body: { software: 'zoho', fields: [{ id: 'data_centre', value }] },
      });
      assert.equal(res.status, 400, value);
      assert.equal(res.body.message, 'Data centre must be one of com, eu, in, com.au, jp, ca, com.cn or sa.');
    }
    for (const value of [...ZOHO_DATA_CENTRES, 'EU']) {
      const res = await t.api('preConnect', {
        cookie: user.cookie,
        body: { software: 'zoho', fields: [{ id: 'data_centre', value }] },
      });
      assert.equal(res.status, 200, value);
    }
  });

  it('the code exchange never builds a token URL from an unknown data centre', async () => {
    const z = await startTestApp({ ZOHO_CLIENT_ID: 'zoho-id', ZOHO_CLIENT_SECRET: 'zoho-secret' });
    try {
      const victim = await signup(z.api);
      // A value stored before the check existed (or written around it).
      await z.app.services.db
        .updateTable('users')
        .set({
          preconnect: json({
            software: 'zoho',
            fields: [{ id: 'data_centre', value: 'com.attacker.example' }],
            is_organization_connection: false,
          }),
        })
        .where('id', '=', Number(victim.id))
        .execute();
      fetched = [];
      const res = await z.api('accessToken', {
        cookie: victim.cookie,
        body: { oauth_code: 'code', software: 'zoho' },
      });
      assert.equal(res.status, 400);
      assert.match(res.body.message, /Data centre must be one of/);
      assert.deepEqual(fetched, []);

      const software = await z.app.services.db
        .selectFrom('software')
        .selectAll()
        .where('slug', '=', 'zoho')
        .executeTakeFirstOrThrow();
      const crm = createOAuthCrm(z.config);
      await assert.rejects(
        crm.exchangeCode(software, 'code', {
          redirectUri: 'http://localhost:3000/callback',
          fields: { data_centre: 'com.attacker.example' },
          userId: 1,
        }),
        /Data centre must be one of/,
      );
      assert.deepEqual(fetched, []);
      await crm.exchangeCode(software, 'code', {
        redirectUri: 'http://localhost:3000/callback',
        fields: { data_centre: 'com.au' },
        userId: 1,
      });
      assert.deepEqual(fetched, ['https://accounts.zoho.com.au/oauth/v2/token']);
    } finally {
      await z.close();
    }
  });
});

describe('NUL characters are refused with 400, never reach PostgreSQL', () => {
  const NUL = '\u0000';
  const isNulError = (status: number, body: unknown, what: string) => {
    assert.equal(status, 400, `${what}: ${JSON.stringify(body)}`);
    assert.deepEqual(body, {
      error: true,
      message: 'The request contains a NUL character (\\u0000), which is not allowed.',
    });
  };

  /** The sandbox pages are HTML forms: their refusal is a page saying the same. */
  const isNulPage = (
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    what: string,
  ) => {
    assert.equal(res.statusCode, 400, `${what}: ${res.body}`);
    assert.match(String(res.headers['content-type']), /^text\/html/, what);
    assert.ok(
      res.body.includes('The request contains a NUL character (\\u0000), which is not allowed.'),
      `${what}: ${res.body}`,
    );
  };

  it('in JSON bodies, query strings and route params of the API and the sandbox pages', async () => {
    const calls: [string, Parameters<typeof t.api>[1]][] = [
      [
        'signup',
        { body: { name: `a${NUL}b`, email: uniqueEmail(), password: 'Sup3r-secret!' }, ip: '10.9.9.1' },
      ],
      ['setSettings', { cookie: user.cookie, body: { name: `x${NUL}` } }],
      ['getCoupon', { query: { coupon: NUL } }],
      ['getOrgSubscription', { cookie: user.cookie, query: { id: NUL } }],
      [
        'checkout',
        {
          cookie: user.cookie,
          body: { items: [{ price_id: 'price_standard_monthly', quantity: 1 }], coupon_code: NUL },
        },
      ],
      [
        'preConnect',
        {
          cookie: user.cookie,
          body: { software: 'zoho', fields: [{ id: 'data_centre', value: `eu${NUL}` }] },
        },
      ],
      ['login', { body: { [`email${NUL}`]: 'x', email: 'a@example.com', password: 'x' } }],
    ];
    for (const [operationId, options] of calls) {
      const res = await t.api(operationId, { ...options, raw: true });
      isNulError(res.status, res.body, operationId);
    }
    for (const url of ['/sandbox/checkout/%00', '/sandbox/crm/logos/%00', '/sandbox/crm/logos/a%00.svg']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie: user.cookie } });
      isNulPage(res, url);
    }
    const form = await t.app.inject({
      method: 'POST',
      url: '/sandbox/billing/portal/payment-method',
      headers: { cookie: user.cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'payment_method=%00',
    });
    isNulPage(form, 'sandbox form');
  });

  it('a deeply nested body is checked without overflowing the stack', async () => {
    const deep = `${'['.repeat(20000)}"${NUL}"${']'.repeat(20000)}`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/set-settings',
      headers: { cookie: user.cookie, origin: ORIGIN, 'content-type': 'application/json' },
      payload: `{"name":"ok","x":${deep}}`,
    });
    assert.ok(res.statusCode >= 400 && res.statusCode < 500, String(res.statusCode));
  });
});

describe('forgot-password does not wait for the mail (timing does not reveal accounts)', () => {
  it('answers while the reset mail of an existing account is still being sent, and logs a failed send', async () => {
    let release!: () => void;
    const sending: string[] = [];
    const logged: string[] = [];
    const slow = new Promise<void>((resolve) => (release = resolve));
    const m = await startTestApp(
      {},
      {
        logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
        services: {
          mailer: {
            send: async (mail) => {
              sending.push(mail.to);
              await slow;
              throw new Error('SMTP down');
            },
            close: async () => {},
          },
        },
      },
    );
    try {
      const known = await signup(m.api);
      const answer = await Promise.race([
        m.api('forgotPassword', { body: { email: known.email } }),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 3000)),
      ]);
      assert.notEqual(answer, 'timeout', 'forgot-password waited for the mail server');
      assert.equal((answer as { status: number }).status, 200);
      assert.deepEqual(sending, [known.email]);
      release();
      for (let i = 0; i < 40 && !logged.some((l) => l.includes('could not send the reset mail')); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      assert.ok(logged.some((l) => l.includes('could not send the reset mail')));
    } finally {
      release();
      await m.close();
    }
  });
});

describe('TRUST_PROXY trusts only the configured hops, never every X-Forwarded-For entry', () => {
  it('refuses true and malformed values with a message naming the accepted forms', () => {
    for (const raw of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,nope', '-1']) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: raw }),
        (e: unknown) =>
          e instanceof ConfigError &&
          /TRUST_PROXY must be a hop count .* or a comma-separated list of proxy addresses or CIDRs/.test(
            e.message,
          ),
        raw,
      );
    }
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,loopback' }).trustProxy, [
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'loopback',
    ]);
  });

  async function clientIp(env: Record<string, string>, remoteAddress: string, xff: string) {
    const lines: string[] = [];
    const p = await startTestApp(env, {
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await p.app.inject({
        method: 'GET',
        url: '/api/get-pricing',
        remoteAddress,
        headers: { 'x-forwarded-for': xff },
      });
      const incoming = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'incoming request');
      return incoming?.req?.remoteAddress as string;
    } finally {
      await p.close();
    }
  }

  it('a hop count or a proxy list takes the address the trusted proxy saw, not a spoofed first entry', async () => {
    assert.equal(await clientIp({ TRUST_PROXY: '1' }, '10.0.0.1', '6.6.6.6, 1.2.3.4'), '1.2.3.4');
    assert.equal(await clientIp({ TRUST_PROXY: '10.0.0.0/8' }, '10.0.0.1', '6.6.6.6, 1.2.3.4'), '1.2.3.4');
    // A caller that is not a listed proxy is not believed at all.
    assert.equal(await clientIp({ TRUST_PROXY: '10.0.0.0/8' }, '8.8.8.8', '6.6.6.6'), '8.8.8.8');
  });
});

describe('Demo CRM authorize: codes belong to the signed-in user, state is passed through', () => {
  const redirectUri = 'http://localhost:3000/callback';
  const authorizeQuery = `client_id=demo-crm-sandbox&redirect_uri=${encodeURIComponent(redirectUri)}&state=st-1`;
  const approve = (cookie: string | undefined, state = 'st-1') =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/crm/authorize',
      headers: {
        ...(cookie ? { cookie } : {}),
        origin: ORIGIN,
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        client_id: 'demo-crm-sandbox',
        redirect_uri: redirectUri,
        state,
        decision: 'approve',
      }).toString(),
    });
  const codeCount = async () =>
    Number(
      (
        await t.app.services.db
          .selectFrom('oauth_codes')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('nobody signed in: the page offers no Approve and approving issues no code', async () => {
    const pageRes = await t.app.inject({ method: 'GET', url: `/sandbox/crm/authorize?${authorizeQuery}` });
    assert.equal(pageRes.statusCode, 401);
    assert.doesNotMatch(pageRes.body, /Approve/);
    const before = await codeCount();
    const res = await approve(undefined);
    assert.equal(res.statusCode, 401);
    assert.equal(res.headers.location, undefined);
    assert.equal(await codeCount(), before);
  });

  it('approving redirects with the code and the exact state it was given', async () => {
    const pageRes = await t.app.inject({
      method: 'GET',
      url: `/sandbox/crm/authorize?${authorizeQuery}`,
      headers: { cookie: user.cookie },
    });
    assert.equal(pageRes.statusCode, 200);
    assert.match(pageRes.body, /name="state" value="st-1"/);
    const res = await approve(user.cookie, 'a b&c=d');
    assert.equal(res.statusCode, 303);
    const location = new URL(String(res.headers.location));
    assert.equal(location.searchParams.get('state'), 'a b&c=d');
    assert.match(location.searchParams.get('code') ?? '', /^demo_code_/);
  });

  it('only the user the code was issued to redeems it; another account cannot use it up', async () => {
    const other = await signup(t.api);
    const res = await approve(user.cookie);
    const code = new URL(String(res.headers.location)).searchParams.get('code')!;
    const stolen = await t.api('accessToken', {
      cookie: other.cookie,
      body: { oauth_code: code, software: 'demo-crm' },
    });
    assert.equal(stolen.status, 400);
    assert.equal(stolen.body.message, 'This authorization code was issued to another account.');
    const own = await t.api('accessToken', {
      cookie: user.cookie,
      body: { oauth_code: code, software: 'demo-crm' },
    });
    assert.equal(own.status, 200);
  });

  it('a code without a user cannot be stored', async () => {
    await assert.rejects(
      t.app.services.db
        .insertInto('oauth_codes')
        .values({
          code_hash: 'h-null-user',
          software: 'demo-crm',
          user_id: null as unknown as number,
          redirect_uri: redirectUri,
          expires_at: new Date(Date.now() + 60_000),
        })
        .execute(),
    );
  });
});

describe('Google sign-in into an unproven password account (pre-account takeover)', () => {
  let g: TestApp;
  const verifier: GoogleVerifier = {
    async verify(token) {
      const email = token.slice('valid:'.length);
      return { sub: `sub-${email}`, email, emailVerified: true, name: 'Owner' };
    },
  };
  before(async () => {
    g = await startTestApp(
      { GOOGLE_CLIENT_ID: 'test.apps.googleusercontent.com' },
      { services: { google: verifier } },
    );
  });
  after(async () => {
    await g.close();
  });
  const row = (id: string) =>
    g.app.services.db
      .selectFrom('users')
      .select(['password_hash', 'google_sub'])
      .where('id', '=', Number(id))
      .executeTakeFirstOrThrow();

  it("clears the password, ends the squatter's sessions and records the Google link", async () => {
    // Someone signs up first with the owner's address and a password of their own.
    const squatter = await signup(g.api);
    assert.equal((await g.api('getUser', { cookie: squatter.cookie })).status, 200);

    const owner = await g.api('googleAuth', { body: { token: `valid:${squatter.email}`, type: 'login' } });
    assert.equal(owner.status, 200);
    assert.equal(owner.body.id, squatter.id);
    assert.ok(owner.cookie);

    assert.equal((await g.api('getUser', { cookie: squatter.cookie })).status, 401);
    assert.equal((await g.api('getUser', { cookie: owner.cookie })).status, 200);
    assert.equal(
      (await g.api('login', { body: { email: squatter.email, password: PASSWORD }, ip: '10.77.0.1' })).status,
      401,
    );
    assert.deepEqual(await row(squatter.id), { password_hash: null, google_sub: `sub-${squatter.email}` });
  });

  it('keeps the password and sessions of an account already linked to Google', async () => {
    const email = uniqueEmail('linked');
    const first = await g.api('googleAuth', { body: { token: `valid:${email}`, type: 'signup' } });
    assert.equal(first.status, 200);
    // The owner later sets a password (as reset-password would).
    await g.app.services.db
      .updateTable('users')
      .set({ password_hash: 'kept-hash' })
      .where('id', '=', Number(first.body.id))
      .execute();
    const again = await g.api('googleAuth', { body: { token: `valid:${email}`, type: 'login' } });
    assert.equal(again.status, 200);
    assert.equal((await g.api('getUser', { cookie: first.cookie! })).status, 200);
    assert.equal((await row(first.body.id)).password_hash, 'kept-hash');
  });
});
