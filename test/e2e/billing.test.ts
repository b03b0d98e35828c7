/**
 * Browser walk, billing (docs/product.md#billing-and-seats) against the reference server and its sandbox payment provider:
 * - a Free user opens /pricing?coupon=LAUNCH30, sees the countdown, buys Standard yearly in the sandbox
 *   checkout (Pay), lands on the success page, is sent to /dashboard after 5 s and sees Standard,
 *   'Annual' and the plan's credits (250);
 * - the same user opens the billing portal (sandbox portal page, new tab), changes plan there, and the
 *   dashboard shows the new plan;
 * - an admin of a team buys 3 Pro seats and the team billing total reflects them.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { expectTitle, useAppAndBrowser } from './harness.js';
import { apiCall, newPerson, payInSandbox, signUpByApi, teamOfTwo, type Person } from './people.js';

const e2e = useAppAndBrowser();

const run = Date.now();

function accountCard(page: Page) {
  return page.getByRole('region', { name: 'Account' });
}

/** Waits until the account card shows `text` (the card reads the user the initial load fetched). */
async function expectInAccountCard(page: Page, texts: string[]) {
  for (const text of texts) {
    await accountCard(page).getByText(text, { exact: true }).first().waitFor();
  }
}

const freeUserEmail = `billing-free-${run}@example.com`;
let freeUser: Person;

test('a Free user buys Standard yearly with the LAUNCH30 coupon and sees it on the dashboard', async () => {
  freeUser = await newPerson(e2e);
  const { page, pageErrors } = freeUser;
  await signUpByApi(e2e.app.url, freeUser, 'Bea Buyer', freeUserEmail);

  // 1. The pricing page with the coupon: the banner counts down days, hours and minutes.
  await page.goto(`${e2e.app.url}/pricing?coupon=LAUNCH30`);
  const coupon = page.getByRole('alert', { name: 'Coupon' });
  await coupon.waitFor();
  const offer = await coupon.innerText();
  assert.match(offer, /Launch offer: 30% off\s+Offer ends in/);
  assert.equal(offer.match(/30% off/g)?.length, 1, `the discount is said once: ${offer}`);
  const countdown = await coupon.getByText(/^\d+ days? \d+ hours? \d+ minutes?$/).textContent();
  assert.match(countdown ?? '', /^[67] days /, `LAUNCH30 ends 7 days after the seed: ${countdown}`);
  await expectTitle(page, 'Pricing');

  // Yearly by default, labelled 33% off; Standard is recommended at $26 a month.
  const yearly = page.getByRole('button', { name: /Yearly/ });
  assert.equal(await yearly.getAttribute('aria-pressed'), 'true');
  await yearly.getByText('33% off').waitFor();
  const standard = page.getByRole('region', { name: 'Standard' });
  await standard.getByText('RECOMMENDED').waitFor();
  await standard.getByText('$26').waitFor();
  await page
    .getByRole('region', { name: 'Free' })
    .getByRole('button', { name: 'Free: current plan' })
    .waitFor();

  // 2. Buy Standard: the sandbox checkout shows the coupon; Pay.
  await standard.getByRole('button', { name: 'Upgrade: Standard' }).click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByText('Coupon LAUNCH30').waitFor();
  await page.getByText('Standard plan (yearly)').waitFor();
  await page.getByRole('button', { name: /^Pay/ }).click();

  // 3. The success page, then /dashboard after 5 s (the receipt: billing-receipt.test.ts).
  await page.waitForURL(/\/dashboard\/billing\/success$/);
  await page.getByText('The changes have been successfully applied to your account.').waitFor();
  await page.waitForURL((url) => url.pathname === '/dashboard');

  // 4. The plan, its schedule and its credits.
  await page.goto(`${e2e.app.url}/dashboard`);
  await expectInAccountCard(page, ['Standard', 'Annual', '250']);
  assert.deepEqual(pageErrors, []);
});

