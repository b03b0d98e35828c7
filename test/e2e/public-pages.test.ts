/**
 * Browser walks of the public pages, as a demanding user and a careful QA engineer would:
 * - every public route with bad input shows sentences, never schema wording (`must NOT`, `must match`) or
 *   raw codes (`access_denied`, anything_with_underscores), nor text a link chose;
 * - a crafted /connected link asks before verifying anything, and leaves local storage as it was;
 * - at desktop width: the /connect buttons, no card in a card, headings, the Zoho select, the footer.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { signUp, STRONG_PASSWORD } from './flows.js';
import { useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

/** Schema wording, and a word with an underscore (a code such as access_denied or a field name). */
const TECHNICAL = /must NOT|must match|must have required|\b[A-Za-z0-9]+_[A-Za-z0-9_]+\b/;

/** Waits for what the page should say, then checks that nothing on it reads like a code. */
async function expectWords(page: Page, visit: string, shows: string | RegExp) {
  await page.getByText(shows).first().waitFor();
  const text = await page.locator('body').innerText();
  assert.doesNotMatch(text, TECHNICAL, `${visit} shows a technical text:\n${text}`);
}

async function fill(page: Page, fields: Record<string, string>) {
  for (const [name, value] of Object.entries(fields)) await page.locator(`input[name="${name}"]`).fill(value);
}

/** A new user from the extension (Demo CRM), signed in, and a snapshot of their local storage. */
async function signedUpFromTheExtension(emailPrefix: string) {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  await signUp(page, {
    url: e2e.app.url,
    email: `${emailPrefix}-${Date.now()}@example.com`,
    fromExtension: { software: 'demo-crm' },
  });
  const snapshot = () => page.evaluate(() => JSON.stringify(Object.entries(localStorage).sort()));
  return { context, page, snapshot };
}

test('the public routes answer bad input in words, never in codes', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  const url = e2e.app.url;
  const submit = (name: string) => page.getByRole('button', { name, exact: true }).click();

  // Signed out.
  await page.goto(`${url}/signup`);
  await fill(page, { name: '   ', email: 'ada@example.com', password: STRONG_PASSWORD });
  await submit('Sign up');
  await expectWords(page, '/signup, blank name', 'Name is required.');
  // 'a@b' passes the browser's own check, so the server's answer is what shows.
  await fill(page, { name: 'Ada', email: 'a@b' });
  await submit('Sign up');
  await expectWords(page, '/signup, a@b', 'Email must be a valid email address, like name@example.com.');

  await page.goto(`${url}/forgot-password`);
  await fill(page, { email: 'a@b' });
  await submit('Send reset link');
  await expectWords(page, '/forgot-password, a@b', 'Email must be a valid email address');

  await page.goto(`${url}/login`);
  await fill(page, { email: 'a@b', password: 'whatever' });
  await submit('Log in');
  await expectWords(page, '/login, a@b', 'Email must be a valid email address');

  const visits: [string, string | RegExp][] = [
    // Without a token first: the page with one keeps it in its history entry once read, and the browser
    // takes the same address typed again for a reload of that entry.
    ['/reset-password', 'No reset token provided.'],
    ['/reset-password?token=not-a-token', 'This reset link is invalid or has expired.'],
    ['/accept-invitation', 'No invitation token provided.'],
    ['/accept-invitation?token=not-a-token&software=no_such_crm', 'Invalid or expired invitation'],
    ['/join/not-a-token', 'This invitation link does not exist. Check that you copied all of it.'],
    ['/callback?error=access_denied&error_description=Call+0800+to+restore+your+account', 'was not approved'],
    [
      '/callback?error=weird_code&error_description=Anything+a+link+says',
      'could not complete the connection',
    ],
    ['/callback?code=stolen&state=guessed', 'was not started from this browser'],
    ['/connected#oauth_access_token=X&oauth_domain=evil.example', /Connect this .*account to CRM Sync\?/],
    ['/auth?software=no_such_crm', 'Create your account'],
    ['/connect', 'Software not found'],
    ['/connect-api-key', 'Software not found.'],
    ['/pricing?coupon=NOT_A_COUPON&software=no_such_crm', 'Pricing'],
    ['/login?reauth=true', 'Session expired, please login again.'],
    ['/install', 'Install the extension'],
    ['/uninstalled', 'The extension was uninstalled'],
    ['/terms', 'Terms of service'],
    ['/privacy', 'Privacy policy'],
  ];
  for (const [visit, shows] of visits) {
    await page.goto(`${url}${visit}`);
    await expectWords(page, visit, shows);
  }
  await page.goto(`${url}/connected#oauth_access_token=X&oauth_domain=evil.example`);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectWords(page, '/connected, crafted, signed out', 'You are not signed in.');
  // The link's text never reaches the page.
  await page.goto(`${url}/callback?error=x&error_description=Call+0800+EVIL`);
  await expectWords(page, '/callback, description', 'could not complete the connection');
  assert.doesNotMatch(await page.locator('body').innerText(), /EVIL/);
  // An unknown CRM from a link is not kept.
  assert.equal(await page.evaluate(() => localStorage.getItem('software')), null);

  // Signed in.
  await signUp(page, {
    url,
    email: `words-${Date.now()}@example.com`,
    fromExtension: { software: 'demo-crm' },
  });
  await page.goto(`${url}/signup`);
  await expectWords(page, '/signup, signed in', 'You are already signed in');
  await page.goto(`${url}/connected#oauth_access_token=X&oauth_domain=evil.example`);
  await expectWords(page, '/connected, crafted', 'Connect this Demo CRM account to CRM Sync?');
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await expectWords(page, '/connected, crafted, connected anyway', 'Verification failed');
  await page.goto(`${url}/connect-api-key`);
  await fill(page, { api_key_1: 'not-a-demo-key' });
  await submit('Connect');
  await expectWords(page, '/connect-api-key, bad key', 'Verification failed');

  assert.deepEqual(pageErrors, []);
  await context.close();
});

