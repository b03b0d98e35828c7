/**
 * /docs in Chromium, offline: the documentation renders every operation from openapi.yaml with its
 * examples, under the app's Content-Security-Policy, and no request leaves this machine.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

test('/docs renders the API documentation offline, with no request leaving localhost', async () => {
  const context = await e2e.browser.newContext();
  const page = await context.newPage();
  const local = new URL(e2e.app.url).host;
  const outside: string[] = [];
  const problems: string[] = [];
  // Offline: anything for another host is recorded and refused.
  await context.route('**/*', (route) => {
    const url = new URL(route.request().url());
    if (url.host === local || url.protocol === 'data:' || url.protocol === 'blob:') return route.continue();
    outside.push(url.href);
    return route.abort('internetdisconnected');
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  try {
    await page.goto(`${e2e.app.url}/docs`);
    // Rendered in the browser from the contract: an operation with its request and answer examples.
    await page.getByRole('link', { name: 'organization' }).first().click();
    await page
      .getByRole('link', { name: 'Invite someone by email. The first invitation creates the organization.' })
      .first()
      .click();
    await page.getByText('"Invitation sent to grace@example.com."').first().waitFor();
    await page.getByText('"member"').first().waitFor();
    assert.deepEqual(outside, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});