test('the billing portal opens in a new tab and a plan change there shows up in the dashboard', async () => {
  assert.ok(freeUser, 'runs after the purchase above');
  const { context, page, pageErrors } = freeUser;

  // The paying admin without a team gets the subscription details.
  await page.goto(`${e2e.app.url}/dashboard/billing`);
  const details = page.getByRole('region', { name: 'Subscription Details' });
  await details.getByText('Standard', { exact: true }).waitFor();
  await details.getByText('Yearly', { exact: true }).waitFor();
  await details.getByText('Visa .... 4242').waitFor();
  await page.getByRole('link', { name: 'Need help with your billing?' }).waitFor();
  await expectTitle(page, 'Billing');

  const [portal] = await Promise.all([
    context.waitForEvent('page'),
    details.getByRole('button', { name: 'Manage Subscription' }).click(),
  ]);
  await portal.waitForURL(/\/sandbox\/billing\/portal/);
  await portal.getByRole('heading', { name: 'Billing portal' }).waitFor();
  await portal.getByRole('button', { name: /^Pro monthly/ }).click();
  await portal.getByText('Saved.').waitFor();
  await portal.close();

  await page.goto(`${e2e.app.url}/dashboard`);
  await expectInAccountCard(page, ['Pro', 'Monthly', '1,000']);
  await page.goto(`${e2e.app.url}/dashboard/billing`);
  await page
    .getByRole('region', { name: 'Subscription Details' })
    .getByText('Pro', { exact: true })
    .waitFor();
  assert.deepEqual(pageErrors, []);
});

test('an admin of a team buys 3 Pro seats and the team billing total reflects them', async () => {
  const adminEmail = `billing-team-admin-${run}@example.com`;
  const memberEmail = `billing-team-member-${run}@example.com`;

  // A team of two: the admin invites a member, who signs up with the mailed token.
  const { admin, member } = await teamOfTwo(
    e2e,
    { name: 'Tess Team', email: adminEmail },
    { name: 'Max Member', email: memberEmail },
  );

  // 1. Team billing: no seats yet, no subscription.
  const { page, pageErrors } = admin;
  await page.goto(`${e2e.app.url}/dashboard/billing`);
  const seats = page.getByRole('table', { name: 'Seats' });
  await seats.getByRole('row', { name: 'Pro 0 0' }).waitFor();
  await page.getByText('Subscription total: $0').waitFor();

  // 2. Buy 3 Pro seats: step 1 the product, step 2 the number.
  const form = page.getByRole('form', { name: 'Buy seats' });
  await form.getByRole('button', { name: 'Buy Seats' }).click();
  await form.getByText('Please select a product first.').waitFor();
  await form.getByRole('radio', { name: 'Pro' }).check();
  await form.getByRole('spinbutton', { name: 'Step 2: number of seats' }).fill('3');
  await form.getByRole('button', { name: 'Buy Seats' }).click();
  // The price first: a whole year of three Pro seats.
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: 'Pay $1,908' })
    .click();
  await page.waitForURL(/\/sandbox\/checkout\//);
  await page.getByText('Pro seat (yearly)').waitFor();
  await payInSandbox(page);

  // 3. Back on team billing: 3 Pro seats purchased, and the total is the subscription's items.
  await page.goto(`${e2e.app.url}/dashboard/billing`);
  await seats.getByRole('row', { name: 'Pro 3 0' }).waitFor();
  const user = await apiCall(page, '/api/get-user');
  const subscriptionId = (user.json as { data: { subscription: { stripe_subscription_id: string } } }).data
    .subscription.stripe_subscription_id;
  assert.ok(subscriptionId, 'the seats started a subscription');
  const orgSubscription = await apiCall(page, `/org-subscription?id=${encodeURIComponent(subscriptionId)}`);
  const items = (orgSubscription.json as { items: { unitAmount: number; quantity: number }[] }).items;
  assert.deepEqual(
    items.map((item) => item.quantity),
    [3],
  );
  const total = items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0) / 100;
  assert.equal(total, 3 * 636, 'three yearly Pro seats');
  await page.getByText(`Subscription total: $${total.toLocaleString('en-US')} per year`).waitFor();
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(member.pageErrors, []);
});
