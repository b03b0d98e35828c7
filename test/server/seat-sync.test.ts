/**
 * Seats in step with the payment provider (docs/product.md#seats-and-the-payment-provider): the sandbox's subscription items follow every
 * seat purchase and cancellation; the Stripe adapter (against a fake Stripe server) changes quantities
 * with its proration policy, re-reads the subscription, handles each webhook event once and skips late
 * ones; the reconciliation reports drift and fixes it from the provider's side.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import Stripe from 'stripe';
import { driftReport, seatDrift, type SeatBooks } from '../../src/server/domain/billing/seat-drift.js';
import { completeCheckout } from '../../src/server/domain/billing/paid-checkout.js';
import { runReconcileCommand } from '../../src/server/domain/billing/reconcile.js';
import { addSeatsInPlace } from '../../src/server/domain/billing/seat-purchase.js';
import { cancelReplacedSubscriptions } from '../../src/server/domain/billing/one-subscription.js';
import { upstreamFailed } from '../../src/server/domain/errors.js';
import { applyPaidCheckout } from '../../src/server/domain/billing/paid-checkout.js';
import { assignedSeats } from '../../src/shared/seats.js';
import { createScratchDatabase, mailToken, postForm, useTestApp } from './helpers/app.js';
import { checkoutCompletedEvent, lastCheckoutId, useStripeTestApp } from './helpers/fake-stripe.js';
import { assertSeatsMatchProvider } from './helpers/seats.js';
import { invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { message } from '../../src/contract/messages.js';

describe('seatDrift (the pure comparison)', () => {
  const org = (over: Partial<SeatBooks>): SeatBooks => ({
    organizationId: 7,
    name: 'Acme',
    subscriptionId: 'sub_1',
    purchased: { standard: 3, pro: 1 },
    assigned: { standard: 2, pro: 1 },
    provider: { standard: 3, pro: 1 },
    ...over,
  });

  it('finds no drift when both sides agree', () => {
    assert.deepEqual(seatDrift([org({})]), []);
    assert.equal(driftReport([], false), 'Seats are in step with the payment provider: no drift.');
  });

  it('reports every product that differs, and a subscription the provider does not have as 0 seats', () => {
    const drift = seatDrift([
      org({ provider: { standard: 5, pro: 0 } }),
      org({ organizationId: 8, name: 'Bee', provider: undefined, purchased: { standard: 0, pro: 2 } }),
    ]);
    assert.deepEqual(
      drift.map((d) => [d.organizationId, d.product, d.ours, d.provider]),
      [
        [7, 'standard', 3, 5],
        [7, 'pro', 1, 0],
        [8, 'pro', 2, 0],
      ],
    );
  });

  it('the report names both sides, warns when members hold more seats than the provider bills, and says what --fix did', () => {
    const drift = seatDrift([org({ provider: { standard: 1, pro: 1 } })]);
    const report = driftReport(drift, false);
    assert.match(
      report,
      /Organization 7 \(Acme\), standard: 3 purchased here, 1 at the provider \(subscription sub_1\)/,
    );
    assert.match(report, /2 assigned: 1 more than the provider bills/);
    assert.match(report, /1 drift\(s\)\. Run with --fix/);
    assert.match(driftReport(drift, true), /-> set to 1\nFixed 1 drift\(s\)/);
  });
});

describe('the sandbox provider', () => {
  const t = useTestApp();
  afterEach(() => assertSeatsMatchProvider(t));

  const pay = async (buyer: TestUser, url: string) => {
    const res = await postForm(t, `${new URL(url).pathname}/pay`, {}, { cookie: buyer.cookie });
    assert.equal(res.statusCode, 303);
  };
  const orgOf = async (user: TestUser) =>
    (await t.api('getUser', { cookie: user.cookie })).body.data.organization;
  const sandboxItems = async (subscriptionId: string) =>
    Object.fromEntries(
      (
        await t.app.services.db
          .selectFrom('sandbox_subscription_items')
          .select(['product', 'quantity'])
          .where('subscription_id', '=', subscriptionId)
          .execute()
      ).map((row) => [row.product, row.quantity]),
    );
  const subscriptionOf = async (user: TestUser) =>
    (await t.app.services.repos.users.findById(Number(user.id)))!.stripe_subscription_id!;

  /** A new admin with a member, whose organization bought these seats in the sandbox checkout. */
  const teamWithSeats = async (seats: { standard: number; pro: number }) => {
    const buyer = await signup(t.api);
    await invitedMember(t, buyer);
    const bought = await t.api('buyMoreSeats', {
      cookie: buyer.cookie,
      body: { standard_seats: seats.standard, pro_seats: seats.pro },
    });
    await pay(buyer, bought.body.url);
    return buyer;
  };

  let admin: TestUser;
  before(async () => {
    admin = await signup(t.api, { name: 'Seller' });
    await invitedMember(t, admin);
  });

  it('keeps one item per product whose quantity follows each seat purchase', async () => {
    const first = await t.api('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 2, pro_seats: 1 },
    });
    await pay(admin, first.body.url);
    assert.deepEqual(await sandboxItems(await subscriptionOf(admin)), { standard: 2, pro: 1 });
    const second = await t.api('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 1, pro_seats: 0 },
    });
    await pay(admin, second.body.url);
    assert.deepEqual((await orgOf(admin)).seats, { standard: 3, pro: 1 });
    assert.deepEqual(await sandboxItems(await subscriptionOf(admin)), { standard: 3, pro: 1 });
  });

  it('seat purchases paid at the same moment leave the provider with the sum of all of them', async () => {
    const buyer = await signup(t.api);
    await invitedMember(t, buyer);
    const urls: string[] = [];
    for (let i = 0; i < 8; i += 1) {
      const res = await t.api('buyMoreSeats', {
        cookie: buyer.cookie,
        body: { standard_seats: 1, pro_seats: i % 2 },
      });
      urls.push(res.body.url);
    }
    await Promise.all(urls.map((url) => pay(buyer, url)));
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 8, pro: 4 });
    assert.deepEqual(await sandboxItems(await subscriptionOf(buyer)), { standard: 8, pro: 4 });
  });

  it('seats added in place at the same moment (2 and 3) both count, at the provider and here', async () => {
    const buyer = await teamWithSeats({ standard: 1, pro: 1 });
    const user = (await t.app.services.repos.users.findById(Number(buyer.id)))!;
    const subscriptionId = user.stripe_subscription_id!;
    // The sandbox takes seat purchases through its checkout page; the in-place path (Stripe's) is the
    // same code whatever the provider, so it is driven here directly against the sandbox's subscription.
    await Promise.all([
      addSeatsInPlace(t.app.services, user, subscriptionId, { standard: 2, pro: 0 }, null),
      addSeatsInPlace(t.app.services, user, subscriptionId, { standard: 3, pro: 0 }, null),
    ]);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 6, pro: 1 });
    assert.deepEqual(await sandboxItems(subscriptionId), { standard: 6, pro: 1 });
  });

  it('a payment for an account billed on two subscriptions keeps the organization one and ends the other', async () => {
    const buyer = await teamWithSeats({ standard: 2, pro: 0 });
    const { repos, billing } = t.app.services;
    const userId = Number(buyer.id);
    const organizationOne = await subscriptionOf(buyer);
    // A subscription of the buyer's own besides the organization's (say, a plan paid before they became
    // its billing admin): both bill.
    const own = 'sub_sandbox_own_plan';
    await billing.setQuantities(own, { standard: 1, pro: 0 }, 'yearly');
    await repos.billing.saveSubscription({
      id: own,
      user_id: userId,
      organization_id: null,
      interval: 'yearly',
      status: 'active',
      items: [],
    });
    await repos.users.update(userId, { stripe_subscription_id: own });

    const second = await t.api('buyMoreSeats', {
      cookie: buyer.cookie,
      body: { standard_seats: 1, pro_seats: 0 },
    });
    await pay(buyer, second.body.url);
    assert.equal(await subscriptionOf(buyer), organizationOne);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 3, pro: 0 });
    assert.deepEqual(await sandboxItems(organizationOne), { standard: 3, pro: 0 });
    assert.deepEqual(await sandboxItems(own), { standard: 0, pro: 0 }, 'the other one bills nothing');
    assert.equal((await repos.billing.findSubscription(own))!.status, 'canceled');
  });

  it('a declined in-place purchase racing an assignment: unpaid seats never exist, so none is over-assigned', async () => {
    const buyer = await signup(t.api);
    const first = await invitedMember(t, buyer);
    const second = await invitedMember(t, buyer);
    const bought = await t.api('buyMoreSeats', {
      cookie: buyer.cookie,
      body: { standard_seats: 1, pro_seats: 0 },
    });
    await pay(buyer, bought.body.url);
    const assign = async (member: TestUser) =>
      (
        await t.api('setUserProduct', {
          cookie: buyer.cookie,
          body: { user_id: member.id, product: 'standard', role: 'member' },
        })
      ).status;
    assert.equal(await assign(first), 200, 'the one purchased seat is taken');
    const { services } = t.app;
    const user = (await services.repos.users.findById(Number(buyer.id)))!;
    const subscriptionId = user.stripe_subscription_id!;
    // The provider declines the payment; while it is being asked, an admin assigns a seat.
    let assignedMeanwhile: number | undefined;
    const declining = {
      ...services,
      billing: {
        ...services.billing,
        async setQuantities() {
          assignedMeanwhile ??= await assign(second);
          throw upstreamFailed(message('stripe_seats_failed'));
        },
      },
    };
    await assert.rejects(
      addSeatsInPlace(declining, user, subscriptionId, { standard: 2, pro: 0 }, null),
      /declined/,
    );
    assert.equal(assignedMeanwhile, 409, 'the seats being paid for were not there to assign');
    const org = await orgOf(buyer);
    assert.deepEqual(org.seats, { standard: 1, pro: 0 });
    assert.deepEqual(assignedSeats(await services.repos.users.productsOf(Number(org.id))), {
      standard: 1,
      pro: 0,
    });
    assert.deepEqual(await sandboxItems(subscriptionId), { standard: 1, pro: 0 });

    // Accepted, the seats are there at once, and assignable.
    await addSeatsInPlace(services, user, subscriptionId, { standard: 1, pro: 0 }, null);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 2, pro: 0 });
    assert.deepEqual(await sandboxItems(subscriptionId), { standard: 2, pro: 0 });
    assert.equal(await assign(second), 200);
  });

  it('an in-place purchase the provider accepted but the database did not record: reconcile:seats --fix gives the paid seats', async () => {
    const buyer = await teamWithSeats({ standard: 1, pro: 0 });
    const { services } = t.app;
    const user = (await services.repos.users.findById(Number(buyer.id)))!;
    const subscriptionId = user.stripe_subscription_id!;
    // The database goes away right after the provider accepted the payment.
    let accepted = false;
    const outage = {
      ...services,
      billing: {
        ...services.billing,
        async setQuantities(...args: Parameters<typeof services.billing.setQuantities>) {
          const answered = await services.billing.setQuantities(...args);
          accepted = true;
          return answered;
        },
      },
      repos: {
        ...services.repos,
        transaction: <T>(work: Parameters<typeof services.repos.transaction<T>>[0]) => {
          if (accepted) throw new Error('Connection terminated unexpectedly');
          return services.repos.transaction(work);
        },
      },
    };
    await assert.rejects(
      addSeatsInPlace(outage, user, subscriptionId, { standard: 2, pro: 0 }, null),
      /Connection terminated/,
    );
    assert.deepEqual(await sandboxItems(subscriptionId), { standard: 3, pro: 0 }, 'paid at the provider');
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 1, pro: 0 }, 'not recorded here');
    assert.equal(await runReconcileCommand(services, ['--fix'], () => undefined), 0);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 3, pro: 0 });
  });

  for (const order of ['older first', 'newer first'] as const) {
    it(`two checkouts paid from two tabs, payments applied ${order}: the newest stays, the older is cancelled at the provider`, async () => {
      const buyer = await signup(t.api);
      await invitedMember(t, buyer);
      const { services } = t.app;
      const open = async (priceId: string) => {
        const res = await t.api('checkout', {
          cookie: buyer.cookie,
          body: { items: [{ price_id: priceId, quantity: 1 }] },
        });
        assert.equal(res.status, 200);
        return new URL(res.body.url).pathname.split('/').pop()!;
      };
      const older = await open('price_standard_yearly');
      const newer = await open('price_pro_yearly');
      await services.db
        .updateTable('checkout_sessions')
        .set({ created_at: new Date(Date.now() - 60_000) })
        .where('id', '=', older)
        .execute();
      // Each payment started a subscription of its own at the provider (as Stripe Checkout does), billing
      // what it sold; its webhook names it.
      const subscriptionOfCheckout = {
        [older]: `sub_sandbox_older_${buyer.id}`,
        [newer]: `sub_sandbox_newer_${buyer.id}`,
      };
      await services.billing.setQuantities(subscriptionOfCheckout[older]!, { standard: 1, pro: 0 }, 'yearly');
      await services.billing.setQuantities(subscriptionOfCheckout[newer]!, { standard: 0, pro: 1 }, 'yearly');
      const apply = (checkoutId: string) =>
        completeCheckout(services, checkoutId, { subscriptionId: subscriptionOfCheckout[checkoutId] });
      for (const checkoutId of order === 'older first' ? [older, newer] : [newer, older]) {
        await apply(checkoutId);
      }
      await apply(older); // a repeated delivery changes nothing

      const me = (await t.api('getUser', { cookie: buyer.cookie })).body.data;
      assert.equal(me.subscription.stripe_subscription_id, subscriptionOfCheckout[newer]);
      assert.equal(me.subscription.stripe_product, 'Pro');
      assert.deepEqual(me.organization.seats, { standard: 0, pro: 1 });
      assert.deepEqual(await sandboxItems(subscriptionOfCheckout[newer]!), { standard: 0, pro: 1 });
      assert.deepEqual(await sandboxItems(subscriptionOfCheckout[older]!), { standard: 0, pro: 0 });
      const statuses = async (table: 'subscriptions' | 'checkout_sessions', ids: string[]) =>
        Object.fromEntries(
          (await services.db.selectFrom(table).select(['id', 'status']).where('id', 'in', ids).execute()).map(
            (row) => [row.id, row.status],
          ),
        );
      assert.deepEqual(await statuses('subscriptions', Object.values(subscriptionOfCheckout)), {
        [subscriptionOfCheckout[older]!]: 'canceled',
        [subscriptionOfCheckout[newer]!]: 'active',
      });
      assert.deepEqual(await statuses('checkout_sessions', [older, newer]), {
        [older]: 'paid',
        [newer]: 'paid',
      });
    });
  }

  it('a plan checkout with seats bills the plan and the seats of its product as one item', async () => {
    const buyer = await signup(t.api);
    const res = await t.api('checkout', {
      cookie: buyer.cookie,
      body: { items: [{ price_id: 'price_pro_yearly', quantity: 1 }], standard_seats: 1, pro_seats: 2 },
    });
    await pay(buyer, res.body.url);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 1, pro: 3 });
    assert.deepEqual(await sandboxItems(await subscriptionOf(buyer)), { standard: 1, pro: 3 });
  });

  it('cancelling the plan in the portal lowers the quantity of its seat', async () => {
    const buyer = await signup(t.api);
    const res = await t.api('checkout', {
      cookie: buyer.cookie,
      body: { items: [{ price_id: 'price_standard_yearly', quantity: 1 }], standard_seats: 2, pro_seats: 0 },
    });
    await pay(buyer, res.body.url);
    const cancel = await postForm(t, '/sandbox/billing/portal/cancel', {}, { cookie: buyer.cookie });
    assert.equal(cancel.statusCode, 303);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 2, pro: 0 });
    assert.deepEqual(await sandboxItems(await subscriptionOf(buyer)), { standard: 2, pro: 0 });
  });

  it('the portal lowers purchased seats through the provider, never below what members hold', async () => {
    const buyer = await signup(t.api);
    const member = await invitedMember(t, buyer);
    const bought = await t.api('buyMoreSeats', {
      cookie: buyer.cookie,
      body: { standard_seats: 3, pro_seats: 1 },
    });
    await pay(buyer, bought.body.url);
    const assigned = await t.api('setUserProduct', {
      cookie: buyer.cookie,
      body: { user_id: member.id, product: 'standard', role: 'member' },
    });
    assert.equal(assigned.status, 200);
    const seats = (who: TestUser, fields: Record<string, string>) =>
      postForm(t, '/sandbox/billing/portal/seats', fields, { cookie: who.cookie });

    const portal = await t.app.inject({
      method: 'GET',
      url: '/sandbox/billing/portal',
      headers: { cookie: buyer.cookie },
    });
    assert.match(portal.body, /<button type="submit">Reduce seats<\/button>/);
    const below = await seats(buyer, { standard: '0', pro: '1' });
    assert.equal(below.statusCode, 409);
    assert.match(
      below.body,
      /Members hold 1 Standard seats: set some of them to Free before going below that\./,
    );
    assert.equal((await seats(buyer, { standard: '5', pro: '1' })).statusCode, 400);
    assert.equal((await seats(buyer, { standard: 'two', pro: '1' })).statusCode, 400);
    assert.equal((await seats(member, { standard: '1', pro: '0' })).statusCode, 403);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 3, pro: 1 }, 'refusals change nothing');

    assert.equal((await seats(buyer, { standard: '1', pro: '0' })).statusCode, 303);
    assert.deepEqual((await orgOf(buyer)).seats, { standard: 1, pro: 0 });
    assert.deepEqual(await sandboxItems(await subscriptionOf(buyer)), { standard: 1, pro: 0 });
    const entry = await t.app.services.db
      .selectFrom('audit_events')
      .select(['actor_id', 'details'])
      .where('type', '=', 'billing.seats_changed')
      .where('organization_id', '=', Number((await orgOf(buyer)).id))
      .executeTakeFirstOrThrow();
    assert.equal(entry.actor_id, Number(buyer.id));
    assert.deepEqual(entry.details, { standard: '3 → 1', pro: '1 → 0', by: 'billing admin' });
  });

  it('pays a checkout opened before its buyer made their own organization (naming it): theirs still', async () => {
    const buyer = await signup(t.api);
    const opened = await t.api('checkout', {
      cookie: buyer.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }], pro_seats: 2 },
    });
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    assert.equal(
      (await t.api('renameOrganization', { cookie: buyer.cookie, body: { name: 'Acme' } })).status,
      200,
    );
    await pay(buyer, opened.body.url);
    const me = (await t.api('getUser', { cookie: buyer.cookie })).body.data;
    assert.equal(me.subscription.stripe_product, 'Pro');
    assert.equal(me.organization.name, 'Acme');
    assert.deepEqual(me.organization.seats, { standard: 0, pro: 3 });
  });

  it('refuses to pay a plan checkout opened before its buyer joined an organization: the organization is untouched', async () => {
    const admin = await teamWithSeats({ standard: 2, pro: 0 });
    const subscriptionId = await subscriptionOf(admin);
    const orgId = (await orgOf(admin)).id;
    const mallory = await signup(t.api);
    const opened = await t.api('checkout', {
      cookie: mallory.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }], pro_seats: 3 },
    });
    assert.equal(opened.status, 200, JSON.stringify(opened.body));
    assert.equal(
      (await t.api('inviteUser', { cookie: admin.cookie, body: { email: mallory.email } })).status,
      200,
    );
    const joined = await t.api('acceptInvite', {
      cookie: mallory.cookie,
      query: { token: await mailToken(t, mallory.email), join: 'true' },
    });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));

    const paid = await postForm(
      t,
      `${new URL(opened.body.url).pathname}/pay`,
      {},
      { cookie: mallory.cookie },
    );
    assert.notEqual(paid.statusCode, 303);
    assert.match(paid.body, /opened before you joined or left an organization/);
    assert.equal((await orgOf(admin)).id, orgId);
    assert.deepEqual((await orgOf(admin)).seats, { standard: 2, pro: 0 });
    assert.deepEqual(await sandboxItems(subscriptionId), { standard: 2, pro: 0 });
    const me = (await t.api('getUser', { cookie: mallory.cookie })).body.data;
    assert.equal(me.subscription.stripe_product, 'Free');
  });

  it('reconcile:seats reports injected drift (exit 1), --fix makes purchased seats follow the provider (exit 0)', async () => {
    const { db } = t.app.services;
    const orgId = Number((await orgOf(admin)).id);
    const subscriptionId = await subscriptionOf(admin);
    // Drift on both sides: the provider lost a Pro seat, and our side gained Standard seats.
    await db
      .updateTable('sandbox_subscription_items')
      .set({ quantity: 0 })
      .where('subscription_id', '=', subscriptionId)
      .where('product', '=', 'pro')
      .execute();
    await db.updateTable('organizations').set({ seats_standard: 9 }).where('id', '=', orgId).execute();

    const lines: string[] = [];
    assert.equal(await runReconcileCommand(t.app.services, [], (line) => lines.push(line)), 1);
    const report = lines.join('\n');
    assert.match(
      report,
      new RegExp(
        `Organization ${orgId} \\(Seller's organization\\), standard: 9 purchased here, 3 at the provider`,
      ),
    );
    assert.match(
      report,
      new RegExp(
        `Organization ${orgId} \\(Seller's organization\\), pro: 1 purchased here, 0 at the provider`,
      ),
    );
    assert.match(report, /2 drift\(s\)\. Run with --fix/);
    assert.deepEqual((await orgOf(admin)).seats, { standard: 9, pro: 1 }, 'a report changes nothing');

    lines.length = 0;
    assert.equal(await runReconcileCommand(t.app.services, ['--fix'], (line) => lines.push(line)), 0);
    assert.match(lines.join('\n'), /Fixed 2 drift\(s\)/);
    assert.deepEqual((await orgOf(admin)).seats, { standard: 3, pro: 0 });
    const record = await t.app.services.repos.billing.findSubscription(subscriptionId);
    assert.deepEqual(
      record!.items.map((item) => [item.product, item.quantity]),
      [['standard', 3]],
      '/org-subscription shows what the provider bills',
    );

    lines.length = 0;
    assert.equal(await runReconcileCommand(t.app.services, [], (line) => lines.push(line)), 0);
    assert.deepEqual(lines, ['Seats are in step with the payment provider: no drift.']);
    assert.equal(await runReconcileCommand(t.app.services, ['--fx'], (line) => lines.push(line)), 2);
    assert.match(lines.at(-1)!, /Unknown argument --fx/);
  });
});

