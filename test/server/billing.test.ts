/** billing: checkout, buy-more-seats, billing-portal, /org-subscription, and the sandbox pages. */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import { PUBLIC_URL, postForm, useTestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { assertSeatsMatchProvider, setPurchasedSeats } from './helpers/seats.js';

const t = useTestApp();
// docs/decisions/0002-seat-sync-policy.md: whatever a test did, the sandbox provider bills exactly the purchased seats.
afterEach(() => assertSeatsMatchProvider(t));
let admin: TestUser;
let member: TestUser;
let otherAdmin: TestUser;

before(async () => {
  admin = await signup(t.api);
  member = await invitedMember(t, admin);
  otherAdmin = await signup(t.api);
});

/** Opens a sandbox page as the user and submits one of its forms. */
async function page(url: string, cookie: string) {
  const path = url.replace(PUBLIC_URL, '');
  return t.app.inject({ method: 'GET', url: path, headers: { cookie, accept: 'text/html' } });
}
function submit(path: string, cookie: string, form: Record<string, string> = {}) {
  return postForm(t, path, form, { cookie });
}
const me = async (user: TestUser) => (await t.api('getUser', { cookie: user.cookie })).body.data;

describe('checkout', () => {
  let buyer: TestUser;
  before(async () => {
    buyer = await signup(t.api);
  });

  it('returns the sandbox checkout page, which shows items, coupon and total', async () => {
    const res = await t.api('checkout', {
      cookie: buyer.cookie,
      body: {
        items: [{ price_id: 'price_standard_yearly', quantity: 1 }],
        standard_seats: 0,
        pro_seats: 0,
        coupon_code: 'LAUNCH30',
        request_url: `${PUBLIC_URL}/pricing`,
      },
    });
    assert.equal(res.status, 200);
    assert.match(res.body.url, new RegExp(`^${PUBLIC_URL}/sandbox/checkout/cs_`));
    const html = (await page(res.body.url, buyer.cookie)).body;
    assert.match(html, /Standard plan \(yearly\)/);
    assert.match(html, /Coupon LAUNCH30: −\$93\.60/);
    assert.match(html, /Total due today: \$218\.40/);
    // Someone else cannot see or pay it.
    assert.equal((await page(res.body.url, otherAdmin.cookie)).statusCode, 404);
  });

  it('Pay applies the plan and redirects to /dashboard/billing/success', async () => {
    const { body } = await t.api('checkout', {
      cookie: buyer.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }] },
    });
    const path = new URL(body.url).pathname;
    const paid = await submit(`${path}/pay`, buyer.cookie);
    assert.equal(paid.statusCode, 303);
    assert.equal(paid.headers.location, '/dashboard/billing/success');
    const user = await me(buyer);
    assert.equal(user.subscription.stripe_product, 'Pro');
    assert.equal(user.subscription.stripe_interval, 'monthly');
    assert.equal(user.subscription.stripe_status, 'active');
    assert.equal(user.subscription.payment_method, 'Visa .... 4242');
    assert.ok(user.subscription.next_payment_date > Date.now() / 1000 + 27 * 86400);
    assert.equal(user.credits, 1000);
    // Paying twice changes nothing more.
    assert.equal((await submit(`${path}/pay`, buyer.cookie)).statusCode, 303);
    const items = await t.api('getOrgSubscription', {
      cookie: buyer.cookie,
      query: { id: user.subscription.stripe_subscription_id },
    });
    assert.equal(items.status, 200);
    assert.deepEqual(
      items.body.items.map((i: { unitAmount: number; quantity: number }) => [i.unitAmount, i.quantity]),
      [[7900, 1]],
    );
  });

  it('refuses a second plan checkout while the plan is paid (409, change it in the portal), allows one after cancelling', async () => {
    // The buyer paid for Pro in the test before.
    const body = { items: [{ price_id: 'price_standard_yearly', quantity: 1 }] };
    const sessions = () =>
      t.app.services.db
        .selectFrom('checkout_sessions')
        .select('id')
        .where('user_id', '=', Number(buyer.id))
        .execute();
    const opened = (await sessions()).length;
    const refused = await t.api('checkout', { cookie: buyer.cookie, body });
    assert.equal(refused.status, 409);
    assert.equal(
      refused.body.message,
      'You already have an active subscription: change your plan in the billing portal (Manage Subscription on the billing page) instead of buying a second one.',
    );
    assert.equal((await sessions()).length, opened, 'no checkout was opened');
    assert.equal((await me(buyer)).subscription.stripe_product, 'Pro');

    assert.equal((await submit('/sandbox/billing/portal/cancel', buyer.cookie)).statusCode, 303);
    const again = await t.api('checkout', { cookie: buyer.cookie, body });
    assert.equal(again.status, 200);
  });

  it('Cancel returns to the allowed request_url and applies nothing', async () => {
    const { body } = await t.api('checkout', {
      cookie: otherAdmin.cookie,
      body: {
        items: [{ price_id: 'price_standard_monthly', quantity: 1 }],
        request_url: 'https://evil.example.com/x',
      },
    });
    const cancelled = await submit(`${new URL(body.url).pathname}/cancel`, otherAdmin.cookie);
    assert.equal(cancelled.statusCode, 303);
    assert.equal(cancelled.headers.location, `${PUBLIC_URL}/dashboard/billing`);
    assert.equal((await me(otherAdmin)).subscription.stripe_product, 'Free');
    assert.equal((await submit(`${new URL(body.url).pathname}/pay`, otherAdmin.cookie)).statusCode, 410);
  });

  it('refuses unknown prices, the Free plan, and malformed items with 400', async () => {
    const call = (items: unknown) => t.api('checkout', { cookie: buyer.cookie, body: { items } });
    assert.equal((await call([{ price_id: 'price_nope', quantity: 1 }])).status, 400);
    assert.equal((await call([{ price_id: 'price_free_monthly', quantity: 1 }])).status, 400);
    assert.equal((await call([{ price_id: 'price_pro_monthly', quantity: 2 }])).status, 400);
    assert.equal((await call([])).status, 400);
  });

  it('member 403, anonymous 401', async () => {
    const body = { items: [{ price_id: 'price_pro_monthly', quantity: 1 }] };
    assert.equal((await t.api('checkout', { cookie: member.cookie, body })).status, 403);
    assert.equal((await t.api('checkout', { body })).status, 401);
  });
});

