/**
 * Browser walk, enterprise identity (docs/product.md#single-sign-on, docs/product.md#require-sso,
 * docs/scim.md#deprovisioning), once per protocol against the server's identity-provider sandbox: an admin
 * at a DNS-verified company domain connects the sandbox on the Organization page, tests the connection by
 * signing in there, makes a SCIM token and requires single sign-on (which ends the admin's own password
 * session on its next call, saying why: they come back through "Sign in with SSO"). A member at the domain
 * signs in through the sandbox and is given a seat; the identity provider then deactivates them over SCIM,
 * their open page is signed out on its next call (its "Sign in again" offers SSO too), and the admin's
 * Organization page shows them gone and the seat free.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import type { Page } from 'playwright-core';
import { expectTitle, useAppAndBrowser } from './harness.js';
import { apiCall, buyStandardSeats, newPerson, signUpByApi } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

type Protocol = 'oidc' | 'saml';

const section = (page: Page, name: string) => page.getByRole('region', { name });

/** Opens an Organization settings section by its disclosure button, on the Organization page. */
async function openSetting(page: Page, button: string, region: string) {
  await page.getByRole('button', { name: button }).click();
  return section(page, region);
}

/**
 * The person at the sandbox's sign-in page (either protocol): signs in as `email`. SAML's answer is a form
 * the browser posts to the app's ACS, with a button since the page runs no script.
 */
async function signInAtSandbox(page: Page, protocol: Protocol, email: string, name: string) {
  await page.getByRole('heading', { name: 'Sign in to your company' }).waitFor();
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  if (protocol === 'saml') await page.getByRole('button', { name: 'Continue to CRM Sync' }).click();
}

/** "Sign in with SSO" on the /login page the browser is on, through the sandbox, until the app has left it. */
async function signInWithSso(page: Page, protocol: Protocol, email: string, name: string) {
  await page.waitForURL(/\/login(\?|$)/);
  await page.getByRole('button', { name: 'Sign in with SSO' }).click();
  const form = page.getByRole('form', { name: 'Sign in with SSO' });
  await form.getByRole('textbox', { name: /^Work email or company domain/ }).fill(email);
  await form.getByRole('button', { name: 'Continue with SSO' }).click();
  await signInAtSandbox(page, protocol, email, name);
  await page.waitForURL((url) => !['/login', '/sso/callback'].includes(url.pathname));
}

