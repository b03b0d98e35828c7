/**
 * Billing at 1280 and 390 px against the reference server and its sandbox provider: a team
 * admin sees the price before buying seats and confirms the amount, pays in the sandbox, lands on a
 * receipt that stays (no timed redirect) and goes back to Billing, where the invoice is listed with the
 * next invoice and the payment method. axe finds nothing on the price dialog, the receipt or Billing.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { describeViolations, violations } from './axe.js';
import { useAppAndBrowser } from './harness.js';
import { newPerson, payInSandbox, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

async function expectNoViolations(page: Page, where: string) {
  const found = await violations(page);
  assert.deepEqual(found, [], `${where}:\n${describeViolations(found)}`);
}

async function expectNoSidewaysScroll(page: Page, where: string) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `${where} scrolls sideways by ${overflow} px`);
}

for (const width of [1280, 390]) {
  test(`at ${width} px: the price before buying seats, a receipt that stays, the invoice on Billing`, async () => {
    const team = await teamOfTwo(
      e2e,
      { name: 'Rita Receipt', email: `receipt-admin-${width}-${run}@example.com` },
      { name: 'Milo Member', email: `receipt-member-${width}-${run}@example.com` },
    );
    // The admin's session in a context where axe may run (its script is not the app's own).
    const { page, pageErrors } = await newPerson(e2e, {
      viewport: { width, height: 900 },
      bypassCSP: true,
      storageState: await team.admin.context.storageState(),
    });
    await page.goto(`${e2e.app.url}/dashboard/billing`);

    const invoices = page.getByRole('region', { name: 'Invoices and payment' });
    await invoices.getByText('No invoices yet.').waitFor();
    await invoices.getByText('No upcoming invoice').waitFor();

    const form = page.getByRole('form', { name: 'Buy seats' });
    await form.getByRole('radio', { name: 'Pro' }).check();
    await form.getByRole('spinbutton', { name: 'Step 2: number of seats' }).fill('2');
    await form.getByRole('button', { name: 'Buy Seats' }).click();

    // The price first: 2 Pro seats for a whole year (a Free admin's seats are yearly), nothing charged yet.
    const dialog = page.getByRole('dialog', { name: 'Confirm your order' });
    await dialog.getByText('2 Pro seats').waitFor();
    await dialog.getByText('$636 per seat per year').waitFor();
    await dialog.getByText('$1,272', { exact: true }).waitFor();
    await expectNoViolations(page, `the price dialog at ${width} px`);
    assert.equal(
      new URL(page.url()).pathname,
      '/dashboard/billing',
      'nothing happens before the confirmation',
    );
    await dialog.getByRole('button', { name: 'Pay $1,272' }).click();
    await payInSandbox(page);

    // The receipt, and the 5-second move to the dashboard, which Stop ends (billing-success.test.tsx
    // proves no timer moves it on then): the receipt stays for as long as the user reads it.
    const receipt = page.getByRole('region', { name: 'Receipt' });
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByRole('timer').getByText('Stopped: go on when you are ready.').waitFor();
    await receipt.getByText('Pro seat (yearly) × 2').waitFor();
    await receipt.getByText('$1,272', { exact: true }).waitFor();
    await receipt.getByText('Visa .... 4242').waitFor();
    await expectNoViolations(page, `the receipt at ${width} px`);
    await expectNoSidewaysScroll(page, `the receipt at ${width} px`);
    // The invoice number (one long word) wraps inside the receipt instead of running past its edge.
    const overflowing = await receipt.evaluate((section) => {
      const edge = section.getBoundingClientRect().right;
      return [...section.querySelectorAll('dd')]
        .filter((dd) => dd.scrollWidth > dd.clientWidth || dd.getBoundingClientRect().right > edge + 0.5)
        .map((dd) => dd.textContent);
    });
    assert.deepEqual(overflowing, [], `values wider than the receipt at ${width} px`);
    await page.getByRole('link', { name: 'Back to Billing' }).click();
    await page.waitForURL((url) => url.pathname === '/dashboard/billing');

    await invoices.getByText('Pro seat (yearly) × 2').waitFor();
    await invoices.getByText('Visa .... 4242').waitFor();
    await invoices.getByText(/^\$1,272 on /).waitFor();
    await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
    await expectNoViolations(page, `Billing with an invoice at ${width} px`);
    await expectNoSidewaysScroll(page, `Billing at ${width} px`);
    assert.deepEqual(pageErrors, []);
    assert.deepEqual(team.admin.pageErrors, []);
  });
}
