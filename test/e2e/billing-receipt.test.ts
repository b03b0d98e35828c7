/**
 * Issue 26, Billing at 1280 and 390 px against the reference server and its sandbox provider: a team
 * admin sees the price before buying seats and confirms the amount, pays in the sandbox, lands on a
 * receipt that stays (no timed redirect) and goes back to Billing, where the invoice is listed with the
 * next invoice and the payment method. A subscriber's change-plan cards recommend nothing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useAppAndBrowser } from './harness.js';
import { payInSandbox, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

for (const width of [1280, 390]) {
  test(`at ${width} px: price before buying seats, a receipt that stays, the invoice on Billing`, async () => {
    const { admin } = await teamOfTwo(
      e2e,
      { name: 'Rita Receipt', email: `receipt-admin-${width}-${run}@example.com` },
      { name: 'Milo Member', email: `receipt-member-${width}-${run}@example.com` },
    );
    const { page, pageErrors } = admin;
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${e2e.app.url}/dashboard/billing`);

    const invoices = page.getByRole('region', { name: 'Invoices and payment' });
    await invoices.getByText('No invoices yet.').waitFor();
    await invoices.getByText('No upcoming invoice').waitFor();

    const form = page.getByRole('form', { name: 'Buy seats' });
    await form.getByRole('radio', { name: 'Pro' }).check();
    await form.getByRole('spinbutton', { name: 'Step 2: number of seats' }).fill('2');
    await form.getByRole('button', { name: 'Buy Seats' }).click();

    // The price first: 2 yearly Pro seats for a whole year, nothing charged until confirmed.
    const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
    await dialog.getByText('2 Pro seats').waitFor();
    await dialog.getByText('$636 per seat per year').waitFor();
    await dialog.getByText('$1,272', { exact: true }).waitFor();
    assert.ok(page.url().endsWith('/dashboard/billing'), 'nothing happened before the confirmation');
    await dialog.getByRole('button', { name: 'Pay $1,272' }).click();
    await page.waitForURL(/\/sandbox\/checkout\//);
    await payInSandbox(page);

    // The receipt stays: no countdown (Jest proves no timer moves it on: billing-success.test.tsx).
    await page.waitForURL(/\/dashboard\/billing\/success$/);
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await receipt.getByText('Pro seat (yearly) × 2').waitFor();
    await receipt.getByText('$1,272', { exact: true }).waitFor();
    assert.equal(await page.getByText(/Redirecting/).count(), 0);
    assert.equal(await page.getByRole('timer').count(), 0);
    await page.getByRole('link', { name: 'Back to Billing' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/billing');

    await invoices.getByText('Pro seat (yearly) × 2').waitFor();
    await invoices.getByText('Visa .... 4242').waitFor();
    await invoices.getByText(/^\$1,272 on /).waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scroll at ${width} px (${overflow})`);
    assert.deepEqual(pageErrors, []);
  });
}
