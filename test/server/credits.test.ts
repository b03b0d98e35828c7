/**
 * Credit governance (docs/product.md#credits-and-caps): the ledger, spend-credits under concurrency, idempotency, refunds, monthly
 * caps, usage reports and the CSV export, top-ups and renewal, and the organization boundary.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, afterEach, before, describe, it } from './helpers/node-test.js';
import { sql } from 'kysely';
import pg from 'pg';
import Stripe from 'stripe';
import { recordCheckout } from '../../src/server/billing/checkout-record.js';
import { completeCheckout } from '../../src/server/domain/billing/paid-checkout.js';
import { refundParts, renewBillingPeriod, spendCredits } from '../../src/server/domain/credits.js';
import { LEDGER_CSV_HEADER } from '../../src/server/handlers/credits.js';
import { ORIGIN, postForm, startTestApp, useTestApp, type TestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { lockWaits } from './helpers/lock-waits.js';
import { assertSeatsMatchProvider } from './helpers/seats.js';

const t = useTestApp();
// docs/decisions/0002-seat-sync-policy.md: whatever a test did, the sandbox provider bills exactly the purchased seats.
afterEach(() => assertSeatsMatchProvider(t));
const repos = () => t.app.services.repos;

const today = () => new Date().toISOString().slice(0, 10);

async function user(u: TestUser) {
  return (await repos().users.findById(Number(u.id)))!;
}

/** Balance equals the ledger's sum, and the top-up part stays within it. */
async function assertLedgerHolds(u: TestUser) {
  const row = await user(u);
  assert.equal(row.credits, await repos().credits.sumOf(row.id), `balance of ${u.email} = ledger sum`);
  assert.ok(row.top_up_credits >= 0 && row.top_up_credits <= row.credits);
}

/** Sets a balance through the ledger (an admin grant), as support would. */
async function grantTo(u: TestUser, amount: number) {
  await repos().transaction((tx) =>
    tx.credits.record({
      user_id: Number(u.id),
      organization_id: null,
      kind: 'admin_grant',
      amount,
      reason: 'test',
    }),
  );
}

function spend(
  u: TestUser,
  body: Partial<{ amount: number; feature: string; reference: string | null; idempotency_key: string }> = {},
) {
  return t.api('spendCredits', {
    cookie: u.cookie,
    body: { amount: 1, feature: 'email_lookup', reference: null, idempotency_key: randomUUID(), ...body },
  });
}

async function payCheckout(url: string) {
  await completeCheckout(t.app.services, new URL(url).pathname.split('/').pop()!);
}

describe('the ledger', () => {
  it('opens every account with its plan credits as an entry', async () => {
    const someone = await signup(t.api);
    const me = await t.api('getUser', { cookie: someone.cookie });
    assert.equal(me.body.data.credits, 10);
    await assertLedgerHolds(someone);
  });

  it('never mints credits when a member’s plan is cycled (Pro → Free → Pro)', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    const seats = await t.api('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 0, pro_seats: 1 },
    });
    await payCheckout(seats.body.url);
    const assign = (product: string) =>
      t.api('setUserProduct', {
        cookie: admin.cookie,
        body: { user_id: member.id, product, role: 'member' },
      });
    assert.equal((await assign('pro')).status, 200);
    assert.equal((await user(member)).credits, 1000);
    assert.equal((await assign('free')).status, 200);
    assert.equal((await user(member)).credits, 10);
    assert.equal((await assign('pro')).status, 200);
    assert.equal((await user(member)).credits, 10, 'a second Pro grant in the same period is not given');
    await assertLedgerHolds(member);
  });
});

