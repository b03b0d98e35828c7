/**
 * Seat operations (docs/product.md#seats, docs/product.md#accepting-an-invitation): moving a seat between two members in one step, invitations that carry a
 * product (checked when sent and again when accepted), and parallel acceptances competing for the last
 * seats. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import { mailToken, useTestApp } from './helpers/app.js';
import { assertSeatsMatchProvider, setPurchasedSeats } from './helpers/seats.js';
import { PASSWORD, invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';

const t = useTestApp();
let admin: TestUser;
let grace: TestUser;
let alan: TestUser;
let orgId = 0;

/** Seats bought as a payment buys them: on the organization and its sandbox subscription alike. */
async function setSeats(standard: number, pro = 0) {
  await setPurchasedSeats(t, orgId, { standard, pro });
}

// Moves and acceptances change who holds seats, never how many are billed.
afterEach(() => assertSeatsMatchProvider(t));

async function productOf(user: TestUser): Promise<string> {
  return (await t.api('getUser', { cookie: user.cookie })).body.data.subscription.stripe_product;
}

async function assigned() {
  return (await t.api('getOrganizationMembers', { cookie: admin.cookie })).body.data.assigned_seats;
}

let ipCounter = 0;
/** Each invitation from its own address, so the per-IP invitation limit stays out of the way. */
const nextIp = () => `10.9.${Math.floor(ipCounter / 250)}.${(ipCounter += 1) % 250}`;

before(async () => {
  admin = await signup(t.api, { name: 'Ada' });
  grace = await invitedMember(t, admin);
  alan = await invitedMember(t, admin);
  orgId = Number((await t.api('getUser', { cookie: admin.cookie })).body.data.organization.id);
});

describe('move-seat', () => {
  before(async () => {
    await setSeats(1, 1);
    const res = await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: grace.id, product: 'Standard', role: 'member' },
    });
    assert.equal(res.status, 200);
  });

  it('moves the seat in one step: the source is Free, the target has it, the count is unchanged', async () => {
    const res = await t.api('moveSeat', {
      cookie: admin.cookie,
      body: { product: 'standard', from_user_id: grace.id, to_user_id: alan.id },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.message, /^The Standard seat of .* now belongs to .*\.$/);
    assert.equal(await productOf(grace), 'Free');
    assert.equal(await productOf(alan), 'Standard');
    assert.deepEqual(await assigned(), { standard: 1, pro: 0 });
    const events = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'member.product_changed' },
    });
    assert.ok(events.body.data.events.length >= 2);
  });

  it('refuses a source without the seat and a target holding one, and changes nothing', async () => {
    const noSeat = await t.api('moveSeat', {
      cookie: admin.cookie,
      body: { product: 'Standard', from_user_id: grace.id, to_user_id: admin.id },
    });
    assert.equal(noSeat.status, 409);
    assert.match(noSeat.body.message, /does not hold a Standard seat\./);

    await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: grace.id, product: 'Pro', role: 'member' },
    });
    const holds = await t.api('moveSeat', {
      cookie: admin.cookie,
      body: { product: 'Standard', from_user_id: alan.id, to_user_id: grace.id },
    });
    assert.equal(holds.status, 409);
    assert.match(holds.body.message, /already holds a Pro seat\./);
    assert.equal(await productOf(alan), 'Standard');
    assert.equal(await productOf(grace), 'Pro');
    assert.deepEqual(await assigned(), { standard: 1, pro: 1 });
  });

  it('refuses Free, the same member, another organization and a billing manager as target', async () => {
    const outsider = await signup(t.api);
    const manager = await invitedMember(t, admin, { role: 'billing_manager' });
    const cases = [
      [{ product: 'Free', from_user_id: alan.id, to_user_id: admin.id }, 400, /uses no seat/],
      [{ product: 'Standard', from_user_id: alan.id, to_user_id: alan.id }, 400, /another member/],
      [{ product: 'Standard', from_user_id: alan.id, to_user_id: outsider.id }, 404, /not found/],
      [{ product: 'Standard', from_user_id: alan.id, to_user_id: manager.id }, 400, /billing manager/],
    ] as const;
    for (const [body, status, message] of cases) {
      const res = await t.api('moveSeat', { cookie: admin.cookie, body });
      assert.equal(res.status, status, JSON.stringify(body));
      assert.match(res.body.message, message);
    }
    assert.equal(await productOf(alan), 'Standard');
  });

  it('is atomic under concurrency: two moves of one seat, exactly one wins', async () => {
    await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: grace.id, product: 'Free', role: 'member' },
    });
    const [a, b] = await Promise.all([
      t.api('moveSeat', {
        cookie: admin.cookie,
        body: { product: 'Standard', from_user_id: alan.id, to_user_id: grace.id },
      }),
      t.api('moveSeat', {
        cookie: admin.cookie,
        body: { product: 'Standard', from_user_id: alan.id, to_user_id: admin.id },
      }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [200, 409]);
    assert.deepEqual(await assigned(), { standard: 1, pro: 0 });
  });
});

