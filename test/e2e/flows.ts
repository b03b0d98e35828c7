/**
 * Browser-test steps of the public onboarding flow, shared by the e2e tests: they drive the UI the way a
 * person would (labels and button names), so they break when the pages do.
 */
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';

export const STRONG_PASSWORD = 'Str0ng!Passw0rd';

export interface SignUpOptions {
  /** Origin of the running app (RunningApp.url). */
  url: string;
  email: string;
  name?: string;
  password?: string;
  /** Start like the extension does: /auth?software=...&installed=true. Without it, /signup directly. */
  fromExtension?: { software: string };
  /** The page is on /signup already (an invitation led there): fill the form where it is. */
  onThePage?: boolean;
  /** Where the onboarding order should send the new user (default: /connect from the extension, else /install). */
  expectPath?: RegExp | ((url: URL) => boolean);
}

/** Signs a new user up through the UI and waits for the next screen of the onboarding order. */
export async function signUp(page: Page, options: SignUpOptions): Promise<void> {
  const { url, email, name = 'Ada Lovelace', password = STRONG_PASSWORD, fromExtension } = options;
  if (fromExtension) {
    await page.goto(`${url}/auth?software=${encodeURIComponent(fromExtension.software)}&installed=true`);
    await page.waitForURL(/\/signup(\?|$)/);
  } else if (!options.onThePage) {
    await page.goto(`${url}/signup`);
  }
  const form = page.getByRole('form', { name: 'Sign up' });
  await form.getByRole('textbox', { name: /^Name/ }).fill(name);
  // An invitation fills in the invited address already.
  const emailField = form.getByRole('textbox', { name: /^Email/ });
  if ((await emailField.inputValue()) !== email) await emailField.fill(email);
  await form.locator('input[name="password"]').fill(password);
  await form.getByRole('button', { name: 'Sign up', exact: true }).click();
  await page.waitForURL(options.expectPath ?? (fromExtension ? /\/connect$/ : /\/install$/));
}

/** Logs in through the form of /login and waits until the app has left it. */
export async function logIn(page: Page, url: string, email: string, password: string): Promise<void> {
  await page.goto(`${url}/login`);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL((current) => current.pathname !== '/login');
}

/** Logs out through /logout and waits for /login. */
export async function logOut(page: Page, url: string): Promise<void> {
  await page.goto(`${url}/logout`);
  await page.waitForURL(/\/login$/);
}

/**
 * A signed-in invitee reads their invitation in the sandbox outbox, opens its /accept-invitation link and
 * joins with the page's Join button (a mail opened is not a join).
 */
export async function joinByMailedInvitation(
  page: Page,
  url: string,
  email: string,
  organization: string,
): Promise<void> {
  await page.goto(`${url}/sandbox/mail`);
  const invitation = page.locator('article', { hasText: `To ${email}` }).first();
  await invitation.waitFor();
  const accept = await invitation.locator('a[href*="/accept-invitation?"]').first().getAttribute('href');
  assert.ok(accept, 'the invitation mail carries an /accept-invitation link');
  await page.goto(accept);
  await page.getByRole('button', { name: `Join ${organization}` }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `You joined ${organization}.` })
    .waitFor();
}
