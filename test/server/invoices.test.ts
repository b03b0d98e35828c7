/**
 * The billing page's money facts: the next invoice, the payment method and the invoice list
 * (get-invoices), and the price of seats before they are bought (quote-seats), on the sandbox provider.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import { seatQuote } from '../../src/server/domain/billing/invoices.js';
import { PUBLIC_URL, postForm, useTestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { assertSeatsMatchProvider } from './helpers/seats.js';

const t = useTestApp();
afterEach(() => assertSeatsMatchProvider(t));

let admin: TestUser;
let member: TestUser;

before(async () => {
  admin = await signup(t.api);
  member = await invitedMember(t, admin);
});

async function pay(url: string, cookie: string) {
  const paid = await postForm(t, `${new URL(url).pathname}/pay`, {}, { cookie });
  assert.equal(paid.statusCode, 303);
}
const invoicesOf = async (user: TestUser) => {
  const res = await t.api('getInvoices', { cookie: user.cookie });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
};

describe('get-invoices', () => {
  it('a Free admin has no next invoice, no payment method and no invoices', async () => {
    assert.deepEqual(await invoicesOf(admin), { next_invoice: null, payment_method: null, invoices: [] });
  });

  it('lists each payment newest first and announces the next invoice of the whole subscription', async () => {
    const plan = await t.api('checkout', {
      cookie: admin.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }], request_url: `${PUBLIC_URL}/pricing` },
    });
    await pay(plan.body.url, admin.cookie);
    let data = await invoicesOf(admin);
    assert.equal(data.payment_method, 'Visa .... 4242');
    assert.equal(data.invoices.length, 1);
    assert.deepEqual(
      { ...data.invoices[0], id: undefined, date: undefined },
      {
        id: undefined,
        date: undefined,
        items: [{ description: 'Pro plan (monthly)', quantity: 1 }],
        amount: 7900,
        status: 'paid',
      },
    );
    const user = (await t.api('getUser', { cookie: admin.cookie })).body.data;
    assert.deepEqual(data.next_invoice, {
      date: user.subscription.next_payment_date,
      amount: 7900,
      interval: 'monthly',
    });

    const seats = await t.api('buyMoreSeats', {
      cookie: admin.cookie,
      body: { standard_seats: 2, pro_seats: 0, coupon_code: null },
    });
    await pay(seats.body.url, admin.cookie);
    data = await invoicesOf(admin);
    assert.deepEqual(
      data.invoices.map((invoice: { items: unknown[]; amount: number }) => [invoice.items, invoice.amount]),
      [
        [[{ description: 'Standard seat (monthly)', quantity: 2 }], 7800],
        [[{ description: 'Pro plan (monthly)', quantity: 1 }], 7900],
      ],
    );
    assert.equal(data.next_invoice.amount, 7900 + 2 * 3900);
  });

  it('is for whoever manages billing: a member is refused, a visitor must sign in', async () => {
    assert.equal((await t.api('getInvoices', { cookie: member.cookie })).status, 403);
    assert.equal((await t.api('getInvoices', {})).status, 401);
  });
});

describe('quote-seats', () => {
  it('prices seats on the schedule the organization pays, for a whole period with the sandbox checkout', async () => {
    const res = await t.api('quoteSeats', {
      cookie: admin.cookie,
      query: { standard_seats: '2', pro_seats: '1' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body.data, {
      lines: [
        { product: 'standard', quantity: 2, unit_amount: 3900 },
        { product: 'pro', quantity: 1, unit_amount: 7900 },
      ],
      interval: 'monthly',
      full_amount: 15700,
      amount_due_now: 15700,
      prorated: false,
      period_end: null,
    });
  });

  it('refuses an empty order (400) and a member (403)', async () => {
    const query = { standard_seats: '0', pro_seats: '0' };
    const empty = await t.api('quoteSeats', { cookie: admin.cookie, query });
    assert.equal(empty.status, 400);
    assert.equal(empty.body.message, 'Please select at least one seat.');
    const refused = await t.api('quoteSeats', {
      cookie: member.cookie,
      query: { standard_seats: '1', pro_seats: '0' },
    });
    assert.equal(refused.status, 403);
  });
});

describe('seatQuote (proration where the provider adds seats in place)', () => {
  const lines = [{ product: 'pro' as const, quantity: 2, unit_amount: 7900 }];
  it('charges the share of the period left', () => {
    const end = new Date('2026-07-01T00:00:00Z');
    const now = new Date('2026-06-16T00:00:00Z'); // 15 of June's 30 days left
    const quote = seatQuote({ lines, interval: 'monthly', prorateUntil: end, now });
    assert.equal(quote.full_amount, 15800);
    assert.equal(quote.amount_due_now, 7900);
    assert.equal(quote.prorated, true);
    assert.equal(quote.period_end, end.getTime() / 1000);
  });
  it('charges a whole period without a live period to prorate', () => {
    const quote = seatQuote({ lines, interval: 'yearly', prorateUntil: null, now: new Date() });
    assert.equal(quote.amount_due_now, 15800);
    assert.equal(quote.prorated, false);
  });
});
