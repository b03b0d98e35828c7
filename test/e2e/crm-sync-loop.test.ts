/**
 * Browser walk, the product's sync loop on the Demo CRM (docs/product.md#crm-sync-rules,
 * docs/product.md#connection-health): an admin maps the fields and sets "fill when empty" for the title on
 * the sync settings page; a member's extension (its calls made from the member's browser session) syncs a
 * profile twice and a colleague's once more: one record in the Demo CRM, updated by the rules, the protected
 * title kept; the sync log shows created, updated and duplicate skipped. Then the Demo CRM lets the member's
 * token expire and refuses its refresh: the next sync is refused, the CRM Connection page says the
 * connection needs attention, and Reconnect (the OAuth window) fixes it.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { useAppAndBrowser } from './harness.js';
import { apiCall, invitationToken, newPerson, signUpByApi, teamOfTwo, type Person } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

interface SyncAnswer {
  status: number;
  json: {
    code?: string;
    data?: { outcome: string; record_id: string; record_url: string; fields: { action: string }[] };
  };
}

/** The extension's sync of a profile, from the person's browser session. */
const syncProfile = (page: Page, profile: object) =>
  apiCall(page, '/api/sync-profile', { software: 'demo-crm', profile }) as Promise<SyncAnswer>;

async function connectWithKey(person: Person, key: string) {
  const res = await apiCall(person.page, '/api/verify-settings', {
    software: 'demo-crm',
    auth_type: 'api key',
    api_key_1: key,
  });
  assert.equal(res.status, 200, JSON.stringify(res.json));
}

/**
 * The member's first connection, by OAuth, over HTTP the way the app's window would make it: the Demo CRM's
 * authorize page approved, then access-token with the code (the browser walk of that is connect-oauth's).
 */
async function connectWithOAuth(person: Person) {
  const approved = await person.context.request.post(`${e2e.app.url}/sandbox/crm/authorize`, {
    form: {
      client_id: 'demo-crm-sandbox',
      redirect_uri: `${e2e.app.url}/callback`,
      state: 'e2e',
      decision: 'approve',
    },
    headers: { origin: e2e.app.url },
    maxRedirects: 0,
  });
  assert.equal(approved.status(), 303);
  const code = new URL(approved.headers().location!).searchParams.get('code');
  assert.ok(code);
  const token = await apiCall(person.page, '/api/access-token', { oauth_code: code, software: 'demo-crm' });
  assert.equal(token.status, 200, JSON.stringify(token.json));
}

