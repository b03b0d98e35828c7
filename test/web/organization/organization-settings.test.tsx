import { screen, waitFor, within } from '@testing-library/react';
import { aMember, anInvitation, anOrganization, aUser } from '../msw/fixtures';
import { mockApiError, mockOrganizationMembers, noCompanyDomain, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';

// docs/product.md#organization-settings: rename, every role the inviter may give, who lacks two-factor.

const admin = (organization = anOrganization({ billing_admin_id: 'user-1' })) =>
  aUser({ id: 'user-1', role: 'admin', organization });

const team = [
  aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin', two_factor: true }),
  aMember({ id: 'user-2', name: 'Grace Hopper', email: 'grace@example.com', two_factor: false }),
];

function renderOrganization(viewer = admin()) {
  server.use(noCompanyDomain(), mockOrganizationMembers({ users: team, invitations: [] }));
  return renderApp('/dashboard/organization', { preloadedState: signedIn(viewer) });
}

const nameForm = async () => within(await screen.findByRole('form', { name: 'Organization name' }));

afterEach(() => activateLocaleWith('en', {}));

describe('renaming the organization', () => {
  test('an admin saves a new name and reads what the server says', async () => {
    const rename = spyOnApi('renameOrganization', {
      error: false,
      message: 'Your organization is now called Acme Sales.',
    });
    server.use(rename.handler);
    const { user } = renderOrganization();
    const form = await nameForm();
    const field = form.getByRole('textbox', { name: 'Organization name' });
    expect(field).toHaveValue('Analytical Engines');
    const save = form.getByRole('button', { name: 'Save name' });
    expect(save).toBeDisabled();
    await user.clear(field);
    await user.type(field, '  Acme Sales ');
    await user.click(save);
    expect(await screen.findByText('Your organization is now called Acme Sales.')).toBeInTheDocument();
    expect(rename.requests[0].body).toEqual({ name: 'Acme Sales' });
  });

  test("the server's refusal shows beside the field", async () => {
    server.use(
      mockApiError('renameOrganization', 'Enter a name for your organization (1 to 100 characters).'),
    );
    const { user } = renderOrganization();
    const form = await nameForm();
    await user.type(form.getByRole('textbox', { name: 'Organization name' }), ' Ltd');
    await user.click(form.getByRole('button', { name: 'Save name' }));
    const alert = await form.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to rename the organization');
    expect(alert).toHaveTextContent('Enter a name for your organization (1 to 100 characters).');
  });

  test('a member sees no name form', async () => {
    renderOrganization(aUser({ id: 'user-2', role: 'member', organization: anOrganization() }));
    await screen.findByText('Grace Hopper');
    expect(screen.queryByRole('form', { name: 'Organization name' })).not.toBeInTheDocument();
  });

  test('in Chinese, the default name reads in Chinese in the heading and the field', async () => {
    activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
    renderOrganization(admin(anOrganization({ name: "Ada Lovelace's organization" })));
    const form = within(await screen.findByRole('form', { name: '组织名称' }));
    expect(form.getByRole('textbox')).toHaveValue('Ada Lovelace 的组织');
    expect(screen.getAllByText('Ada Lovelace 的组织').length).toBeGreaterThan(0);
  });
});

describe('the invite form', () => {
  test('offers every role an admin may give, and sends the one chosen', async () => {
    const invite = spyOnApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() });
    server.use(invite.handler);
    const { user } = renderOrganization();
    await user.click(await screen.findByRole('button', { name: 'Invite' }));
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await user.click(form.getByRole('combobox', { name: 'Role' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Admin',
      'Member',
      'Billing manager',
      'Viewer',
    ]);
    await user.click(screen.getByRole('option', { name: 'Viewer' }));
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(invite.requests).toHaveLength(1));
    expect(invite.requests[0].body).toEqual({ email: 'new@example.com', role: 'viewer' });
  });
});

describe('two-factor column', () => {
  test('shows who lacks two-factor sign-in when the organization requires it', async () => {
    renderOrganization(admin(anOrganization({ billing_admin_id: 'user-1', require_two_factor: true })));
    await screen.findByText('Grace Hopper');
    const table = within(screen.getByRole('table', { name: 'Team members' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toContain('Two-factor');
    const row = (name: string) => within(screen.getByText(name).closest('tr')!);
    expect(row('Grace Hopper').getByText('Not set up')).toBeInTheDocument();
    expect(row('Ada Lovelace').getByText('On')).toBeInTheDocument();
  });

  test('has no such column when two-factor sign-in is not required', async () => {
    renderOrganization();
    await screen.findByText('Grace Hopper');
    const table = within(screen.getByRole('table', { name: 'Team members' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).not.toContain('Two-factor');
    expect(screen.queryByText('Not set up')).not.toBeInTheDocument();
  });
});