describe('npm run reconcile:seats', () => {
  it('runs on the configured database and prints its report', async () => {
    const base = process.env.DATABASE_URL;
    const scratch = base ? await createScratchDatabase(base) : undefined;
    const dataDir = mkdtempSync(join(tmpdir(), 'reconcile-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/reconcile-seats.ts'], {
        env: {
          ...process.env,
          PUBLIC_URL: 'http://localhost:3000',
          DATA_DIR: dataDir,
          ...(scratch ? { DATABASE_URL: scratch.url } : {}),
        },
        encoding: 'utf8',
        timeout: 120_000,
      });
      assert.equal(run.status, 0, run.stderr);
      assert.match(run.stdout, /Seats are in step with the payment provider: no drift\./);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  });
});

describe('the Stripe adapter (a fake Stripe server)', () => {
  const secret = 'whsec_test_secret';
  const signer = new Stripe('sk_test_dummy');
  const stripeApp = useStripeTestApp(secret);

  /** An organization paying monthly through subscriptionId for these seats, as Stripe has them. */
  async function payingOrganization(subscriptionId: string, seats: { standard: number; pro: number }) {
    const admin = await signup(stripeApp.s.api);
    await invitedMember(stripeApp.s, admin);
    const { repos } = stripeApp.s.app.services;
    const user = (await repos.users.findById(Number(admin.id)))!;
    await repos.users.update(user.id, { stripe_subscription_id: subscriptionId, stripe_interval: 'monthly' });
    await repos.organizations.setSeats(user.organization_id!, { ...seats, subscriptionId });
    await repos.billing.saveSubscription({
      id: subscriptionId,
      user_id: user.id,
      organization_id: user.organization_id,
      interval: 'monthly',
      status: 'active',
      items: [],
    });
    stripeApp.fake.subscriptions.set(subscriptionId, {
      id: subscriptionId,
      status: 'active',
      items: [
        { id: `si_${subscriptionId}_s`, price: 'price_standard_monthly', quantity: seats.standard },
        { id: `si_${subscriptionId}_p`, price: 'price_pro_monthly', quantity: seats.pro },
      ],
    });
    return { admin, orgId: user.organization_id! };
  }
  const seatsOf = async (orgId: number) => {
    const org = await stripeApp.s.app.services.repos.organizations.get(orgId);
    return { standard: org.seats_standard, pro: org.seats_pro };
  };
  const quantities = (subscriptionId: string) =>
    Object.fromEntries(
      stripeApp.fake.subscriptions.get(subscriptionId)!.items.map((item) => [item.price, item.quantity]),
    );

  it('buy-more-seats adds to the subscription at once: invoiced at once, no checkout page, then re-read', async () => {
    const { admin, orgId } = await payingOrganization('sub_grow', { standard: 3, pro: 1 });
    const before = stripeApp.fake.requests.length;
    const res = await stripeApp.s.api('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 2, pro_seats: 0 },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.url, null);
    assert.equal(res.body.message, 'Seats added.');
    assert.deepEqual(quantities('sub_grow'), { price_standard_monthly: 5, price_pro_monthly: 1 });
    assert.deepEqual(await seatsOf(orgId), { standard: 5, pro: 1 });
    const calls = stripeApp.fake.requests.slice(before);
    const update = calls.find((call) => call.method === 'POST')!;
    assert.equal(update.path, '/v1/subscriptions/sub_grow');
    assert.equal(update.params.get('proration_behavior'), 'always_invoice');
    assert.equal(update.params.get('payment_behavior'), 'error_if_incomplete');
    assert.equal(update.params.get('items[0][quantity]'), '5');
    assert.equal(calls.at(-1)!.method, 'GET', 'the subscription is re-read after the change');
  });

  it('a declined payment changes nothing: 502 and the seats stay', async () => {
    const { admin, orgId } = await payingOrganization('sub_declined', { standard: 1, pro: 0 });
    stripeApp.fake.failNextUpdate(402);
    const res = await stripeApp.s.api('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 4, pro_seats: 0 },
    });
    assert.equal(res.status, 502);
    assert.match(res.body.message, /Stripe did not change the seats/);
    assert.deepEqual(await seatsOf(orgId), { standard: 1, pro: 0 });
    assert.deepEqual(quantities('sub_declined'), { price_standard_monthly: 1, price_pro_monthly: 0 });
  });

  it('fewer seats take effect without proration, and a product at 0 loses its item', async () => {
    await payingOrganization('sub_shrink', { standard: 4, pro: 2 });
    const answered = await stripeApp.s.app.services.billing.setQuantities(
      'sub_shrink',
      { standard: 3, pro: 0 },
      'monthly',
    );
    assert.deepEqual(answered.quantities, { standard: 3, pro: 0 });
    const update = stripeApp.fake.requests.filter((call) => call.method === 'POST').at(-1)!;
    assert.equal(update.params.get('proration_behavior'), 'none');
    assert.equal(update.params.get('payment_behavior'), null);
    assert.deepEqual(quantities('sub_shrink'), { price_standard_monthly: 3 });
  });

  /** A signed subscription event whose payload (a snapshot the adapter must not trust) has one item. */
  const deliverEvent = (event: {
    id: string;
    type: string;
    created: number;
    subscription: string;
    quantity: number;
  }) => {
    const payload = JSON.stringify({
      id: event.id,
      object: 'event',
      type: event.type,
      created: event.created,
      data: {
        object: {
          id: event.subscription,
          object: 'subscription',
          status: 'active',
          items: {
            data: [
              {
                id: `si_${event.subscription}_s`,
                price: { id: 'price_standard_monthly' },
                quantity: event.quantity,
              },
            ],
          },
        },
      },
    });
    return sendSigned(payload);
  };
  const sendSigned = (payload: string) =>
    stripeApp.s.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': signer.webhooks.generateTestHeaderString({ payload, secret }),
      },
      payload,
    });

  it('a subscription webhook re-reads Stripe, is handled once, and a late older event is skipped', async () => {
    const { orgId } = await payingOrganization('sub_portal', { standard: 2, pro: 0 });
    const deliver = (id: string, created: number, payloadQuantity: number) =>
      deliverEvent({
        id,
        type: 'customer.subscription.updated',
        created,
        subscription: 'sub_portal',
        quantity: payloadQuantity,
      });
    const gets = () =>
      stripeApp.fake.requests.filter(
        (call) => call.method === 'GET' && call.path === '/v1/subscriptions/sub_portal',
      ).length;
    const now = Math.floor(Date.now() / 1000);

    // The customer went to 7 seats in Stripe's portal; the event's snapshot (6) is already old news.
    stripeApp.fake.subscriptions.get('sub_portal')!.items[0]!.quantity = 7;
    assert.equal((await deliver('evt_portal_1', now, 6)).statusCode, 200);
    assert.deepEqual(await seatsOf(orgId), { standard: 7, pro: 0 });

    const read = gets();
    stripeApp.fake.subscriptions.get('sub_portal')!.items[0]!.quantity = 8;
    assert.equal(
      (await deliver('evt_portal_1', now, 6)).statusCode,
      200,
      'a repeated delivery is acknowledged',
    );
    assert.equal(gets(), read, 'and not handled again');
    assert.equal((await deliver('evt_portal_0', now - 3600, 1)).statusCode, 200);
    assert.equal(gets(), read, 'an event older than the one applied is skipped');
    assert.deepEqual(await seatsOf(orgId), { standard: 7, pro: 0 });
    const handled = await stripeApp.s.app.services.db
      .selectFrom('processed_events')
      .select('id')
      .where('id', 'in', ['evt_portal_0', 'evt_portal_1'])
      .execute();
    assert.equal(handled.length, 2);
  });

  it('Stripe unreachable in the middle of an event: 502 (Stripe retries), nothing applied, the retry applies it', async () => {
    const { orgId } = await payingOrganization('sub_outage', { standard: 2, pro: 0 });
    stripeApp.fake.subscriptions.get('sub_outage')!.items[0]!.quantity = 4;
    const event = {
      id: 'evt_outage',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      subscription: 'sub_outage',
      quantity: 4,
    };
    stripeApp.fake.setUnreachable(true);
    const failed = await deliverEvent(event).finally(() => stripeApp.fake.setUnreachable(false));
    assert.equal(failed.statusCode, 502);
    assert.deepEqual(
      { error: failed.json().error, message: failed.json().message },
      { error: true, message: 'Could not read the subscription from Stripe.' },
    );
    assert.deepEqual(await seatsOf(orgId), { standard: 2, pro: 0 }, 'nothing applied');
    const retried = await deliverEvent(event);
    assert.equal(retried.statusCode, 200, 'the event was forgotten, so the retry is handled');
    assert.deepEqual(await seatsOf(orgId), { standard: 4, pro: 0 });
  });

  it('an event whose process died while applying it is applied by the retry once its claim runs out', async () => {
    const { orgId } = await payingOrganization('sub_crash', { standard: 2, pro: 0 });
    stripeApp.fake.subscriptions.get('sub_crash')!.items[0]!.quantity = 5;
    const event = {
      id: 'evt_crash',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      subscription: 'sub_crash',
      quantity: 5,
    };
    const { db } = stripeApp.s.app.services;
    // Claimed by a delivery still applying it: a retry meanwhile is acknowledged and leaves it to that one.
    await db
      .insertInto('processed_events')
      .values({ id: event.id, type: event.type, done: false, claimed_until: new Date(Date.now() + 60_000) })
      .execute();
    assert.equal((await deliverEvent(event)).statusCode, 200);
    assert.deepEqual(await seatsOf(orgId), { standard: 2, pro: 0 }, 'left to the delivery applying it');
    // That process died: once its claim has run out, the provider's retry applies the event.
    await db
      .updateTable('processed_events')
      .set({ claimed_until: new Date(Date.now() - 1000) })
      .where('id', '=', event.id)
      .execute();
    assert.equal((await deliverEvent(event)).statusCode, 200);
    assert.deepEqual(await seatsOf(orgId), { standard: 5, pro: 0 });
    const row = await db
      .selectFrom('processed_events')
      .select(['done', 'claimed_until'])
      .where('id', '=', event.id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { done: true, claimed_until: null });
  });

  it('a delivery whose claim another took over neither forgets the event nor marks it done', async () => {
    const { repos, db } = stripeApp.s.app.services;
    const id = 'evt_taken_over';
    const t0 = new Date();
    const first = new Date(t0.getTime() + 600_000);
    assert.equal(await repos.billing.claimEvent(id, 'x', t0, first), true);
    const later = new Date(first.getTime() + 1000);
    const second = new Date(later.getTime() + 600_000);
    assert.equal(await repos.billing.claimEvent(id, 'x', later, second), true, 'taken over once run out');
    // The first delivery fails (or ends) late: the event is the second's now.
    await repos.billing.forgetEvent(id, first);
    await repos.billing.markEventDone(id, first);
    const row = await db
      .selectFrom('processed_events')
      .select(['done', 'claimed_until'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    assert.deepEqual(row, { done: false, claimed_until: second });
    await repos.billing.markEventDone(id, second);
    assert.equal(await repos.billing.claimEvent(id, 'x', new Date(second.getTime() + 1), second), false);
  });

  it('a deleted subscription leaves the organization without purchased seats and its payer on Free', async () => {
    const { admin, orgId } = await payingOrganization('sub_gone', { standard: 2, pro: 1 });
    await stripeApp.s.app.services.repos.users.update(Number(admin.id), {
      stripe_product: 'pro',
      stripe_status: 'active',
    });
    stripeApp.fake.subscriptions.get('sub_gone')!.status = 'canceled';
    const now = Math.floor(Date.now() / 1000);
    const res = await deliverEvent({
      id: 'evt_gone',
      type: 'customer.subscription.deleted',
      created: now,
      subscription: 'sub_gone',
      quantity: 2,
    });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(await seatsOf(orgId), { standard: 0, pro: 0 });
    const me = (await stripeApp.s.api('getUser', { cookie: admin.cookie })).body.data;
    assert.equal(me.subscription.stripe_product, 'Free');
    assert.equal(me.subscription.stripe_status, 'canceled');
  });

  it('Checkout bills the plan and the seats of one product as one line item', async () => {
    const buyer = await signup(stripeApp.s.api);
    const before = stripeApp.fake.requests.length;
    const res = await stripeApp.s.api('checkout', {
      cookie: buyer.cookie,
      body: { items: [{ price_id: 'price_standard_monthly', quantity: 1 }], standard_seats: 2, pro_seats: 0 },
    });
    assert.equal(res.status, 200);
    const create = stripeApp.fake.requests
      .slice(before)
      .find((call) => call.path === '/v1/checkout/sessions')!;
    assert.equal(create.params.get('line_items[0][price]'), 'price_standard_monthly');
    assert.equal(create.params.get('line_items[0][quantity]'), '3');
    assert.equal(create.params.get('line_items[1][price]'), null);
  });

  it('two seat purchases at the same moment both count: 2 and 3 seats end as 5 more, at Stripe and here', async () => {
    const { admin, orgId } = await payingOrganization('sub_race', { standard: 1, pro: 1 });
    const before = stripeApp.fake.requests.length;
    const [two, three] = await Promise.all([
      stripeApp.s.api('buyMoreSeats', { cookie: admin.cookie, body: { standard_seats: 2, pro_seats: 0 } }),
      stripeApp.s.api('buyMoreSeats', { cookie: admin.cookie, body: { standard_seats: 3, pro_seats: 0 } }),
    ]);
    assert.deepEqual([two.status, three.status], [200, 200]);
    assert.deepEqual(quantities('sub_race'), { price_standard_monthly: 6, price_pro_monthly: 1 });
    assert.deepEqual(await seatsOf(orgId), { standard: 6, pro: 1 });
    // The quantity only went up: never down and up again, which Stripe would invoice twice.
    const sent = stripeApp.fake.requests
      .slice(before)
      .filter((call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_race')
      .map((call) => Number(call.params.get('items[0][quantity]')));
    assert.deepEqual(
      sent,
      [...sent].sort((a, b) => a - b),
    );
    assert.equal(sent.at(-1), 6);
    const purchases = await stripeApp.s.app.services.db
      .selectFrom('audit_events')
      .select('details')
      .where('type', '=', 'billing.seats_purchased')
      .where('organization_id', '=', orgId)
      .execute();
    assert.equal(purchases.length, 2);
  });

  it('a declined purchase beside a paid one: the paid seats stay, the declined ones never count', async () => {
    const { admin, orgId } = await payingOrganization('sub_race_declined', { standard: 1, pro: 0 });
    stripeApp.fake.failNextUpdate(402);
    const answers = await Promise.all([
      stripeApp.s.api('buyMoreSeats', { cookie: admin.cookie, body: { standard_seats: 2, pro_seats: 0 } }),
      stripeApp.s.api('buyMoreSeats', { cookie: admin.cookie, body: { standard_seats: 3, pro_seats: 0 } }),
    ]);
    assert.deepEqual(answers.map((res) => res.status).sort(), [200, 502]);
    const paid = answers.find((res) => res.status === 200)!;
    assert.equal(paid.body.message, 'Seats added.');
    const seats = await seatsOf(orgId);
    assert.equal(quantities('sub_race_declined').price_standard_monthly, seats.standard);
    assert.ok([3, 4].includes(seats.standard), `1 + the paid purchase, got ${seats.standard}`);
  });

  it("a paying organization's plan checkout is refused with 409 and what to do; Stripe sees no checkout", async () => {
    const { admin } = await payingOrganization('sub_paying', { standard: 1, pro: 0 });
    const before = stripeApp.fake.requests.length;
    const body = { items: [{ price_id: 'price_pro_monthly', quantity: 1 }] };
    const refused = await stripeApp.s.api('checkout', { cookie: admin.cookie, body });
    assert.equal(refused.status, 409);
    assert.equal(
      refused.body.message,
      'You already have an active subscription: change your plan in the billing portal (Manage Subscription on the billing page) instead of buying a second one.',
    );
    assert.equal(
      stripeApp.fake.requests.slice(before).filter((call) => call.path === '/v1/checkout/sessions').length,
      0,
    );
    // Stripe is asked, not our record: once the subscription ended there, buying a plan is open again.
    stripeApp.fake.subscriptions.get('sub_paying')!.status = 'canceled';
    assert.equal((await stripeApp.s.api('checkout', { cookie: admin.cookie, body })).status, 200);
  });

  it('seats bought by someone paying for their own plan join that subscription: no second one', async () => {
    const buyer = await signup(stripeApp.s.api);
    const { repos } = stripeApp.s.app.services;
    await repos.users.update(Number(buyer.id), {
      stripe_product: 'standard',
      stripe_status: 'active',
      stripe_interval: 'monthly',
      stripe_subscription_id: 'sub_own_plan',
    });
    stripeApp.fake.subscriptions.set('sub_own_plan', {
      id: 'sub_own_plan',
      status: 'active',
      items: [{ id: 'si_own_plan', price: 'price_standard_monthly', quantity: 1 }],
    });
    const before = stripeApp.fake.requests.length;
    const res = await stripeApp.s.api('buyMoreSeats', {
      cookie: buyer.cookie,
      body: { standard_seats: 2, pro_seats: 1 },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.url, null);
    assert.equal(
      stripeApp.fake.requests.slice(before).filter((call) => call.path === '/v1/checkout/sessions').length,
      0,
    );
    assert.deepEqual(quantities('sub_own_plan'), { price_standard_monthly: 3, price_pro_monthly: 1 });
    const me = (await stripeApp.s.api('getUser', { cookie: buyer.cookie })).body.data;
    assert.deepEqual(me.organization.seats, { standard: 3, pro: 1 });
  });

  it("Stripe's webhook for a purchase in place, arriving before the purchase committed, does not count its seats twice", async () => {
    const { admin } = await payingOrganization('sub_mid_purchase', { standard: 10, pro: 0 });
    const { services } = stripeApp.s.app;
    const buyer = (await services.repos.users.findById(Number(admin.id)))!;
    const now = Math.floor(Date.now() / 1000);
    // The event waits for the subscription's lock (the purchase holds it) or, without that, is handled at
    // once: whichever comes first lets the purchase go on.
    const lock = services.seatLock;
    let waitsForLock!: () => void;
    const lockAsked = new Promise<void>((resolve) => (waitsForLock = resolve));
    let webhook: ReturnType<typeof deliverEvent> | undefined;
    const purchase = {
      ...services,
      seatLock: lock,
      billing: {
        ...services.billing,
        async setQuantities(...args: Parameters<typeof services.billing.setQuantities>) {
          const answered = await services.billing.setQuantities(...args);
          // Stripe announces the change it just made (delivered to this or another process).
          services.seatLock = {
            run: (id, work) => {
              waitsForLock();
              return lock.run(id, work);
            },
          };
          webhook = deliverEvent({
            id: 'evt_mid_purchase',
            type: 'customer.subscription.updated',
            created: now,
            subscription: 'sub_mid_purchase',
            quantity: 12,
          });
          await Promise.race([webhook, lockAsked]);
          return answered;
        },
      },
    };
    try {
      await addSeatsInPlace(purchase, buyer, 'sub_mid_purchase', { standard: 2, pro: 0 }, null);
      assert.equal((await webhook!).statusCode, 200);
    } finally {
      services.seatLock = lock;
    }
    assert.deepEqual(await seatsOf(buyer.organization_id!), { standard: 12, pro: 0 });
    assert.deepEqual(quantities('sub_mid_purchase'), { price_standard_monthly: 12 });
  });

  /**
   * Two tabs' plan checkouts of one new admin (Standard opened a minute before Pro), and the subscription
   * Stripe made for each (`${prefix}_older`, `${prefix}_newer`).
   */
  async function twoTabsCheckouts(prefix: string) {
    const admin = await signup(stripeApp.s.api);
    const open = async (priceId: string) => {
      const res = await stripeApp.s.api('checkout', {
        cookie: admin.cookie,
        body: { items: [{ price_id: priceId, quantity: 1 }] },
      });
      assert.equal(res.status, 200);
      return lastCheckoutId(stripeApp.fake);
    };
    const older = await open('price_standard_monthly');
    const newer = await open('price_pro_monthly');
    await stripeApp.s.app.services.db
      .updateTable('checkout_sessions')
      .set({ created_at: new Date(Date.now() - 60_000) })
      .where('id', '=', older)
      .execute();
    for (const [id, price] of [
      [`${prefix}_older`, 'price_standard_monthly'],
      [`${prefix}_newer`, 'price_pro_monthly'],
    ] as const) {
      stripeApp.fake.subscriptions.set(id, {
        id,
        status: 'active',
        items: [{ id: `si_${id}`, price, quantity: 1 }],
      });
    }
    return { admin, older, newer };
  }

  it("two tabs' checkouts whose webhooks arrive newest first: the older payment's subscription is the one cancelled", async () => {
    const { admin, older, newer } = await twoTabsCheckouts('sub_tab');
    const paid = (checkoutId: string, subscription: string) =>
      sendSigned(
        checkoutCompletedEvent({ id: `evt_${subscription}`, checkoutId, subscription, customer: 'cus_tabs' }),
      );
    assert.equal((await paid(newer, 'sub_tab_newer')).statusCode, 200);
    assert.equal((await paid(older, 'sub_tab_older')).statusCode, 200);

    const me = (await stripeApp.s.api('getUser', { cookie: admin.cookie })).body.data;
    assert.equal(me.subscription.stripe_subscription_id, 'sub_tab_newer');
    assert.equal(me.subscription.stripe_product, 'Pro');
    assert.equal(stripeApp.fake.subscriptions.get('sub_tab_newer')!.status, 'active');
    assert.equal(stripeApp.fake.subscriptions.get('sub_tab_older')!.status, 'canceled');
  });

  it("a late older checkout's subscription stays replaced when its own activation arrives before it is cancelled", async () => {
    const { admin, older, newer } = await twoTabsCheckouts('sub_late');
    const { services } = stripeApp.s.app;
    await completeCheckout(services, newer, { subscriptionId: 'sub_late_newer', customerId: 'cus_late' });
    // The older payment commits (its subscription marked replaced), then Stripe's incomplete → active
    // event for that new subscription is handled before the replaced ones are cancelled.
    await applyPaidCheckout(services.repos, older, {
      subscriptionId: 'sub_late_older',
      customerId: 'cus_late',
    });
    const activated = await deliverEvent({
      id: 'evt_late_older_active',
      type: 'customer.subscription.updated',
      created: Math.floor(Date.now() / 1000),
      subscription: 'sub_late_older',
      quantity: 1,
    });
    assert.equal(activated.statusCode, 200);
    const buyer = (await services.repos.users.findById(Number(admin.id)))!;
    await cancelReplacedSubscriptions(services, buyer);

    assert.equal(stripeApp.fake.subscriptions.get('sub_late_older')!.status, 'canceled');
    assert.equal(stripeApp.fake.subscriptions.get('sub_late_newer')!.status, 'active');
    // The replaced subscription has no payer: the account still pays through the newest one.
    const me = (await stripeApp.s.api('getUser', { cookie: admin.cookie })).body.data;
    assert.equal(me.subscription.stripe_subscription_id, 'sub_late_newer');
    assert.equal(me.subscription.stripe_product, 'Pro');
    assert.equal(await services.repos.users.findPayerOf('sub_late_older'), undefined);
    const records = await services.db
      .selectFrom('subscriptions')
      .select(['id', 'status'])
      .where('user_id', '=', buyer.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(records, [
      { id: 'sub_late_newer', status: 'active' },
      { id: 'sub_late_older', status: 'canceled' },
    ]);
  });

  it('a delayed payment of a checkout opened before its buyer made their own organization (a first invitation) is applied', async () => {
    const buyer = await signup(stripeApp.s.api);
    const opened = await stripeApp.s.api('checkout', {
      cookie: buyer.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }], pro_seats: 2 },
    });
    assert.equal(opened.status, 200);
    const checkoutId = lastCheckoutId(stripeApp.fake);
    const event = (
      id: string,
      type: 'checkout.session.completed' | 'checkout.session.async_payment_succeeded',
    ) =>
      checkoutCompletedEvent({
        id,
        checkoutId,
        subscription: 'sub_own_org',
        customer: 'cus_own_org',
        type,
        paymentStatus: type === 'checkout.session.completed' ? 'unpaid' : 'paid',
      });
    assert.equal((await sendSigned(event('evt_own_unpaid', 'checkout.session.completed'))).statusCode, 200);
    // Days later, before the debit clears, the buyer invites a first teammate: their organization is made.
    const invited = await stripeApp.s.api('inviteUser', {
      cookie: buyer.cookie,
      body: { email: uniqueEmail('mate') },
    });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    stripeApp.fake.subscriptions.set('sub_own_org', {
      id: 'sub_own_org',
      status: 'active',
      items: [{ id: 'si_own_org', price: 'price_pro_monthly', quantity: 3 }],
    });
    assert.equal(
      (await sendSigned(event('evt_own_paid', 'checkout.session.async_payment_succeeded'))).statusCode,
      200,
    );
    assert.equal(stripeApp.fake.subscriptions.get('sub_own_org')!.status, 'active');
    const me = (await stripeApp.s.api('getUser', { cookie: buyer.cookie })).body.data;
    assert.equal(me.subscription.stripe_product, 'Pro');
    assert.deepEqual(me.organization.seats, { standard: 0, pro: 3 });
  });

  it("a member's own plan checkout opened before joining, paid after: its subscription is cancelled, the organization's untouched", async () => {
    const { admin, orgId } = await payingOrganization('sub_org_joined', { standard: 3, pro: 0 });
    const mallory = await signup(stripeApp.s.api);
    const opened = await stripeApp.s.api('checkout', {
      cookie: mallory.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }] },
    });
    assert.equal(opened.status, 200);
    const checkoutId = lastCheckoutId(stripeApp.fake);
    assert.equal(
      (await stripeApp.s.api('inviteUser', { cookie: admin.cookie, body: { email: mallory.email } })).status,
      200,
    );
    const joined = await stripeApp.s.api('acceptInvite', {
      cookie: mallory.cookie,
      query: { token: await mailToken(stripeApp.s, mallory.email), join: 'true' },
    });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    stripeApp.fake.subscriptions.set('sub_mallory', {
      id: 'sub_mallory',
      status: 'active',
      items: [{ id: 'si_mallory', price: 'price_pro_monthly', quantity: 1 }],
    });
    const payload = checkoutCompletedEvent({
      id: 'evt_mallory',
      checkoutId,
      subscription: 'sub_mallory',
      customer: 'cus_m',
    });
    assert.equal((await sendSigned(payload)).statusCode, 200);

    assert.equal(stripeApp.fake.subscriptions.get('sub_org_joined')!.status, 'active');
    assert.equal(
      (await stripeApp.s.app.services.repos.organizations.get(orgId)).subscription_id,
      'sub_org_joined',
    );
    assert.deepEqual(await seatsOf(orgId), { standard: 3, pro: 0 });
    assert.equal(
      stripeApp.fake.subscriptions.get('sub_mallory')!.status,
      'canceled',
      'the stray payment is cancelled',
    );
    const me = (await stripeApp.s.api('getUser', { cookie: mallory.cookie })).body.data;
    assert.equal(me.subscription.stripe_product, 'Free');
  });

  it('a checkout opened before the account paid and paid after: the newest subscription stays, the older is cancelled with a credit', async () => {
    const admin = await signup(stripeApp.s.api);
    await invitedMember(stripeApp.s, admin);
    // A second tab: the checkout was opened while the account paid for nothing yet.
    const opened = await stripeApp.s.api('checkout', {
      cookie: admin.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }] },
    });
    assert.equal(opened.status, 200);
    const checkoutId = lastCheckoutId(stripeApp.fake);
    // Meanwhile the first tab's checkout made the organization pay for 2 Standard seats on sub_first.
    const { repos } = stripeApp.s.app.services;
    const user = (await repos.users.findById(Number(admin.id)))!;
    await repos.users.update(user.id, { stripe_subscription_id: 'sub_first', stripe_interval: 'monthly' });
    await repos.organizations.setSeats(user.organization_id!, {
      standard: 2,
      pro: 0,
      subscriptionId: 'sub_first',
    });
    await repos.billing.saveSubscription({
      id: 'sub_first',
      user_id: user.id,
      organization_id: user.organization_id,
      interval: 'monthly',
      status: 'active',
      items: [],
    });
    stripeApp.fake.subscriptions.set('sub_first', {
      id: 'sub_first',
      status: 'active',
      items: [{ id: 'si_first', price: 'price_standard_monthly', quantity: 2 }],
    });
    // Stripe made sub_second for the late checkout, with what that checkout sold.
    stripeApp.fake.subscriptions.set('sub_second', {
      id: 'sub_second',
      status: 'active',
      items: [{ id: 'si_second', price: 'price_pro_monthly', quantity: 1 }],
    });
    const payload = checkoutCompletedEvent({
      id: 'evt_second_checkout',
      checkoutId,
      subscription: 'sub_second',
      customer: 'cus_second',
    });
    assert.equal((await sendSigned(payload)).statusCode, 200);

    // One subscription carries everything: the 2 Standard seats and the new Pro plan.
    assert.deepEqual(quantities('sub_second'), { price_pro_monthly: 1, price_standard_monthly: 2 });
    const me = (await stripeApp.s.api('getUser', { cookie: admin.cookie })).body.data;
    assert.equal(me.subscription.stripe_subscription_id, 'sub_second');
    assert.equal(me.subscription.stripe_product, 'Pro');
    assert.deepEqual(me.organization.seats, { standard: 2, pro: 1 });
    // The older one ended at Stripe, crediting its unused time, and our records keep one active.
    assert.equal(stripeApp.fake.subscriptions.get('sub_first')!.status, 'canceled');
    const cancel = stripeApp.fake.requests.find(
      (call) => call.method === 'DELETE' && call.path === '/v1/subscriptions/sub_first',
    )!;
    assert.equal(cancel.params.get('prorate'), 'true');
    assert.equal(cancel.params.get('invoice_now'), 'true');
    const records = await stripeApp.s.app.services.db
      .selectFrom('subscriptions')
      .select(['id', 'status'])
      .where('user_id', '=', user.id)
      .orderBy('id')
      .execute();
    assert.deepEqual(records, [
      { id: 'sub_first', status: 'canceled' },
      { id: 'sub_second', status: 'active' },
    ]);
  });
});
