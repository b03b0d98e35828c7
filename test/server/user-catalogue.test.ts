/** user (get-user, set-settings, set-user-boolean) and catalogue (software, pricing, coupon). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { PUBLIC_URL, startTestApp, type TestApp } from './helpers/app.js';
import { signup, type TestUser } from './helpers/users.js';

let t: TestApp;
let user: TestUser;
before(async () => {
  t = await startTestApp();
  user = await signup(t.api);
});
after(async () => {
  await t.close();
});

describe('get-user', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await t.api('getUser');
    assert.equal(res.status, 401);
    assert.equal(res.body.error, true);
  });
  it('answers the user with join_timestamp in seconds and no connection', async () => {
    const res = await t.api('getUser', { cookie: user.cookie });
    assert.equal(res.status, 200);
    const now = Math.floor(Date.now() / 1000);
    assert.ok(Math.abs(res.body.data.join_timestamp - now) < 120);
    assert.equal(res.body.data.personal_connection_id, null);
    assert.equal(res.body.data.connection_id, null);
    assert.equal(res.headers['cache-control'], 'no-store');
  });
});

describe('set-settings', () => {
  it('updates the name', async () => {
    const res = await t.api('setSettings', { cookie: user.cookie, body: { name: '  New Name ' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, 'Profile updated successfully!');
    assert.equal(res.body.data.name, 'New Name');
  });
  it('refuses a blank name, unknown fields (email cannot change) and anonymous callers', async () => {
    assert.equal((await t.api('setSettings', { cookie: user.cookie, body: { name: '   ' } })).status, 400);
    assert.equal(
      (await t.api('setSettings', { cookie: user.cookie, body: { name: 'x', email: 'a@b.co' } })).status,
      400,
    );
    assert.equal((await t.api('setSettings', { body: { name: 'x' } })).status, 401);
  });
});

describe('set-user-boolean', () => {
  it('sets has_onboarded and has_installed', async () => {
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_onboarded', value: true } }))
        .status,
      200,
    );
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_installed', value: true } }))
        .status,
      200,
    );
    let me = (await t.api('getUser', { cookie: user.cookie })).body.data;
    assert.equal(me.has_onboarded, true);
    assert.equal(me.has_installed, true);
    await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_installed', value: false } });
    me = (await t.api('getUser', { cookie: user.cookie })).body.data;
    assert.equal(me.has_installed, false);
  });
  it('answers 400 for any other key or a non-boolean value, 401 when anonymous', async () => {
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'role', value: true } })).status,
      400,
    );
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_installed', value: 'yes' } }))
        .status,
      400,
    );
    assert.equal(
      (await t.api('setUserBoolean', { body: { key: 'has_installed', value: false } })).status,
      401,
    );
  });
});

describe('get-software and get-software-options', () => {
  it('answers a CRM record with resolved OAuth settings', async () => {
    const res = await t.api('getSoftware', { query: { software: 'demo-crm' } });
    assert.equal(res.status, 200);
    const crm = res.body.data;
    assert.equal(crm.software, 'Demo CRM');
    assert.equal(crm.auth_options, 'either');
    assert.equal(crm.api_key_1, 'api_key_1');
    assert.equal(crm.api_key_1_placeholder, 'demo_...');
    assert.equal(crm.api_key_2, null);
    assert.equal(crm.oauth_redirect_uri, `${PUBLIC_URL}/callback`);
    assert.ok(crm.oauth_auth_url.startsWith(`${PUBLIC_URL}/sandbox/crm/authorize?`));
    assert.ok(crm.oauth_auth_url.includes('{client_id}') && crm.oauth_auth_url.includes('{redirect_uri}'));
  });
  it('shows Zoho pre-connect field, Copper two keys, and no client id for an unconfigured CRM', async () => {
    const zoho = (await t.api('getSoftware', { query: { software: 'zoho' } })).body.data;
    assert.equal(zoho.preconnect_fields[0].id, 'data_centre');
    assert.equal(zoho.oauth_client_id, null);
    const copper = (await t.api('getSoftware', { query: { software: 'copper' } })).body.data;
    assert.equal(copper.api_key_2_label, 'User email');
    assert.equal(copper.oauth_auth_url, null);
  });
  it('answers 404 for an unknown slug and 400 for a malformed or missing one', async () => {
    const missing = await t.api('getSoftware', { query: { software: 'nope' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.message, 'Software not found');
    assert.equal((await t.api('getSoftware', { query: { software: 'Bad Slug!' } })).status, 400);
    assert.equal((await t.api('getSoftware')).status, 400);
  });
  it('lists the seven CRMs by display name', async () => {
    const res = await t.api('getSoftwareOptions');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.map((s: { slug: string }) => s.slug),
      ['close', 'copper', 'demo-crm', 'hubspot', 'pipedrive', 'salesforce', 'zoho'],
    );
  });
});

describe('get-pricing', () => {
  it('answers monthly and yearly prices of DESIGN.md', async () => {
    const monthly = (await t.api('getPricing', { query: { schedule: 'monthly' } })).body.data;
    const yearly = (await t.api('getPricing', { query: { schedule: 'yearly' } })).body.data;
    assert.deepEqual([monthly.free.price, monthly.standard.price, monthly.pro.price], [0, 3900, 7900]);
    assert.deepEqual([yearly.free.price, yearly.standard.price, yearly.pro.price], [0, 31200, 63600]);
    assert.equal(yearly.standard.monthly_price_id, 'price_standard_monthly');
    assert.equal(yearly.pro.metadata.account_manager, true);
    assert.equal(yearly.standard.metadata.credits, 250);
    assert.equal(yearly.free.metadata.support, 'Email');
  });
  it('answers 400 for another schedule', async () => {
    assert.equal((await t.api('getPricing', { query: { schedule: 'weekly' } })).status, 400);
  });
});

describe('get-coupon', () => {
  it('answers LAUNCH30 in any case, valid for 7 days from database creation', async () => {
    const res = await t.api('getCoupon', { query: { coupon: 'launch30' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.percent_off, 30);
    assert.equal(res.body.data.duration, 'once');
    const days = (res.body.data.redeem_by - Date.now() / 1000) / 86400;
    assert.ok(days > 6.9 && days <= 7, String(days));
  });
  it('answers null for an empty, unknown or expired code', async () => {
    assert.equal((await t.api('getCoupon', { query: { coupon: '' } })).body.data, null);
    assert.equal((await t.api('getCoupon')).body.data, null);
    assert.equal((await t.api('getCoupon', { query: { coupon: 'NOPE' } })).body.data, null);
    await t.app.services.db
      .insertInto('coupons')
      .values({
        code: 'OLD',
        name: 'Old',
        percent_off: 10,
        duration: 'once',
        redeem_by: new Date(Date.now() - 1000),
      })
      .execute();
    assert.equal((await t.api('getCoupon', { query: { coupon: 'OLD' } })).body.data, null);
  });
});
