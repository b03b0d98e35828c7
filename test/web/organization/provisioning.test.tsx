import { act, screen, waitFor, within } from '@testing-library/react';
import { aMember, anOrganization, aUser } from '../msw/fixtures';
import {
  heldAnswer,
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  noCompanyDomain,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';

// docs/scim.md: an admin connects the organization's identity provider (Okta, Entra ID, Google Workspace):
// the base URL to paste, a bearer token shown once, rotation and revocation, and group mappings.

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const team = [aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' })];

const BASE_URL = 'http://localhost/scim/v2';
const activeToken = {
  id: '3',
  created_at: 1764000000,
  expires_at: 1771776000,
  grace_until: null,
  last_used_at: null,
  status: 'active' as const,
};

function settings(data: Partial<{ domain: string | null; tokens: (typeof activeToken)[] }> = {}) {
  return mockApi('getScimSettings', {
    error: false,
    data: { base_url: BASE_URL, domain: 'acme.com', tokens: [], mappings: [], ...data },
  });
}

function renderOrganization(viewer = admin) {
  server.use(noCompanyDomain(), mockOrganizationMembers({ users: team, invitations: [] }));
  return renderApp('/dashboard/organization', { preloadedState: signedIn(viewer) });
}

afterEach(() => activateLocaleWith('en', {}));

test('an admin opens provisioning with the keyboard, sees the base URL to paste and creates a token shown once', async () => {
  const held = heldAnswer();
  const create = spyOnApi('createScimToken', {
    error: false,
    message: 'SCIM token created. Copy it now: it is shown only once.',
    code: 'scim_token_created',
    params: {},
    data: { ...activeToken, id: '4', token: 'the-new-token' },
  });
  server.use(
    mockApi(
      'getScimSettings',
      { error: false, data: { base_url: BASE_URL, domain: 'acme.com', tokens: [], mappings: [] } },
      { until: held.until, once: true },
    ),
    settings({ tokens: [{ ...activeToken, id: '4' }] }),
    create.handler,
  );
  const { user } = renderOrganization();
  const open = await screen.findByRole('button', { name: 'Set up provisioning' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  act(() => open.focus());
  await user.keyboard('{Enter}');
  expect(screen.getByRole('button', { name: 'Hide provisioning' })).toHaveAttribute('aria-expanded', 'true');
  const section = within(screen.getByRole('region', { name: 'Provisioning (SCIM)' }));
  expect(await section.findByText('Loading...')).toBeInTheDocument();
  held.release();
  expect(await section.findByRole('textbox', { name: 'SCIM base URL' })).toHaveValue(BASE_URL);
  expect(section.getByText('People with an address at acme.com can be provisioned.')).toBeInTheDocument();
  expect(section.getByText('No SCIM token yet.')).toBeInTheDocument();

  const createButton = section.getByRole('button', { name: 'Create token' });
  act(() => createButton.focus());
  await user.keyboard('{Enter}');
  await waitFor(() => expect(create.requests).toHaveLength(1));
  expect(create.requests[0]!.body).toEqual({ expires_in_days: 90 });
  expect(await section.findByRole('textbox', { name: 'New SCIM token' })).toHaveValue('the-new-token');
  expect(
    section.getByText('Copy it now and paste it into your identity provider: it is shown only once.'),
  ).toBeInTheDocument();
  expect(
    await screen.findByText('SCIM token created. Copy it now: it is shown only once.'),
  ).toBeInTheDocument();
  expect(await section.findByText('Never used yet.')).toBeInTheDocument();
});

test('rotates and revokes a token (revoking asks first)', async () => {
  const rotate = spyOnApi('rotateScimToken', {
    error: false,
    message: 'New SCIM token created. Copy it now: the previous one keeps working for 24 hours.',
    code: 'scim_token_rotated',
    params: {},
    data: { ...activeToken, id: '5', token: 'rotated-token' },
  });
  const revoke = spyOnApi('revokeScimToken', {
    error: false,
    message: 'The SCIM token was revoked: it no longer works.',
  });
  server.use(settings({ tokens: [activeToken] }), rotate.handler, revoke.handler);
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: 'Set up provisioning' }));
  const section = within(screen.getByRole('region', { name: 'Provisioning (SCIM)' }));
  await user.click(await section.findByRole('button', { name: 'Rotate' }));
  expect(await section.findByRole('textbox', { name: 'New SCIM token' })).toHaveValue('rotated-token');
  expect(rotate.requests[0]!.body).toEqual({ id: '3' });

  await user.click(section.getByRole('button', { name: 'Revoke' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Revoke this SCIM token?' }));
  await user.click(dialog.getByRole('button', { name: 'Revoke' }));
  await waitFor(() => expect(revoke.requests).toHaveLength(1));
  expect(revoke.requests[0]!.body).toEqual({ id: '3' });
  expect(await screen.findByText('The SCIM token was revoked: it no longer works.')).toBeInTheDocument();
});

test('maps a group to a product and removes a mapping', async () => {
  const save = spyOnApi('setScimGroupMapping', { error: false, message: 'Group mapping saved.' });
  const remove = spyOnApi('removeScimGroupMapping', { error: false, message: 'Group mapping removed.' });
  server.use(
    mockApi('getScimSettings', {
      error: false,
      data: {
        base_url: BASE_URL,
        domain: 'acme.com',
        tokens: [],
        mappings: [{ id: '7', display_name: 'Support', role: 'viewer', product: null }],
      },
    }),
    save.handler,
    remove.handler,
  );
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: 'Set up provisioning' }));
  const mappings = within(await screen.findByRole('region', { name: 'Group mappings' }));
  expect(mappings.getByText('Support → Role: Viewer')).toBeInTheDocument();
  const form = within(mappings.getByRole('form', { name: 'Map a group' }));
  expect(form.getByRole('button', { name: 'Save mapping' })).toBeDisabled();
  await user.type(form.getByRole('textbox', { name: 'Group name' }), 'Sales');
  await user.click(form.getByRole('combobox', { name: 'Gives' }));
  await user.click(await screen.findByRole('option', { name: 'Product: Pro' }));
  await user.click(form.getByRole('button', { name: 'Save mapping' }));
  await waitFor(() => expect(save.requests).toHaveLength(1));
  expect(save.requests[0]!.body).toEqual({ display_name: 'Sales', product: 'pro' });
  await user.click(mappings.getByRole('button', { name: 'Remove the mapping of Support' }));
  await waitFor(() => expect(remove.requests).toHaveLength(1));
  expect(remove.requests[0]!.body).toEqual({ id: '7' });
});

test('without a domain verified by DNS it says what to do first and offers no token', async () => {
  server.use(settings({ domain: null }));
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: 'Set up provisioning' }));
  expect(
    await screen.findByText(
      'Verify your company domain by DNS first: only addresses at that domain are provisioned.',
    ),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Create token' })).not.toBeInTheDocument();
});

