/**
 * Browser walk, company domain (docs/product.md#company-domain-and-join-requests): an admin verifies the company's email domain on the Organization
 * page with the code mailed to the sandbox outbox; a colleague at that domain signs up, is offered to join
 * on the first page the onboarding order sends them to (/install), requests to join; the admin approves
 * the request on the Organization page. A typed address proves nothing (docs/invariants.md), so the
 * request says "Address not confirmed" and approving mails the colleague an invitation: opening it joins.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { joinByMailedInvitation, signUp } from './flows.js';
import { expectTitle, useAppAndBrowser } from './harness.js';
import { newPerson, signUpByApi } from './people.js';

const e2e = useAppAndBrowser();
const run = Date.now();

const JOIN_PROMPT = 'Your company already uses CRM Sync: request to join';

test('a colleague at the verified domain requests to join and the admin approves', async () => {
  const domain = `acme${run}.com`;
  const adminEmail = `ada@${domain}`;
  const colleagueEmail = `grace@${domain}`;
  const admin = await newPerson(e2e);
  await signUpByApi(e2e.app.url, admin, 'Ada Admin', adminEmail);

  // The admin asks for a code sent to their own address (the optional address left empty).
  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  await expectTitle(admin.page, 'Organization');
  const section = admin.page.getByRole('region', { name: 'Company domain' });
  const start = section.getByRole('form', { name: 'Verify a company domain' });
  await start.getByRole('textbox', { name: 'Company domain' }).fill(domain);
  await start.getByRole('radio', { name: 'Email a code to an address at the domain' }).check();
  await start.getByRole('button', { name: 'Send verification code' }).click();
  await admin.page.getByText(`We sent a verification code to ${adminEmail}.`).waitFor();
  await section.getByText(`A code for ${domain} was sent to ${adminEmail}.`).waitFor();

  // The code, read from the mail in the sandbox outbox (in another tab: the admin's page keeps its form).
  const outbox = await admin.context.newPage();
  await outbox.goto(`${e2e.app.url}/sandbox/mail`);
  const mail = outbox.locator('article', { hasText: `Verify ${domain} for CRM Sync` }).first();
  const code = /this code: ([A-Z0-9]{8})/.exec(await mail.innerText())?.[1];
  assert.ok(code, 'the verification mail carries an 8-character code');
  await outbox.close();

  const enter = section.getByRole('form', { name: 'Enter the verification code' });
  await enter.getByRole('textbox', { name: 'Verification code' }).fill(code);
  await enter.getByRole('button', { name: 'Verify domain' }).click();
  await section.getByText(`Verified domain: ${domain}`).waitFor();
  await section.getByText('No pending requests.').waitFor();

  // The colleague signs up through the form; the onboarding order sends them to /install, which offers to join.
  const colleague = await newPerson(e2e);
  await signUp(colleague.page, { url: e2e.app.url, name: 'Grace Hopper', email: colleagueEmail });
  await colleague.page.getByText(JOIN_PROMPT).waitFor();
  await colleague.page.getByRole('heading', { name: 'Install the extension' }).waitFor();
  await colleague.page.getByRole('button', { name: 'Request to join' }).click();
  await colleague.page
    .getByRole('status')
    .filter({ hasText: "Your request was sent to the admins of Ada Admin's organization." })
    .waitFor();

  // The admin gets a mail and finds the request on the Organization page.
  await admin.page.goto(`${e2e.app.url}/sandbox/mail`);
  await admin.page
    .locator('article', { hasText: `To ${adminEmail}` })
    .filter({ hasText: `Grace Hopper (${colleagueEmail}) asks to join Ada Admin's organization` })
    .first()
    .waitFor();
  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);
  const requests = admin.page.getByRole('list', { name: 'Requests to join' });
  await requests.getByText(colleagueEmail).waitFor();
  await requests.getByText('Address not confirmed').waitFor();
  await requests.getByRole('button', { name: 'Approve Grace Hopper' }).click();
  await admin.page
    .getByText(
      `${colleagueEmail} has not confirmed this address yet: we mailed them an invitation, and they join your organization as a Free member once they open it.`,
    )
    .waitFor();
  await section.getByText('No pending requests.').waitFor();

  // The colleague opens the mailed invitation while signed in and joins with a click.
  await joinByMailedInvitation(colleague.page, e2e.app.url, colleagueEmail, "Ada Admin's organization");

  await admin.page.reload();
  await admin.page
    .getByRole('table', { name: 'Team members' })
    .getByRole('row')
    .filter({ hasText: colleagueEmail })
    .waitFor();

  // The colleague is now a member: the overview shows the organization, no offer to join any more.
  await colleague.page.goto(`${e2e.app.url}/dashboard`);
  const card = colleague.page.getByRole('region', { name: 'Organization' });
  await card.getByText("Ada Admin's organization").waitFor();
  await card.getByText('Member', { exact: true }).waitFor();
  assert.equal(await colleague.page.getByText(JOIN_PROMPT).count(), 0);

  assert.deepEqual(admin.pageErrors, []);
  assert.deepEqual(colleague.pageErrors, []);
});