/** The identity provider's SCIM call, from outside any browser, with the organization's bearer token. */
async function scim(token: string, method: string, path: string, body?: object) {
  const response = await fetch(`${e2e.app.url}/scim/v2${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';

/** The Seats table's Standard row as the admin reads it: purchased, assigned, available. */
async function standardSeats(page: Page): Promise<string[]> {
  const row = page.getByRole('table', { name: 'Seats' }).getByRole('row', { name: /^Standard/ });
  await row.waitFor();
  return (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
}

function memberRow(page: Page, email: string) {
  return page.getByRole('table', { name: 'Team members' }).getByRole('row').filter({ hasText: email });
}

for (const protocol of ['saml', 'oidc'] as const) {
  test(`${protocol}: an admin requires single sign-on through the sandbox; a member signs in with it, is deactivated over SCIM and signed out, and the seat is free`, async () => {
    const domain = `${protocol}-corp-${run}.com`;
    const adminEmail = `ada@${domain}`;
    const memberEmail = `grace@${domain}`;

    // What the admin did before (each step has its own tests): signed up, verified the company domain by
    // DNS (the DNS sandbox finds every record) and bought a Standard seat.
    const admin = await newPerson(e2e);
    await signUpByApi(e2e.app.url, admin, 'Ada Admin', adminEmail);
    const started = await apiCall(admin.page, '/api/start-dns-verification', { domain });
    assert.equal(started.status, 200, JSON.stringify(started.json));
    const checked = await apiCall(admin.page, '/api/check-dns-verification', {});
    assert.equal(checked.status, 200, JSON.stringify(checked.json));
    await buyStandardSeats(admin.page, 1);

    // 1. The admin makes a SCIM token for the identity provider (shown once).
    const { page } = admin;
    await page.goto(`${e2e.app.url}/dashboard/organization`);
    await expectTitle(page, 'Organization');
    const provisioning = await openSetting(page, 'Set up provisioning', 'Provisioning (SCIM)');
    await provisioning.getByRole('button', { name: 'Create token' }).click();
    const tokenField = provisioning.getByRole('textbox', { name: 'New SCIM token' });
    await tokenField.waitFor();
    const scimToken = await tokenField.inputValue();
    assert.ok(scimToken.length > 20, 'the new token is shown');

    // 2. The admin connects the sandbox identity provider and tests the connection with their own address.
    const sso = await openSetting(page, 'Set up single sign-on', 'Single sign-on (SSO)');
    const form = sso.getByRole('form', { name: 'Single sign-on connection' });
    await form.getByRole('radio', { name: protocol === 'saml' ? 'SAML' : 'OpenID Connect' }).check();
    await form.getByRole('button', { name: 'Use the sandbox identity provider' }).click();
    await form.getByRole('button', { name: 'Save connection' }).click();
    await page.getByText('The single sign-on connection was saved. Test it to make sure it works.').waitFor();
    await sso.getByText('Not tested yet.').waitFor();
    const requireSwitch = sso.getByRole('switch', {
      name: `Require single sign-on for addresses at ${domain}`,
    });
    assert.equal(await requireSwitch.isDisabled(), true, 'requiring waits for a test');
    await sso.getByRole('button', { name: 'Test connection' }).click();
    await signInAtSandbox(page, protocol, adminEmail, 'Ada Admin');
    await page
      .getByText(`The connection works: ${adminEmail} signed in through your identity provider.`)
      .waitFor();
    await page.waitForURL(/\/dashboard\/organization$/);

    // 3. Require SSO: confirmed first; it ends every password session at the domain, the admin's own too.
    const settings = await openSetting(page, 'Set up single sign-on', 'Single sign-on (SSO)');
    await settings.getByText(/^Last test worked on /).waitFor();
    // The switch stays off until the dialog is confirmed: a click, not a check.
    await settings.getByRole('switch', { name: `Require single sign-on for addresses at ${domain}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Require single sign-on?' });
    await confirm.getByRole('button', { name: 'Require single sign-on' }).click();
    await page.getByText(`Single sign-on is now required for addresses at ${domain}.`).waitFor();
    // The page's next call ends the admin's own password session, saying why: /login sends them to SSO.
    await page
      .getByText(
        'Your organization now requires single sign-on, so this session was ended. Please use "Sign in with SSO".',
      )
      .waitFor();
    await signInWithSso(page, protocol, adminEmail, 'Ada Admin');
    await page.waitForURL(/\/dashboard\/organization$/);

    // 4. A member at the domain signs in through the identity provider: a Free member made just in time.
    // A new account goes on with the onboarding order (the extension to install), then opens the dashboard.
    const member = await newPerson(e2e);
    await member.page.goto(`${e2e.app.url}/login`);
    await signInWithSso(member.page, protocol, memberEmail, 'Grace Member');
    await member.page.getByRole('heading', { name: 'Install the extension' }).waitFor();
    await member.page.goto(`${e2e.app.url}/dashboard`);
    const account = member.page.getByRole('region', { name: 'Account' });
    await account.getByText(memberEmail).waitFor();

    // The admin gives the member the Standard seat (assigning has its own walk, organization.test.ts).
    await page.goto(`${e2e.app.url}/dashboard/organization`);
    await memberRow(page, memberEmail).waitFor();
    const me = await apiCall(member.page, '/api/get-user');
    const memberId = (me.json as { data: { id: string } }).data.id;
    const seated = await apiCall(page, '/api/set-user-product', {
      user_id: memberId,
      product: 'Standard',
      role: 'member',
    });
    assert.equal(seated.status, 200, JSON.stringify(seated.json));
    await page.reload();
    await memberRow(page, memberEmail).getByText('Standard', { exact: true }).waitFor();
    assert.deepEqual(await standardSeats(page), ['1', '1', '0']);

    // 5. The identity provider provisions the member, then deactivates them (Okta's PATCH; Entra's PUT).
    const created = await scim(scimToken, 'POST', '/Users', {
      schemas: [USER_SCHEMA],
      userName: memberEmail,
      active: true,
    });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const scimId = String(created.json.id);
    const deactivated =
      protocol === 'saml'
        ? await scim(scimToken, 'PATCH', `/Users/${scimId}`, {
            schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
            Operations: [{ op: 'replace', path: 'active', value: false }],
          })
        : await scim(scimToken, 'PUT', `/Users/${scimId}`, {
            schemas: [USER_SCHEMA],
            userName: memberEmail,
            active: false,
          });
    assert.equal(deactivated.status, 200, JSON.stringify(deactivated.json));
    assert.equal(deactivated.json.active, false);

    // 6. The member's open page is signed out on its next call.
    await member.page
      .getByRole('navigation', { name: 'Dashboard' })
      .getByRole('link', { name: 'Settings' })
      .click();
    const again = member.page.getByRole('dialog', { name: 'Sign in again' });
    await again.getByRole('button', { name: 'Sign in with SSO' }).waitFor();
    await member.page.reload();
    await member.page.waitForURL(/\/login(\?|$)/);
    await member.page.getByRole('button', { name: 'Log in' }).waitFor();

    // 7. The admin sees the member gone and the seat free.
    await page.reload();
    await page.getByRole('table', { name: 'Team members' }).getByText(adminEmail).waitFor();
    assert.equal(await memberRow(page, memberEmail).count(), 0);
    assert.deepEqual(await standardSeats(page), ['1', '0', '1']);

    assert.deepEqual([...admin.pageErrors, ...member.pageErrors], []);
  });
}
