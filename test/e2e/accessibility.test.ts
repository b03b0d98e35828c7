/**
 * docs/product.md#accessibility (WCAG 2.2 AA): axe-core reports no violation of any impact on every route, signed out, as an
 * admin and as a member, in the light theme and the dark one (/pricing?dark_mode), at 1280 px and at 390 px;
 * every route has an h1 and none scrolls sideways.
 * One browser; one context per person and width, reused from route to route, so the walk stays short.
 * The organization page also with each row menu open and with the Invite dialog, at both widths; at 390 px
 * every row's actions are on screen.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { describeViolations, violations } from './axe.js';
import { useAppAndBrowser } from './harness.js';
import { apiCall, newPerson, teamOfTwo, type Person } from './people.js';

const e2e = useAppAndBrowser();

const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;

/**
 * Waits until the route has drawn its content: no skeleton (aria-busy) left, a heading shown, and on
 * /docs Redoc's page taken over by its script (its search field reads 'Loading...' until then).
 * False when no h1 shows up: every page has one (WCAG 1.3.1).
 */
async function settle(page: Page): Promise<boolean> {
  await page.waitForLoadState('networkidle');
  const heading = await page
    .locator('h1')
    .first()
    .waitFor()
    .then(() => true)
    .catch(() => false);
  await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
  await page.waitForFunction(
    () => !(document.querySelector('#redoc')?.textContent ?? '').includes('Loading...'),
  );
  return heading;
}

/**
 * Waits until no CSS transition runs: a menu grows in and a dialog fades in, and axe or a measure taken
 * meanwhile reads half-transparent colours and scaled sizes.
 */
function transitionsDone(page: Page): Promise<unknown> {
  return page.waitForFunction(
    () => !document.getAnimations().some((animation) => animation instanceof CSSTransition),
  );
}

/** How far the page scrolls sideways (0 when it fits the screen). */
function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/** Visits each route at each width in one context per width and collects what axe finds. */
async function audit(routes: readonly string[], person: (width: (typeof WIDTHS)[number]) => Promise<Person>) {
  const failures: string[] = [];
  for (const width of WIDTHS) {
    const { page, pageErrors } = await person(width);
    for (const route of routes) {
      await page.goto(`${e2e.app.url}${route}`);
      if (!(await settle(page))) failures.push(`${route} at ${width.width} px has no h1`);
      const found = await violations(page);
      if (found.length > 0) failures.push(`${route} at ${width.width} px:\n${describeViolations(found)}`);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) failures.push(`${route} at ${width.width} px scrolls sideways by ${overflow} px`);
    }
    assert.deepEqual(pageErrors, []);
    await page.context().close();
  }
  return failures;
}

const sized = (width: (typeof WIDTHS)[number]) => ({
  viewport: { width: width.width, height: width.height },
  // axe is injected as a script tag; the app's Content-Security-Policy allows only its own scripts.
  bypassCSP: true,
});

const PUBLIC_ROUTES = [
  '/login',
  // A full-page load of signing in again: a plain page, without the onboarding bar and marketing.
  '/login?reauth=true',
  '/signup',
  '/forgot-password',
  '/reset-password?token=not-a-real-token',
  '/pricing',
  '/pricing?dark_mode=true',
  '/pricing?coupon=LAUNCH30',
  '/terms',
  '/privacy',
  '/accept-invitation?token=not-a-real-token',
  // Signed out, the connection screens ask to log in first, under the onboarding progress bar.
  '/connect',
  '/connect-api-key',
  // Not drawn by the SPA: the API reference (Redoc, scripts/build-docs.ts) and the server's support form.
  '/docs',
  '/support',
] as const;

const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/dashboard/settings',
  '/dashboard/usage',
  '/dashboard/billing',
  '/dashboard/connection/status',
  '/connect',
  '/connect-api-key',
  '/install',
  '/welcome',
  '/installed',
] as const;

const ADMIN_ROUTES = ['/dashboard/organization', '/dashboard/audit'] as const;

