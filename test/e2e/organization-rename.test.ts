/**
 * Browser walk (docs/product.md#organization-settings, docs/product.md#verifying-a-domain): an admin
 * renames the organization, verifies the company domain by its DNS TXT record (the local install's DNS
 * sandbox finds it), creates the invitation link; a colleague opening the link reads the new name.
 */
import assert from 'node:assert/strict';
import { test } from '../server/helpers/node-test.js';
import { useAppAndBrowser } from './harness.js';
import { newPerson, signUpByApi } from './people.js';

const e2e = useAppAndBrowser();
const domain = `renamed-${Date.now()}.com`;

test('the renamed organization shows its name on the join page', async () => {
  const admin = await newPerson(e2e);
  await signUpByApi(e2e.app.url, admin, 'Ada Admin', `ada@${domain}`);
  await admin.page.goto(`${e2e.app.url}/dashboard/organization`);

  const nameForm = admin.page.getByRole('form', { name: 'Organization name' });
  const nameField = nameForm.getByRole('textbox', { name: 'Organization name' });
  await nameField.fill('Acme Renamed Sales');
  await nameForm.getByRole('button', { name: 'Save name' }).click();
  await admin.page.getByText('Your organization is now called Acme Renamed Sales.').waitFor();

  const verifyForm = admin.page.getByRole('form', { name: 'Verify a company domain' });
  await verifyForm.getByRole('textbox', { name: 'Company domain' }).fill(domain);
  await verifyForm.getByRole('button', { name: 'Get the TXT record' }).click();
  const record = admin.page.getByRole('region', { name: `TXT record for ${domain}` });
  await record.getByText(/^crm-sync-verification=[0-9a-f]{32}$/).waitFor();
  await record.getByRole('button', { name: 'Verify' }).click();
  await admin.page.getByText(`Verified domain: ${domain}`).waitFor();

  const block = admin.page.getByRole('region', { name: 'Invitation link' });
  await block.getByRole('button', { name: 'Create invitation link' }).click();
  const linkBox = block.getByRole('textbox', { name: 'Invitation link' });
  await linkBox.waitFor();
  const url = await linkBox.inputValue();

  const colleague = await newPerson(e2e);
  await colleague.page.goto(url);
  const heading = colleague.page.getByRole('heading', { level: 1, name: /^Join / });
  await heading.waitFor();
  assert.equal(await heading.innerText(), 'Join Acme Renamed Sales');
});
