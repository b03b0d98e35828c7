/**
 * docs/performance.md#prerendered-public-pages: the public pages arrive as HTML (scripts/prerender.ts) and are hydrated in the browser.
 * - with JavaScript off, /login, /signup and /pricing show their headings and forms;
 * - with JavaScript on, every prerendered page, in English and in Chinese, hydrates with no console
 *   error, also for a visitor whose local storage already holds a CRM and the install flag;
 * - pricing's flags, signup's first_install and a prefilled password have prerendered variants; the signup
 *   prefill fills the form once hydrated; none of it moves the page (CLS <= 0.01); any other query is
 *   rendered in the browser;
 * - /pricing holds the catalogue's prices before any script runs, with a coupon too, and hydrates showing
 *   them without asking again.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { PRERENDERED_PATHS, prerenderedVariants } from '../../src/shared/prerender.js';
import { HYDRATING_ATTRIBUTE } from '../../src/shared/early-input.js';
import { actBeforeHydration, chunkFileUrl, useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

/** What an anonymous visitor's console always shows (docs/product.md#initial-load: the initial load logs its failure). */
const EXPECTED =
  /Failed to load resource: the server responded with a status of 401|Failed to fetch user data/;

/** Opens `path` and collects the console errors until the page is hydrated (its root no longer marked). */
async function visit(page: Page, path: string) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !EXPECTED.test(message.text())) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  const response = await page.goto(e2e.app.url + path);
  const served = (await response?.text()) ?? '';
  await page.waitForFunction((mark) => {
    const root = document.getElementById('root');
    return root !== null && root.hasChildNodes() && !root.hasAttribute('inert') && !root.hasAttribute(mark);
  }, HYDRATING_ATTRIBUTE);
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
  await page.waitForFunction(
    (mark) => !document.getElementById('root')?.hasAttribute(mark),
    HYDRATING_ATTRIBUTE,
  );
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

test('/pricing holds its prices before any script runs, with a coupon too, and hydrates showing them', async () => {
  const unscripted = await newPage({ javaScriptEnabled: false });
  for (const path of ['/pricing', '/pricing?coupon=LAUNCH30', '/pricing?dark_mode&hide_header=1']) {
    await unscripted.goto(e2e.app.url + path);
    // The catalogue as seeded, yearly (docs/product.md#displayed-prices): $312 / 12 and $636 / 12.
    for (const plan of ['Free', 'Standard', 'Pro'])
      assert.equal(await unscripted.getByRole('heading', { name: plan, exact: true }).count(), 1, path);
    for (const price of ['$0', '$26', '$53'])
      assert.equal(await unscripted.getByText(price, { exact: true }).count(), 1, `${price} on ${path}`);
    assert.equal(await unscripted.getByText('Loading prices').count(), 0, path);
  }

  const page = await newPage();
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/get-pricing')) asked.push(request.url());
  });
  const { prerendered, errors } = await visit(page, '/pricing?coupon=LAUNCH30');
  assert.ok(prerendered, 'served prerendered');
  assert.deepEqual(errors, []);
  // Once hydrated the coupon's banner is drawn; the prices stay, without asking for them again.
  await page.getByRole('alert', { name: 'Coupon' }).waitFor();
  assert.equal(await page.getByText('$26', { exact: true }).count(), 1);
  assert.deepEqual(asked, []);
  await page.getByRole('button', { name: /Monthly/ }).click();
  await page.getByText('$39', { exact: true }).waitFor();
});

test('a query the build cannot foresee gets the page rendered in the browser, with it applied', async () => {
  const page = await newPage();
  const response = await page.goto(`${e2e.app.url}/pricing?app=Prospect%20Helper&dark_mode`);
  assert.ok(!(await response!.text()).includes('id="root" inert>'));
  await page.getByText('Prospect Helper').first().waitFor();
  // Campaign parameters do not change the page: it stays prerendered.
  const { prerendered } = await visit(page, '/pricing?utm_source=newsletter');
  assert.ok(prerendered);
});

test('from /pricing, the sign-up and log-in pages are fetched once the browser is idle', async () => {
  const page = await newPage();
  const signup = page.waitForRequest(await chunkFileUrl('signup'));
  const login = page.waitForRequest(await chunkFileUrl('login'));
  await visit(page, '/pricing');
  await Promise.all([signup, login]);
});

interface Control {
  role: string;
  /** The accessible name: aria-label, aria-labelledby, the label of a box, else its text. */
  name: string;
  /** A box's value, a toggle's pressed or checked state. */
  value: string | null;
  disabled: boolean;
}

interface ControlRecord {
  painted: Control[];
  hydrated: Control[] | null;
  /** Controls drawn at first paint and later taken out of the page. */
  replaced: Control[];
}

/**
 * Records the visible controls of #root (role, accessible name, value) as the served HTML draws them, again
 * at the moment the page is hydrated (its root no longer marked, src/shared/early-input.ts), and every one
 * of them taken out of the page afterwards: a flash is a control drawn anew (a placeholder in between), not
 * the prerendered one kept.
 * Plain JavaScript in a string: the test runner's compiler would add helpers to a function's source.
 */