describe('spend-credits', () => {
  it('spends in one statement when the spend needs nothing more: no transaction (docs/performance.md#a-spend-in-one-statement)', async () => {
    const spender = await signup(t.api);
    const member = await invitedMember(t, spender);
    const transactions: string[] = [];
    const open = repos().transaction;
    repos().transaction = (work) => {
      transactions.push(new Error().stack ?? '');
      return open(work);
    };
    try {
      const answer = await spend(spender, { amount: 2 });
      assert.equal(answer.status, 200, JSON.stringify(answer.body));
      assert.deepEqual(transactions, [], 'a plain spend opens no transaction');
      // A member short of credits draws on the pool: that is done in a transaction (and refused here).
      const short = await spend(member, { amount: 1000 });
      assert.equal(short.body.code, 'insufficient_credits_ask_admin');
      assert.equal(transactions.length, 1);
    } finally {
      repos().transaction = open;
    }
    assert.equal((await user(spender)).credits, (await user(spender)).period_granted - 2);
    await assertLedgerHolds(spender);
  });

  it('200 parallel spends against a balance of 50: exactly 50 succeed and the balance ends at 0', async () => {
    const spender = await signup(t.api);
    await grantTo(spender, 40);
    const answers = await Promise.all(Array.from({ length: 200 }, () => spend(spender)));
    const ok = answers.filter((a) => a.status === 200);
    const refused = answers.filter((a) => a.status === 409);
    // A burst beyond what may wait its turn is refused before it is tried (credits-burst.test.ts).
    const busy = answers.filter((a) => a.status === 429);
    assert.equal(ok.length, 50);
    assert.equal(refused.length + busy.length, 150);
    assert.ok(refused.every((a) => a.body.code === 'insufficient_credits'));
    assert.ok(busy.every((a) => Number(a.headers['retry-after']) > 0));
    assert.equal((await user(spender)).credits, 0);
    await assertLedgerHolds(spender);
  });

  it('charges a retried spend (same idempotency_key) once, even when the retries race', async () => {
    const spender = await signup(t.api);
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => spend(spender, { idempotency_key: key })),
    );
    assert.ok(answers.every((a) => a.status === 200));
    assert.equal(new Set(answers.map((a) => a.body.data.spend_id)).size, 1);
    assert.equal(answers.filter((a) => a.body.data.replayed === false).length, 1);
    assert.equal((await user(spender)).credits, 9);
    const reused = await spend(spender, { idempotency_key: key, amount: 2 });
    assert.equal(reused.status, 409);
    assert.equal(reused.body.code, 'idempotency_conflict');
    // The key names one spend, what it was for included: another reference under it is another spend.
    const elsewhere = await spend(spender, { idempotency_key: key, reference: 'profile-2' });
    assert.equal(elsewhere.status, 409);
    assert.equal(elsewhere.body.code, 'idempotency_conflict');
    assert.equal((await user(spender)).credits, 9);
    await assertLedgerHolds(spender);
  });

  it('refunds a spend once; the refund is given back to the cap too', async () => {
    const spender = await signup(t.api);
    const key = randomUUID();
    const spent = await spend(spender, { idempotency_key: key, amount: 3 });
    assert.equal(spent.body.data.credits, 7);
    const first = await t.api('refundCredits', { cookie: spender.cookie, body: { idempotency_key: key } });
    assert.equal(first.status, 200);
    assert.deepEqual(
      [first.body.data.credits, first.body.data.refunded, first.body.data.replayed],
      [10, 3, false],
    );
    const again = await t.api('refundCredits', {
      cookie: spender.cookie,
      body: { spend_id: spent.body.data.spend_id },
    });
    assert.equal(again.body.data.replayed, true);
    assert.equal((await user(spender)).credits, 10);
    assert.equal((await user(spender)).period_spent, 0);
    const other = await signup(t.api);
    const foreign = await t.api('refundCredits', {
      cookie: other.cookie,
      body: { spend_id: spent.body.data.spend_id },
    });
    assert.equal(foreign.status, 404);
    await assertLedgerHolds(spender);
  });

  it('a refunded spend’s key is refused (idempotency_key_refunded), never replayed for free', async () => {
    const spender = await signup(t.api);
    const key = randomUUID();
    assert.equal((await spend(spender, { idempotency_key: key, amount: 3 })).status, 200);
    const refund = await t.api('refundCredits', { cookie: spender.cookie, body: { idempotency_key: key } });
    assert.equal(refund.body.data.credits, 10);
    for (const amount of [3, 2]) {
      const again = await spend(spender, { idempotency_key: key, amount });
      assert.equal(again.status, 409);
      assert.equal(again.body.code, 'idempotency_key_refunded');
      assert.match(again.body.message, /refunded/);
    }
    const row = await user(spender);
    assert.deepEqual([row.credits, row.period_spent], [10, 0], 'nothing charged, nothing replayed');
    assert.equal((await spend(spender, { amount: 3 })).body.data.charged, 3, 'a new key charges');
    await assertLedgerHolds(spender);
  });

  it('refuses a signed-out caller and malformed requests', async () => {
    const anonymous = await t.api('spendCredits', {
      body: { amount: 1, feature: 'email_lookup', idempotency_key: randomUUID() },
    });
    assert.equal(anonymous.status, 401);
    const someone = await signup(t.api);
    const zero = await t.api('spendCredits', {
      cookie: someone.cookie,
      body: { amount: 0, feature: 'email_lookup', idempotency_key: randomUUID() },
    });
    assert.equal(zero.status, 400);
  });
});

