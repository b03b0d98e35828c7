/**
 * docs/performance.md#prerendered-public-pages: the public pages arrive as HTML (scripts/prerender.ts) and are hydrated in the browser.
 * - with JavaScript off, /login, /signup and /pricing show their headings and forms;
 * - with JavaScript on, every prerendered page, in English and in Chinese, hydrates with no console
 *   error, also for a visitor whose local storage already holds a CRM and the install flag;
 * - pricing's flags, signup's first_install and a prefilled password have prerendered variants; the signup
 *   prefill fills the form once hydrated; none of it moves the page (CLS <= 0.01); any other query is
 *   rendered in the browser.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PRERENDERED_PATHS, prerenderedVariants } from '../../src/shared/prerender.js';
import { actBeforeHydration, useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

/** What an anonymous visitor's console always shows (docs/product.md#initial-load: the initial load logs its failure). */
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
  return { prerendered: served.includes('id="root" inert>'), served, errors };
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
    const urls = PRERENDERED_PATHS.flatMap((path) =>
      prerenderedVariants(path).map(({ query }) => (query ? `${path}?${query}` : path)),
    );
    for (const path of urls) {
      const { prerendered, served, errors } = await visit(page, path);
      assert.ok(prerendered, `${path} was not served prerendered`);
      // The app's scripts are run by the after-paint loader, once the page has painted (only preloaded here).
      assert.match(served, /<script defer src="\/after-paint\.[0-9a-f]+\.js" data-scripts="[^"]*\/main\./);
      assert.doesNotMatch(served, /<script[^>]*src="?\/main\./);
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

/** The page's cumulative layout shift so far (an observer installed before the page's own scripts). */
async function layoutShift(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { __cls: number }).__cls);
}

async function newMeasuredPage() {
  const context = await e2e.newContext();
  await context.addInitScript(() => {
    const holder = window as unknown as { __cls: number };
    holder.__cls = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        holder.__cls += entry.value;
    }).observe({ type: 'layout-shift', buffered: true });
  });
  return context.newPage();
}

test('pricing flags get their own prerendered page, hydrated without a shift', async () => {
  const page = await newMeasuredPage();
  const { prerendered, errors } = await visit(page, '/pricing?hide_header=1&dark_mode&utm_source=x');
  assert.ok(prerendered, 'served prerendered');
  assert.deepEqual(errors, []);
  // The embeddable widget: plans without the site's heading and footer, on a dark background.
  await page.getByRole('button', { name: /Yearly/ }).waitFor();
  assert.equal(await page.getByRole('heading', { name: 'Pricing' }).count(), 0);
  assert.equal(await page.getByText('© CRM Sync').count(), 0);
  const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  const [red = 255, green = 255, blue = 255] = (background.match(/\d+/g) ?? []).map(Number);
  assert.ok(red + green + blue < 200, `a dark background, got ${background}`);
  assert.ok((await layoutShift(page)) <= 0.01);
});

test('signup: first_install has its own page, and the prefill fills the form once hydrated', async () => {
  const page = await newMeasuredPage();
  const response = await page.goto(
    `${e2e.app.url}/signup?first_install=true&name=Ann&email=ann%40example.com`,
  );
  const served = await response!.text();
  assert.ok(served.includes('id="root" inert>'), 'served prerendered');
  assert.ok(served.includes('Welcome! The extension is installed.'), 'the welcome heading is in the HTML');
  await page.waitForFunction(() => !document.getElementById('root')?.hasAttribute('inert'));
  await page.getByRole('heading', { name: /Welcome! The extension is installed/ }).waitFor();
  await page.waitForFunction(
    () =>
      (document.querySelector('input[name="email"]') as HTMLInputElement | null)?.value === 'ann@example.com',
  );
  assert.equal(await page.locator('input[name="name"]').inputValue(), 'Ann');
  assert.ok((await layoutShift(page)) <= 0.01);
});

test('signup: a prefilled password has a page that holds the strength meter’s place', async () => {
  const url = `${e2e.app.url}/signup?password=Tr0ub4dor%26horse&name=Ann`;
  const submit = (page: Page) => page.getByRole('button', { name: 'Sign up', exact: true }).boundingBox();
  // Where the served page, before its scripts, draws the button (the first paint).
  const unhydrated = await newPage();
  await actBeforeHydration(unhydrated);
  await unhydrated.route(/\.js$/, (route) => route.abort());
  const served = await (await unhydrated.goto(url))!.text();
  assert.ok(served.includes('id="root" inert>'), 'served prerendered');
  assert.ok(!served.includes('Tr0ub4dor'), 'the password is not written into the page');
  const before = await submit(unhydrated);

  const page = await newMeasuredPage();
  await page.goto(url);
  await page.getByText(/Password strength: (Medium|Strong)/).waitFor();
  assert.equal(await page.locator('input[name="password"]').inputValue(), 'Tr0ub4dor&horse');
  // The button at the bottom of the window moves little of the window (CLS), so its place is checked too.
  assert.equal((await submit(page))?.y, before?.y, 'the meter appears where the page held its place');
  assert.ok((await layoutShift(page)) <= 0.01, `CLS ${await layoutShift(page)}`);
});

test('a query the build cannot foresee gets the page rendered in the browser, with it applied', async () => {
  const page = await newPage();
  const response = await page.goto(`${e2e.app.url}/pricing?coupon=LAUNCH30&dark_mode`);
  assert.ok(!(await response!.text()).includes('id="root" inert>'));
  await page.getByRole('alert', { name: 'Coupon' }).waitFor();
  // Campaign parameters do not change the page: it stays prerendered.
  const { prerendered } = await visit(page, '/pricing?utm_source=newsletter');
  assert.ok(prerendered);
});

test('from /pricing, the sign-up and log-in pages are fetched once the browser is idle', async () => {
  const page = await newPage();
  const signup = page.waitForRequest(/\/signup\.[0-9a-f]+\.js$/);
  const login = page.waitForRequest(/\/login\.[0-9a-f]+\.js$/);
  await visit(page, '/pricing');
  await Promise.all([signup, login]);
});
