/**
 * Browser walk, organization (docs/product.md#invitations): an admin invites a member and a second admin; each opens the
 * invitation mail in the sandbox outbox, accepts (/accept-invitation → /signup after 5 s) and signs up.
 * The admin buys a Standard seat through the sandbox checkout and assigns it to the member, whose
 * Overview then shows Standard. The admin cannot remove the other admin (neither in the UI nor through
 * the API), and the member sees no Organization entry and no Edit links.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { signUp, STRONG_PASSWORD } from './flows.js';
import { expectTitle, useAppAndBrowser } from './harness.js';
import { invitationToken } from './people.js';

const e2e = useAppAndBrowser();

const run = Date.now();
const adminEmail = `org-admin-${run}@example.com`;
const memberEmail = `org-member-${run}@example.com`;
const secondAdminEmail = `org-admin2-${run}@example.com`;

/** Each person has their own browser (cookies, local storage); page errors fail the test. */
async function newPerson(): Promise<{ page: Page; pageErrors: string[] }> {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { page, pageErrors };
}

/** Signs up on the /signup page an invitation (or the extension) led to. */
function fillSignupForm(page: Page, name: string, email: string) {
  return signUp(page, {
    url: e2e.app.url,
    email,
    name,
    password: STRONG_PASSWORD,
    onThePage: true,
    expectPath: (url) => url.pathname !== '/signup',
  });
}

/** A POST from the page itself, with its session cookie and Origin, the way the SPA calls the API. */
async function apiPost(page: Page, path: string, body: object): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/api${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return { status: response.status, json: await response.json() };
    },
    { path, body },
  );
}

async function inviteFromOrganizationPage(page: Page, email: string, role: 'Member' | 'Admin') {
  await page.getByRole('button', { name: 'Invite', exact: true }).click();
  const form = page.getByRole('form', { name: 'Invite a member' });
  await form.getByRole('textbox', { name: 'Email' }).fill(email);
  if (role === 'Admin') {
    await form.getByRole('combobox', { name: 'Role' }).click();
    await page.getByRole('option', { name: 'Admin' }).click();
  }
  await form.getByRole('button', { name: 'Send invitation' }).click();
  await page.getByText('Invitation sent successfully!').waitFor();
  await page.getByRole('table', { name: 'Pending invitations' }).getByText(email).waitFor();
}

/** Opens the newest invitation mail to `email` in the sandbox outbox and follows its link. */
async function acceptInvitationFromMail(page: Page, email: string, waitForRedirect: boolean) {
  await page.goto(`${e2e.app.url}/sandbox/mail`);
  const mail = page.locator('article', { hasText: `To ${email}` }).first();
  await mail.waitFor();
  const link = mail.locator('a[href*="/accept-invitation?"]').first();
  const href = await link.getAttribute('href');
  assert.ok(href, 'the invitation mail carries an /accept-invitation link');
  assert.equal(new URL(href).origin, e2e.app.url);
  await link.click();
  await page.waitForURL(/\/accept-invitation\?/);
  await page.getByText('Taking you to sign up in 5 seconds...').waitFor();
  if (waitForRedirect) {
    // docs/product.md#accepting-an-invitation: after 5 seconds the visitor goes to /signup by themselves.
    const acceptedAt = Date.now();
    await page.waitForURL(/\/signup(\?|$)/);
    assert.ok(Date.now() - acceptedAt >= 3_500, 'the redirect to /signup waits about 5 s');
  } else {
    await page.getByRole('link', { name: 'Sign up now' }).click();
    await page.waitForURL(/\/signup(\?|$)/);
  }
  assert.equal(await page.evaluate(() => localStorage.getItem('invitation_token') !== null), true);
}

function memberRow(page: Page, email: string) {
  return page.getByRole('table', { name: 'Team members' }).getByRole('row').filter({ hasText: email });
}

function sidebar(page: Page) {
  return page.getByRole('navigation', { name: 'Dashboard' });
}

