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

  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.equal(await page.title(), 'Login');
  assert.ok(await page.getByLabel('Email').isVisible(), 'the email field is shown');
  assert.ok(await page.getByLabel(/^Password/).isVisible(), 'the password field is shown');
  assert.deepEqual(pageErrors, []);
  await page.close();
});
