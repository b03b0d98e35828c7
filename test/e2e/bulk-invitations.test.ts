/**
 * Browser walk (docs/product.md#bulk-invitations): an admin uploads a CSV of 200 rows, 5 of them bad; the preview flags the 5 and
 * the 195 others are sent in one call, and show as pending invitations.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { useAppAndBrowser } from './harness.js';
import { apiCall, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

test('a CSV of 200 rows with 5 bad rows previews and sends 195', async () => {
  const adminEmail = `bulk-admin-${run}@example.com`;
  const memberEmail = `bulk-member-${run}@example.com`;
  const { admin } = await teamOfTwo(
    e2e,
    { name: 'Ada Admin', email: adminEmail },
    { name: 'Grace Member', email: memberEmail },
  );
  const good = Array.from({ length: 195 }, (_, i) => `bulk-${i}-${run}@example.com`);
  const csv = [
    'email,role',
    ...good.map((email, i) => `${email},${i % 10 === 0 ? 'viewer' : 'member'}`),
    'not-an-address,member',
    `${good[0]!.toUpperCase()},member`,
    `${memberEmail},member`,
    `${adminEmail},member`,
    `someone-${run}@example.com,owner`,
  ].join('\n');

  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  await admin.page.getByRole('button', { name: 'Invite many members' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Invite many members' });
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'team.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialog.getByRole('status').filter({ hasText: '195 of 200 rows will be sent.' }).waitFor();
  for (const reason of [
    'Not a valid email address.',
    'Listed more than once.',
    'Already a member of your organization.',
    'You cannot invite yourself.',
    'Unknown role.',
  ]) {
    assert.equal(await dialog.getByText(reason, { exact: true }).count(), 1, reason);
  }
  await dialog.getByRole('button', { name: 'Send 195 invitations' }).click();
  await admin.page.getByText('195 invitations sent, 0 refused.').waitFor();

  const members = await apiCall(admin.page, '/api/get-organization-members?invitations_per_page=1');
  assert.equal((members.json as { data: { invitations_total: number } }).data.invitations_total, 195);
  assert.deepEqual(admin.pageErrors, []);
});
