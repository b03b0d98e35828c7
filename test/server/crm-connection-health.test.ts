/**
 * CRM connection health (docs/product.md#connection-health) through the Demo CRM sandbox: an OAuth token
 * that expires within a minute is refreshed before the sync and the new token set stored (once, however
 * many syncs ask at the same time); a token the CRM let expire early is refreshed and the call made again;
 * a refused refresh marks the connection "needs attention", answers 422 and mails its maker exactly once
 * until they reconnect, which clears it; API keys the CRM refuses are marked by the daily check; a real
 * CRM's refresh reads invalid_grant as a refusal. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { approveDemoOAuth, connectDemoKey, connectDemoOAuth, pressDemoControl } from './helpers/demo-crm.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { checkApiKeyConnections } from '../../src/server/crm-health/key-check.js';
import { createOAuthCrm } from '../../src/server/crm/oauth-crm.js';
import { CrmAccessRefused } from '../../src/server/crm/provider.js';
import type { Config } from '../../src/server/config.js';
import type { StoredOAuth } from '../../src/server/domain/crm-access.js';
import { DAY_MS } from '../../src/shared/duration.js';

const t = useTestApp();
const db = () => t.app.services.db;

const ada = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
const sync = (u: TestUser, profile: object = ada, dryRun = true) =>
  t.api('syncProfile', { cookie: u.cookie, body: { software: 'demo-crm', profile, dry_run: dryRun } });

async function connectionOf(u: TestUser) {
  const row = await db()
    .selectFrom('crm_connections')
    .selectAll()
    .where('user_id', '=', Number(u.id))
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return { row, stored: t.app.services.secretBox.open<StoredOAuth>(row.credentials) };
}

/** The connection's token expires in `seconds`, as far as the server knows. */
async function expiresIn(u: TestUser, seconds: number) {
  await db()
    .updateTable('crm_connections')
    .set({ token_expires_at: new Date(Date.now() + seconds * 1000) })
    .where('user_id', '=', Number(u.id))
    .execute();
}

async function liveDemoAccessTokens(u: TestUser): Promise<number> {
  const rows = await db()
    .selectFrom('demo_crm_tokens')
    .select('token_hash')
    .where('user_id', '=', Number(u.id))
    .where('kind', '=', 'access')
    .where('expires_at', '>', new Date())
    .execute();
  return rows.length;
}

const attentionMails = async (u: TestUser) =>
  (await db().selectFrom('outbox').selectAll().where('to_address', '=', u.email).execute()).filter((mail) =>
    /connection needs attention/.test(mail.subject),
  );

const statusOf = async (u: TestUser) =>
  (await t.api('getUser', { cookie: u.cookie })).body.data.connection_status;

