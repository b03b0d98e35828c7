/**
 * Messages by code (docs/architecture.md#messages-by-code): every message the server sends carries the
 * code and values it was built from (src/contract/messages.ts), the contract's MessageCode enum lists
 * exactly those codes with their English texts, and a sample of answers across areas, refusals and
 * successes, say the code a client can rely on. Every answer here is also checked against the contract
 * by the test app (helpers/app.ts).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { MESSAGES, fillTemplate, type MessageCode } from '../../src/contract/messages.js';
import { getContract, useTestApp, type CallResult } from './helpers/app.js';
import { PASSWORD, signup, type TestUser } from './helpers/users.js';

interface EnumSchema {
  enum: string[];
  'x-enumDescriptions': Record<string, string>;
}

const schemas = (getContract().doc as { components: { schemas: Record<string, unknown> } }).components
  .schemas;

describe('the contract and the table of messages', () => {
  const declared = schemas.MessageCode as EnumSchema;

  it('declares every code of messages.ts, and no other, with its English text', () => {
    assert.deepEqual([...declared.enum].sort(), Object.keys(MESSAGES).sort());
    assert.deepEqual(declared['x-enumDescriptions'], { ...MESSAGES });
  });

  it('keeps the credit refusal codes the extension already relies on', () => {
    const credit = (schemas.CreditRefusal as { properties: { code: EnumSchema } }).properties.code;
    for (const code of credit.enum) assert.ok(code in MESSAGES, code);
  });

  it('puts the values into a template in one pass, a value with braces kept as it is', () => {
    assert.equal(fillTemplate('{domain} is verified.', { domain: '{email}' }), '{email} is verified.');
    assert.equal(fillTemplate('{a} and {b}', { a: 1 }), '1 and {b}');
  });
});

const t = useTestApp();

/** Asserts an answer's code and values, and that its message is the code's template with them. */
function assertSays(res: CallResult, code: MessageCode, params: Record<string, string | number> = {}) {
  assert.equal(res.body.code, code, JSON.stringify(res.body));
  assert.deepEqual(res.body.params, params);
  assert.equal(res.body.message, fillTemplate(MESSAGES[code], params));
}

describe('refusals say their code and values', () => {
  let admin: TestUser;
  before(async () => {
    admin = await signup(t.api);
  });

  it('a validation error names the field in its values', async () => {
    const res = await t.api('signup', { body: { name: 'Ada', email: 'not-an-email', password: PASSWORD } });
    assert.equal(res.status, 400);
    assertSays(res, 'field_not_email', { label: 'Email' });
  });

  it('wrong credentials, no session, no permission', async () => {
    const login = await t.api('login', { body: { email: admin.email, password: 'Wrong-passw0rd!' } });
    assert.equal(login.status, 401);
    assertSays(login, 'invalid_credentials');
    const anonymous = await t.api('getUser');
    assert.equal(anonymous.status, 401);
    assert.equal(anonymous.body.error, true);
    assert.equal(typeof anonymous.body.code, 'string');
  });

  it('a refusal with a value (a domain) carries it', async () => {
    const res = await t.api('startDomainVerification', {
      cookie: admin.cookie,
      body: { domain: 'gmail.com' },
    });
    assert.equal(res.status, 400);
    assertSays(res, 'domain_free_mail');
  });

  it('the HTTP layer: an unknown path, a wrong content type, a body that is not JSON', async () => {
    const missing = await t.app.inject({ method: 'GET', url: '/api/no-such-call' });
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(JSON.parse(missing.body), {
      error: true,
      message: 'Not found',
      code: 'not_found',
      params: {},
    });
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/plain', origin: t.config.publicUrl },
      payload: 'x',
    });
    assert.equal(form.statusCode, 415);
    assert.equal(JSON.parse(form.body).code, 'unsupported_content_type');
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json', origin: t.config.publicUrl },
      payload: '{"email":',
    });
    assert.equal(broken.statusCode, 400);
    assert.equal(JSON.parse(broken.body).code, 'body_not_json');
  });
});

describe('successes with a message say their code and values', () => {
  it('signing up and signing out', async () => {
    const created = await signup(t.api);
    const res = await t.api('logout', { cookie: created.cookie });
    assert.equal(res.status, 200);
    assertSays(res, 'signed_out');
  });

  it('starting a domain verification names the address the code went to', async () => {
    const admin = await signup(t.api, { email: `it-${Date.now()}@acme-codes.example` });
    const res = await t.api('startDomainVerification', {
      cookie: admin.cookie,
      body: { domain: 'acme-codes.example' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assertSays(res, 'domain_code_sent', { email: admin.email });
  });
});
