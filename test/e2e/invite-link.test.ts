/**
 * Browser walk (docs/product.md#invitation-links): an admin verifies the company domain (the code from the sandbox outbox), creates
 * the invitation link and copies it; a colleague at the domain opens it, signs up from it with a password,
 * comes back and asks to join: an invitation is mailed (a password proves no address), accepting it from the
 * sandbox outbox joins, and the colleague sees the organization; the admin revokes the link and opening it then says it was revoked.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { joinByMailedInvitation, signUp } from './flows.js';
import { useAppAndBrowser } from './harness.js';
import { newPerson, signUpByApi } from './people.js';

const e2e = useAppAndBrowser();
const domain = `links-${Date.now()}.com`;

test('a colleague at the verified domain joins through the copied link; once revoked, the link says so', async () => {
  const admin = await newPerson(e2e, { permissions: ['clipboard-read', 'clipboard-write'] });
  const adminEmail = `ada@${domain}`;
  await signUpByApi(e2e.app.url, admin, 'Ada Admin', adminEmail);

  // The domain: the code goes to the admin's own address, whose mailed link fills it in.
  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  const verifyForm = admin.page.getByRole('form', { name: 'Verify a company domain' });
  await verifyForm.getByRole('textbox', { name: 'Company domain' }).fill(domain);
  await verifyForm.getByRole('radio', { name: 'Email a code to an address at the domain' }).check();
  await verifyForm.getByRole('button', { name: 'Send verification code' }).click();
  await admin.page.getByText(`We sent a verification code to ${adminEmail}.`).waitFor();
  await admin.page.goto(`${e2e.app.url}/sandbox/mail`);
  const codeLink = await admin.page
    .locator('article', { hasText: `To ${adminEmail}` })
    .first()
    .locator('a[href*="domain_code="]')
    .first()
    .getAttribute('href');
  assert.ok(codeLink, 'the verification mail carries a link with the code');
  await admin.page.goto(codeLink);
  await admin.page.getByRole('button', { name: 'Verify domain' }).click();
  await admin.page.getByText(`Verified domain: ${domain}`).waitFor();

  // The link: created, copied (the confirmation says so), shown with its expiry.
  const block = admin.page.getByRole('region', { name: 'Invitation link' });
  await block.getByRole('button', { name: 'Create invitation link' }).click();
  const linkBox = block.getByRole('textbox', { name: 'Invitation link' });
  await linkBox.waitFor();
  const url = await linkBox.inputValue();
  assert.match(url, /\/join\/[A-Za-z0-9_-]{43}$/);
  await block.getByRole('button', { name: 'Copy link' }).click();
  await block.getByText('Link copied to the clipboard.').waitFor();
  assert.equal(await admin.page.evaluate(() => navigator.clipboard.readText()), url);
  await block.getByText(/^The link works until /).waitFor();

  // A colleague opens it, signs up from it, comes back and joins.
  const colleague = await newPerson(e2e);
  await colleague.page.goto(url);
  const heading = colleague.page.getByRole('heading', { level: 1, name: /^Join / });
  await heading.waitFor();
  const organization = (await heading.innerText()).replace(/^Join /, '');
  assert.ok(organization.length > 0);
  await colleague.page.getByRole('link', { name: 'Sign up' }).click();
  await colleague.page.waitForURL(/\/signup\?next=/);
  await signUp(colleague.page, {
    url: e2e.app.url,
    email: `Grace@${domain.toUpperCase()}`,
    name: 'Grace Hopper',
    onThePage: true,
    expectPath: (current) => current.pathname.startsWith('/join/'),
  });
  await colleague.page.getByRole('button', { name: `Join ${organization}` }).click();
  // A typed address proves nothing: the server mails an invitation, and accepting it joins.
  const colleagueEmail = `grace@${domain}`;
  await colleague.page
    .getByText(`We sent an invitation to ${colleagueEmail}: open it to join ${organization}.`)
    .waitFor();
  assert.ok(new URL(colleague.page.url()).pathname.startsWith('/join/'), 'the page stays on the link');
  // Signed in at the invited address: no detour by /signup; the invitee joins with a click.
  await joinByMailedInvitation(colleague.page, e2e.app.url, colleagueEmail, organization);
  assert.equal(await colleague.page.getByText(/Taking you to sign up/).count(), 0);
  await colleague.page.goto(`${e2e.app.url}/dashboard/organization`);
  await colleague.page.getByText(organization, { exact: true }).first().waitFor();

  // The admin revokes it: the link now says so.
  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  await block.getByRole('button', { name: 'Revoke link' }).click();
  const dialog = admin.page.getByRole('dialog', { name: 'Revoke the invitation link?' });
  await dialog.getByRole('button', { name: 'Revoke' }).click();
  await admin.page.getByText('The invitation link was revoked: it no longer works.').waitFor();

  const stranger = await newPerson(e2e);
  await stranger.page.goto(url);
  await stranger.page
    .getByText('This invitation link was revoked. Ask an admin of the organization for a new one.')
    .waitFor();
  assert.deepEqual([...admin.pageErrors, ...colleague.pageErrors, ...stranger.pageErrors], []);
});
