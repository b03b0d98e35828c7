/**
 * docs/performance.md#input-before-hydration: a prerendered page is usable from its first paint. What a
 * visitor types and clicks before the app has hydrated it counts once it has: the typed text is in the
 * form the app sends, and each click is played once.
 * The window between first paint and hydration is made as wide as the test needs: the CPU is throttled 4x
 * and the app's main script is held until the visitor has typed and clicked.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { HYDRATING_ATTRIBUTE } from '../../src/shared/early-input.js';
import { actBeforeHydration, useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

const MAIN_SCRIPT = /\/main\.[0-9a-f]+\.js$/;

test('/login: typed and clicked right after the first paint, before hydration, the input counts once hydrated', async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await actBeforeHydration(page);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  let releaseMain!: () => void;
  const mainHeld = new Promise<void>((resolve) => (releaseMain = resolve));
  await page.route(MAIN_SCRIPT, async (route) => {
    await mainHeld;
    await route.continue();
  });
  const logins: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/login') logins.push(request.postData() ?? '');
  });

  await page.goto(`${e2e.app.url}/login`, { waitUntil: 'commit' });
  await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0);
  const email = `nobody-${Date.now()}@example.com`;
  await page.locator('input[name="email"]').click();
  await page.keyboard.type(email);
  await page.locator('input[name="password"]').click();
  await page.keyboard.type('not-the-password');
  await page.getByRole('button', { name: 'Show password' }).click();
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  // All of it before the app ran: the page is not hydrated and nothing was sent.
  assert.equal(await page.locator(`#root[${HYDRATING_ATTRIBUTE}]`).count(), 1, 'still before hydration');
  assert.deepEqual(logins, []);
  assert.equal(await page.locator('input[name="email"]').inputValue(), email, 'the box shows what was typed');

  releaseMain();
  await page.waitForFunction(
    (mark) => !document.getElementById('root')?.hasAttribute(mark),
    HYDRATING_ATTRIBUTE,
  );
  // The held click on "Log in" sent the form once, with what was typed: the wrong password is said.
  await page.getByRole('alert').filter({ hasText: /./ }).first().waitFor();
  assert.equal(logins.length, 1, 'one login for one click');
  assert.deepEqual(
    {
      email: (JSON.parse(logins[0]!) as { email: string }).email,
      password: (JSON.parse(logins[0]!) as { password: string }).password,
    },
    { email, password: 'not-the-password' },
  );
  assert.equal(await page.locator('input[name="email"]').inputValue(), email);
  assert.equal(await page.locator('input[name="password"]').inputValue(), 'not-the-password');
  // The one click on "Show password" was played once: the password shows (twice would have hidden it).
  assert.equal(await page.locator('input[name="password"]').getAttribute('type'), 'text');
  assert.equal(await page.getByRole('button', { name: 'Hide password' }).count(), 1);
  assert.match(page.url(), /\/login$/);
});

test("/signup: text typed before hydration is in the app's state once hydrated", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await actBeforeHydration(page);
  let releaseMain!: () => void;
  const mainHeld = new Promise<void>((resolve) => (releaseMain = resolve));
  await page.route(MAIN_SCRIPT, async (route) => {
    await mainHeld;
    await route.continue();
  });
  await page.goto(`${e2e.app.url}/signup`, { waitUntil: 'commit' });
  await page.locator('input[name="email"]').click();
  await page.keyboard.type('ann.early@example.com');
  await page.locator('input[name="password"]').click();
  await page.keyboard.type('Tr0ub4dor&horse');
  releaseMain();
  // The strength meter is drawn from the app's state of the password box: it shows what was typed.
  await page.getByText(/Password strength: (Medium|Strong)/).waitFor();
  assert.equal(await page.locator('input[name="email"]').inputValue(), 'ann.early@example.com');
  assert.equal(await page.locator('input[name="password"]').inputValue(), 'Tr0ub4dor&horse');
});