describe('monthly caps', () => {
  let admin: TestUser;
  let member: TestUser;
  let outsider: TestUser;
  before(async () => {
    admin = await signup(t.api);
    member = await invitedMember(t, admin);
    outsider = await signup(t.api);
    await invitedMember(t, outsider);
  });

  it('holds under concurrency: a cap of 5 lets exactly 5 of 30 parallel spends through, and mails once', async () => {
    const set = await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [member.id], monthly_cap: 5 },
    });
    assert.equal(set.status, 200);
    const answers = await Promise.all(Array.from({ length: 30 }, () => spend(member)));
    assert.equal(answers.filter((a) => a.status === 200).length, 5);
    const refused = answers.filter((a) => a.status === 409);
    assert.equal(refused.length, 25);
    assert.ok(refused.every((a) => a.body.code === 'cap_reached'));
    assert.match(refused[0]!.body.message, /monthly cap of 5 credits/);
    const usage = await t.api('getCreditUsage', { cookie: member.cookie });
    assert.deepEqual(
      [usage.body.data.period_spent, usage.body.data.monthly_cap, usage.body.data.credits],
      [5, 5, 5],
    );
    const mails = await t.app.services.db
      .selectFrom('outbox')
      .select('subject')
      .where('to_address', '=', member.email)
      .where('subject', '=', 'You reached your monthly credit cap')
      .execute();
    assert.equal(mails.length, 1);
    await assertLedgerHolds(member);
    // The admin's audit log has the change (docs/product.md#audit-log), with who set whose cap, from what to what.
    const audit = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'credits.cap_changed' },
    });
    assert.equal(audit.status, 200);
    const [capChanged] = audit.body.data.events;
    assert.equal(capChanged.actor_email, admin.email);
    assert.equal(capChanged.target_email, member.email);
    assert.deepEqual(capChanged.details, { from: null, to: 5 });
  });

  it('lets an admin read a member’s usage; nobody reads or sets another organization’s', async () => {
    const read = await t.api('getCreditUsage', { cookie: admin.cookie, query: { user_id: member.id } });
    assert.equal(read.status, 200);
    assert.equal(read.body.data.user_id, member.id);
    const foreignRead = await t.api('getCreditUsage', {
      cookie: outsider.cookie,
      query: { user_id: member.id },
    });
    assert.equal(foreignRead.status, 404);
    const foreignSet = await t.api('setMemberCaps', {
      cookie: outsider.cookie,
      body: { user_ids: [member.id], monthly_cap: 1000 },
    });
    assert.equal(foreignSet.status, 404);
    const foreignReport = await t.api('getUsageReport', {
      cookie: outsider.cookie,
      query: { from: today(), to: today(), user_id: member.id },
    });
    assert.equal(foreignReport.status, 404);
    const foreignExport = await t.app.inject({
      method: 'GET',
      url: `/api/export-credit-ledger?from=${today()}&to=${today()}&user_id=${member.id}`,
      headers: { cookie: outsider.cookie },
    });
    assert.equal(foreignExport.statusCode, 404);
    // Without a member filter an outsider's export holds only their own organization's entries.
    const ownExport = await t.app.inject({
      method: 'GET',
      url: `/api/export-credit-ledger?from=${today()}&to=${today()}`,
      headers: { cookie: outsider.cookie },
    });
    assert.ok(!ownExport.body.includes(member.email));
    const byMember = await t.api('setMemberCaps', {
      cookie: member.cookie,
      body: { user_ids: [member.id], monthly_cap: null },
    });
    assert.equal(byMember.status, 403);
    const memberReadsAdmin = await t.api('getCreditUsage', {
      cookie: member.cookie,
      query: { user_id: admin.id },
    });
    assert.equal(memberReadsAdmin.status, 404);
    assert.equal((await user(member)).monthly_cap, 5);
  });

  it('leaves the billing admin’s cap to the billing admin: a co-admin gets 403, nothing set', async () => {
    const coAdmin = await invitedMember(t, admin, { role: 'admin' });
    const refused = await t.api('setMemberCaps', {
      cookie: coAdmin.cookie,
      body: { user_ids: [member.id, admin.id], monthly_cap: 0 },
    });
    assert.equal(refused.status, 403, JSON.stringify(refused.body));
    assert.equal(refused.body.message, "Only the billing admin can change the billing admin's monthly cap.");
    assert.equal((await user(admin)).monthly_cap, null);
    assert.equal((await user(member)).monthly_cap, 5);
    const own = await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [admin.id], monthly_cap: 100 },
    });
    assert.equal(own.status, 200, JSON.stringify(own.body));
    assert.equal((await user(admin)).monthly_cap, 100);
    await t.api('setMemberCaps', { cookie: admin.cookie, body: { user_ids: [admin.id], monthly_cap: null } });
  });

  it('sets caps in bulk, all or none', async () => {
    const second = await invitedMember(t, admin);
    const mixed = await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [second.id, outsider.id], monthly_cap: 50 },
    });
    assert.equal(mixed.status, 404);
    assert.equal((await user(second)).monthly_cap, null);
    const bulk = await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [second.id, member.id], monthly_cap: null },
    });
    assert.equal(bulk.status, 200);
    assert.equal(bulk.body.data.updated, 2);
    assert.equal((await user(member)).monthly_cap, null);
  });
});