describe('an OAuth connection to the Demo CRM', () => {
  let admin: TestUser;
  let member: TestUser;

  before(async () => {
    admin = await signup(t.api, { name: 'Health Admin' });
    member = await invitedMember(t, admin);
    const tokens = await connectDemoOAuth(t, member.cookie);
    assert.match(tokens.refresh_token, /^demo_rt_/);
  });

  it('keeps the refresh token sealed with the expiry, and reads as connected', async () => {
    const { row, stored } = await connectionOf(member);
    assert.doesNotMatch(row.credentials, /demo_rt_|demo_at_/, 'sealed at rest');
    assert.match(stored.refresh_token ?? '', /^demo_rt_/);
    const inAnHour = Date.now() + 3600_000;
    assert.ok(Math.abs(row.token_expires_at!.getTime() - inAnHour) < 60_000, 'expires in an hour');
    assert.equal(await statusOf(member), 'connected');
  });

  it('refreshes a token that expires within a minute before the sync and stores the new token set', async () => {
    const before = await connectionOf(member);
    await expiresIn(member, 30);
    const res = await sync(member);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const after = await connectionOf(member);
    assert.notEqual(after.stored.access_token, before.stored.access_token);
    assert.notEqual(after.stored.refresh_token, before.stored.refresh_token, 'the Demo CRM rotates it');
    assert.ok(after.row.token_expires_at!.getTime() > Date.now() + 3000_000);
    assert.equal(after.row.refreshing_until, null);
    // The extension still holds the token it was given: it is still this connection's.
    const verified = await t.api('verifySettings', {
      cookie: member.cookie,
      body: { software: 'demo-crm', auth_type: 'oauth', oauth_access_token: before.stored.access_token },
    });
    assert.equal(verified.status, 200, JSON.stringify(verified.body));
    // A token that does not expire soon is used as it is.
    await sync(member);
    assert.equal((await connectionOf(member)).stored.access_token, after.stored.access_token);
  });

  it('refreshes once when parallel syncs find the token expiring', async () => {
    await expiresIn(member, 10);
    const live = await liveDemoAccessTokens(member);
    const answers = await Promise.all([sync(member), sync(member), sync(member), sync(member)]);
    assert.deepEqual(
      answers.map((a) => a.status),
      [200, 200, 200, 200],
    );
    assert.equal(await liveDemoAccessTokens(member), live + 1, 'one refresh, one new access token');
    assert.equal(await statusOf(member), 'connected');
  });

  it('a token the CRM let expire early is refreshed and the call made again', async () => {
    const before = await connectionOf(member);
    await pressDemoControl(t, member.cookie, { decision: 'expire' });
    const res = await sync(member);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.notEqual((await connectionOf(member)).stored.access_token, before.stored.access_token);
    assert.equal((await attentionMails(member)).length, 0);
  });

  it('a refresh the CRM fails (rather than refuses) is a failed sync in the log, the connection kept', async () => {
    await expiresIn(member, -60);
    const crm = t.app.services.crm;
    const forSoftware = crm.forSoftware;
    crm.forSoftware = (slug) =>
      Object.assign(Object.create(forSoftware.call(crm, slug)), {
        refreshTokens: async () => {
          throw new Error('Demo CRM answered an error (503)');
        },
      });
    try {
      const failed = await sync(member, { first_name: 'Refresh', last_name: 'Failed' }, false);
      assert.notEqual(failed.status, 200, JSON.stringify(failed.body));
    } finally {
      crm.forSoftware = forSoftware;
    }
    const log = await t.api('listSyncLog', { cookie: member.cookie, query: { outcome: 'failed' } });
    assert.equal(log.status, 200, JSON.stringify(log.body));
    assert.equal(log.body.data.entries[0]?.profile_name, 'Refresh Failed');
    assert.equal(log.body.data.entries[0]?.detail, 'The CRM could not be reached.');
    assert.equal(await statusOf(member), 'connected');
    await expiresIn(member, 3600);
  });

  it('a refused refresh marks it "needs attention", answers 422 and mails the member exactly once', async () => {
    await pressDemoControl(t, member.cookie, { decision: 'expire_refuse' });
    const first = await sync(member, ada, false);
    assert.equal(first.status, 422, JSON.stringify(first.body));
    assert.equal(first.body.code, 'crm_reconnect');
    assert.equal(
      first.body.message,
      'Demo CRM no longer accepts this connection. Please connect Demo CRM again.',
    );
    assert.equal((await sync(member)).status, 422);
    const fields = await t.api('getCrmFields', { cookie: member.cookie, query: { software: 'demo-crm' } });
    assert.equal(fields.status, 422);
    assert.equal(fields.body.code, 'crm_reconnect');

    assert.equal(await statusOf(member), 'needs_attention');
    const mails = await attentionMails(member);
    assert.equal(mails.length, 1, 'one mail, however many calls failed');
    assert.equal(mails[0]!.subject, 'Your Demo CRM connection needs attention');
    assert.match(mails[0]!.text_body, /http:\/\/localhost:3000\/dashboard\/connection/);
    const log = await t.api('listSyncLog', { cookie: member.cookie, query: { outcome: 'failed' } });
    assert.equal(log.body.data.entries[0].detail, first.body.message);
    // Nobody else's connection is touched.
    assert.equal(await statusOf(admin), null);
    // The admins' audit log says whose connection stopped, once (docs/product.md#audit-log).
    const audit = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'crm.needs_attention' },
    });
    assert.equal(audit.status, 200);
    assert.deepEqual(
      audit.body.data.events.map(
        (e: { actor_email: string | null; target_email: string; details: object }) => [
          e.actor_email,
          e.target_email,
          e.details,
        ],
      ),
      [[null, member.email, { crm: 'Demo CRM', organization_wide: false }]],
    );
  });

  it('reconnecting clears it; a new refusal mails again', async () => {
    await connectDemoOAuth(t, member.cookie);
    assert.equal(await statusOf(member), 'connected');
    const res = await sync(member, ada, false);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.outcome, 'created');

    await pressDemoControl(t, member.cookie, { decision: 'expire_refuse' });
    assert.equal((await sync(member)).status, 422);
    assert.equal((await attentionMails(member)).length, 2);
  });
});

