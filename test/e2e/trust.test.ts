/**
 * Browser walks (docs/product.md#two-factor-sign-in, docs/product.md#sessions): two-factor sign-in set up in Settings (codes computed from the shown secret),
 * then logging in with a code and with a recovery code (once); ending another session from Settings signs that browser out; an admin's
 * Audit page shows the events of a scripted sequence in order, and its CSV export matches.
 */
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from '../server/helpers/node-test.js';
import { Secret, TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { STRONG_PASSWORD, logIn, logOut } from './flows.js';
import { expectTitle, useAppAndBrowser } from './harness.js';
import { apiCall, newPerson, signUpByApi, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

/** The code an authenticator app shows for the secret, `offset` steps of 30 s from now. */
const codeFor = (secret: string, offset = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offset * 30_000 });

/** Email and password on /login, then the code step. */
async function logInWithCode(page: Page, email: string, code: string) {
  await page.goto(`${e2e.app.url}/login`);
  await page.getByRole('textbox', { name: /^Email/ }).fill(email);
  await page.locator('input[name="password"]').fill(STRONG_PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  const form = page.getByRole('form', { name: 'Two-factor code' });
  await form.getByRole('textbox', { name: 'Code' }).fill(code);
  await form.getByRole('button', { name: 'Verify' }).click();
}

test('two-factor sign-in: set up from the shown secret, log in with a code, a recovery code works once', async () => {
  const email = `totp-${run}@example.com`;
  const person = await newPerson(e2e);
  await signUpByApi(e2e.app.url, person, 'Tess', email);
  const { page } = person;
  await page.goto(`${e2e.app.url}/dashboard/settings`);
  const setup = page.getByRole('form', { name: 'Set up two-factor sign-in' });
  await setup.getByLabel('Password').fill(STRONG_PASSWORD);
  await setup.getByRole('button', { name: 'Set up' }).click();
  const confirm = page.getByRole('form', { name: 'Confirm two-factor sign-in' });
  const secret = await confirm.getByLabel('Secret key').inputValue();
  assert.match(secret, /^[A-Z2-7]{32}$/);
  await confirm.getByLabel('Code', { exact: true }).fill(codeFor(secret));
  await confirm.getByRole('button', { name: 'Turn on' }).click();
  const codesList = page.getByRole('list', { name: 'Recovery codes' });
  await codesList.waitFor();
  const recoveryCodes = (await codesList.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  assert.equal(recoveryCodes.length, 10);
  await page.getByText(/^Two-factor sign-in is on\. Recovery codes left: 10\.$/).waitFor();

  // Log out, log in: the password alone is not enough; the next code signs in.
  await logOut(page, e2e.app.url);
  await logInWithCode(page, email, codeFor(secret, 1));
  await page.waitForURL((url) => url.pathname !== '/login');
  await page.goto(`${e2e.app.url}/dashboard/settings`);
  await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();

  // A recovery code signs in once; the second time it is refused.
  await logOut(page, e2e.app.url);
  await logInWithCode(page, email, recoveryCodes[0]!);
  await page.waitForURL((url) => url.pathname !== '/login');
  await logOut(page, e2e.app.url);
  await logInWithCode(page, email, recoveryCodes[0]!);
  await page.getByText('That code is not valid. Try again.').waitFor();
  assert.equal(new URL(page.url()).pathname, '/login');
  assert.deepEqual(person.pageErrors, []);
});

test('ending another session in Settings signs that browser out', async () => {
  const email = `sessions-${run}@example.com`;
  const laptop = await newPerson(e2e);
  await signUpByApi(e2e.app.url, laptop, 'Sam', email);
  const phone = await newPerson(e2e);
  await logIn(phone.page, e2e.app.url, email, STRONG_PASSWORD);

  await laptop.page.goto(`${e2e.app.url}/dashboard/settings`);
  await expectTitle(laptop.page, 'Settings');
  const sessions = laptop.page.getByRole('list', { name: 'Sessions' });
  await sessions.getByText('This device').waitFor();
  const items = sessions.getByRole('listitem');
  await items.nth(1).waitFor();
  assert.equal(await items.count(), 2);
  await sessions.getByRole('button', { name: /^Sign out / }).click();
  await laptop.page.getByText('The session was signed out.').waitFor();
  await laptop.page.getByText('You are not signed in anywhere else.').waitFor();

  // The phone's next step finds itself signed out.
  await phone.page.goto(`${e2e.app.url}/dashboard/settings`);
  await phone.page.waitForURL(/\/login$/);
  assert.deepEqual([...laptop.pageErrors, ...phone.pageErrors], []);
});

test("an admin's Audit page shows a scripted sequence in order, and the CSV matches", async () => {
  const adminEmail = `audit-admin-${run}@example.com`;
  const memberEmail = `audit-member-${run}@example.com`;
  const { admin } = await teamOfTwo(
    e2e,
    { name: 'Ava', email: adminEmail },
    { name: 'Milo', email: memberEmail },
  );
  const members = (await apiCall(admin.page, '/api/get-organization-members')).json as {
    data: { users: { id: string; email: string }[] };
  };
  const member = members.data.users.find((u) => u.email === memberEmail)!;
  // The script: a role change, ending the member's sessions, then removing them.
  assert.equal(
    (
      await apiCall(admin.page, '/api/set-user-product', {
        user_id: member.id,
        product: 'Free',
        role: 'admin',
      })
    ).status,
    200,
  );
  const ended = await apiCall(admin.page, '/api/end-member-sessions', { user_id: member.id });
  assert.equal(ended.status, 200);

  await admin.page.goto(`${e2e.app.url}/dashboard`);
  await admin.page.getByRole('link', { name: 'Audit log' }).click();
  await admin.page.waitForURL(/\/dashboard\/audit$/);
  await expectTitle(admin.page, 'Audit log');
  const table = admin.page.getByRole('table', { name: 'Audit log' });
  await table.waitFor();
  const rows = table.locator('tbody tr');
  const shown = await Promise.all(
    (await rows.all()).map(async (row) => (await row.locator('td').allInnerTexts()).map((t) => t.trim())),
  );
  assert.deepEqual(
    shown.map((cellsOfRow) => cellsOfRow.slice(1, 4)),
    [
      ["Member's sessions ended", adminEmail, memberEmail],
      ['Role changed', adminEmail, memberEmail],
      ['Invitation accepted', memberEmail, memberEmail],
      ['Signed up', memberEmail, memberEmail],
      ['Invitation sent', adminEmail, memberEmail],
      ['Signed up', adminEmail, adminEmail],
    ],
  );

  const download = admin.page.waitForEvent('download');
  // A streamed download link (one CSV mechanism, src/server/http/csv-download.ts).
  await admin.page.getByRole('link', { name: 'Export CSV' }).click();
  const file = await download;
  assert.match(file.suggestedFilename(), /^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await file.path())!, 'utf8');
  const lines = csv.trimEnd().split('\r\n');
  assert.equal(lines[0], 'time,event,actor,target,address,details');
  assert.deepEqual(
    lines.slice(1).map((line) => line.split(',').slice(1, 4)),
    shown.map((cellsOfRow) => cellsOfRow.slice(1, 4)),
  );

  // Filtering by event narrows the table on the server.
  await admin.page.getByRole('combobox', { name: 'Event' }).click();
  await admin.page.getByRole('option', { name: 'Role changed' }).click();
  await admin.page.waitForFunction(
    () => document.querySelectorAll('table[aria-label="Audit log"] tbody tr').length === 1,
  );
  assert.deepEqual(admin.pageErrors, []);
});
