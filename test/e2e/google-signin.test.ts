/**
 * Browser walk, Google sign-in (docs/product.md#google-sign-in) on a fresh install (no GOOGLE_CLIENT_ID): the Google option opens
 * the server's sandbox in a popup, which hands back a signed credential. A visitor signs up with it, logs
 * out and logs in with it; every Google error text of docs/product.md#authentication-texts can be brought about.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { logOut } from './flows.js';
import { useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

type Outcome = 'Continue' | 'Send an invalid credential' | 'Fail (widget error)';

/** Clicks the Google button, then plays the visitor in the sandbox popup until it closes. */
async function withGoogle(page: Page, button: string, outcome: Outcome, email?: string, name?: string) {
  const opened = page.waitForEvent('popup');
  await page.getByRole('button', { name: button }).click();
  const popup = await opened;
  await popup.getByRole('heading', { name: 'Choose an account' }).waitFor();
  if (email) await popup.getByLabel('Email').fill(email);
  if (name) await popup.getByLabel('Name').fill(name);
  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: outcome }).click();
  await closed;
}

const currentUser = (page: Page) =>
  page.evaluate(async () => {
    const answer = await fetch('/api/get-user', { credentials: 'include' });
    return answer.ok
      ? ((await answer.json()) as { data: { id: string; email: string; name: string } }).data
      : null;
  });

test('on a fresh install, a visitor signs up and then logs in with the Google option', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const email = `google-${Date.now()}@example.com`;

  await page.goto(`${e2e.app.url}/auth?software=demo-crm&installed=true`);
  await page.waitForURL(/\/signup(\?|$)/);
  await withGoogle(page, 'Sign up with Google', 'Continue', email, 'Grace Hopper');
  // Installed, nothing connected yet: the onboarding order says /connect.
  await page.waitForURL(/\/connect$/);
  const signedUp = await currentUser(page);
  assert.equal(signedUp?.email, email);
  assert.equal(signedUp?.name, 'Grace Hopper');

  await logOut(page, e2e.app.url);
  assert.equal(await currentUser(page), null);
  await withGoogle(page, 'Sign in with Google', 'Continue', email);
  await page.waitForURL((url) => url.pathname !== '/login');
  assert.equal((await currentUser(page))?.id, signedUp?.id);

  assert.deepEqual(pageErrors, []);
  await context.close();
});

test('every Google error text of docs/product.md#authentication-texts can be seen', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const email = `google-errors-${Date.now()}@example.com`;
  const alert = (text: string) => page.getByRole('alert').filter({ hasText: text }).waitFor();

  await page.goto(`${e2e.app.url}/login`);
  await withGoogle(page, 'Sign in with Google', 'Fail (widget error)');
  await alert('Google sign in failed. Please try again.');
  await withGoogle(page, 'Sign in with Google', 'Send an invalid credential', email);
  await alert('Google login failed');
  await page.route('**/api/google-auth', (route) => route.abort());
  await withGoogle(page, 'Sign in with Google', 'Continue', email);
  await alert('An error occurred during Google login');
  await page.unroute('**/api/google-auth');

  await page.goto(`${e2e.app.url}/signup`);
  await withGoogle(page, 'Sign up with Google', 'Send an invalid credential', email);
  await alert('Google auth failed');
  await page.route('**/api/google-auth', (route) => route.abort());
  await withGoogle(page, 'Sign up with Google', 'Continue', email);
  await alert('An error occurred during Google signup');

  assert.equal(new URL(page.url()).pathname, '/signup');
  await context.close();
});
