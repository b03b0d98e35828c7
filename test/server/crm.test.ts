/**
 * crm: pre-connect, access-token (Demo CRM OAuth through the sandbox authorize page), verify-settings,
 * disconnect; authorization codes stay with the account they were issued to, and no input chooses the
 * host a CRM secret is sent to.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from './helpers/node-test.js';
import { createOAuthCrm } from '../../src/server/crm/oauth-crm.js';
import { ZOHO_DATA_CENTRES } from '../../src/server/domain/preconnect-choices.js';
import { json } from '../../src/server/db/json.js';
import { PUBLIC_URL, postForm, startTestApp, useTestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { approveDemoOAuth } from './helpers/demo-crm.js';

const t = useTestApp();
let user: TestUser;
let admin: TestUser;
let member: TestUser;

before(async () => {
  user = await signup(t.api, { software: 'demo-crm' });
  admin = await signup(t.api, { software: 'demo-crm' });
  member = await invitedMember(t, admin);
});

const approve = (cookie: string, redirectUri?: string) => approveDemoOAuth(t, cookie, redirectUri);

describe('Demo CRM OAuth', () => {
  it('authorize page refuses unknown clients and foreign redirect URIs', async () => {
    const bad = await t.app.inject({
      method: 'GET',
      url: '/sandbox/crm/authorize?client_id=x&redirect_uri=http://localhost:3000/callback',
    });
    assert.equal(bad.statusCode, 400);
    const evil = await t.app.inject({
      method: 'GET',
      url: `/sandbox/crm/authorize?client_id=demo-crm-sandbox&redirect_uri=${encodeURIComponent('https://evil.example.com/callback')}`,
    });
    assert.equal(evil.statusCode, 400);
  });

  it('Deny redirects with error=access_denied', async () => {
    const res = await postForm(t, '/sandbox/crm/authorize', {
      client_id: 'demo-crm-sandbox',
      redirect_uri: `${PUBLIC_URL}/callback`,
      decision: 'deny',
    });
    assert.equal(new URL(String(res.headers.location)).searchParams.get('error'), 'access_denied');
  });

  it('a code is redeemed only for the redirect URI it was issued to, as a real CRM does (OAuth 2.0, 4.1.3)', async () => {
    const code = await approve(user.cookie, `${PUBLIC_URL}/callback?from=another-page`);
    const res = await t.api('accessToken', { cookie: user.cookie, body: { oauth_code: code } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'The authorization code is invalid or has expired. Please connect again.');
  });

  it('a PUBLIC_URL written differently from its normal form still redeems its own codes', async () => {
    const shouted = await startTestApp({ PUBLIC_URL: 'http://LOCALHOST:3000' });
    try {
      const someone = await signup(shouted.api, { software: 'demo-crm' });
      const code = await approveDemoOAuth(shouted, someone.cookie);
      const res = await shouted.api('accessToken', { cookie: someone.cookie, body: { oauth_code: code } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    } finally {
      await shouted.close();
    }
  });

  it('access-token exchanges the code once, answers tokens and the user with a connection', async () => {
    const code = await approve(user.cookie);
    const res = await t.api('accessToken', { cookie: user.cookie, body: { oauth_code: code } });
    assert.equal(res.status, 200);
    assert.match(res.body.data.access_token, /^demo_at_/);
    assert.equal(res.body.data.token_type, 'Bearer');
    assert.equal(res.body.data.expires_at - res.body.data.updated_at, 3600);
    assert.ok(res.body.user.personal_connection_id);
    assert.equal(res.body.user.connection_id, res.body.user.personal_connection_id);
    const again = await t.api('accessToken', { cookie: user.cookie, body: { oauth_code: code } });
    assert.equal(again.status, 400);

    const verified = await t.api('verifySettings', {
      cookie: user.cookie,
      body: {
        auth_type: 'oauth',
        oauth_access_token: res.body.data.access_token,
        oauth_expires_at: res.body.data.expires_at,
        oauth_updated_at: res.body.data.updated_at,
      },
    });
    assert.equal(verified.status, 200);
    assert.equal(verified.body.data.auth_type, 'oauth');
    assert.equal(verified.body.data.connection_id, res.body.user.personal_connection_id);
    // Tokens are stored sealed, not in plain text.
    const row = await t.app.services.db
      .selectFrom('crm_connections')
      .select('credentials')
      .executeTakeFirstOrThrow();
    assert.ok(!row.credentials.includes(res.body.data.access_token));
  });

  it('verify-settings refuses a token that is not a connection of the account with 422', async () => {
    const res = await t.api('verifySettings', {
      cookie: admin.cookie,
      body: { auth_type: 'oauth', oauth_access_token: 'demo_at_forged' },
    });
    assert.equal(res.status, 422);
    assert.equal(
      (await t.api('verifySettings', { cookie: admin.cookie, body: { auth_type: 'oauth' } })).status,
      400,
    );
  });

  it('a code issued to one account cannot be used by another', async () => {
    const code = await approve(user.cookie);
    assert.equal(
      (await t.api('accessToken', { cookie: admin.cookie, body: { oauth_code: code } })).status,
      400,
    );
  });

  it('an unknown code is refused, anonymous callers get 401', async () => {
    assert.equal(
      (await t.api('accessToken', { cookie: user.cookie, body: { oauth_code: 'nope' } })).status,
      400,
    );
    assert.equal((await t.api('accessToken', { body: { oauth_code: 'nope' } })).status, 401);
  });
});

describe('real CRMs without configured OAuth apps', () => {
  it('answer connect with a clear 503', async () => {
    const res = await t.api('accessToken', {
      cookie: user.cookie,
      body: { oauth_code: 'abc', software: 'hubspot' },
    });
    assert.equal(res.status, 503);
    assert.equal(
      res.body.message,
      'HubSpot is not configured on this server: set HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET.',
    );
  });
  it('an API-key CRM is not an OAuth one', async () => {
    assert.equal(
      (await t.api('accessToken', { cookie: user.cookie, body: { oauth_code: 'abc', software: 'close' } }))
        .status,
      400,
    );
  });
});

describe('verify-settings with API keys', () => {
  it('accepts Demo CRM keys starting with demo_ and saves the connection', async () => {
    const res = await t.api('verifySettings', {
      cookie: admin.cookie,
      body: { auth_type: 'api key', api_key_1: 'demo_123' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.api_keys.api_key_1, 'demo_123');
    assert.equal(res.body.data.auth_type, 'api key');
    const me = (await t.api('getUser', { cookie: admin.cookie })).body.data;
    assert.equal(me.personal_connection_id, res.body.data.connection_id);
  });
  it('refuses other keys with 422 and missing keys with 400', async () => {
    const res = await t.api('verifySettings', {
      cookie: admin.cookie,
      body: { auth_type: 'api key', api_key_1: 'live_123' },
    });
    assert.equal(res.status, 422);
    assert.match(res.body.message, /Verification failed/);
    assert.equal(
      (await t.api('verifySettings', { cookie: admin.cookie, body: { auth_type: 'api key' } })).status,
      400,
    );
    assert.equal(
      (await t.api('verifySettings', { cookie: admin.cookie, body: { auth_type: 'password' } })).status,
      400,
    );
  });
  it('refuses API keys for an OAuth-only CRM and unknown software', async () => {
    assert.equal(
      (
        await t.api('verifySettings', {
          cookie: admin.cookie,
          body: { auth_type: 'api key', software: 'hubspot', api_key_1: 'x' },
        })
      ).status,
      400,
    );
    const unknown = await t.api('verifySettings', {
      cookie: admin.cookie,
      body: { auth_type: 'api key', software: 'nope', api_key_1: 'x' },
    });
    assert.equal(unknown.status, 400);
    assert.equal(unknown.body.message, 'Software not found');
  });
  it('anonymous 401', async () => {
    assert.equal(
      (await t.api('verifySettings', { body: { auth_type: 'api key', api_key_1: 'demo_1' } })).status,
      401,
    );
  });
});

describe('pre-connect', () => {
  it("offers Zoho's data centre as a fixed list, never free text", async () => {
    const zoho = await t.api('getSoftware', { query: { software: 'zoho' } });
    const [field] = zoho.body.data.preconnect_fields;
    assert.equal(field.id, 'data_centre');
    assert.equal(field.type, 'select');
    assert.deepEqual(
      field.options.map((option: { value: string }) => option.value),
      ['com', 'eu', 'in', 'com.au', 'jp', 'ca', 'com.cn', 'sa'],
    );
    assert.equal(field.options[1].label, 'Europe (eu)');
  });
  it('needs every pre-connect field of the CRM', async () => {
    assert.equal(
      (await t.api('preConnect', { cookie: user.cookie, body: { software: 'zoho', fields: [] } })).status,
      400,
    );
    assert.equal(
      (
        await t.api('preConnect', {
          cookie: user.cookie,
          body: { software: 'zoho', fields: [{ id: 'other', value: 'x' }] },
        })
      ).status,
      400,
    );
    const ok = await t.api('preConnect', {
      cookie: user.cookie,
      body: { software: 'zoho', fields: [{ id: 'data_centre', value: 'eu' }] },
    });
    assert.equal(ok.status, 200);
    // The stored data centre is used by the code exchange: still 503 here because Zoho is not configured.
    assert.equal(
      (await t.api('accessToken', { cookie: user.cookie, body: { oauth_code: 'x', software: 'zoho' } }))
        .status,
      503,
    );
  });

  it('an organization-wide connection is for admins of an organization', async () => {
    const body = { software: 'demo-crm', fields: [], is_organization_connection: true };
    assert.equal((await t.api('preConnect', { cookie: member.cookie, body })).status, 403);
    assert.equal((await t.api('preConnect', { cookie: user.cookie, body })).status, 400);
    assert.equal((await t.api('preConnect', { body })).status, 401);
  });

  it('an admin shares a connection with the members', async () => {
    const body = { software: 'demo-crm', fields: [], is_organization_connection: true };
    assert.equal((await t.api('preConnect', { cookie: admin.cookie, body })).status, 200);
    const code = await approve(admin.cookie);
    const res = await t.api('accessToken', { cookie: admin.cookie, body: { oauth_code: code } });
    assert.equal(res.status, 200);
    const m = (await t.api('getUser', { cookie: member.cookie })).body.data;
    assert.ok(m.connection_id);
    assert.equal(m.personal_connection_id, null);
    // The member's extension can verify the shared token.
    const verified = await t.api('verifySettings', {
      cookie: member.cookie,
      body: { auth_type: 'oauth', oauth_access_token: res.body.data.access_token },
    });
    assert.equal(verified.status, 200);
    assert.equal(verified.body.data.connection_id, m.connection_id);
  });
});

describe('disconnect', () => {
  it('forgets the connection', async () => {
    assert.ok((await t.api('getUser', { cookie: user.cookie })).body.data.personal_connection_id);
    const res = await t.api('disconnect', { cookie: user.cookie });
    assert.equal(res.status, 200);
    const me = (await t.api('getUser', { cookie: user.cookie })).body.data;
    assert.equal(me.personal_connection_id, null);
    assert.equal(me.connection_id, null);
    assert.equal((await t.api('disconnect')).status, 401);
  });
});

describe('Zoho data centre is one of the known ones (no SSRF through the token URL host)', () => {
  const realFetch = globalThis.fetch;
  let fetched: string[] = [];
  let zohoUser: TestUser;
  before(async () => {
    zohoUser = await signup(t.api);
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
        cookie: zohoUser.cookie,
        body: { software: 'zoho', fields: [{ id: 'data_centre', value }] },
      });
      assert.equal(res.status, 400, value);
      assert.equal(res.body.message, 'Data centre must be one of com, eu, in, com.au, jp, ca, com.cn or sa.');
    }
    for (const value of [...ZOHO_DATA_CENTRES, 'EU']) {
      const res = await t.api('preConnect', {
        cookie: zohoUser.cookie,
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

describe('Demo CRM authorize: codes belong to the signed-in user, state is passed through', () => {
  const redirectUri = 'http://localhost:3000/callback';
  let owner: TestUser;
  before(async () => {
    owner = await signup(t.api);
  });
  const authorizeQuery = `client_id=demo-crm-sandbox&redirect_uri=${encodeURIComponent(redirectUri)}&state=st-1`;
  /** Presses Approve on the authorize page, signed in with the cookie (or not at all). */
  const approveAs = (cookie: string | undefined, state = 'st-1') =>
    postForm(
      t,
      '/sandbox/crm/authorize',
      { client_id: 'demo-crm-sandbox', redirect_uri: redirectUri, state, decision: 'approve' },
      { cookie },
    );
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
    const res = await approveAs(undefined);
    assert.equal(res.statusCode, 401);
    assert.equal(res.headers.location, undefined);
    assert.equal(await codeCount(), before);
  });

  it('approving redirects with the code and the exact state it was given', async () => {
    const pageRes = await t.app.inject({
      method: 'GET',
      url: `/sandbox/crm/authorize?${authorizeQuery}`,
      headers: { cookie: owner.cookie },
    });
    assert.equal(pageRes.statusCode, 200);
    assert.match(pageRes.body, /name="state" value="st-1"/);
    const res = await approveAs(owner.cookie, 'a b&c=d');
    assert.equal(res.statusCode, 303);
    const location = new URL(String(res.headers.location));
    assert.equal(location.searchParams.get('state'), 'a b&c=d');
    assert.match(location.searchParams.get('code') ?? '', /^demo_code_/);
  });

  it('only the user the code was issued to redeems it; another account cannot use it up', async () => {
    const other = await signup(t.api);
    const res = await approveAs(owner.cookie);
    const code = new URL(String(res.headers.location)).searchParams.get('code')!;
    const stolen = await t.api('accessToken', {
      cookie: other.cookie,
      body: { oauth_code: code, software: 'demo-crm' },
    });
    assert.equal(stolen.status, 400);
    assert.equal(stolen.body.message, 'This authorization code was issued to another account.');
    const own = await t.api('accessToken', {
      cookie: owner.cookie,
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
