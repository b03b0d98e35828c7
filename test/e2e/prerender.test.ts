/**
 * Issue 12: the public pages arrive as HTML (scripts/prerender.ts) and are hydrated in the browser.
 * - with JavaScript off, /login, /signup and /pricing show their headings and forms;
 * - with JavaScript on, every prerendered page, in English and in Chinese, hydrates with no console
 *   error, also for a visitor whose local storage already holds a CRM and the install flag;
 * - a query that changes the page (pricing's hide_header) gets the page rendered in the browser.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PRERENDERED_PATHS } from '../../src/shared/prerender';
import { useAppAndBrowser } from './harness';

const e2e = useAppAndBrowser();

/** What an anonymous visitor's console always shows (spec §4: the initial load logs its failure). */
const EXPECTED =
  /Failed to load resource: the server responded with a status of 401|Failed to fetch user data/;

/** Opens `path` and collects the console errors until the page is hydrated (its root no longer inert). */
async function visit(page: Page, path: string) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(e2e.app.url + path);
  const served = (await response?.text()) ?? '';
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    return root !== null && root.hasChildNodes() && !root.hasAttribute('inert');
  });
  // Effects after hydration (the store's own state, local storage) may still log: let them run.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return { prerendered: served.includes('id="root" inert>'), errors };
}

async function newPage(options: BrowserContextOptions = {}) {
  const context = await e2e.newContext(options);
  return context.newPage();
}

test('with JavaScript off, /login, /signup and /pricing show their headings and forms', async () => {
  const page = await newPage({ javaScriptEnabled: false });
  await page.goto(`${e2e.app.url}/login`);
  assert.equal(await page.getByRole('heading', { name: 'Log in' }).count(), 1);
  assert.equal(await page.locator('input[name="email"]').count(), 1);
  assert.equal(await page.locator('input[name="password"]').count(), 1);
  assert.equal(await page.getByRole('button', { name: 'Log in', exact: true }).count(), 1);
  // This deployment's Google button (the sandbox here) is in the HTML: nothing appears above the form later.
  assert.equal(await page.getByRole('button', { name: 'Sign in with Google' }).count(), 1);

  await page.goto(`${e2e.app.url}/signup`);
  assert.equal(await page.getByRole('heading', { name: 'Create your account' }).count(), 1);
  assert.equal(await page.locator('input[name="email"]').count(), 1);
  assert.equal(await page.getByRole('button', { name: 'Sign up', exact: true }).count(), 1);

  await page.goto(`${e2e.app.url}/pricing`);
  assert.equal(await page.getByRole('heading', { name: 'Pricing' }).count(), 1);
  assert.equal(await page.getByRole('button', { name: /Yearly/ }).count(), 1);
});

for (const locale of ['en-US', 'zh-CN']) {
  test(`every prerendered page hydrates with no console error (${locale})`, async () => {
    const page = await newPage({ locale });
    for (const path of PRERENDERED_PATHS) {
      const { prerendered, errors } = await visit(page, path);
      assert.ok(prerendered, `${path} was not served prerendered`);
      assert.deepEqual(errors, [], `${path} (${locale})`);
      if (locale === 'zh-CN') assert.equal(await page.getAttribute('html', 'lang'), 'zh-CN');
    }
  });
}

test('a returning visitor (a CRM and the install flag stored) gets the prerendered page, then their CRM', async () => {
  const context = await e2e.newContext();
  await context.addInitScript(() => {
    localStorage.setItem('software', 'demo-crm');
    localStorage.setItem('has_installed', 'true');
  });
  const page = await context.newPage();
  for (const path of ['/signup', '/install', '/login']) {
    const { prerendered, errors } = await visit(page, path);
    assert.ok(prerendered, path);
    assert.deepEqual(errors, [], path);
  }
  // After hydration the page follows local storage: the banner names the chosen CRM.
  await page.getByText('Demo CRM').first().waitFor();
});

test('a form filled after hydration works: logging in with a wrong password says so', async () => {
  const page = await newPage();
  await visit(page, '/login');
  await page.locator('input[name="email"]').fill(`nobody-${Date.now()}@example.com`);
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('alert').first().waitFor();
  assert.match(page.url(), /\/login$/);
});

test('a query that changes the page gets it rendered in the browser, with the change applied', async () => {
  const page = await newPage();
  const response = await page.goto(`${e2e.app.url}/pricing?hide_header=true`);
  assert.ok(!(await response!.text()).includes('id="root" inert>'));
  // The page is the embeddable widget: plans without the site's heading and footer.
  await page.getByRole('button', { name: /Yearly/ }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Pricing' }).count(), 0);
  assert.equal(await page.getByText('© CRM Sync').count(), 0);
  // Campaign parameters do not change the page: it stays prerendered.
  const { prerendered } = await visit(page, '/pricing?utm_source=newsletter');
  assert.ok(prerendered);
});