const RECORD_CONTROLS = `
  const ROLES = 'button,link,textbox,checkbox,radio,combobox,tab,switch,slider,spinbutton,option,menuitem';
  const selector = '#root button, #root input, #root textarea, #root select, #root a[href], #root [role]';
  const implicitRole = (element) => {
    const tag = element.tagName.toLowerCase();
    if (tag === 'a') return 'link';
    if (tag === 'button') return 'button';
    if (tag === 'textarea') return 'textbox';
    if (tag === 'select') return 'combobox';
    if (tag !== 'input') return null;
    const type = element.type;
    if (type === 'hidden') return null;
    if (type === 'checkbox' || type === 'radio') return type;
    if (type === 'submit' || type === 'button' || type === 'reset') return 'button';
    if (type === 'number') return 'spinbutton';
    return 'textbox';
  };
  const text = (element) => (element.textContent ?? '').replace(/\\s+/g, ' ').trim();
  const nameOf = (element) => {
    const label = element.getAttribute('aria-label');
    if (label) return label.trim();
    const by = element.getAttribute('aria-labelledby');
    if (by) return by.split(' ').map((id) => text(document.getElementById(id) ?? document.createElement('i'))).join(' ').trim();
    if (element.labels && element.labels.length > 0) return [...element.labels].map(text).join(' ');
    return text(element) || element.getAttribute('placeholder') || element.getAttribute('title') || '';
  };
  const valueOf = (element) => {
    if (element instanceof HTMLInputElement && (element.type === 'checkbox' || element.type === 'radio'))
      return String(element.checked);
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) return element.value;
    return element.getAttribute('aria-pressed') ?? element.getAttribute('aria-checked') ??
      element.getAttribute('aria-selected') ?? null;
  };
  const describe = (element) => ({
    role: element.getAttribute('role') ?? implicitRole(element),
    name: nameOf(element),
    value: valueOf(element),
    disabled: element.disabled === true || element.getAttribute('aria-disabled') === 'true',
  });
  const isControl = (element) => ROLES.split(',').includes(element.getAttribute('role') ?? implicitRole(element));
  const visible = () =>
    [...document.querySelectorAll(selector)].filter(
      (element) => isControl(element) && element.getClientRects().length > 0 && !element.closest('[aria-hidden="true"]'),
    );
  document.addEventListener('DOMContentLoaded', () => {
    const root = document.getElementById('root');
    if (!root || !root.hasAttribute('${HYDRATING_ATTRIBUTE}')) return;
    const painted = visible();
    window.__controls = { painted: painted.map(describe), hydrated: null, replaced: [] };
    const gone = new Set();
    new MutationObserver(() => {
      if (window.__controls.hydrated === null && !root.hasAttribute('${HYDRATING_ATTRIBUTE}'))
        window.__controls.hydrated = visible().map(describe);
      for (const element of painted) {
        if (!element.isConnected && !gone.has(element)) {
          gone.add(element);
          window.__controls.replaced.push(describe(element));
        }
      }
    }).observe(document.documentElement, { subtree: true, childList: true, attributes: true });
  });
`;

/** The footer's support link (src/web/i18n/zh-CN/app.ts). */
const SUPPORT_LINK: Record<string, string> = { 'en-US': 'Support', 'zh-CN': '支持' };

for (const locale of ['en-US', 'zh-CN']) {
  test(`no flash (${locale}): /login, /signup and /pricing keep the controls their first paint drew, their chunks preloaded`, async () => {
    const context = await e2e.newContext({ locale });
    await context.addInitScript({ content: RECORD_CONTROLS });
    const page = await context.newPage();
    for (const path of ['/login', '/signup', '/pricing']) {
      const signIn = path !== '/pricing';
      const served = (await (await page.goto(e2e.app.url + path))!.text()) ?? '';
      // What the first screen draws from chunks of its own: this deployment's Google button (the sandbox),
      // /signup's CRM select and the Chinese catalogue, fetched with the entry, not after it has run.
      const preloads = [...served.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)];
      const preloaded = async (chunk: string) => {
        const file = await chunkFileUrl(chunk);
        return preloads.some(([, href]) => file.test(href!));
      };
      assert.equal(await preloaded('google-sandbox'), signIn, `${path}: the Google button's chunk`);
      assert.equal(await preloaded('crm-select'), path === '/signup', `${path}: the CRM select's chunk`);
      assert.equal(await preloaded('locale-zh-CN'), locale === 'zh-CN', `${path}: the Chinese catalogue`);

      await page.waitForFunction(() => {
        const record = (window as unknown as { __controls?: ControlRecord }).__controls;
        return record?.hydrated != null;
      });
      // The Google button's own code has run (it is what could replace the drawn button) and the page is idle.
      await page.waitForLoadState('networkidle');
      const record = await page.evaluate(
        () => (window as unknown as { __controls: ControlRecord }).__controls,
      );
      assert.equal(
        record.painted.some((control) => /Google/.test(control.name)),
        signIn,
        `${path}: the Google button is in the first paint`,
      );
      // No placeholder: every control drawn has its name, none says it is loading.
      for (const control of [...record.painted, ...record.hydrated!]) {
        assert.notEqual(control.name, '', `${path}: a control without a name: ${JSON.stringify(control)}`);
        assert.doesNotMatch(`${control.name} ${control.value}`, /Loading|加载/, `${path}: a placeholder`);
      }
      // The footer's support link is the deployment's, added once hydrated (docs/performance.md#prerendered-public-pages).
      const hydrated = record.hydrated!.filter((control) => control.name !== SUPPORT_LINK[locale]);
      assert.deepEqual(hydrated, record.painted, `${path}: the controls once hydrated`);
      // The CRM select is drawn from the start and filled when the list arrives: nothing is drawn anew.
      assert.deepEqual(record.replaced, [], `${path}: controls drawn anew after the first paint`);
    }
  });
}