test('an admin invites, seats and manages members; members see only their own dashboard', async () => {
  // 1. The admin signs up (coming from the extension) and opens the Organization page.
  const admin = await newPerson();
  await admin.page.goto(`${e2e.app.url}/auth?software=demo-crm&installed=true`);
  await admin.page.waitForURL(/\/signup(\?|$)/);
  await fillSignupForm(admin.page, 'Ada Admin', adminEmail);
  await admin.page.goto(`${e2e.app.url}/dashboard`);
  await sidebar(admin.page).getByRole('link', { name: 'Organization' }).click();
  await admin.page.waitForURL(/\/dashboard\/organization$/);
  await admin.page.getByRole('heading', { name: 'Organization', level: 1 }).waitFor();
  await expectTitle(admin.page, 'Organization');

  // 2. Invitations: one member, one more admin.
  await inviteFromOrganizationPage(admin.page, memberEmail, 'Member');
  await inviteFromOrganizationPage(admin.page, secondAdminEmail, 'Admin');

  // 3. The member opens the mail, accepts (redirected after 5 s) and signs up.
  const member = await newPerson();
  await acceptInvitationFromMail(member.page, memberEmail, true);
  await fillSignupForm(member.page, 'Grace Member', memberEmail);

  // The second admin does the same (skipping the wait with the 'Sign up now' link).
  const secondAdmin = await newPerson();
  await acceptInvitationFromMail(secondAdmin.page, secondAdminEmail, false);
  await fillSignupForm(secondAdmin.page, 'Alan Admin', secondAdminEmail);

  // 4. The admin buys one Standard seat through the sandbox checkout.
  const seats = await apiPost(admin.page, '/buy-more-seats', {
    standard_seats: 1,
    pro_seats: 0,
    coupon_code: null,
    request_url: `${e2e.app.url}/dashboard/billing`,
  });
  assert.equal(seats.status, 200, JSON.stringify(seats.json));
  const checkoutUrl = (seats.json as { url?: string }).url;
  assert.ok(checkoutUrl, 'buy-more-seats answers a checkout URL');
  await admin.page.goto(checkoutUrl);
  await admin.page.getByRole('button', { name: /^Pay/ }).click();
  await admin.page.waitForURL(/\/dashboard\/billing\/success$/);

  // 5. The admin sees both new people and assigns the Standard seat to the member.
  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  await memberRow(admin.page, memberEmail).waitFor();
  await memberRow(admin.page, secondAdminEmail).waitFor();
  assert.equal(await admin.page.getByRole('button', { name: /^Actions for / }).count(), 3);
  await memberRow(admin.page, memberEmail)
    .getByRole('button', { name: /^Actions for / })
    .click();
  await admin.page.getByRole('menuitem', { name: 'Edit' }).click();
  await admin.page.waitForURL(/\/dashboard\/member\/edit\//);
  await admin.page.getByText(memberEmail).waitFor();
  await admin.page.getByRole('button', { name: 'Remove from Organization' }).waitFor();
  await admin.page.getByRole('combobox', { name: 'Product' }).click();
  await admin.page.getByRole('option', { name: 'Standard (1 seat available)' }).click();
  await admin.page.getByRole('button', { name: 'Save Changes' }).click();
  await admin.page.waitForURL(/\/dashboard\/organization$/);
  await memberRow(admin.page, memberEmail).getByText('Standard', { exact: true }).waitFor();

  // 6. The member's Overview shows Standard.
  await member.page.goto(`${e2e.app.url}/dashboard`);
  const account = member.page.getByRole('region', { name: 'Account' });
  await account.getByText('Standard', { exact: true }).waitFor();
  assert.equal(await account.getByText(memberEmail).count(), 1);

  // 7. The admin cannot remove the other admin: their row menu says 'Cannot remove admin' (disabled) where
  // the member's has Remove, no Remove on the edit page, the role select disabled, and the server refuses
  // the call too.
  const adminRow = memberRow(admin.page, secondAdminEmail);
  await memberRow(admin.page, memberEmail)
    .getByRole('button', { name: /^Actions for / })
    .click();
  await admin.page.getByRole('menuitem', { name: 'Remove', exact: true }).waitFor();
  assert.equal(await admin.page.getByRole('menuitem', { name: 'Cannot remove admin' }).count(), 0);
  await admin.page.keyboard.press('Escape');
  await adminRow.getByRole('button', { name: /^Actions for / }).click();
  const edit = admin.page.getByRole('menuitem', { name: 'Edit' });
  await edit.waitFor();
  // Edit is a link to the member's page (open in a new tab, copy the address), not a command.
  assert.match((await edit.getAttribute('href')) ?? '', /^\/dashboard\/member\/edit\/[^/]+$/);
  assert.equal(await edit.evaluate((item) => item.tagName), 'A');
  assert.equal(await admin.page.getByRole('menuitem', { name: 'Remove', exact: true }).count(), 0);
  assert.equal(
    await admin.page.getByRole('menuitem', { name: 'Cannot remove admin' }).getAttribute('aria-disabled'),
    'true',
  );
  await edit.click();
  await admin.page.waitForURL(/\/dashboard\/member\/edit\//);
  await admin.page.getByRole('combobox', { name: 'Role' }).waitFor();
  assert.equal(
    await admin.page.getByRole('combobox', { name: 'Role' }).getAttribute('aria-disabled'),
    'true',
  );
  assert.equal(await admin.page.getByRole('button', { name: 'Remove from Organization' }).count(), 0);
  const secondAdminId = decodeURIComponent(new URL(admin.page.url()).pathname.split('/').pop() ?? '');
  const refused = await apiPost(admin.page, '/remove-organization-user', { user_id: secondAdminId });
  assert.ok(refused.status >= 400, `removing an admin is refused (got ${refused.status})`);

  // 8. The member sees no Organization entry, and no row menus on the organization page.
  await member.page.goto(`${e2e.app.url}/dashboard`);
  await sidebar(member.page).getByRole('link', { name: 'Overview' }).waitFor();
  assert.equal(await sidebar(member.page).getByRole('link', { name: 'Organization' }).count(), 0);
  await member.page.goto(`${e2e.app.url}/dashboard/organization`);
  await memberRow(member.page, adminEmail).waitFor();
  assert.equal(await member.page.getByRole('button', { name: /^Actions for / }).count(), 0);

  assert.deepEqual([...admin.pageErrors, ...member.pageErrors, ...secondAdmin.pageErrors], []);
});

/**
 * The row menu and revoking an invitation, at a desktop and a phone width: the keyboard opens the menu of
 * a pending invitation, 'Revoke invitation' asks first, and once revoked the invitation leaves the list and
 * its mailed link no longer works.
 */
for (const width of [1280, 390]) {
  test(`at ${width} px an admin revokes a pending invitation from its row menu, by keyboard`, async () => {
    const admin = await newPerson();
    await admin.page.setViewportSize({ width, height: 900 });
    const email = `revoke-${width}-${run}@example.com`;
    const invitee = `revoked-${width}-${run}@example.com`;
    await signUp(admin.page, { url: e2e.app.url, name: 'Rita Revoker', email, password: STRONG_PASSWORD });
    const invited = await apiPost(admin.page, '/invite-user', { email: invitee, role: 'member' });
    assert.equal(invited.status, 200, JSON.stringify(invited.json));
    const outbox = await admin.page.context().newPage();
    const token = await invitationToken(e2e, outbox, invitee);
    await outbox.close();
    await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
    await expectTitle(admin.page, 'Organization');

    const actions = admin.page.getByRole('button', { name: `Actions for the invitation to ${invitee}` });
    await actions.focus();
    await admin.page.keyboard.press('Enter');
    const menu = admin.page.getByRole('menu', { name: `Actions for the invitation to ${invitee}` });
    await menu.getByRole('menuitem', { name: 'Resend invite' }).waitFor();
    await admin.page.keyboard.press('ArrowDown');
    const revoke = menu.getByRole('menuitem', { name: 'Revoke invitation' });
    assert.equal(await revoke.evaluate((item) => item === document.activeElement), true);
    await admin.page.keyboard.press('Enter');

    const dialog = admin.page.getByRole('dialog', { name: 'Revoke invitation?' });
    await dialog.waitFor();
    // It opens on Cancel, the safe choice; Tab reaches the confirming button.
    assert.equal(
      await dialog.getByRole('button', { name: 'Cancel' }).evaluate((b) => b === document.activeElement),
      true,
    );
    await admin.page.keyboard.press('Tab');
    await admin.page.keyboard.press('Enter');
    await admin.page.getByText(`The invitation to ${invitee} was revoked.`).waitFor();
    await admin.page.getByText('No pending invitations.').waitFor();
    await admin.page.waitForFunction(() => document.activeElement?.textContent === 'Pending invitations');
    // Nothing scrolls sideways at this width.
    assert.equal(
      await admin.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      true,
    );

    // The mailed link no longer works.
    const check = await admin.page.evaluate(
      async (t) => (await fetch(`/api/accept-invite?token=${encodeURIComponent(t)}`)).status,
      token,
    );
    assert.equal(check, 404);
    assert.deepEqual(admin.pageErrors, []);
  });
}
