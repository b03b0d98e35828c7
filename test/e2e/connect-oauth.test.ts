/**
 * Browser walk, OAuth (docs/product.md#crm-connection): a new user arrives from the extension, signs up, connects Demo CRM
 * through the sandbox authorize page (in the window the app opens, which closes and hands back to the
 * tab that opened it), sees 'Successfully connected.', lands on /complete and then on the
 * dashboard. The dashboard connection page is then fed the token the way the extension would (the
 * connectionData document event), and the user disconnects.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { BrowserContext } from 'playwright-core';
import { signUp } from './flows.js';
import { useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

test('a new user connects Demo CRM by OAuth and reaches the dashboard', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  context.on('page', (opened) => opened.on('pageerror', (error) => pageErrors.push(error.message)));
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // /auth?software=demo-crm&installed=true → /signup → a new account → /connect.
  await signUp(page, {
    url: e2e.app.url,
    email: `oauth-${Date.now()}@example.com`,
    fromExtension: { software: 'demo-crm' },
  });
  await page.getByRole('heading', { name: 'Connect Demo CRM' }).waitFor();

  // The app opens the authorize page in a new window.
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect with OAuth' }).click();
  const authorizePage = await popup;
  await authorizePage.waitForURL(/\/sandbox\/crm\/authorize\?/);
  const authorizeUrl = new URL(authorizePage.url());
  assert.equal(authorizeUrl.searchParams.get('client_id'), 'demo-crm-sandbox');
  assert.equal(authorizeUrl.searchParams.get('redirect_uri'), `${e2e.app.url}/callback`);
  assert.equal(await page.evaluate(() => localStorage.getItem('auth_attempt')), 'oauth');
  await page.getByText(/A new window opened to sign in to Demo CRM/).waitFor();

  // docs/product.md#connecting-on-the-public-pages: the window hands the connection back and closes; the tab that opened it moves on, so one
  // tab remains, on the next step.
  const closed = authorizePage.waitForEvent('close');
  await authorizePage.getByRole('button', { name: 'Approve' }).click();
  await closed;
  const oauthPage = page;
  await oauthPage.getByRole('heading', { name: 'Successfully connected.' }).waitFor();
  assert.equal(context.pages().length, 1);
  assert.equal(new URL(oauthPage.url()).pathname, '/connected');
  const stored = await oauthPage.evaluate(() => ({
    token: localStorage.getItem('oauth_access_token'),
    code: localStorage.getItem('oauth_code'),
    updatedAt: localStorage.getItem('oauth_updated_at'),
  }));
  assert.match(stored.token ?? '', /^demo_at_/);
  assert.match(stored.code ?? '', /^demo_code_/);
  assert.match(stored.updatedAt ?? '', /^\d+$/);

  // 'Successfully connected.' → /complete after 3 s.
  await oauthPage.waitForURL(/\/complete$/);
  assert.equal(context.pages().length, 1);
  await oauthPage.getByRole('link', { name: /dashboard/i }).click();
  await oauthPage.waitForURL(/\/dashboard$/);

  // The extension's part: it sends the stored token to the dashboard connection page.
  await oauthPage.goto(`${e2e.app.url}/dashboard/connection`);
  await oauthPage.getByRole('heading', { name: 'CRM Connection' }).waitFor();
  await oauthPage.evaluate(() => {
    const detail = { oauth_access_token: localStorage.getItem('oauth_access_token') };
    document.dispatchEvent(new CustomEvent('connectionData', { detail }));
  });
  await oauthPage.getByText('OAuth Authentication').waitFor();

  await oauthPage.getByRole('link', { name: 'Disconnect' }).click();
  await oauthPage.getByRole('heading', { name: 'Disconnected' }).waitFor();
  await oauthPage.getByText('You have been disconnected from your CRM.').waitFor();
  const left = await oauthPage.evaluate(() =>
    Object.keys(localStorage).filter((key) => /^(oauth_|api_key_|auth_attempt$)/.test(key)),
  );
  assert.deepEqual(left, []);

  assert.deepEqual(pageErrors, []);
  await context.close();
});

/**
 * A new user from the extension (/auth?software=demo-crm&installed=true → /signup → /connect) clicks
 * 'Connect with OAuth': their page, and the window the app opened on the authorize page.
 */
async function openAuthorizeWindow(context: BrowserContext, emailPrefix: string) {
  const page = await context.newPage();
  await signUp(page, {
    url: e2e.app.url,
    email: `${emailPrefix}-${Date.now()}@example.com`,
    fromExtension: { software: 'demo-crm' },
  });
  await page.getByRole('heading', { name: 'Connect Demo CRM' }).waitFor();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Connect with OAuth' }).click();
  return { page, authorizePage: await popup };
}

test('denying access in the OAuth window is said in words in the tab that opened it', async () => {
  const context = await e2e.browser.newContext();
  const { page, authorizePage } = await openAuthorizeWindow(context, 'oauth-deny');
  const closed = authorizePage.waitForEvent('close');
  await authorizePage.getByRole('button', { name: 'Deny' }).click();
  await closed;

  await page
    .getByText('The connection was cancelled: access to your CRM was not approved.', { exact: false })
    .waitFor();
  assert.doesNotMatch(await page.locator('body').innerText(), /access_denied/);
  assert.equal(new URL(page.url()).pathname, '/connect');
  assert.equal(context.pages().length, 1);
  await context.close();
});

test("a CRM page with 'Cross-Origin-Opener-Policy: same-origin' cuts window.opener, and one tab still remains", async () => {
  const context = await e2e.browser.newContext();
  // A real CRM's authorize page may isolate itself: the window loses its opener on the way.
  await context.route('**/sandbox/crm/authorize?*', async (route) => {
    const answer = await route.fetch();
    await route.fulfill({
      response: answer,
      headers: { ...answer.headers(), 'cross-origin-opener-policy': 'same-origin' },
    });
  });
  const { page, authorizePage } = await openAuthorizeWindow(context, 'oauth-coop');
  await authorizePage.getByRole('button', { name: 'Approve' }).waitFor();
  assert.equal(await authorizePage.evaluate(() => window.opener), null, 'the CRM page cut the opener');
  const closed = authorizePage.waitForEvent('close');
  await authorizePage.getByRole('button', { name: 'Approve' }).click();
  await closed;

  await page.getByRole('heading', { name: 'Successfully connected.' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/connected');
  assert.equal(context.pages().length, 1);
  await context.close();
});
