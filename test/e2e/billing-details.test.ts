/**
 * Browser walk, the dashboard details a customer admin trips over, against the real server:
 * - 'Need help with your billing?' opens the support form in a new tab on all four billing views; by
 *   default the server's own form, whose request lands in the mail outbox; with SUPPORT_FORM_URL, that URL;
 * - making a member an admin asks first, saying it cannot be undone, and Cancel keeps a member;
 * - the seat order says the server's maximum before sending;
 * - copy: one toggle word, a level RECOMMENDED card at 1280 px, 'CRM Sync', the total's period,
 *   '(1 seat available)', and no 'Annual' badge for a Free admin who bought seats.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { startApp, useAppAndBrowser } from './harness.js';
import { apiCall, newPerson, payInSandbox, signUpByApi, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();

const run = Date.now();
const DESKTOP = { viewport: { width: 1280, height: 900 } };

const needHelp = (page: Page) => page.getByRole('link', { name: 'Need help with your billing?' });

/** The link opens `href` in a new tab, without handing the new page a handle on this one. */
async function expectSupportLink(page: Page, href: string) {
  const link = needHelp(page);
  await link.waitFor();
  assert.equal(await link.getAttribute('href'), href);
  assert.equal(await link.getAttribute('target'), '_blank');
  assert.equal(await link.getAttribute('rel'), 'noopener noreferrer');
}

/** The top of each plan card's price: the prices of a row of cards line up. */
async function priceTops(page: Page): Promise<number[]> {
  return Promise.all(
    ['Free', 'Standard', 'Pro'].map(async (name) => {
      const box = await page
        .getByRole('region', { name })
        .getByText(/^\$\d+$/)
        .boundingBox();
      assert.ok(box, `${name} shows a price`);
      return box.y;
    }),
  );
}

const freeAdminEmail = `help-free-${run}@example.com`;

test('purchase view: the default support form opens in a new tab and the request lands in the outbox', async () => {
  const freeAdmin = await newPerson(e2e, DESKTOP);
  const { context, page, pageErrors } = freeAdmin;
  await signUpByApi(e2e.app.url, freeAdmin, 'Fay Free', freeAdminEmail);
  await page.goto(`${e2e.app.url}/dashboard/billing`);
  await page.getByRole('heading', { name: 'Choose a plan' }).waitFor();

  // Copy: the toggle says Yearly here as on /pricing; the metadata key reads CRM Sync.
  const standard = page.getByRole('region', { name: 'Standard' });
  await standard.getByText('RECOMMENDED').waitFor();
  assert.equal(
    await page.getByRole('button', { name: 'Yearly 33% off' }).getAttribute('aria-pressed'),
    'true',
  );
  assert.equal(await page.getByRole('button', { name: /Annual/ }).count(), 0);
  await standard.getByText('CRM Sync', { exact: true }).waitFor();

  // At 1280 px the RECOMMENDED mark stays on one line and Standard's price is level with the others.
  const chip = await standard.getByText('RECOMMENDED').boundingBox();
  assert.ok(chip && chip.height <= 26, `the mark is one line high: ${JSON.stringify(chip)}`);
  const tops = await priceTops(page);
  assert.ok(Math.max(...tops) - Math.min(...tops) <= 2, `prices line up: ${tops.join(', ')}`);

  // The link: the server's own form, in a new tab.
  await expectSupportLink(page, `${e2e.app.url}/support`);
  const [form] = await Promise.all([context.waitForEvent('page'), needHelp(page).click()]);
  await form.waitForURL(`${e2e.app.url}/support`);
  await form.getByRole('heading', { name: 'Billing support' }).waitFor();
  assert.equal(await form.getByRole('textbox', { name: 'Your email' }).inputValue(), freeAdminEmail);
  await form.getByRole('textbox', { name: 'How can we help?' }).fill('Do you take purchase orders?');
  await form.getByRole('button', { name: 'Send request' }).click();
  await form.getByRole('heading', { name: 'Request sent' }).waitFor();
  const confirmation = await form.getByText(/your request #\d+ reached our support team/).textContent();
  const number = confirmation?.match(/#(\d+)/)?.[1];
  assert.ok(number, confirmation ?? '');

  // Recorded and mailed: the outbox shows it to the support inbox, with the message.
  await form.getByRole('link', { name: 'mail outbox' }).click();
  const mail = form.locator('article', {
    hasText: `Billing support request #${number} from ${freeAdminEmail}`,
  });
  await mail.getByText('To support@localhost').waitFor();
  await mail.getByText('Do you take purchase orders?').waitFor();
  await form.close();
  assert.deepEqual(pageErrors, []);
});

test('details view: a paying admin has the link too', async () => {
  const payer = await newPerson(e2e);
  await signUpByApi(e2e.app.url, payer, 'Pat Payer', `help-payer-${run}@example.com`);
  const checkout = await apiCall(payer.page, '/api/checkout', {
    items: [{ price_id: 'price_standard_monthly', quantity: 1 }],
    standard_seats: 0,
    pro_seats: 0,
    request_url: `${e2e.app.url}/dashboard/billing`,
    coupon_code: null,
  });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.json));
  await payer.page.goto((checkout.json as { url: string }).url);
  await payInSandbox(payer.page);
  await payer.page.goto(`${e2e.app.url}/dashboard/billing`);
  await payer.page.getByRole('region', { name: 'Subscription Details' }).waitFor();
  await expectSupportLink(payer.page, `${e2e.app.url}/support`);
  assert.deepEqual(payer.pageErrors, []);
});

