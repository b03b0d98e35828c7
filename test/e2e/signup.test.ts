/**
 * Browser walk, signup (docs/product.md#signing-up): a new user arrives from the extension (/auth?software=demo-crm&installed=true),
 * signs up, lands on /connect (installed, nothing connected yet), then logs out and logs back in.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { logIn, logOut, signUp, STRONG_PASSWORD } from './flows.js';
import { expectTitle, useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

test('a new user from the extension signs up, lands on /connect, logs out and logs in again', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `signup-${Date.now()}@example.com`;

  // /auth stores the CRM and the install flag, then sends a new visitor to /signup.
  await page.goto(`${e2e.app.url}/auth?software=demo-crm&installed=true&utm_source=e2e`);
  await page.waitForURL(/\/signup(\?|$)/);
  await page.getByText('Chrome Extension for Demo CRM.').waitFor();
  await expectTitle(page, 'Sign up');

  // A weak password is refused before any call.
  await page.getByRole('textbox', { name: /^Name/ }).fill('Ada Lovelace');
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill('abcdef1');
  await page.getByText('Password strength: Weak').waitFor();
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page
    .getByText('Please pick a stronger password (it must have 8+ characters', { exact: false })
    .waitFor();

  await page.locator('input[name="password"]').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL(/\/connect$/);
  assert.deepEqual(
    await page.evaluate(() => ({
      software: localStorage.getItem('software'),
      installed: localStorage.getItem('has_installed'),
      utm: localStorage.getItem('utm_source'),
    })),
    { software: 'demo-crm', installed: 'true', utm: 'e2e' },
  );

  // Logout keeps only the chosen CRM in local storage.
  await logOut(page, e2e.app.url);
  assert.deepEqual(await page.evaluate(() => Object.keys(localStorage)), ['software']);

  // A wrong password shows the server's message; the right one continues the onboarding (still /connect).
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill('Wrong!Passw0rd');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');

  await logIn(page, e2e.app.url, email, STRONG_PASSWORD);
  await page.waitForURL(/\/connect$/);

  // A signed-in visitor of /login goes to the dashboard.
  await page.goto(`${e2e.app.url}/login`);
  await page.waitForURL(/\/dashboard$/);

  assert.deepEqual(pageErrors, []);
  await context.close();
});

test('signUp helper: a direct signup without the extension goes to /install', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signUp(page, { url: e2e.app.url, email: `direct-${Date.now()}@example.com` });
  await page.getByRole('heading', { name: 'Install the extension' }).waitFor();
  await context.close();
});
