/** The public catalogue: CRMs (get-software, get-software-options), pricing and coupons. */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import { PUBLIC_URL, useTestApp } from './helpers/app.js';

const t = useTestApp();

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