describe('buy-more-seats', () => {
  it('adds seats to the organization once paid', async () => {
    const res = await t.api('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 2, pro_seats: 1, request_url: `${PUBLIC_URL}/dashboard/billing` },
    });
    assert.equal(res.status, 200);
    const html = (await page(res.body.url, admin.cookie)).body;
    assert.match(html, /Standard seat \(yearly\)/);
    assert.match(html, /Total due today: \$1,260\.00/);
    await submit(`${new URL(res.body.url).pathname}/pay`, admin.cookie);
    const user = await me(admin);
    assert.deepEqual(user.organization.seats, { standard: 2, pro: 1 });
    assert.equal(user.subscription.stripe_product, 'Free');
    const items = await t.api('getOrgSubscription', {
      cookie: admin.cookie,
      query: { id: user.subscription.stripe_subscription_id },
    });
    assert.deepEqual(
      items.body.items.map((i: { unitAmount: number; quantity: number }) => [i.unitAmount, i.quantity]),
      [
        [31200, 2],
        [63600, 1],
      ],
    );
    // A member of the organization may read it; another organization may not.
    const asMember = await t.api('getOrgSubscription', {
      cookie: member.cookie,
      query: { id: user.subscription.stripe_subscription_id },
    });
    assert.equal(asMember.status, 200);
    const asOther = await t.api('getOrgSubscription', {
      cookie: otherAdmin.cookie,
      query: { id: user.subscription.stripe_subscription_id },
    });
    assert.equal(asOther.status, 404);
    assert.equal(
      (await t.api('getOrgSubscription', { query: { id: user.subscription.stripe_subscription_id } })).status,
      401,
    );
    assert.equal((await t.api('getOrgSubscription', { cookie: admin.cookie })).status, 400);
  });

  it('a billing manager opens and pays the checkout the billing admin is billed for; a member cannot', async () => {
    const manager = await invitedMember(t, admin, { role: 'billing_manager' });
    const res = await t.api('buyMoreSeats', {
      cookie: manager.cookie,
      body: { standard_seats: 1, pro_seats: 0 },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await page(res.body.url, member.cookie)).statusCode, 404, 'not a member’s to see');
    const shown = await page(res.body.url, manager.cookie);
    assert.equal(shown.statusCode, 200, shown.body.slice(0, 300));
    const before = (await me(admin)).organization.seats.standard;
    const paid = await submit(`${new URL(res.body.url).pathname}/pay`, manager.cookie);
    assert.equal(paid.statusCode, 303, paid.body.slice(0, 300));
    assert.equal((await me(admin)).organization.seats.standard, before + 1);
    // The audit log names who bought (the manager), and whose bill it is (the billing admin).
    const audited = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'billing.seats_purchased' },
    });
    assert.equal(audited.status, 200, JSON.stringify(audited.body));
    const [entry] = audited.body.data.events;
    assert.equal(entry.actor_email, manager.email);
    assert.equal(entry.target_email, admin.email);
  });

  it('a billing manager’s plan change and cancellation in the portal are audited as theirs', async () => {
    const payer = await signup(t.api);
    const manager = await invitedMember(t, payer, { role: 'billing_manager' });
    const changed = await submit('/sandbox/billing/portal/change', manager.cookie, {
      price_id: 'price_standard_monthly',
    });
    assert.equal(changed.statusCode, 303, changed.body.slice(0, 300));
    assert.equal((await me(payer)).subscription.stripe_product, 'Standard');
    assert.equal((await submit('/sandbox/billing/portal/cancel', manager.cookie)).statusCode, 303);
    for (const type of ['billing.plan_changed', 'billing.plan_canceled']) {
      const audited = await t.api('listAuditEvents', { cookie: payer.cookie, query: { type } });
      const [entry] = audited.body.data.events;
      assert.equal(entry?.actor_email, manager.email, type);
      assert.equal(entry?.target_email, payer.email, type);
    }
  });

  it('the bought seats can be assigned', async () => {
    const res = await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: member.id, product: 'pro', role: 'member' },
    });
    assert.equal(res.status, 200);
    assert.equal((await me(member)).subscription.stripe_product, 'Pro');
  });

  it('refuses zero seats and negative counts with 400', async () => {
    assert.equal(
      (await t.api('buyMoreSeats', { cookie: admin.cookie, body: { standard_seats: 0, pro_seats: 0 } }))
        .status,
      400,
    );
    assert.equal(
      (await t.api('buyMoreSeats', { cookie: admin.cookie, body: { standard_seats: -1, pro_seats: 2 } }))
        .status,
      400,
    );
    assert.equal(
      (await t.api('buyMoreSeats', { cookie: admin.cookie, body: { standard_seats: 1.5, pro_seats: 0 } }))
        .status,
      400,
    );
  });

  it('member 403, anonymous 401', async () => {
    const body = { standard_seats: 1, pro_seats: 0 };
    assert.equal((await t.api('buyMoreSeats', { cookie: member.cookie, body })).status, 403);
    assert.equal((await t.api('buyMoreSeats', { body })).status, 401);
  });
});

