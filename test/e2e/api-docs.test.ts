/**
 * /docs in Chromium, offline: the documentation renders every operation from openapi.yaml with its
 * examples and samples, under the app's Content-Security-Policy, and no request leaves this machine; its
 * search finds what is typed even on a slow machine; the guides (authentication, errors, changelog) are
 * there; axe finds nothing at 1280 and 390 px.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { BrowserContext, Page } from 'playwright-core';
import { describeViolations, violations } from './axe.js';
import { useAppAndBrowser } from './harness.js';

const e2e = useAppAndBrowser();

/** A context whose requests for another host are recorded and refused, and whose page errors are kept. */
async function offlinePage(
  options: Parameters<typeof e2e.browser.newContext>[0] = {},
): Promise<{ context: BrowserContext; page: Page; outside: string[]; problems: string[] }> {
  const context = await e2e.browser.newContext(options);
  const page = await context.newPage();
  const local = new URL(e2e.app.url).host;
  const outside: string[] = [];
  const problems: string[] = [];
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
  return { context, page, outside, problems };
}

test('/docs renders the API documentation offline, with no request leaving localhost', async () => {
  const { context, page, outside, problems } = await offlinePage();
  try {
    await page.goto(`${e2e.app.url}/docs`);
    // Rendered in the browser from the contract: an operation with its request and answer examples.
    const menu = page.getByRole('navigation', { name: 'API sections' });
    await menu.getByRole('link', { name: 'Organization', exact: true }).click();
    // Short labels in the menu; the operation's full summary under its heading.
    await menu.getByRole('link', { name: /^Invite user\s*post$/i }).click();
    await page
      .getByText('Invite someone by email. The first invitation creates the organization.')
      .first()
      .waitFor();
    await page.getByText('"Invitation sent to grace@example.com."').first().waitFor();
    await page.getByText('"member"').first().waitFor();
    // Its curl sample signs the call with the kept cookie, an Origin and JSON.
    const sample = page.getByText('"$APP/api/invite-user" -b cookies.txt').first();
    await sample.waitFor();
    assert.match(
      (await sample.locator('xpath=ancestor::pre[1]').textContent()) ?? '',
      /Origin: \$APP.*Content-Type: application\/json.*grace@example\.com/s,
    );
    assert.deepEqual(outside, []);
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/docs search finds "seats" on a slow machine, saying it is searching until its index is built, and stays open when opened right after a menu click', async () => {
  const { context, page, problems } = await offlinePage();
  // A machine eight times slower than this one: the index takes seconds to build, as on a busy laptop (the
  // dialog must have said it was searching, or the slow path was not tried).
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  try {
    await page.goto(`${e2e.app.url}/docs`);
    // Redoc has taken over the server-rendered page (its trigger read 'Loading...' until then).
    await page
      .getByTestId('search-trigger')
      .getByText(/Search/)
      .waitFor();
    await page.getByTestId('search-trigger').click();
    const field = page.getByRole('textbox', { name: 'Search the API reference' });
    await field.focus();
    await page.keyboard.type('seats');
    // Everything the dialog says until the result shows (before the fix: 'No results' for seconds).
    const said = await page
      .waitForFunction(
        () => {
          const log = ((window as unknown as { said?: string[] }).said ??= []);
          const message = document.querySelector('[data-testid="search-message"]')?.textContent;
          if (message && log.at(-1) !== message) log.push(message);
          const found = document
            .querySelector('[data-testid="search-dialog"]')
            ?.textContent?.includes('/buy-more-seats');
          return found && log;
        },
        undefined,
        { polling: 50 },
      )
      .then((handle) => handle.jsonValue() as Promise<string[]>);
    assert.ok(!said.includes('No results'), `the dialog said: ${said.join(' / ')}`);
    assert.ok(
      said.includes('Searching...'),
      `the index was ready at once; the dialog said: ${said.join(' / ')}`,
    );
    await page.getByTestId('search-dialog').getByText('Buy more Standard or Pro').click();
    await page.getByRole('heading', { name: 'Buy more seats' }).first().waitFor();

    // A reader who has just picked an operation in the menu and searches at once: on a slow machine
    // React renders the menu's navigation after the dialog, which closed the dialog under the typing.
    const menu = page.getByRole('navigation', { name: 'API sections' });
    await menu.getByRole('link', { name: 'Organization', exact: true }).click();
    await menu.getByRole('link', { name: /^Invite user\s*post$/i }).click();
    await page.getByTestId('search-trigger').click();
    await field.focus();
    await page.keyboard.type('resend');
    await page.getByTestId('search-dialog').getByText('/resend-invitation').first().waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await context.close();
  }
});

test('/docs has the guides a backend engineer looks for, and cites no document the reader lacks', async () => {
  const { context, page } = await offlinePage();
  try {
    await page.goto(`${e2e.app.url}/docs`);
    const menu = page.getByRole('navigation', { name: 'API sections' });
    await menu.getByRole('link', { name: 'Authentication', exact: true }).click();
    await page.getByText('Sign in once and keep the cookie.').first().waitFor();
    await page.getByText('Send an allowed Origin, or none.').first().waitFor();
    await menu.getByRole('link', { name: 'Errors', exact: true }).click();
    const statusRow = page.getByRole('row').filter({ hasText: 'A state-changing call without' });
    assert.match(
      (await statusRow.textContent()) ?? '',
      /^\s*415.*Content-Type application\/json.*\d+ of \d+ operations/,
    );
    await menu.getByRole('link', { name: 'Codes', exact: true }).click();
    // The catalogue, from the contract: a status with its meaning, a code with its status.
    const codeRow = page.getByRole('row', { name: /^cap_reached / });
    await codeRow.waitFor();
    assert.match((await codeRow.textContent()) ?? '', /409.*monthly cap.*POST \/spend-credits/);
    await page
      .getByRole('row')
      .filter({ hasText: 'Unsupported' })
      .or(page.getByRole('row').filter({ hasText: 'Content-Type application/json' }))
      .first()
      .waitFor();
    await menu.getByRole('link', { name: 'Changelog', exact: true }).click();
    await page.getByText('What changed in the API, newest first.').first().waitFor();
    const text = await page.locator('body').innerText();
    assert.doesNotMatch(text, /§|\bissue \d+|\bspec\b|src\/shared/i);
  } finally {
    await context.close();
  }
});

for (const { width, height } of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`/docs has no axe violation at ${width} px`, async () => {
    // axe is injected as an inline script, which the page's Content-Security-Policy would refuse.
    const { context, page } = await offlinePage({ viewport: { width, height }, bypassCSP: true });
    try {
      await page.goto(`${e2e.app.url}/docs`);
      // Redoc has taken over the page: its search trigger no longer reads 'Loading...'.
      await page
        .getByTestId('search-trigger')
        .getByText(/Search/)
        .waitFor({ state: 'attached' });
      const found = await violations(page);
      assert.deepEqual(found, [], describeViolations(found));
    } finally {
      await context.close();
    }
  });
}
