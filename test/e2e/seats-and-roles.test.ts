/**
 * Browser walks (docs/product.md#seats): an admin moves a Standard seat from one member to another from the Organization
 * page; a billing manager opens the billing portal (the billing admin's subscription) but cannot remove
 * anyone, neither in the UI nor through the API.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { useAppAndBrowser } from './harness.js';
import { apiCall, invitationToken, newPerson, buyStandardSeats, signUpByApi, teamOfTwo } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

function memberRow(page: import('playwright-core').Page, email: string) {
  return page.getByRole('table', { name: 'Team members' }).getByRole('row').filter({ hasText: email });
}

test('an admin moves a seat from one member to another in one step', async () => {
  const graceEmail = `seat-grace-${run}@example.com`;
  const alanEmail = `seat-alan-${run}@example.com`;
  const { admin, member: grace } = await teamOfTwo(
    e2e,
    { name: 'Ada Admin', email: `seat-admin-${run}@example.com` },
    { name: 'Grace Hopper', email: graceEmail },
  );
  const invite = await apiCall(admin.page, '/api/invite-user', { email: alanEmail });
  assert.equal(invite.status, 200, JSON.stringify(invite.json));
  const alan = await newPerson(e2e);
  await signUpByApi(
    e2e.app.url,
    alan,
    'Alan Turing',
    alanEmail,
    await invitationToken(e2e, alan.page, alanEmail),
  );

  // One Standard seat, bought in the sandbox checkout and given to Grace.
  await buyStandardSeats(admin.page, 1);
  const users = await apiCall(admin.page, '/api/get-organization-members');
  const graceId = (users.json as { data: { users: { id: string; email: string }[] } }).data.users.find(
    (user) => user.email === graceEmail,
  )!.id;
  const assign = await apiCall(admin.page, '/api/set-user-product', {
    user_id: graceId,
    product: 'Standard',
    role: 'member',
  });
  assert.equal(assign.status, 200, JSON.stringify(assign.json));

  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  const seatsTable = admin.page.getByRole('table', { name: 'Seats' });
  await seatsTable.getByRole('row', { name: 'Standard 1 1 0' }).waitFor();
  await memberRow(admin.page, graceEmail).getByRole('button', { name: 'Actions for Grace Hopper' }).click();
  await admin.page.getByRole('menuitem', { name: 'Move seat' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Move seat' });
  // The combobox asks the server as one types: the whole organization, not the loaded page.
  await dialog.getByRole('combobox', { name: /Give the seat to/ }).pressSequentially('turing');
  await admin.page.getByRole('option', { name: `Alan Turing (${alanEmail})` }).click();
  await dialog.getByRole('button', { name: 'Move seat' }).click();
  await admin.page.getByText(/^Standard seat moved from Grace Hopper .* to Alan Turing /).waitFor();
  await memberRow(admin.page, alanEmail).getByText('Standard', { exact: true }).waitFor();
  await memberRow(admin.page, graceEmail).getByText('Free', { exact: true }).waitFor();
  await seatsTable.getByRole('row', { name: 'Standard 1 1 0' }).waitFor();

  // Each of them sees it on their own Overview.
  await alan.page.goto(`${e2e.app.url}/dashboard`);
  await alan.page.getByText('Standard', { exact: true }).first().waitFor();
  await grace.page.goto(`${e2e.app.url}/dashboard`);
  await grace.page.getByText('Free', { exact: true }).first().waitFor();
  assert.deepEqual([...admin.pageErrors, ...grace.pageErrors, ...alan.pageErrors], []);
});

test('a billing manager opens the billing portal but cannot remove anyone', async () => {
  const admin = await newPerson(e2e);
  await signUpByApi(e2e.app.url, admin, 'Ada Owner', `bm-admin-${run}@example.com`);
  const managerEmail = `bm-manager-${run}@example.com`;
  const invite = await apiCall(admin.page, '/api/invite-user', {
    email: managerEmail,
    role: 'billing_manager',
  });
  assert.equal(invite.status, 200, JSON.stringify(invite.json));
  const manager = await newPerson(e2e);
  await signUpByApi(
    e2e.app.url,
    manager,
    'Bill Manager',
    managerEmail,
    await invitationToken(e2e, manager.page, managerEmail),
  );

  await manager.page.goto(`${e2e.app.url}/dashboard`);
  const sidebar = manager.page.getByRole('navigation', { name: 'Dashboard' });
  await sidebar.getByRole('link', { name: 'Billing' }).click();
  await manager.page.waitForURL(/\/dashboard\/billing$/);
  const [portal] = await Promise.all([
    manager.context.waitForEvent('page'),
    manager.page.getByRole('button', { name: 'Manage Subscription' }).first().click(),
  ]);
  await portal.waitForURL(/\/sandbox\/billing\/portal/);
  await portal.getByRole('heading', { name: 'Billing portal' }).waitFor();
  await portal.close();

  // The Organization page is read-only for them: no row menus (no Edit, no Remove), no Invite.
  await sidebar.getByRole('link', { name: 'Organization' }).click();
  await manager.page.waitForURL(/\/dashboard\/organization$/);
  await memberRow(manager.page, managerEmail).waitFor();
  assert.equal(await manager.page.getByRole('button', { name: /^Actions for / }).count(), 0);
  assert.equal(await manager.page.getByRole('link', { name: 'Edit' }).count(), 0);
  assert.equal(await manager.page.getByRole('button', { name: /^Invite/ }).count(), 0);

  // Nor through the API.
  const members = await apiCall(manager.page, '/api/get-organization-members');
  const adminId = (members.json as { data: { users: { id: string; role: string }[] } }).data.users.find(
    (user) => user.role === 'admin',
  )!.id;
  const removal = await apiCall(manager.page, '/api/remove-organization-user', { user_id: adminId });
  assert.equal(removal.status, 403);
  assert.deepEqual([...admin.pageErrors, ...manager.pageErrors], []);
});
