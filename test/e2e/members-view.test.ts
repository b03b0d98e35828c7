/**
 * The members table's view lives in the URL (docs/product.md#members): on the Organization page of a team
 * of 31, an admin searches, sorts by name descending, shows 10 a page and goes to page 3; opens a member
 * and comes back with the browser's back button: the same rows; reloads: the same rows again.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { expectTitle, useAppAndBrowser } from './harness.js';
import { apiCall, newPerson, signUpByApi } from './people.js';
import { STRONG_PASSWORD } from './flows.js';

// Thirty signups from one address in a few seconds: the per-IP signup limit is for strangers, not this.
const e2e = useAppAndBrowser({ RATE_LIMIT_FACTOR: '10' });
const run = Date.now();

const TEAMMATES = 30;
const two = (n: number) => String(n).padStart(2, '0');
const teammateEmail = (n: number) => `view-teammate-${two(n)}-${run}@example.com`;

/** Invites the teammates in one call and signs each up from their mailed invitation. */
async function buildTeam(admin: Page) {
  const rows = Array.from({ length: TEAMMATES }, (_, i) => ({ line: i + 1, email: teammateEmail(i + 1) }));
  const invited = await apiCall(admin, '/api/invite-users', { rows });
  assert.equal(invited.status, 200, JSON.stringify(invited.json));

  // The tokens from the sandbox outbox, then the signups from the same page (without its cookies).
  await admin.goto(`${e2e.app.url}/sandbox/mail`);
  const tokens = await admin.evaluate(
    (emails) => {
      const articles = [...document.querySelectorAll('article')];
      return emails.map((email) => {
        const mail = articles.find((article) => article.textContent?.includes(`To ${email}`));
        const link = mail?.querySelector<HTMLAnchorElement>('a[href*="/accept-invitation?"]');
        return link ? new URL(link.href).searchParams.get('token') : null;
      });
    },
    rows.map((row) => row.email),
  );
  assert.ok(tokens.every(Boolean), 'every teammate has an invitation mail');

  await admin.goto(`${e2e.app.url}/app-config.js`);
  const statuses = await admin.evaluate(
    async ({ people, password }) => {
      const answers: number[] = [];
      for (const person of people) {
        const response = await fetch('/api/signup', {
          method: 'POST',
          credentials: 'omit',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({
            name: person.name,
            email: person.email,
            password,
            software: 'demo-crm',
            has_installed: true,
            invitation_token: person.token,
          }),
        });
        answers.push(response.status);
      }
      return answers;
    },
    {
      people: rows.map((row, i) => ({ name: `Teammate ${two(i + 1)}`, email: row.email, token: tokens[i] })),
      password: STRONG_PASSWORD,
    },
  );
  assert.deepEqual(
    statuses,
    rows.map(() => 200),
  );
}

/** Waits until the members table shows these names, in this order. */
async function expectRows(page: Page, names: string[]) {
  try {
    await page.waitForFunction((expected) => {
      const table = document.querySelector('table[aria-label="Team members"]');
      const shown = [...(table?.querySelectorAll('tbody tr') ?? [])].map(
        (row) => row.querySelector('td p')?.textContent ?? '',
      );
      return JSON.stringify(shown) === JSON.stringify(expected);
    }, names);
  } catch {
    const shown = await page
      .locator('table[aria-label="Team members"] tbody tr td:first-child p')
      .allTextContents();
    throw new Error(`Expected the rows ${names.join(', ')}; shown: ${shown.join(', ')}`);
  }
}

test('search, sort and page 3 survive opening a member, going back and reloading', async () => {
  const admin = await newPerson(e2e);
  await signUpByApi(e2e.app.url, admin, 'Ada Admin', `view-admin-${run}@example.com`);
  await buildTeam(admin.page);
  const page = admin.page;

  await page.goto(`${e2e.app.url}/dashboard/organization`);
  await expectTitle(page, 'Organization');
  await page.getByRole('searchbox', { name: 'Search members' }).fill('teammate');
  await page.getByRole('button', { name: 'Name/Email' }).click();
  await page.getByRole('button', { name: /Name\/Email/ }).click();
  await page.getByRole('combobox', { name: /members per page/i }).click();
  await page.getByRole('option', { name: '10', exact: true }).click();
  await page.getByRole('button', { name: /next page/i }).click();
  await page.getByText('11–20 of 30').waitFor();
  await page.getByRole('button', { name: /next page/i }).click();
  const third = Array.from({ length: 10 }, (_, i) => `Teammate ${two(10 - i)}`);
  await expectRows(page, third);
  await page.getByText('21–30 of 30').waitFor();
  const view = new URL(page.url());
  assert.deepEqual(Object.fromEntries(view.searchParams), {
    q: 'teammate',
    sort: 'name',
    order: 'desc',
    size: '10',
    page: '3',
  });

  // Open a member, then back.
  await page.getByRole('button', { name: 'Actions for Teammate 07' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.getByRole('heading', { name: 'Edit member', level: 1 }).waitFor();
  await page.goBack();
  await expectRows(page, third);
  assert.equal(page.url(), view.href);
  assert.equal(await page.getByRole('searchbox', { name: 'Search members' }).inputValue(), 'teammate');
  await page.getByText('21–30 of 30').waitFor();

  // Reload.
  await page.reload();
  await expectRows(page, third);
  assert.equal(page.url(), view.href);
  assert.equal(await page.getByRole('searchbox', { name: 'Search members' }).inputValue(), 'teammate');
  await page.getByText('21–30 of 30').waitFor();
  assert.equal(
    await page.getByRole('columnheader', { name: /Name\/Email/ }).getAttribute('aria-sort'),
    'descending',
  );
  assert.deepEqual(admin.pageErrors, []);
});