test('a crafted /connected link leaves local storage unchanged', async () => {
  const { context, page, snapshot } = await signedUpFromTheExtension('crafted');
  const before = await snapshot();

  await page.goto(
    `${e2e.app.url}/connected#oauth_access_token=X&oauth_domain=evil.example&oauth_api_domain=https://evil.example`,
  );
  await page.getByRole('heading', { name: 'Connect this Demo CRM account to CRM Sync?' }).waitFor();
  assert.equal(await snapshot(), before);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('heading', { name: 'Connection Error.' }).waitFor();
  assert.equal(await snapshot(), before);
  assert.equal(new URL(page.url()).hash, '');
  await context.close();
});

test("a link with someone else's valid API key asks before connecting anything", async () => {
  const { context, page, snapshot } = await signedUpFromTheExtension('planted');
  const personalConnection = () =>
    page.evaluate(async () => {
      const answer = await fetch('/api/get-user', { credentials: 'include' });
      return ((await answer.json()) as { data: { personal_connection_id: string | null } }).data
        .personal_connection_id;
    });
  const verifyCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/verify-settings')) verifyCalls.push(request.url());
  });
  const before = await snapshot();

  // The attacker's own, valid Demo CRM key, in a link the signed-in victim opens.
  await page.goto(`${e2e.app.url}/connected#api_key_1=demo_attackers_key`);
  await page.getByRole('heading', { name: 'Connect this Demo CRM account to CRM Sync?' }).waitFor();
  assert.equal(new URL(page.url()).hash, '', 'the key left the address bar');
  // The page settled on the question: still nothing sent, stored or connected.
  await page.getByRole('button', { name: 'Connect', exact: true }).waitFor();
  assert.deepEqual(verifyCalls, []);
  assert.equal(await snapshot(), before);
  assert.equal(await personalConnection(), null);

  await page.getByRole('button', { name: 'Connect', exact: true }).click();
  await page.getByRole('heading', { name: 'Successfully connected.' }).waitFor();
  assert.equal(verifyCalls.length, 1);
  assert.notEqual(await personalConnection(), null);
  await context.close();
});

test('at desktop width: even connect buttons, one card, bold headings, a Zoho select, a footer', async () => {
  const context = await e2e.browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const url = e2e.app.url;
  const h1Weight = () => page.locator('h1').evaluate((h1) => getComputedStyle(h1).fontWeight);
  /** How many cards (boxes with a visible border or a shadow) frame the page's heading. */
  const cardsAroundH1 = () =>
    page.locator('h1').evaluate((h1) => {
      let count = 0;
      for (let node = h1.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const bordered = style.borderTopStyle !== 'none' && parseFloat(style.borderTopWidth) > 0;
        if (bordered || style.boxShadow !== 'none') count += 1;
      }
      return count;
    });

  await page.goto(`${url}/signup`);
  await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
  const signupWeight = await h1Weight();
  for (const name of ['Terms', 'Privacy', 'Support']) {
    await page.getByRole('contentinfo').getByRole('link', { name }).waitFor();
  }

  await signUp(page, {
    url,
    email: `looks-${Date.now()}@example.com`,
    fromExtension: { software: 'demo-crm' },
  });
  await page.getByRole('heading', { level: 1, name: 'Connect Demo CRM' }).waitFor();
  assert.equal(await cardsAroundH1(), 1);
  assert.equal(await h1Weight(), signupWeight);
  const oauth = await page.getByRole('button', { name: 'Connect with OAuth' }).boundingBox();
  const apiKey = await page.getByRole('link', { name: 'Connect with API Key' }).boundingBox();
  assert.ok(oauth && apiKey);
  assert.ok(Math.abs(oauth.width - apiKey.width) <= 1, `widths ${oauth.width} and ${apiKey.width}`);
  assert.equal(oauth.y, apiKey.y, 'side by side');
  // One line each: a large button is about 42 px high with one line of text, 68 px with two.
  assert.ok(oauth.height < 50 && apiKey.height < 50, `heights ${oauth.height} and ${apiKey.height}`);

  // Zoho's data centre is a select of its allowed values.
  await page.evaluate(() => localStorage.setItem('software', 'zoho'));
  await page.goto(`${url}/connect`);
  await page.getByRole('heading', { level: 1, name: 'Connect Zoho CRM' }).waitFor();
  await page.getByRole('combobox', { name: /Data centre/ }).click();
  await page.getByRole('option', { name: 'Europe (eu)' }).waitFor();

  await context.close();
});