test('team and member views; seats past the maximum are refused in words; promotion is asked first', async () => {
  const memberEmail = `help-member-${run}@example.com`;
  const { admin, member } = await teamOfTwo(
    e2e,
    { name: 'Tom Team', email: `help-team-${run}@example.com` },
    { name: 'Mia Member', email: memberEmail },
  );
  const { page } = admin;

  // The member's read-only view and the admin's team view both carry the link.
  await member.page.goto(`${e2e.app.url}/dashboard/billing`);
  await member.page.getByRole('region', { name: 'My Subscription' }).waitFor();
  await expectSupportLink(member.page, `${e2e.app.url}/support`);
  await page.goto(`${e2e.app.url}/dashboard/billing`);
  await page.getByRole('table', { name: 'Seats' }).waitFor();
  await expectSupportLink(page, `${e2e.app.url}/support`);

  // Seats: the input carries the server's maximum and says it; past it, nothing is sent.
  const form = page.getByRole('form', { name: 'Buy seats' });
  const seats = form.getByRole('spinbutton', { name: 'Step 2: number of seats' });
  assert.equal(await seats.getAttribute('max'), '1000');
  await form.getByText('1 to 1,000 seats per order.').waitFor();
  await form.getByRole('radio', { name: 'Pro' }).check();
  await seats.fill('1001');
  await form.getByText('You can buy at most 1,000 seats in one order.').waitFor();
  await form.getByRole('button', { name: 'Buy Seats' }).click();
  await form.getByText('You can buy at most 1,000 seats in one order.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/dashboard/billing', 'no checkout was started');

  // One Pro seat: the total gives its period.
  await seats.fill('1');
  await form.getByRole('button', { name: 'Buy Seats' }).click();
  await page
    .getByRole('dialog', { name: 'Confirm your order' })
    .getByRole('button', { name: 'Pay $636' })
    .click();
  await payInSandbox(page);
  await page.goto(`${e2e.app.url}/dashboard/billing`);
  await page.getByText('Subscription total: $636 per year').waitFor();

  // The admin is still on Free, with a yearly seats subscription: 'Monthly' credits, not 'Annual'.
  await page.goto(`${e2e.app.url}/dashboard`);
  const account = page.getByRole('region', { name: 'Account' });
  await account.getByText('Free', { exact: true }).waitFor();
  await account.getByText('Monthly', { exact: true }).waitFor();
  assert.equal(await account.getByText('Annual').count(), 0);

  // The member's edit page: one Pro seat left, said in the singular.
  await page.goto(`${e2e.app.url}/dashboard/organization`);
  const row = page
    .getByRole('table', { name: 'Team members' })
    .getByRole('row')
    .filter({ hasText: memberEmail });
  await row.getByRole('button', { name: /^Actions for / }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.waitForURL(/\/dashboard\/member\/edit\//);
  await page.getByRole('combobox', { name: 'Product' }).click();
  await page.getByRole('option', { name: 'Pro (1 seat available)' }).waitFor();
  await page.keyboard.press('Escape');

  // Making the member an admin asks first; Cancel keeps a member, on the page and on the server.
  const role = page.getByRole('combobox', { name: 'Role' });
  await role.click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  const dialog = page.getByRole('dialog', { name: 'Make this member an admin?' });
  await dialog.getByText(/This cannot be undone/).waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'hidden' });
  assert.equal((await role.textContent())?.trim(), 'Member');
  const members = await apiCall(page, '/api/get-organization-members');
  const users = (members.json as { data: { users: { email: string; role: string }[] } }).data.users;
  assert.equal(users.find((user) => user.email === memberEmail)?.role, 'member');

  // Confirming makes them an admin: the organization page offers no Remove, and its menu says why.
  await role.click();
  await page.getByRole('option', { name: 'Admin' }).click();
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await dialog.getByRole('button', { name: 'Make admin' }).click();
  await page.waitForURL(/\/dashboard\/organization$/);
  await row.getByRole('button', { name: /^Actions for / }).click();
  const cannot = page.getByRole('menuitem', { name: 'Cannot remove admin' });
  await cannot.waitFor();
  assert.equal(await cannot.getAttribute('aria-disabled'), 'true');
  assert.equal(await page.getByRole('menuitem', { name: 'Remove', exact: true }).count(), 0);

  assert.deepEqual([...admin.pageErrors, ...member.pageErrors], []);
});

test('with SUPPORT_FORM_URL the link opens that form in a new tab, and /pricing says Yearly too', async () => {
  const helpDesk = 'https://help.example.com/billing?from=dashboard';
  const configured = await startApp({ SUPPORT_FORM_URL: helpDesk });
  try {
    const person = await newPerson(e2e);
    const { context, page, pageErrors } = person;
    // The help desk is another site: answered here, since the test machine has no internet.
    await context.route('https://help.example.com/**', (route) =>
      route.fulfill({ contentType: 'text/html', body: '<title>Help desk</title><h1>Help desk</h1>' }),
    );
    await signUpByApi(configured.url, person, 'Cara Configured', `help-configured-${run}@example.com`);

    await page.goto(`${configured.url}/dashboard/billing`);
    await expectSupportLink(page, helpDesk);
    const [desk] = await Promise.all([context.waitForEvent('page'), needHelp(page).click()]);
    await desk.getByRole('heading', { name: 'Help desk' }).waitFor();
    assert.equal(desk.url(), helpDesk);

    // The public pricing page uses the same toggle word as billing.
    await page.goto(`${e2e.app.url}/pricing`);
    assert.equal(
      await page.getByRole('button', { name: 'Yearly 33% off' }).getAttribute('aria-pressed'),
      'true',
    );
    assert.deepEqual(pageErrors, []);
  } finally {
    await configured.close();
  }
});