describe('API-key connections, checked daily', () => {
  let keeper: TestUser;
  let fresh: TestUser;

  before(async () => {
    keeper = await signup(t.api, { name: 'Key Keeper' });
    fresh = await signup(t.api, { name: 'Fresh Key' });
    await connectDemoKey(t, keeper.cookie, 'demo_keeper_key');
    await connectDemoKey(t, fresh.cookie, 'demo_fresh_key');
  });

  it('marks the keys the CRM refuses, once, and leaves the rest', async () => {
    await pressDemoControl(t, keeper.cookie, { decision: 'refuse_key', key: 'demo_keeper_key' });
    await pressDemoControl(t, fresh.cookie, { decision: 'refuse_key', key: 'demo_fresh_key' });
    // Only the keeper's keys are due (checked more than a day ago).
    await db()
      .updateTable('crm_connections')
      .set({ keys_checked_at: new Date(Date.now() - 2 * DAY_MS) })
      .where('user_id', '=', Number(keeper.id))
      .execute();
    const refused = await checkApiKeyConnections(t.app.services);
    const { row } = await connectionOf(keeper);
    assert.deepEqual(refused, [row.id]);
    assert.equal(await statusOf(keeper), 'needs_attention');
    assert.equal(await statusOf(fresh), 'connected');
    assert.equal((await attentionMails(keeper)).length, 1);

    // Checked again the next day: already marked, nothing more.
    assert.deepEqual(await checkApiKeyConnections(t.app.services, new Date(Date.now() + 2 * DAY_MS)), [
      (await connectionOf(fresh)).row.id,
    ]);
    assert.equal((await attentionMails(keeper)).length, 1);
    assert.equal((await sync(keeper)).body.code, 'crm_reconnect');
  });

  it('a sync the CRM refuses the keys of marks it too; new keys clear it', async () => {
    const other = await signup(t.api, { name: 'Other Key' });
    await connectDemoKey(t, other.cookie, 'demo_other_key');
    await pressDemoControl(t, other.cookie, { decision: 'refuse_key', key: 'demo_other_key' });
    assert.equal((await sync(other)).status, 422);
    assert.equal(await statusOf(other), 'needs_attention');
    assert.equal((await attentionMails(other)).length, 1);
    const refused = await t.api('verifySettings', {
      cookie: other.cookie,
      body: { software: 'demo-crm', auth_type: 'api key', api_key_1: 'demo_other_key' },
    });
    assert.equal(refused.status, 422, 'the CRM refuses the old key at connect too');
    await connectDemoKey(t, other.cookie, 'demo_new_key');
    assert.equal(await statusOf(other), 'connected');
    assert.equal((await sync(other)).status, 200);
  });
});

