/**
 * Browser walk, password reset (docs/product.md#forgot-and-reset-password): forgot password → the mail in the sandbox outbox (/sandbox/mail) →
 * its link (reloaded once) → a new password → redirected to /login → logging in works with the new password only.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { logIn, logOut, signUp, STRONG_PASSWORD } from './flows.js';
import { useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

test('a forgotten password is reset through the mailed link', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `reset-${Date.now()}@example.com`;
  const newPassword = 'N3w!Password';

  await signUp(page, { url: e2e.app.url, email });
  await logOut(page, e2e.app.url);

  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await page.waitForURL(/\/forgot-password$/);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await page
    .getByText(
      "If your account exists, you'll receive an email with a link to reset your password (expires in 24 hours).",
    )
    .waitFor();

  // The outbox lists the newest mail first; take the reset link sent to this user.
  await page.goto(`${e2e.app.url}/sandbox/mail`);
  const mail = page.locator('article', { hasText: email }).first();
  const link = mail.locator('a[href*="/reset-password?token="]').first();
  const href = await link.getAttribute('href');
  assert.ok(href, 'the reset mail carries a link');
  assert.equal(new URL(href).origin, e2e.app.url);
  await link.click();
  await page.waitForURL(/\/reset-password\?token=/);
  // The page takes the token out of the address bar, into the history entry: a reload still resets.
  await page.waitForURL((url) => url.pathname === '/reset-password' && !url.search.includes('token'));
  await page.reload();

  // Weak is refused with the reset rule; Medium or better is accepted.
  await page.locator('input[name="new_password"]').fill('abcdefG1');
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByText('Please pick a stronger password (at least Medium)', { exact: false }).waitFor();
  await page.locator('input[name="new_password"]').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await page.getByRole('status').filter({ hasText: 'Redirecting...' }).waitFor();
  await page.waitForURL(/\/login$/);

  // The old password no longer works; the new one does.
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').waitFor();
  await logIn(page, e2e.app.url, email, newPassword);
  assert.equal(new URL(page.url()).pathname, '/install');

  assert.deepEqual(pageErrors, []);
  await context.close();
});
