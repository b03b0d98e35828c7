import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { expectTitle, useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

test('the app loads on /login', async () => {
  const page = await e2e.browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  // The server's Content-Security-Policy must not block anything the app needs (scripts, styles, images).
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });

  const response = await page.goto(`${e2e.app.url}/login`);
  assert.match(response?.headers()['content-security-policy'] ?? '', /script-src 'self'/);

  await page.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  await expectTitle(page, 'Login');
  assert.ok(await page.getByLabel('Email').isVisible(), 'the email field is shown');
  assert.ok(await page.getByLabel(/^Password/).isVisible(), 'the password field is shown');
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(blocked, []);
  await page.close();
});