describe('a member with a connection of their own beside the organization’s shared one', () => {
  it('reads in get-user the connection their syncs go through, their own, and how it stands', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    const shared = await t.api('preConnect', {
      cookie: admin.cookie,
      body: { software: 'demo-crm', fields: [], is_organization_connection: true },
    });
    assert.equal(shared.status, 200, JSON.stringify(shared.body));
    const code = await approveDemoOAuth(t, admin.cookie);
    assert.equal(
      (await t.api('accessToken', { cookie: admin.cookie, body: { oauth_code: code } })).status,
      200,
    );
    await connectDemoKey(t, member.cookie, 'demo_member_own_key');
    // The CRM stops accepting the member's own key; their next sync marks it.
    await pressDemoControl(t, member.cookie, { decision: 'refuse_key', key: 'demo_member_own_key' });
    const synced = await t.api('syncProfile', {
      cookie: member.cookie,
      body: { software: 'demo-crm', profile: { first_name: 'Ada', email: 'ada@example.com' }, dry_run: true },
    });
    assert.equal(synced.body.code, 'crm_reconnect');
    const me = (await t.api('getUser', { cookie: member.cookie })).body.data;
    assert.deepEqual(
      [me.connection_id, me.connection_status],
      [me.personal_connection_id, 'needs_attention'],
    );
  });
});

describe('the Demo CRM control page', () => {
  it('shows the signed-in user what the sandbox issued, and asks anyone else to log in', async () => {
    const user = await signup(t.api, { name: 'Control' });
    await connectDemoOAuth(t, user.cookie);
    const page = await t.app.inject({
      method: 'GET',
      url: '/sandbox/crm/tokens',
      headers: { cookie: user.cookie },
    });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Live access tokens of [^:]+: 1\. Refresh tokens: 1\./);
    assert.match(page.body, /Let it expire and refuse the refresh/);
    const anonymous = await t.app.inject({ method: 'GET', url: '/sandbox/crm/tokens' });
    assert.equal(anonymous.statusCode, 401);
    await pressDemoControl(t, user.cookie, { decision: 'expire_refuse' });
    const after = await t.app.inject({
      method: 'GET',
      url: '/sandbox/crm/tokens?done=refused',
      headers: { cookie: user.cookie },
    });
    assert.match(after.body, /Live access tokens of [^:]+: 0\. Refresh tokens: 0\./);
    assert.match(after.body, /role="status"/);
  });
});

describe("a real CRM's refresh", () => {
  it('posts the refresh grant, keeps the refresh token the CRM does not renew, and reads invalid_grant as a refusal', async () => {
    const software = await db()
      .selectFrom('software')
      .selectAll()
      .where('slug', '=', 'hubspot')
      .executeTakeFirstOrThrow();
    const crm = createOAuthCrm({
      crm: { hubspot: { clientId: 'id', clientSecret: 'secret' } },
      crmApiUrls: {},
    } as unknown as Config);
    const realFetch = globalThis.fetch;
    const grants: string[] = [];
    let answer: { status: number; body: object } = { status: 200, body: {} };
    globalThis.fetch = (async (_input: unknown, init?: RequestInit) => {
      grants.push(String(init?.body));
      return new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { 'content-type': 'application/json' },
      });
    }) as typeof fetch;
    try {
      answer = { status: 200, body: { access_token: 'new-at', expires_in: 1800 } };
      const tokens = await crm.refreshTokens(software, 'rt-1', { fields: {} });
      assert.equal(tokens.access_token, 'new-at');
      assert.equal(tokens.refresh_token, null);
      assert.equal(tokens.expires_in, 1800);
      assert.match(
        grants[0]!,
        /grant_type=refresh_token&refresh_token=rt-1&client_id=id&client_secret=secret/,
      );

      answer = { status: 400, body: { error: 'invalid_grant' } };
      await assert.rejects(crm.refreshTokens(software, 'rt-1', { fields: {} }), CrmAccessRefused);
      answer = { status: 401, body: {} };
      await assert.rejects(crm.refreshTokens(software, 'rt-1', { fields: {} }), CrmAccessRefused);
      answer = { status: 503, body: {} };
      await assert.rejects(crm.refreshTokens(software, 'rt-1', { fields: {} }), /answered an error \(503\)/);
    } finally {
      globalThis.fetch = realFetch;
    }
  });
});