test('rules, duplicates and the log on the Demo CRM; a refused refresh needs attention and Reconnect fixes it', async () => {
  const { admin, member } = await teamOfTwo(
    e2e,
    { name: 'Ada Admin', email: `sync-admin-${run}@example.com` },
    { name: 'Mel Member', email: `sync-member-${run}@example.com` },
  );
  const colleagueEmail = `sync-colleague-${run}@example.com`;
  const invited = await apiCall(admin.page, '/api/invite-user', { email: colleagueEmail, role: 'member' });
  assert.equal(invited.status, 200, JSON.stringify(invited.json));
  const colleague = await newPerson(e2e);
  const token = await invitationToken(e2e, colleague.page, colleagueEmail);
  await signUpByApi(e2e.app.url, colleague, 'Cole Colleague', colleagueEmail, token);

  // Each syncs through a connection of their own; the records land in the organization's Demo CRM account.
  await connectWithKey(admin, `demo_admin_${run}`);
  await connectWithKey(colleague, `demo_colleague_${run}`);
  await connectWithOAuth(member);

  // 1. The admin maps the fields (notes are not synced) and protects the title: fill when empty.
  await admin.page.goto(`${e2e.app.url}/dashboard/crm-sync`);
  const form = admin.page.getByRole('form', { name: 'Sync settings for Demo CRM' });
  await form.getByRole('combobox', { name: 'Notes goes to' }).click();
  await admin.page.getByRole('option', { name: 'Not synced' }).click();
  await form.getByRole('combobox', { name: 'Rule for Title' }).click();
  await admin.page.getByRole('option', { name: 'Fill when empty' }).click();
  await form.getByRole('button', { name: 'Save sync settings' }).click();
  await form.getByRole('status').filter({ hasText: 'Sync settings were saved.' }).waitFor();

  // 2. The member's extension syncs Grace twice, a colleague's once more.
  const grace = {
    first_name: 'Grace',
    last_name: 'Hopper',
    title: 'Engineer',
    company: 'Navy',
    email: `grace-${run}@example.com`,
    profile_url: `https://www.linkedin.com/in/grace-${run}`,
    notes: 'Met at a conference',
  };
  const promoted = { ...grace, title: 'Rear Admiral', location: 'Arlington' };
  const first = await syncProfile(member.page, grace);
  assert.equal(first.status, 200, JSON.stringify(first.json));
  assert.equal(first.json.data!.outcome, 'created');
  const second = await syncProfile(member.page, promoted);
  assert.equal(second.json.data!.outcome, 'updated', JSON.stringify(second.json));
  const third = await syncProfile(colleague.page, promoted);
  assert.equal(third.json.data!.outcome, 'duplicate_skipped', JSON.stringify(third.json));
  assert.deepEqual(
    [second.json.data!.record_id, third.json.data!.record_id],
    [first.json.data!.record_id, first.json.data!.record_id],
    'one record in the Demo CRM',
  );

  // The record, as the Demo CRM shows it: the city written, the protected title kept, no notes.
  const record = await member.context.request.get(first.json.data!.record_url);
  const recordText = (await record.text()).replace(/\s+/g, ' ');
  assert.match(recordText, /Job title<\/th> <td>Engineer<\/td>/);
  assert.match(recordText, /City<\/th> <td>Arlington<\/td>/);
  assert.match(recordText, /Notes<\/th> <td><\/td>/);

  // 3. The sync log, newest first: duplicate skipped, updated, created.
  await admin.page.getByRole('link', { name: 'See the sync log' }).click();
  const log = admin.page.getByRole('table', { name: 'Sync log' });
  await log.getByRole('cell', { name: 'Duplicate skipped' }).waitFor();
  const outcomes = await log
    .getByRole('row')
    .filter({ hasText: 'Grace Hopper' })
    .evaluateAll((rows) => rows.map((row) => row.children[3]?.textContent ?? ''));
  assert.deepEqual(outcomes, ['Duplicate skipped', 'Updated', 'Created']);

  // 4. The Demo CRM lets the member's token expire and refuses its refresh: the next sync is refused.
  const pressed = await member.context.request.post(`${e2e.app.url}/sandbox/crm/tokens`, {
    form: { decision: 'expire_refuse' },
    headers: { origin: e2e.app.url },
    maxRedirects: 0,
  });
  assert.equal(pressed.status(), 303);
  const refused = await syncProfile(member.page, promoted);
  assert.equal(refused.status, 422);
  assert.equal(refused.json.code, 'crm_reconnect');
  const outbox = await (await admin.context.request.get(`${e2e.app.url}/sandbox/mail`)).text();
  assert.equal(outbox.split('Your Demo CRM connection needs attention').length - 1, 1, 'mailed once');

  // 5. The CRM Connection page says so; Reconnect opens the Demo CRM's window, and approving fixes it.
  const page = member.page;
  await page.goto(`${e2e.app.url}/dashboard/connection`);
  await page.getByText('Needs attention').waitFor();
  await page
    .getByText('Demo CRM no longer accepts this connection: reconnect it to keep syncing profiles.')
    .waitFor();
  const popup = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Reconnect' }).click();
  const authorize = await popup;
  const closed = authorize.waitForEvent('close');
  await authorize.getByRole('button', { name: 'Approve' }).click();
  await closed;
  await page.getByRole('heading', { name: 'Successfully connected.' }).waitFor();
  await page.waitForURL(/\/dashboard\/connection$/);
  await page.getByRole('heading', { name: 'CRM Connection' }).waitFor();
  // The extension's part: it sends the new token, which the page verifies.
  await page.evaluate(() => {
    const detail = { oauth_access_token: localStorage.getItem('oauth_access_token') };
    document.dispatchEvent(new CustomEvent('connectionData', { detail }));
  });
  await page.getByText('OAuth Authentication').waitFor();
  assert.equal(await page.getByText('Needs attention').count(), 0);
  const again = await syncProfile(page, promoted);
  assert.equal(again.status, 200, JSON.stringify(again.json));
  assert.equal(again.json.data!.outcome, 'duplicate_skipped');

  for (const person of [admin, member, colleague]) assert.deepEqual(person.pageErrors, []);
});
