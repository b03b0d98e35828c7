/**
 * Browser walk, when things go wrong: a session that ends mid-use asks to sign in again over the page,
 * which keeps and saves what was typed; a failed load offers "Try again"; the notice after 'Resend
 * invite' is on screen at 390 px; inviting and editing a member with the keyboard alone, focus checked at each step.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { describeViolations, violations } from './axe.js';
import { STRONG_PASSWORD } from './flows.js';
import { useAppAndBrowser } from './harness.js';
import { apiCall, newPerson, signUpByApi, teamOfTwo, type Person } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

/** The accessible name (or text) of the focused element, and its tag. */
function focused(page: Page): Promise<{ tag: string; name: string }> {
  return page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    return {
      tag: element?.tagName.toLowerCase() ?? '',
      name: (element?.getAttribute('aria-label') ?? element?.textContent ?? '').trim(),
    };
  });
}

async function admin(
  tag: string,
  options?: Parameters<typeof newPerson>[1],
): Promise<{ person: Person; email: string }> {
  const person = await newPerson(e2e, options);
  const email = `recovery-${tag}-${run}@example.com`;
  await signUpByApi(e2e.app.url, person, 'Ada Admin', email);
  return { person, email };
}

test('a session that ends mid-use: sign in again in a dialog over the page, and what was typed is saved', async () => {
  // axe is injected as a script, which the app's Content-Security-Policy would refuse.
  const { person, email } = await admin('expiry', { bypassCSP: true });
  const { page } = person;
  await page.goto(`${e2e.app.url}/dashboard/settings`);
  const name = page.getByRole('textbox', { name: 'Name' });
  await name.fill('Ada King');

  // The session ends elsewhere (another device, expiry): the cookie this browser holds is no longer valid.
  await person.context.clearCookies();
  await page.getByRole('button', { name: 'Save Changes' }).click();

  const dialog = page.getByRole('dialog', { name: 'Sign in again' });
  await dialog.waitFor();
  assert.equal(await dialog.getByRole('textbox', { name: /^Email/ }).inputValue(), email);
  assert.equal(new URL(page.url()).pathname, '/dashboard/settings');
  const found = await violations(page);
  assert.deepEqual(found, [], describeViolations(found));
  await dialog.locator('input[name="password"]').fill(STRONG_PASSWORD);
  await dialog.getByRole('button', { name: 'Log in' }).click();

  await page.getByText('Profile updated successfully!').waitFor();
  await dialog.waitFor({ state: 'detached' });
  assert.equal(await name.inputValue(), 'Ada King');
  assert.equal(new URL(page.url()).pathname, '/dashboard/settings');
  // Saved on the server, with the new session.
  const stored = (await apiCall(page, '/api/get-user')).json as { data: { name: string } };
  assert.equal(stored.data.name, 'Ada King');
  assert.deepEqual(person.pageErrors, []);
});

test('a failed load says so with "Try again", which loads it', async () => {
  const { person } = await admin('retry');
  const { page } = person;
  // The members call fails until the user presses "Try again": the app's own recovery also retries a failed
  // load after a few seconds, and on a busy machine that retry could load the page before the press (the
  // alert then gone from under the click). So a call succeeds only once the page has seen the press.
  let failures = 0;
  const pressed = () =>
    page
      .evaluate(() => (window as { tryAgainPressed?: boolean }).tryAgainPressed === true)
      .catch(() => false);
  await page.route('**/api/get-organization-members**', async (route) => {
    if (await pressed()) {
      await route.continue();
      return;
    }
    failures += 1;
    await route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: true, message: 'Something broke' }),
    });
  });
  await page.goto(`${e2e.app.url}/dashboard/organization`);
  const alert = page.getByRole('alert').filter({ hasText: 'Failed to fetch org members' });
  await alert.waitFor();
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      (event) => {
        const button = (event.target as Element).closest('button');
        if (button?.textContent?.includes('Try again'))
          (window as { tryAgainPressed?: boolean }).tryAgainPressed = true;
      },
      true,
    ),
  );
  await alert.getByRole('button', { name: 'Try again' }).click();
  await page.getByRole('table', { name: 'Team members' }).getByText('Ada Admin').waitFor();
  assert.ok(failures >= 1);
});

