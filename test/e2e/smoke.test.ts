import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, startApp, type RunningApp } from './harness';

let app: RunningApp;
let browser: Browser;

before(async () => {
  app = await startApp();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await app?.close();
});

test('the app loads on /login', async () => {
  const page = await browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  await page.goto(`${app.url}/login`);

  // TODO(lead): assert on the login form once the login page exists.
  await page.getByRole('heading').first().waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.ok((await page.locator('#root > *').count()) > 0, 'React rendered into #root');
  assert.deepEqual(pageErrors, []);
  await page.close();
});