describe('invitations with a product', () => {
  before(async () => {
    // Everyone back to Free, 1 Standard seat.
    for (const user of [grace, alan, admin]) {
      await t.app.services.db
        .updateTable('users')
        .set({ stripe_product: 'free' })
        .where('id', '=', Number(user.id))
        .execute();
    }
    await setSeats(1, 0);
  });

  it('refuses a product without a free seat when sending, and a product for a billing manager', async () => {
    const none = await t.api('inviteUser', {
      cookie: admin.cookie,
      body: { email: uniqueEmail('nopro'), product: 'Pro' },
      ip: nextIp(),
    });
    assert.equal(none.status, 409);
    assert.equal(none.body.message, 'No Pro seats available. Buy more seats first.');
    const manager = await t.api('inviteUser', {
      cookie: admin.cookie,
      body: { email: uniqueEmail('mgr'), role: 'billing_manager', product: 'Standard' },
      ip: nextIp(),
    });
    assert.equal(manager.status, 400);
  });

  it('seats the invitee on acceptance; a later one finds no seat and joins on Free, told why', async () => {
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    for (const email of [first, second]) {
      const res = await t.api('inviteUser', {
        cookie: admin.cookie,
        body: { email, product: 'Standard' },
        ip: nextIp(),
      });
      assert.equal(res.status, 200);
      assert.equal(res.body.data.product, 'Standard');
    }
    const one = await signup(t.api, { email: first, invitation_token: await mailToken(t, first) });
    assert.equal(await productOf(one), 'Standard');

    const existing = await signup(t.api, { email: second });
    const res = await t.api('acceptInvite', {
      cookie: existing.cookie,
      query: { token: await mailToken(t, second), join: 'true' },
    });
    assert.equal(res.status, 200);
    assert.equal(
      res.body.message,
      "You joined Ada's organization on the Free plan: no Standard seat was free. Your admin can give you one once a seat is free.",
    );
    const me = (await t.api('getUser', { cookie: existing.cookie })).body.data;
    assert.equal(me.organization.id, String(orgId));
    assert.equal(me.subscription.stripe_product, 'Free');
    assert.deepEqual(await assigned(), { standard: 1, pro: 0 });
  });
});

describe('50 parallel acceptances competing for 10 seats', () => {
  it('seat exactly 10 members, and all 50 join', async () => {
    const products = await t.app.services.db
      .selectFrom('users')
      .select('stripe_product')
      .where('organization_id', '=', orgId)
      .execute();
    const held = products.filter((row) => row.stripe_product.toLowerCase() === 'standard').length;
    await setSeats(held + 10, 0);

    // Half sign up with their token, half accept while signed in to an existing account.
    const emails = Array.from({ length: 50 }, (_, i) => uniqueEmail(`race${i}`));
    const accounts = new Map<string, TestUser>();
    for (const email of emails.slice(25)) {
      const res = await t.api('signup', {
        body: { name: 'Waiting', email, password: PASSWORD },
        ip: nextIp(),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      accounts.set(email, { id: res.body.id, email, cookie: res.cookie! });
    }
    const tokens = new Map<string, string>();
    for (const email of emails) {
      const res = await t.api('inviteUser', {
        cookie: admin.cookie,
        body: { email, product: 'Standard' },
        ip: nextIp(),
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      tokens.set(email, await mailToken(t, email));
    }

    const results = await Promise.all(
      emails.map((email) => {
        const account = accounts.get(email);
        const token = tokens.get(email)!;
        return account
          ? t.api('acceptInvite', { cookie: account.cookie, query: { token, join: 'true' } })
          : t.api('signup', {
              body: { name: 'Racer', email, password: PASSWORD, invitation_token: token },
              ip: nextIp(),
            });
      }),
    );
    for (const res of results) assert.equal(res.status, 200, JSON.stringify(res.body));
    const free = results.filter((res) => /on the Free plan/.test(res.body.notice ?? res.body.message)).length;
    assert.equal(free, 40);

    const joined = await t.app.services.db
      .selectFrom('users')
      .select(['stripe_product', 'email'])
      .where('organization_id', '=', orgId)
      .where('email', 'in', emails)
      .execute();
    assert.equal(joined.length, 50);
    assert.equal(joined.filter((row) => row.stripe_product === 'standard').length, 10);
    assert.deepEqual(await assigned(), { standard: held + 10, pro: 0 });
  });
});