test('at 390 px the notice after "Resend invite" is on screen', async () => {
  const person = await newPerson(e2e, { viewport: { width: 390, height: 844 } });
  await signUpByApi(e2e.app.url, person, 'Ada Admin', `recovery-phone-${run}@example.com`);
  const invitee = `recovery-invitee-${run}@example.com`;
  const invite = await apiCall(person.page, '/api/invite-user', { email: invitee, role: 'member' });
  assert.equal(invite.status, 200);
  const { page } = person;
  await page.goto(`${e2e.app.url}/dashboard/organization`);
  const actions = page.getByRole('button', { name: `Actions for the invitation to ${invitee}` });
  await actions.scrollIntoViewIfNeeded();
  await actions.click();
  await page.getByRole('menuitem', { name: 'Resend invite' }).click();
  const notice = page.getByText('Invitation resent successfully!');
  await notice.waitFor();
  const box = await notice.boundingBox();
  assert.ok(box, 'the notice is rendered');
  assert.ok(box.y >= 0 && box.y + box.height <= 844, `the notice is inside the viewport (y=${box.y})`);
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the notice fits the width (x=${box.x}, w=${box.width})`);
  // The menu gives focus back to the row's button, which stays (the invitation is still pending).
  await page.waitForFunction(
    (name) => document.activeElement?.getAttribute('aria-label') === name,
    `Actions for the invitation to ${invitee}`,
  );
});

test('keyboard only: invite a member, then edit a member, focus checked at each step', async () => {
  const { admin: adminPerson } = await teamOfTwo(
    e2e,
    { name: 'Ada Admin', email: `recovery-kb-admin-${run}@example.com` },
    { name: 'Grace Member', email: `recovery-kb-member-${run}@example.com` },
  );
  const { page } = adminPerson;
  await page.goto(`${e2e.app.url}/dashboard/organization`);
  await page.getByRole('heading', { level: 1, name: 'Organization' }).waitFor();

  // The skip link is the first stop; it leads into the main area.
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).name, 'Skip to main content');
  await page.keyboard.press('Enter');
  assert.equal((await focused(page)).tag, 'main');

  // To Invite, whose dialog opens on its email field.
  for (let i = 0; i < 10 && (await focused(page)).name !== 'Invite'; i++) await page.keyboard.press('Tab');
  assert.equal((await focused(page)).name, 'Invite');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Invite a member' });
  const email = dialog.getByRole('textbox', { name: /^Email/ });
  await email.waitFor();
  await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
  const invitee = `recovery-kb-invitee-${run}@example.com`;
  await page.keyboard.type(invitee);
  await page.keyboard.press('Enter');
  await page.getByText('Invitation sent successfully!').waitFor();
  // The dialog closes and gives focus back to Invite, ready for the next address.
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForFunction(() => document.activeElement?.textContent === 'Invite');

  // To the member's actions menu, which opens on its Edit link, and into the edit page.
  for (let i = 0; i < 40 && (await focused(page)).name !== 'Actions for Grace Member'; i++) {
    await page.keyboard.press('Tab');
  }
  assert.equal((await focused(page)).name, 'Actions for Grace Member');
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    () =>
      document.activeElement?.getAttribute('role') === 'menuitem' &&
      document.activeElement.textContent === 'Edit',
  );
  assert.equal((await focused(page)).tag, 'a');
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/dashboard\/member\/edit\//);
  const heading = page.getByRole('heading', { level: 1, name: 'Edit member' });
  await heading.waitFor();
  // A navigation moves focus to the new page's heading.
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');

  // Save with the keyboard.
  for (let i = 0; i < 20 && (await focused(page)).name !== 'Save Changes'; i++)
    await page.keyboard.press('Tab');
  assert.equal((await focused(page)).name, 'Save Changes');
  await page.keyboard.press('Enter');

  await page.waitForURL(/\/dashboard\/organization$/);
  await page.getByText('Changes saved for Grace Member.').waitFor();
  await page.waitForFunction(() => document.activeElement?.tagName === 'H1');
  assert.deepEqual(adminPerson.pageErrors, []);
});
