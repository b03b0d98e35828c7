/**
 * Bad input always gets a clear 4xx with the error envelope, never a 500: malformed, oversized and
 * wrongly shaped requests, validation messages users can act on, and NUL characters (which PostgreSQL
 * text refuses) anywhere in a request.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { before, describe, it } from './helpers/node-test.js';
import { ORIGIN, postForm, useTestApp } from './helpers/app.js';
import { signup, uniqueEmail, type TestUser } from './helpers/users.js';

const t = useTestApp();
let user: TestUser;
before(async () => {
  user = await signup(t.api);
});

const post = (url: string, headers: Record<string, string>, payload?: string) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('bad input is a 4xx with the envelope', () => {
  const json = { 'content-type': 'application/json', origin: ORIGIN };
  it('malformed JSON → 400', async () => {
    const res = await post('/api/login', json, '{"email":');
    assert.equal(res.statusCode, 400);
    assert.deepEqual(res.json(), {
      error: true,
      message: 'The request body is not valid JSON.',
      code: 'body_not_json',
      params: {},
    });
  });
  it('wrong types, unknown fields, arrays and null bodies → 400', async () => {
    for (const body of [
      '{"email":1,"password":"x"}',
      '{"email":"a@b.co","password":"x","admin":true}',
      '[]',
      'null',
      '"text"',
      '42',
    ]) {
      const res = await post('/api/login', json, body);
      assert.equal(res.statusCode, 400, body);
      assert.equal(res.json().error, true);
    }
  });
  it('prototype-poisoning keys → 400', async () => {
    assert.equal(
      (await post('/api/login', json, '{"__proto__":{"x":1},"email":"a@b.co","password":"x"}')).statusCode,
      400,
    );
  });
  it('oversized body → 413', async () => {
    const res = await post(
      '/api/login',
      json,
      JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(70_000) }),
    );
    assert.equal(res.statusCode, 413);
    assert.equal(res.json().error, true);
  });
  it('repeated query parameters → 400', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/get-pricing?schedule=yearly&schedule=monthly',
    });
    assert.equal(res.statusCode, 400);
  });
  it('unknown API paths → 404 envelope, wrong method → 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope', headers: { accept: 'text/html' } });
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { error: true, message: 'Not found', code: 'not_found', params: {} });
    assert.equal((await t.app.inject({ method: 'GET', url: '/api/login' })).statusCode, 404);
  });
  it('a URL that cannot be decoded → 400 envelope with the headers every answer carries', async () => {
    for (const url of ['/api/get-user/%', '/join/%E0%A4%A', '/sandbox/crm/logos/%', '/login%']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(res.json(), { error: true, message: 'Bad request.', code: 'bad_request', params: {} });
      assert.equal(res.headers['x-content-type-options'], 'nosniff', url);
      assert.equal(res.headers['x-frame-options'], 'DENY', url);
      assert.equal(res.headers['cache-control'], 'no-store', url);
    }
  });
});

describe('validation answers are sentences users can act on (docs/product.md#error-texts)', () => {
  const json = { 'content-type': 'application/json', origin: ORIGIN };
  const messageOf = async (url: string, body: unknown) => {
    const res = await post(url, json, JSON.stringify(body));
    assert.equal(res.statusCode, 400, JSON.stringify(body));
    return res.json().message as string;
  };
  /** Ajv's wording and raw property names (snake_case) must never reach a page. */
  const assertHuman = (message: string) => {
    assert.doesNotMatch(
      message,
      /must NOT|must match|must be equal|must have required|\b[a-z0-9]+_[a-z0-9_]+\b/,
    );
  };

  it('names the field by its label and says what is expected', async () => {
    const cases: [string, unknown, string][] = [
      ['/api/signup', { name: '', email: 'a@b.co', password: 'x' }, 'Name is required.'],
      [
        '/api/forgot-password',
        { email: 'a@b' },
        'Email must be a valid email address, like name@example.com.',
      ],
      ['/api/login', { email: 'a@b.co' }, 'Password is required.'],
      ['/api/reset-password', { token: 'abc', new_password: '' }, 'New password is required.'],
      ['/api/reset-password', { new_password: 'x' }, 'No reset token provided.'],
      [
        '/api/login',
        { email: 'a@b.co', password: 'x', software: 'Not A Slug' },
        'CRM must be a CRM identifier such as demo-crm (lowercase letters, digits and hyphens).',
      ],
      ['/api/google-auth', { token: 't', type: 'other' }, 'Type must be login or signup.'],
      ['/api/login', { email: 1, password: 'x' }, 'Email must be text.'],
      [
        '/api/signup',
        { name: 'x'.repeat(201), email: 'a@b.co', password: 'x' },
        'Name must be at most 200 characters long.',
      ],
    ];
    for (const [url, body, expected] of cases) {
      const message = await messageOf(url, body);
      assert.equal(message, expected);
      assertHuman(message);
    }
  });

  it('says the same kind of thing for unknown fields, bodies of the wrong shape and query strings', async () => {
    assertHuman(await messageOf('/api/login', { email: 'a@b.co', password: 'x', is_admin: true }));
    assert.equal(await messageOf('/api/login', []), 'The request body must be a JSON object.');
    const query = await t.app.inject({ method: 'GET', url: '/api/get-pricing?schedule=weekly' });
    assert.equal(query.json().message, 'Billing period must be monthly or yearly.');
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/set-user-boolean',
      headers: { ...json, cookie: user.cookie },
      payload: JSON.stringify({ key: 'has_paid', value: true }),
    });
    assert.equal(signedIn.json().message, 'Key must be has_onboarded or has_installed.');
  });
});

