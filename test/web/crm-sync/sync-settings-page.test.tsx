import { screen, within } from '@testing-library/react';
import { activateLocale } from '../../../src/web/i18n';
import { defaultSyncSettings } from '../../../src/shared/crm-sync-rules';
import { anOrganization, aSoftware, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#crm-sync-rules: /dashboard/crm-sync, the team's sync settings (admins edit, members
// read) with the live preview of what a sample profile writes.

const admin = aUser({ role: 'admin', organization: anOrganization() });
const member = aUser({ role: 'member', organization: anOrganization() });

const fields = mockApi('getCrmFields', {
  error: false,
  data: {
    software: 'demo-crm',
    object: 'contact',
    fields: [
      { name: 'firstname', label: 'First name', type: 'text' },
      { name: 'jobtitle', label: 'Job title', type: 'text' },
      { name: 'company', label: 'Company', type: 'text' },
      { name: 'email', label: 'Email', type: 'email' },
      { name: 'x_title', label: 'Title (custom)', type: 'text' },
    ],
  },
});

function settingsAnswer(canEdit: boolean) {
  return mockApi('getSyncSettings', {
    error: false,
    data: {
      software: 'demo-crm',
      saved: false,
      can_edit: canEdit,
      settings: defaultSyncSettings('demo-crm'),
    },
  });
}

beforeEach(() => {
  server.use(
    mockApi('getSoftware', { error: false, data: aSoftware({ slug: 'demo-crm', software: 'Demo CRM' }) }),
  );
});
afterEach(() => activateLocale('en'));

test("an admin maps a field to the CRM's own field, protects it, sees the preview follow, and saves", async () => {
  const save = spyOnApi('setSyncSettings', {
    error: false,
    message: 'Sync settings were saved.',
    code: 'sync_settings_saved',
    params: {},
  });
  server.use(settingsAnswer(true), fields, save.handler);
  const { user } = renderApp('/dashboard/crm-sync', { preloadedState: signedIn(admin) });
  const preview = await screen.findByRole('table', { name: 'Preview' });
  const titleRow = () => within(preview).getByText('Head of Analytics').closest('tr')!;
  // By default the title is always overwritten: written into the existing record too.
  expect(within(titleRow()).getAllByText('Written')).toHaveLength(2);

  await user.click(screen.getByRole('combobox', { name: 'Title goes to' }));
  await user.click(await screen.findByRole('option', { name: 'Title (custom)' }));
  await user.click(screen.getByRole('combobox', { name: 'Rule for Title' }));
  await user.click(await screen.findByRole('option', { name: 'Fill when empty' }));
  expect(within(titleRow()).getByText('x_title')).toBeInTheDocument();

  // The company of the existing record is protected (fill when empty): kept, and the preview says what stays.
  const companyRow = within(preview).getByText('Analytical Engines').closest('tr')!;
  expect(within(companyRow).getByText('Kept')).toBeInTheDocument();
  expect(within(companyRow).getByText('Stays "Babbage & Co"')).toBeInTheDocument();
  // Phones are not looked up by default: not synced; switched on, the phone is written.
  const phoneRow = () => within(preview).getByText('+44 20 7946 0000').closest('tr')!;
  expect(within(phoneRow()).getAllByText('Not synced')).toHaveLength(2);
  await user.click(screen.getByRole('switch', { name: 'Sync phones (a credit each phone found)' }));
  expect(within(phoneRow()).getAllByText('Written')).toHaveLength(2);

  await user.click(screen.getByRole('button', { name: 'Move Name and company up' }));
  await user.click(screen.getByRole('button', { name: 'Save sync settings' }));
  expect(await screen.findByText('Sync settings were saved.')).toBeInTheDocument();
  const sent = save.requests[0]!.body as {
    software: string;
    settings: ReturnType<typeof defaultSyncSettings>;
  };
  expect(sent.software).toBe('demo-crm');
  expect(sent.settings.mapping.find((row) => row.profile_field === 'title')).toEqual({
    profile_field: 'title',
    crm_field: 'x_title',
    rule: 'fill_empty',
  });
  expect(sent.settings.look_up_phones).toBe(true);
  expect(sent.settings.duplicate_keys).toEqual(['email', 'name_company', 'profile_url']);
});

test('a fixed owner needs a CRM user before saving', async () => {
  server.use(settingsAnswer(true), fields);
  const { user } = renderApp('/dashboard/crm-sync', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('radio', { name: 'A fixed CRM user' }));
  expect(screen.getByText('Name the CRM user who owns new records.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save sync settings' })).toBeDisabled();
  await user.type(screen.getByRole('textbox', { name: 'CRM user' }), 'sales@example.com');
  expect(screen.getByRole('button', { name: 'Save sync settings' })).toBeEnabled();
});

test('a member reads the settings but cannot change them', async () => {
  server.use(settingsAnswer(false), fields);
  renderApp('/dashboard/crm-sync', { preloadedState: signedIn(member) });
  expect(
    await screen.findByText('Only an organization admin can change these settings.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Title goes to' })).toHaveAttribute('aria-disabled', 'true');
  expect(screen.queryByRole('button', { name: 'Save sync settings' })).not.toBeInTheDocument();
});

test('without a connection the fields cannot be read: the server says why, the settings still show', async () => {
  server.use(settingsAnswer(true), mockApiError('getCrmFields', 'Connect Demo CRM first.', { status: 404 }));
  renderApp('/dashboard/crm-sync', { preloadedState: signedIn(admin) });
  expect(await screen.findByText('Connect Demo CRM first.')).toBeInTheDocument();
  expect(screen.getByRole('table', { name: 'Preview' })).toBeInTheDocument();
});

test('a failed load says so and offers to try again', async () => {
  server.use(fields, mockApiError('getSyncSettings', 'Database unavailable', { status: 503 }));
  renderApp('/dashboard/crm-sync', { preloadedState: signedIn(admin) });
  expect(await screen.findByText('Failed to load the sync settings')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
});

test('in Chinese', async () => {
  await activateLocale('zh-CN');
  server.use(settingsAnswer(true), fields);
  renderApp('/dashboard/crm-sync', { preloadedState: signedIn(admin) });
  expect(await screen.findByRole('heading', { name: 'CRM 同步', level: 1 })).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: '保存同步设置' })).toBeInTheDocument();
  expect(screen.getByRole('table', { name: '预览' })).toBeInTheDocument();
});