describe('billing-portal', () => {
  it('answers the sandbox portal to the billing admin', async () => {
    const res = await t.api('billingPortal', { cookie: admin.cookie });
    assert.equal(res.status, 200);
    assert.ok(res.body.data.url.startsWith(`${PUBLIC_URL}/sandbox/billing/portal?`));
    const html = (await page(res.body.data.url, admin.cookie)).body;
    assert.match(html, /Change plan/);
    assert.match(html, /Cancel subscription/);
  });

  it('member 403, anonymous 401, non-billing admin 403', async () => {
    assert.equal((await t.api('billingPortal', { cookie: member.cookie })).status, 403);
    assert.equal((await t.api('billingPortal')).status, 401);
    const coAdmin = await invitedMember(t, admin, { role: 'admin' });
    assert.equal((await t.api('billingPortal', { cookie: coAdmin.cookie })).status, 403);
  });

  it('portal: change plan, update payment method, cancel', async () => {
    const user = await signup(t.api);
    const change = await submit('/sandbox/billing/portal/change', user.cookie, {
      price_id: 'price_standard_yearly',
    });
    assert.equal(change.statusCode, 303);
    let now = await me(user);
    assert.equal(now.subscription.stripe_product, 'Standard');
    assert.equal(now.subscription.stripe_interval, 'yearly');
    await submit('/sandbox/billing/portal/payment-method', user.cookie, {
      payment_method: 'Mastercard .... 4444',
    });
    assert.equal((await me(user)).subscription.payment_method, 'Mastercard .... 4444');
    await submit('/sandbox/billing/portal/cancel', user.cookie);
    now = await me(user);
    assert.equal(now.subscription.stripe_product, 'Free');
    assert.equal(now.subscription.stripe_status, 'canceled');
  });

  it('portal forms need an allowed Origin', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/sandbox/billing/portal/cancel',
      headers: {
        cookie: admin.cookie,
        origin: 'https://evil.example.com',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    assert.equal(res.statusCode, 403);
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/sandbox/billing/portal/cancel',
      headers: { cookie: admin.cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(noOrigin.statusCode, 403);
  });
});

describe('sandbox billing portal follows the billing-admin rule of the API', () => {
  let payer: TestUser;
  let payersMember: TestUser;
  let coAdmin: TestUser;

  const form = (path: string, who: TestUser, fields: Record<string, string> = {}) =>
    postForm(t, `/sandbox/billing/portal${path}`, fields, { cookie: who.cookie });

  const state = async () => {
    const { db } = t.app.services;
    const row = await db
      .selectFrom('users')
      .select(['stripe_product', 'stripe_status', 'payment_method', 'organization_id'])
      .where('id', '=', Number(payer.id))
      .executeTakeFirstOrThrow();
    const org = await db
      .selectFrom('organizations')
      .select(['seats_standard', 'seats_pro'])
      .where('id', '=', row.organization_id!)
      .executeTakeFirstOrThrow();
    return { ...row, ...org };
  };

  before(async () => {
    payer = await signup(t.api, { name: 'Payer' });
    payersMember = await invitedMember(t, payer, { role: 'member' });
    coAdmin = await invitedMember(t, payer, { role: 'admin' });
    const { db } = t.app.services;
    await db
      .updateTable('users')
      .set({
        stripe_product: 'pro',
        stripe_status: 'active',
        stripe_interval: 'yearly',
        payment_method: 'Visa .... 4242',
      })
      .where('id', '=', Number(payer.id))
      .execute();
    const { organization_id } = await db
      .selectFrom('users')
      .select('organization_id')
      .where('id', '=', Number(payer.id))
      .executeTakeFirstOrThrow();
    await setPurchasedSeats(t, organization_id!, { standard: 3, pro: 2 });
  });

  it('refuses cancel, change and payment-method to a member and to an admin who is not the billing admin', async () => {
    const before = await state();
    const priceId = 'price_standard_monthly';
    for (const who of [payersMember, coAdmin]) {
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
    const res = await form('/payment-method', payer, { payment_method: 'Amex .... 8431' });
    assert.equal(res.statusCode, 303);
    assert.equal((await state()).payment_method, 'Amex .... 8431');
    assert.equal((await form('/cancel', payer)).statusCode, 303);
    assert.equal((await state()).stripe_status, 'canceled');
  });
});