test("a failed load says why and tries again; a refused creation shows the server's words", async () => {
  server.use(
    mockApiError('getScimSettings', 'Something went wrong', { status: 500, once: true }),
    settings(),
    mockApiError(
      'createScimToken',
      'Verify your company domain by DNS before connecting an identity provider.',
    ),
  );
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: 'Set up provisioning' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the provisioning settings');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  await user.click(await screen.findByRole('button', { name: 'Create token' }));
  const refused = await screen.findByRole('alert');
  expect(refused).toHaveTextContent('Failed to change the SCIM token');
  expect(refused).toHaveTextContent(
    'Verify your company domain by DNS before connecting an identity provider.',
  );
});

test('a member sees no provisioning', async () => {
  renderOrganization(aUser({ id: 'user-2', role: 'member', organization: anOrganization() }));
  await screen.findByText('Ada Lovelace');
  expect(screen.queryByRole('button', { name: 'Set up provisioning' })).not.toBeInTheDocument();
});

test('in Chinese', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  server.use(settings({ tokens: [activeToken] }));
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: '设置预配' }));
  const section = within(screen.getByRole('region', { name: '预配（SCIM）' }));
  expect(await section.findByRole('textbox', { name: 'SCIM 基础 URL' })).toHaveValue(BASE_URL);
  expect(section.getByText('尚未使用。')).toBeInTheDocument();
  expect(section.getByRole('button', { name: '轮换' })).toBeInTheDocument();
  expect(section.getByRole('button', { name: '创建令牌' })).toBeInTheDocument();
});
