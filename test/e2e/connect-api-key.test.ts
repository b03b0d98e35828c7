/**
 * Browser walk, API key (docs/product.md#api-key-form): a new user arrives from the extension, signs up and connects Demo CRM
 * with an API key. A key the CRM rejects (not starting with demo_) shows 'Connection Error.'; 'Try again'
 * leads back to the key form, and a demo_ key connects and goes on to /complete and the dashboard.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { signUp } from './flows.js';
import { useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

async function submitApiKey(page: Page, key: string) {
  const field = page.getByRole('textbox', { name: /Demo CRM API key/ });
  await field.fill(key);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

test('a new user connects Demo CRM by API key after one rejected key', async () => {
  const page = await e2e.browser.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));

  // /auth?software=demo-crm&installed=true → /signup → a new account → /connect.
  await signUp(page, {
    url: e2e.app.url,
    email: `apikey-${Date.now()}@example.com`,
    fromExtension: { software: 'demo-crm' },
  });
  await page.getByRole('link', { name: 'Connect with API Key' }).click();
  await page.waitForURL(/\/connect-api-key$/);
  await page.getByRole('heading', { name: 'Connect to Demo CRM' }).waitFor();

  // A key Demo CRM does not accept.
  await submitApiKey(page, 'wrong_key');
  await page.getByRole('heading', { name: 'Connection Error.' }).waitFor();
  assert.equal(new URL(page.url()).pathname, '/connected');
  await page.getByRole('link', { name: 'Try again' }).click();
  await page.waitForURL(/\/connect-api-key$/);

  await submitApiKey(page, 'demo_e2e_key');
  await page.getByRole('heading', { name: 'Successfully connected.' }).waitFor();
  assert.deepEqual(
    await page.evaluate(() => ({
      key: localStorage.getItem('api_key_1'),
      attempt: localStorage.getItem('auth_attempt'),
    })),
    { key: 'demo_e2e_key', attempt: 'api key' },
  );

  await page.waitForURL(/\/complete$/);
  await page.getByRole('link', { name: /dashboard/i }).click();
  await page.waitForURL(/\/dashboard$/);

  assert.deepEqual(pageErrors, []);
  await page.close();
});