describe('usage report and CSV export', () => {
  it('aggregates the team’s net spending by member, day and feature; the CSV has the same rows', async () => {
    const admin = await signup(t.api);
    const ada = await invitedMember(t, admin);
    const bob = await invitedMember(t, admin);
    for (let i = 0; i < 3; i += 1) assert.equal((await spend(ada)).status, 200);
    assert.equal((await spend(bob, { amount: 2, feature: 'phone_lookup' })).status, 200);
    const report = await t.api('getUsageReport', {
      cookie: admin.cookie,
      query: { from: today(), to: today() },
    });
    assert.equal(report.status, 200);
    const data = report.body.data;
    assert.equal(data.scope, 'organization');
    assert.equal(data.total_spent, 5);
    assert.deepEqual(data.by_day, [{ day: today(), spent: 5 }]);
    assert.deepEqual(
      data.members.items.map((m: { user_id: string; spent: number }) => [m.user_id, m.spent]),
      [
        [ada.id, 3],
        [bob.id, 2],
      ],
    );
    const filtered = await t.api('getUsageReport', {
      cookie: admin.cookie,
      query: { from: today(), to: today(), feature: 'phone_lookup', page_size: '1' },
    });
    assert.equal(filtered.body.data.total_spent, 2);
    assert.equal(filtered.body.data.members.total, 1);

    const own = await t.api('getUsageReport', { cookie: ada.cookie, query: { from: today(), to: today() } });
    assert.equal(own.body.data.scope, 'self');
    assert.equal(own.body.data.total_spent, 3);

    const csv = await t.app.inject({
      method: 'GET',
      url: `/api/export-credit-ledger?from=${today()}&to=${today()}&feature=email_lookup`,
      headers: { cookie: admin.cookie, origin: ORIGIN },
    });
    assert.equal(csv.statusCode, 200);
    assert.match(String(csv.headers['content-type']), /^text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    assert.equal(lines[0], LEDGER_CSV_HEADER.join(','));
    const spends = lines.slice(1).filter((line) => line.includes(',spend,'));
    assert.equal(spends.length, 3);
    assert.ok(spends.every((line) => line.includes(ada.email) && line.includes(',-1,')));

    const bad = await t.api('getUsageReport', {
      cookie: admin.cookie,
      query: { from: '2026-02-30', to: today() },
    });
    assert.equal(bad.status, 400);
  });

  it('refuses a period the database cannot hold (year 0, or ending past 9999) as not real dates, before any CSV', async () => {
    const admin = await signup(t.api, { name: 'Calendar Edge' });
    for (const query of [
      { from: '0000-01-01', to: '0000-01-31' },
      { from: '9999-12-31', to: '9999-12-31' },
    ]) {
      const report = await t.api('getUsageReport', { cookie: admin.cookie, query });
      assert.equal(report.status, 400, JSON.stringify(report.body));
      assert.equal(report.body.code, 'dates_invalid');
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/export-credit-ledger?from=${query.from}&to=${query.to}`,
        headers: { cookie: admin.cookie },
      });
      assert.equal(csv.statusCode, 400);
      assert.equal(csv.json().code, 'dates_invalid');
    }
    // The calendar's last whole period still answers.
    const last = await t.api('getUsageReport', {
      cookie: admin.cookie,
      query: { from: '9999-12-01', to: '9999-12-30' },
    });
    assert.equal(last.status, 200, JSON.stringify(last.body));
  });
});

describe('top-ups and renewal', () => {
  it('a credit pack paid in the sandbox checkout adds top-up credits once; renewal expires only plan credits', async () => {
    const buyer = await signup(t.api);
    const packs = await t.api('getCreditPacks', { cookie: buyer.cookie });
    assert.deepEqual(
      packs.body.data.map((p: { credits: number; price: number }) => [p.credits, p.price]),
      [
        [100, 900],
        [500, 3900],
        [2000, 12900],
      ],
    );
    const checkout = await t.api('buyCredits', { cookie: buyer.cookie, body: { pack: 'credits-100' } });
    assert.equal(checkout.status, 200);
    const path = new URL(checkout.body.url).pathname;
    const pageHtml = (await t.app.inject({ method: 'GET', url: path, headers: { cookie: buyer.cookie } }))
      .body;
    assert.match(pageHtml, /100 credits/);
    assert.equal((await postForm(t, `${path}/pay`, {}, { cookie: buyer.cookie })).statusCode, 303);
    assert.equal((await postForm(t, `${path}/pay`, {}, { cookie: buyer.cookie })).statusCode, 303);
    let row = await user(buyer);
    assert.deepEqual([row.credits, row.top_up_credits], [110, 100]);
    // Paid twice over the same checkout, recorded once in the audit log (docs/product.md#audit-log).
    const topUps = await t.api('listAuditEvents', {
      cookie: buyer.cookie,
      query: { type: 'credits.top_up' },
    });
    assert.deepEqual(
      topUps.body.data.events.map((e: { target_email: string; details: { credits: number } }) => [
        e.target_email,
        e.details.credits,
      ]),
      [[buyer.email, 100]],
    );

    // Spending takes plan credits first: 12 spent leaves 0 plan credits and 98 top-up credits.
    assert.equal((await spend(buyer, { amount: 12 })).status, 200);
    row = await user(buyer);
    assert.deepEqual([row.credits, row.top_up_credits], [98, 98]);

    const renew = await postForm(t, '/sandbox/billing/portal/advance-period', {}, { cookie: buyer.cookie });
    assert.equal(renew.statusCode, 303);
    row = await user(buyer);
    assert.deepEqual([row.credits, row.top_up_credits, row.period_spent], [108, 98, 0]);
    await assertLedgerHolds(buyer);

    const member = await invitedMember(t, buyer);
    assert.equal(
      (await t.api('buyCredits', { cookie: member.cookie, body: { pack: 'credits-100' } })).status,
      403,
    );
    assert.equal((await t.api('buyCredits', { cookie: buyer.cookie, body: { pack: 'nope' } })).status, 404);
  });
});

describe('renewal on the next spend', () => {
  it('a spend after the period ended renews first: unused plan credits expire, the cap starts again', async () => {
    const spender = await signup(t.api);
    assert.equal((await spend(spender, { amount: 4 })).status, 200);
    await repos().users.update(Number(spender.id), {
      credit_period_start: new Date(Date.now() - 40 * 86_400_000),
      credit_period_end: new Date(Date.now() - 9 * 86_400_000),
    });
    const after = await spend(spender, { amount: 1 });
    assert.equal(after.status, 200);
    assert.equal(after.body.data.credits, 9, '6 unused expired, 10 granted, 1 spent');
    assert.equal(after.body.data.period_spent, 1);
    const row = await user(spender);
    assert.ok(row.credit_period_end > new Date(), 'the new period is the current one');
    await assertLedgerHolds(spender);
  });

  /**
   * Holds the user's row in a transaction (on PGlite, the one connection) until `release`, then ends their
   * credit period at that moment: after a spend asked meanwhile, before it gets the row.
   */
  function holdRowThenEndPeriod(id: number) {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const done = repos().transaction(async (tx) => {
      await tx.users.findById(id, { forUpdate: true });
      holding();
      await released;
      await sql`update users set credit_period_end = clock_timestamp(),
          credit_period_start = clock_timestamp() - interval '30 days' where id = ${id}`.execute(tx.trx);
    });
    return { held, release, done };
  }

  /** A spend asked while the row is held (spendCredits: the API's session lookup would wait for the row first). */
  function spendWhileHeld(u: TestUser, amount: number, key = randomUUID()) {
    return spendCredits(
      repos(),
      Number(u.id),
      { amount, feature: 'company_lookup', reference: null, idempotencyKey: key },
      null,
    ).then(
      () => 'spent',
      (error: Error) => error.message,
    );
  }

  it('a spend that waited for its row across its period’s end renews first, as one that had not waited: its refund gives it back', async () => {
    const spender = await signup(t.api);
    const key = randomUUID();
    const holder = holdRowThenEndPeriod(Number(spender.id));
    await holder.held;
    const pending = spendWhileHeld(spender, 3, key);
    holder.release();
    await holder.done;
    assert.equal(await pending, 'spent');
    assert.ok((await user(spender)).credit_period_end > new Date(), 'renewed before the spend');
    const refund = await t.api('refundCredits', { cookie: spender.cookie, body: { idempotency_key: key } });
    assert.equal(refund.status, 200, JSON.stringify(refund.body));
    assert.equal(refund.body.data.refunded, 3, 'a spend of the current period comes back whole');
    const row = await user(spender);
    assert.deepEqual([row.credits, row.period_spent], [10, 0]);
    await assertLedgerHolds(spender);
  });

  it('a spend at its cap that waited for its row across its period’s end is the new period’s: spent, not refused', async () => {
    const spender = await signup(t.api);
    await repos().users.update(Number(spender.id), { monthly_cap: 4 });
    assert.equal((await spend(spender, { amount: 4 })).status, 200);
    const holder = holdRowThenEndPeriod(Number(spender.id));
    await holder.held;
    const pending = spendWhileHeld(spender, 1);
    holder.release();
    await holder.done;
    assert.equal(await pending, 'spent', 'the period it runs in has spent nothing against the cap');
    const row = await user(spender);
    assert.deepEqual([row.period_spent, row.credits], [1, 9], 'renewed (10), then 1 spent');
  });
});

describe('a refund across periods', () => {
  /** Ends the user's current credit period, as if a month had passed since their entries so far. */
  async function endPeriod(u: TestUser) {
    await repos().users.update(Number(u.id), {
      credit_period_start: new Date(Date.now() - 40 * 86_400_000),
      credit_period_end: new Date(Date.now() - 9 * 86_400_000),
    });
    await t.app.services.db
      .updateTable('credit_ledger')
      .set({ created_at: new Date(Date.now() - 20 * 86_400_000) })
      .where('user_id', '=', Number(u.id))
      .execute();
  }
  const refund = (u: TestUser, key: string) =>
    t.api('refundCredits', { cookie: u.cookie, body: { idempotency_key: key } });

  it('gives back no plan credits of an ended period and leaves the new period’s usage alone', async () => {
    const spender = await signup(t.api);
    const key = randomUUID();
    assert.equal((await spend(spender, { idempotency_key: key, amount: 10 })).body.data.credits, 0);
    await endPeriod(spender);
    const renewed = await spend(spender, { amount: 1 });
    assert.deepEqual([renewed.body.data.credits, renewed.body.data.period_spent], [9, 1]);
    const answer = await refund(spender, key);
    assert.equal(answer.status, 200);
    assert.deepEqual([answer.body.data.refunded, answer.body.data.credits], [0, 9]);
    const row = await user(spender);
    assert.deepEqual([row.credits, row.top_up_credits, row.period_spent], [9, 0, 1]);
    assert.equal((await refund(spender, key)).body.data.replayed, true);
    await assertLedgerHolds(spender);
  });

  it('gives back the top-up part of an ended period’s spend as top-up credits', async () => {
    const spender = await signup(t.api);
    await repos().transaction((tx) =>
      tx.credits.record({
        user_id: Number(spender.id),
        organization_id: null,
        kind: 'top_up',
        amount: 5,
        top_up_amount: 5,
        reason: 'test',
      }),
    );
    const key = randomUUID();
    assert.equal((await spend(spender, { idempotency_key: key, amount: 12 })).body.data.credits, 3);
    await endPeriod(spender);
    // Not renewed by a spend first: the refund sees that the period ended.
    const answer = await refund(spender, key);
    assert.deepEqual([answer.body.data.refunded, answer.body.data.credits], [2, 15]);
    const row = await user(spender);
    assert.deepEqual([row.credits, row.top_up_credits, row.period_spent], [15, 5, 0]);
    assert.ok(row.credit_period_end > new Date(), 'the refund renewed the period first');
    await assertLedgerHolds(spender);
  });
});

/**
 * A spend belongs to the credit period it was counted in, whatever its time says (docs/product.md#credits-and-caps):
 * a transaction's time is when it began, before a renewal it waited behind, and an organization's renewal
 * dates every member's new period when it begins, before it reaches each of them. Only PostgreSQL runs two
 * transactions at once.
 */
describe('a spend in flight across a renewal', { skip: !process.env.DATABASE_URL }, () => {
  /** Another connection, and a way to wait until some transaction waits for a row lock. */
  async function connections() {
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    const waits = await lockWaits(t.config.databaseUrl!);
    return {
      holder,
      untilSomeoneWaits: () => waits.untilWaiting(),
      end: () => Promise.all([holder.end(), waits.end()]),
    };
  }

  it("a spend that waited behind its own period's end is the new period's: its kind cap counts it, its refund gives it back", async () => {
    const spender = await signup(t.api);
    const id = Number(spender.id);
    await repos().users.update(id, { email_cap: 5 });
    const { holder, untilSomeoneWaits, end } = await connections();
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [id]);
      const key = randomUUID();
      const pending = t.api('spendCredits', {
        cookie: spender.cookie,
        body: { amount: 3, feature: 'email_lookup', reference: null, idempotency_key: key },
      });
      await untilSomeoneWaits();
      // The period ends now, after the spend's transaction began, while it waits for the row.
      await holder.query(
        "update users set credit_period_end = clock_timestamp(), credit_period_start = clock_timestamp() - interval '30 days' where id = $1",
        [id],
      );
      await holder.query('commit');
      const spent = await pending;
      assert.equal(spent.status, 200, JSON.stringify(spent.body));
      assert.deepEqual(
        [spent.body.data.credits, spent.body.data.period_spent],
        [7, 3],
        'renewed, then spent',
      );
      const usage = await t.api('getCreditUsage', { cookie: spender.cookie });
      assert.equal(usage.body.data.email_spent, 3, 'the kind cap counts what the monthly cap counts');
      const refund = await t.api('refundCredits', { cookie: spender.cookie, body: { idempotency_key: key } });
      assert.equal(refund.body.data.refunded, 3, 'a spend of the current period comes back');
      const row = (await repos().users.findById(id))!;
      assert.deepEqual([row.credits, row.period_spent], [10, 0]);
    } finally {
      await end();
    }
  });

  it("an organization's renewal that reaches a member after their spend: the spend stays the old period's", async () => {
    const payer = await signup(t.api);
    const member = await invitedMember(t, payer);
    assert.ok(Number(member.id) > Number(payer.id), 'the renewal locks the payer first');
    assert.equal(
      (
        await t.api('setMemberCaps', {
          cookie: payer.cookie,
          body: { user_ids: [member.id], monthly_cap: 10 },
        })
      ).status,
      200,
    );
    const { holder, untilSomeoneWaits, end } = await connections();
    const key = randomUUID();
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [Number(payer.id)]);
      const renewal = renewBillingPeriod(repos(), (await repos().users.findById(Number(payer.id)))!);
      await untilSomeoneWaits();
      // Paid from the old period: 4 of the member's 10 plan credits, 4 of their cap.
      assert.equal((await spend(member, { amount: 4, idempotency_key: key })).status, 200);
      await holder.query('commit');
      assert.equal(await renewal, 2);
    } finally {
      await end();
    }
    assert.equal((await spend(member, { amount: 4 })).status, 200);
    const refund = await t.api('refundCredits', { cookie: member.cookie, body: { idempotency_key: key } });
    assert.equal(refund.status, 200, JSON.stringify(refund.body));
    const row = (await repos().users.findById(Number(member.id)))!;
    // The old period's plan credits expired with it: nothing comes back into the new one, nor its cap.
    assert.deepEqual([refund.body.data.refunded, row.credits, row.period_spent], [0, 6, 4]);
    assert.equal(
      (await spend(member, { amount: 10 })).status,
      409,
      'no more than the cap of 10 in the new period',
    );
  });
});

describe('refundParts (the pure rule)', () => {
  const spent = { plan: 8, topUp: 2 };
  const cases: [string, Parameters<typeof refundParts>[1], ReturnType<typeof refundParts>][] = [
    [
      'in the current period: everything back, the whole spend back to the cap',
      { inCurrentPeriod: true, planCredits: 0, allowance: 10 },
      { plan: 8, topUp: 2, usage: 10 },
    ],
    [
      'in the current period, plan credits never above the current allowance; the cap gets back what came back',
      { inCurrentPeriod: true, planCredits: 7, allowance: 10 },
      { plan: 3, topUp: 2, usage: 5 },
    ],
    [
      'in the current period, above the allowance already (a smaller plan since): no plan credits',
      { inCurrentPeriod: true, planCredits: 12, allowance: 10 },
      { plan: 0, topUp: 2, usage: 2 },
    ],
    [
      'of an ended period: no plan credits (its expiry took none of them), usage untouched',
      { inCurrentPeriod: false, planCredits: 0, allowance: 10 },
      { plan: 0, topUp: 2, usage: 0 },
    ],
  ];
  for (const [name, now, expected] of cases) {
    it(name, () => assert.deepEqual(refundParts(spent, now), expected));
  }
});

describe('top-ups through Stripe', () => {
  let s: TestApp;
  const secret = 'whsec_test_secret';
  const stripe = new Stripe('sk_test_dummy');
  before(async () => {
    s = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_dummy', STRIPE_WEBHOOK_SECRET: secret });
  });
  after(async () => {
    await s.close();
  });

  it('applies a paid one-time Checkout session once, whatever the deliveries', async () => {
    const buyer = await signup(s.api);
    const row = (await s.app.services.repos.users.findById(Number(buyer.id)))!;
    const checkoutId = await recordCheckout(s.app.services.repos.billing, {
      user: row,
      kind: 'top_up',
      product: null,
      interval: 'yearly',
      standardSeats: 0,
      proSeats: 0,
      lineItems: [
        {
          description: '500 credits',
          price_id: 'pack_credits-500',
          product: 'credits-500',
          unit_amount: 3900,
          quantity: 1,
        },
      ],
      coupon: undefined,
      creditPack: { slug: 'credits-500', credits: 500, to: 'own' },
      cancelUrl: 'http://localhost:3000/dashboard/usage',
      successUrl: 'http://localhost:3000/dashboard/billing/success',
    });
    const event = (id: string) =>
      JSON.stringify({
        id,
        object: 'event',
        type: 'checkout.session.completed',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: 'cs_test_topup',
            object: 'checkout.session',
            mode: 'payment',
            metadata: { checkout_id: checkoutId },
            payment_status: 'paid',
            subscription: null,
            customer: 'cus_test_2',
          },
        },
      });
    for (const id of ['evt_topup_1', 'evt_topup_1', 'evt_topup_2']) {
      const payload = event(id);
      const res = await s.app.inject({
        method: 'POST',
        url: '/webhooks/stripe',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }),
        },
        payload,
      });
      assert.equal(res.statusCode, 200);
    }
    const after = (await s.app.services.repos.users.findById(Number(buyer.id)))!;
    assert.deepEqual([after.credits, after.top_up_credits, after.stripe_product], [510, 500, 'free']);
    assert.equal(after.credits, await s.app.services.repos.credits.sumOf(after.id));

    // A renewal invoice (invoice.paid, subscription_cycle) grants the plan's credits again; top-ups stay.
    await s.app.services.repos.users.update(after.id, { stripe_subscription_id: 'sub_test_renew' });
    const spent = await s.api('spendCredits', {
      cookie: buyer.cookie,
      body: { amount: 15, feature: 'email_lookup', idempotency_key: randomUUID() },
    });
    assert.equal(spent.body.data.credits, 495);
    const renewal = JSON.stringify({
      id: 'evt_invoice_1',
      object: 'event',
      type: 'invoice.paid',
      created: Math.floor(Date.now() / 1000),
      data: {
        object: {
          id: 'in_test_1',
          object: 'invoice',
          billing_reason: 'subscription_cycle',
          parent: { type: 'subscription_details', subscription_details: { subscription: 'sub_test_renew' } },
        },
      },
    });
    const delivered = await s.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload: renewal, secret }),
      },
      payload: renewal,
    });
    assert.equal(delivered.statusCode, 200);
    const renewed = (await s.app.services.repos.users.findById(after.id))!;
    assert.deepEqual([renewed.credits, renewed.top_up_credits, renewed.period_spent], [505, 495, 0]);
  });
});