describe('lone surrogates are read as the database stores them (U+FFFD)', () => {
  it('in a name, and in a spend reference, so an identical retry replays its spend', async () => {
    const named = await t.api('setSettings', { cookie: user.cookie, body: { name: 'Ada \ud800 Lovelace' } });
    assert.equal(named.status, 200, JSON.stringify(named.body));
    assert.equal(named.body.data.name, 'Ada \ufffd Lovelace');
    const spender = await signup(t.api, { name: 'Surrogate Spender' });
    const body = {
      amount: 1,
      feature: 'email_lookup',
      reference: 'https://www.linkedin.com/in/ada-\ud800',
      idempotency_key: randomUUID(),
    };
    const first = await t.api('spendCredits', { cookie: spender.cookie, body });
    assert.equal(first.status, 200, JSON.stringify(first.body));
    // The extension retrying after a lost answer: the same spend, replayed, not another spend's key.
    const retry = await t.api('spendCredits', { cookie: spender.cookie, body });
    assert.equal(retry.status, 200, JSON.stringify(retry.body));
    assert.equal(retry.body.data.replayed, true);
    assert.equal(retry.body.data.spend_id, first.body.data.spend_id);
  });
});

describe('NUL characters are refused with 400, never reach PostgreSQL', () => {
  const NUL = '\u0000';
  const isNulError = (status: number, body: unknown, what: string) => {
    assert.equal(status, 400, `${what}: ${JSON.stringify(body)}`);
    assert.deepEqual(body, {
      error: true,
      message: 'The request contains a NUL character (\\u0000), which is not allowed.',
      code: 'nul_character',
      params: {},
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
    const form = await postForm(
      t,
      '/sandbox/billing/portal/payment-method',
      { payment_method: NUL },
      { cookie: user.cookie },
    );
    isNulPage(form, 'sandbox form');
  });

  it('a field repeated in a sandbox page’s form is refused as an empty one, never a 500', async () => {
    const headers = {
      cookie: user.cookie,
      origin: ORIGIN,
      'content-type': 'application/x-www-form-urlencoded',
    };
    const posts = [
      ['/sandbox/crm/tokens', 'decision=refuse_key&key=demo_a&key=demo_b'],
      ['/sandbox/google/signin', 'email=a%40b.co&email=c%40d.co&outcome=continue'],
    ] as const;
    for (const [url, payload] of posts) {
      const res = await t.app.inject({ method: 'POST', url, headers, payload });
      assert.ok(res.statusCode < 500, `${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
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
