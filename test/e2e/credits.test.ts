/**
 * Browser walk, credit governance (docs/product.md#credits-and-caps): an admin sets a monthly cap of 5 for a member on the member edit
 * page; the member's client (the extension's call) spends 5 credits and is then refused with the cap message;
 * the admin sees the spending on the Usage page and exports a CSV whose rows match; a credit pack bought
 * through the sandbox checkout fills the team pool, and a grant from it reaches the member.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './harness.js';
import { apiCall, payInSandbox, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

/** One lookup of the extension: spend-credits from the member's browser session. */
async function spendOne(page: Page, n: number) {
  return apiCall(page, '/api/spend-credits', {
    amount: 1,
    feature: 'email_lookup',
    reference: `https://example.com/in/profile-${n}`,
    idempotency_key: `e2e-${run}-${n}`,
  });
}

test('caps, spending, the Usage page with its CSV, and a top-up', async () => {
  const memberEmail = `credits-member-${run}@example.com`;
  const { admin, member } = await teamOfTwo(
    e2e,
    { name: 'Ada Admin', email: `credits-admin-${run}@example.com` },
    { name: 'Grace Member', email: memberEmail },
  );

  // 1. The admin sets a monthly cap of 5 on the member's edit page.
  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  await admin.page
    .getByRole('table', { name: 'Team members' })
    .getByRole('row')
    .filter({ hasText: memberEmail })
    .getByRole('button', { name: /^Actions for / })
    .click();
  await admin.page.getByRole('menuitem', { name: 'Edit' }).click();
  await admin.page.waitForURL(/\/dashboard\/member\/edit\//);
  const capSection = admin.page.getByRole('region', { name: 'Monthly credit cap' });
  await capSection.getByText(/0 credits used this period/).waitFor();
  await capSection.getByRole('textbox', { name: 'Monthly credit cap' }).fill('5');
  await capSection.getByRole('button', { name: 'Save cap' }).click();
  await capSection.getByText('Monthly cap set for Grace Member.').waitFor();
  await capSection.getByText(/0 of 5 credits used this period/).waitFor();

  // 2. The member's client spends 5 credits, then the sixth lookup is refused with the cap message.
  await member.page.goto(`${e2e.app.url}/app-config.js`);
  for (let n = 1; n <= 5; n += 1) {
    const spent = await spendOne(member.page, n);
    assert.equal(spent.status, 200, JSON.stringify(spent.json));
  }
  const refused = await spendOne(member.page, 6);
  assert.equal(refused.status, 409);
  assert.deepEqual(refused.json, {
    error: true,
    code: 'cap_reached',
    params: { cap: 5 },
    message: 'You reached your monthly cap of 5 credits. Ask your organization admin to raise it.',
  });
  await member.page.goto(`${e2e.app.url}/dashboard/usage`);
  await member.page.getByText(/You reached your monthly cap of 5 credits: lookups are refused/).waitFor();

  // 3. The admin sees the spending on the Usage page and exports the CSV.
  await admin.page.goto(`${e2e.app.url}/dashboard`);
  await sidebar(admin.page).getByRole('link', { name: 'Usage' }).click();
  await admin.page.waitForURL(/\/dashboard\/usage$/);
  const row = admin.page
    .getByRole('table', { name: 'Spending by member' })
    .getByRole('row')
    .filter({ hasText: memberEmail });
  await row.waitFor();
  assert.deepEqual(
    (await row.getByRole('cell').allInnerTexts()).slice(1, 4).map((text) => text.trim()),
    ['5', '5', '5'],
  );
  const [download] = await Promise.all([
    admin.page.waitForEvent('download'),
    admin.page.getByRole('link', { name: 'Export CSV' }).click(),
  ]);
  const csv = await readFile((await download.path())!, 'utf8');
  // RFC 4180 line ends (src/shared/csv.ts).
  const lines = csv.trim().split('\r\n');
  assert.equal(
    lines[0],
    'id,date,account,member_email,member_name,kind,amount,balance_after,feature,reference,reason',
  );
  const spends = lines.filter((line) => line.includes(',spend,'));
  assert.equal(spends.length, 5, 'one CSV row per spend shown on the page');
  assert.ok(spends.every((line) => line.includes(memberEmail) && line.includes(',-1,')));
  assert.deepEqual(
    spends.map((line) => line.split(',')[9]).sort(),
    [1, 2, 3, 4, 5].map((n) => `https://example.com/in/profile-${n}`),
  );

  // 4. A top-up through the sandbox checkout fills the team pool (the default), and reaches the member
  // through a grant from the Organization page (docs/product.md#the-team-pool).
  const yours = admin.page.getByRole('region', { name: 'Your credits' });
  await yours.getByText(/Balance: 10 credits/).waitFor();
  await admin.page.getByRole('radio', { name: 'To the team pool' }).waitFor();
  await admin.page.getByRole('button', { name: 'Buy 100 credits for $9' }).click();
  await payInSandbox(admin.page);
  await admin.page.goto(`${e2e.app.url}/dashboard/usage`);
  await yours.getByText('Team pool: 100 credits').waitFor();
  await yours.getByText(/Balance: 10 credits/).waitFor();

  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  await admin.page.getByRole('button', { name: 'Grant credits' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Team pool credits' });
  await dialog.getByText('The team pool holds 100 credits.').waitFor();
  await dialog.getByRole('combobox', { name: 'Members' }).fill('Grace');
  await admin.page.getByRole('option', { name: /Grace Member/ }).click();
  await dialog.getByRole('textbox', { name: 'Credits per member' }).fill('30');
  await dialog.getByRole('button', { name: 'Grant credits' }).click();
  await admin.page.getByText('Granted 30 credits to Grace Member.').waitFor();
  await member.page.goto(`${e2e.app.url}/dashboard/usage`);
  const theirs = member.page.getByRole('region', { name: 'Your credits' });
  await theirs.getByText(/Balance: 35 credits/).waitFor();
  await theirs.getByText('30 of them granted from the team pool').waitFor();
  await theirs.getByRole('button', { name: 'Request credits' }).waitFor();

  assert.deepEqual([...admin.pageErrors, ...member.pageErrors], []);
});