test('axe finds no WCAG 2.2 A/AA violation on the public pages', async () => {
  const failures = await audit(PUBLIC_ROUTES, (width) => newPerson(e2e, sized(width)));
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('axe finds no WCAG 2.2 A/AA violation on the pages of an admin and of a member', async () => {
  const run = Date.now();
  const adminEmail = `a11y-admin-${run}@example.com`;
  const memberEmail = `a11y-member-${run}@example.com`;
  const team = await teamOfTwo(
    e2e,
    { name: 'Ada Admin', email: adminEmail },
    { name: 'Mia Member', email: memberEmail },
  );
  // A pending invitation, so the invitations list is drawn too.
  const invite = await apiCall(team.admin.page, '/api/invite-user', {
    email: `a11y-invitee-${run}@example.com`,
    role: 'member',
  });
  assert.equal(invite.status, 200);
  const members = (await apiCall(team.admin.page, '/api/get-organization-members')).json as {
    data: { users: { id: number | string; email: string }[] };
  };
  const memberId = members.data.users.find((user) => user.email === memberEmail)?.id;
  assert.ok(memberId !== undefined);
  const adminState = await team.admin.context.storageState();
  const memberState = await team.member.context.storageState();

  const adminFailures = await audit(
    [...SIGNED_IN_ROUTES, ...ADMIN_ROUTES, `/dashboard/member/edit/${memberId}`],
    (width) => newPerson(e2e, { ...sized(width), storageState: adminState }),
  );
  // A member may not see the audit log, and is told so on a page that still has its h1.
  const memberFailures = await audit([...SIGNED_IN_ROUTES, '/dashboard/audit'], (width) =>
    newPerson(e2e, { ...sized(width), storageState: memberState }),
  );
  const failures = [...adminFailures.map((f) => `admin ${f}`), ...memberFailures.map((f) => `member ${f}`)];
  assert.deepEqual(failures, [], failures.join('\n'));
});

test('the organization page passes axe with each row menu open and with the Invite dialog, at 1280 and 390 px; at 390 px every action is on screen', async () => {
  const run = Date.now();
  const memberName = 'Bartholomew Longname-Wolfeschlegel';
  const team = await teamOfTwo(
    e2e,
    { name: 'Phone Admin', email: `phone-admin-${run}@example.com` },
    { name: memberName, email: `bartholomew.longname-wolfeschlegel-${run}@subdomain.example.com` },
  );
  const invitee = `a-rather-long-invitee-address-${run}@subdomain.example.com`;
  const invite = await apiCall(team.admin.page, '/api/invite-user', { email: invitee, role: 'member' });
  assert.equal(invite.status, 200);
  const adminState = await team.admin.context.storageState();

  /** Each row's menu: the items it must show (the admin's says why it has no Remove). */
  const menus = [
    { button: `Actions for ${memberName}`, items: ['Edit', 'Remove'] },
    { button: 'Actions for Phone Admin', items: ['Edit', 'Cannot remove admin'] },
    { button: `Actions for the invitation to ${invitee}`, items: ['Resend invite', 'Revoke invitation'] },
  ];
  const failures: string[] = [];
  for (const size of WIDTHS) {
    const { page, pageErrors } = await newPerson(e2e, { ...sized(size), storageState: adminState });
    const onScreen = async (what: string, box: { x: number; width: number; height: number } | null) => {
      assert.ok(box, `${what} is shown`);
      assert.ok(
        box.x >= 0 && box.x + box.width <= size.width,
        `${what} lies inside the screen: ${JSON.stringify(box)}`,
      );
      assert.ok(box.width >= 24 && box.height >= 24, `${what} is at least 24x24 px: ${JSON.stringify(box)}`);
    };
    await page.goto(`${e2e.app.url}/dashboard/organization`);
    await settle(page);
    const check = async (state: string) => {
      const found = await violations(page);
      if (found.length > 0) failures.push(`${state} at ${size.width} px:\n${describeViolations(found)}`);
      const overflow = await sidewaysOverflow(page);
      if (overflow > 0) failures.push(`${state} at ${size.width} px scrolls sideways by ${overflow} px`);
    };
    await check('the page');

    for (const { button, items } of menus) {
      const opener = page.getByRole('button', { name: button });
      await opener.scrollIntoViewIfNeeded();
      await onScreen(button, await opener.boundingBox());
      await opener.click();
      const menu = page.getByRole('menu', { name: button });
      await transitionsDone(page);
      for (const item of items) {
        const entry = menu.getByRole('menuitem', { name: item, exact: true });
        await entry.waitFor();
        await onScreen(`${button} > ${item}`, await entry.boundingBox());
      }
      await check(`the menu "${button}"`);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
    }

    await page.getByRole('button', { name: 'Invite', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite a member' });
    await dialog.waitFor();
    await transitionsDone(page);
    // It opens on its first field.
    await page.waitForFunction(() => document.activeElement?.getAttribute('name') === 'email');
    await check('the Invite dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: `Actions for the invitation to ${invitee}` }).click();
    await page.getByRole('menuitem', { name: 'Revoke invitation' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke invitation?' });
    await confirm.waitFor();
    await transitionsDone(page);
    await check('the revoke confirmation');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });

    assert.deepEqual(pageErrors, []);
    await page.context().close();
  }
  assert.deepEqual(failures, [], failures.join('\n'));

  const page = team.admin.page;
  await page.goto(`${e2e.app.url}/dashboard/organization`);
  await settle(page);

  // The keyboard focus ring: 3 px of the primary colour, 3:1 or more against the page (WCAG 2.4.11).
  await page.setViewportSize({ width: 1280, height: 800 });
  const organizationLink = page.getByRole('navigation', { name: 'Dashboard' }).getByRole('link', {
    name: 'Organization',
  });
  await organizationLink.waitFor();
  await page.keyboard.press('Tab');
  await page.evaluate(() => {
    const link = [...document.querySelectorAll('nav a')].find((a) => a.textContent === 'Organization');
    (link as HTMLElement | undefined)?.focus();
  });
  // A focus() after a key press counts as keyboard focus, so :focus-visible applies.
  const ring = await organizationLink.evaluate((link) => {
    const style = getComputedStyle(link);
    return { width: style.outlineWidth, style: style.outlineStyle, colour: style.outlineColor };
  });
  assert.deepEqual(ring, { width: '3px', style: 'solid', colour: 'rgb(63, 81, 181)' });
  assert.deepEqual(team.admin.pageErrors, []);
});

test('at 390 px the progress bar’s "(done)" label is hidden in 1 px, and the connection screens do not scroll sideways', async () => {
  const { page, pageErrors } = await newPerson(e2e, sized(WIDTHS[1]));
  // The extension installed: the Install step is done, so its label says so to screen readers.
  await page.context().addInitScript(() => localStorage.setItem('has_installed', 'true'));
  for (const route of ['/connect', '/connect-api-key']) {
    await page.goto(`${e2e.app.url}${route}`);
    await settle(page);
    const steps = page.getByRole('navigation', { name: 'Onboarding progress' });
    const label = steps.getByText('(done)');
    assert.equal(await label.count(), 1, `${route}: one step is done`);
    const box = await label.boundingBox();
    assert.ok(
      box && box.width <= 1 && box.height <= 1,
      `${route}: the label takes 1 px: ${JSON.stringify(box)}`,
    );
    assert.equal(await sidewaysOverflow(page), 0, `${route} scrolls sideways`);
  }
  assert.deepEqual(pageErrors, []);
});
