import { screen, waitFor, within } from '@testing-library/react';
import { aCreditUsage, aMember, anOrganization, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, mockOrganizationMembers, spyOnApi, noCompanyDomain } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#monthly-caps: monthly credit caps on the member edit page and in bulk from the organization page.

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const ada = aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' });
const grace = aMember({ id: 'user-2', name: 'Grace Hopper', email: 'grace@example.com' });
const sam = aMember({ id: 'user-3', name: 'Sam Stone', email: 'sam@example.com' });
const members = () => mockOrganizationMembers({ users: [ada, grace, sam], invitations: [] });
/** set-member-caps answering that Grace's cap is set, recording what was sent. */
const graceCapSaved = () =>
  spyOnApi('setMemberCaps', {
    error: false,
    message: 'Monthly cap set for Grace Hopper.',
    data: { updated: 1 },
  });

test('the member edit page shows usage against the cap and saves a new cap', async () => {
  const save = graceCapSaved();
  server.use(
    members(),
    mockApi('getCreditUsage', () => ({
      error: false,
      data: aCreditUsage({
        user_id: 'user-2',
        monthly_cap: save.requests.length > 0 ? 5 : 4,
        period_spent: 4,
      }),
    })),
    save.handler,
  );
  const { user } = renderApp('/dashboard/member/edit/user-2', { preloadedState: signedIn(admin) });

  const section = await screen.findByRole('region', { name: 'Monthly credit cap' });
  expect(await within(section).findByText(/4 of 4 credits used this period \(100%\)/)).toBeInTheDocument();
  expect(within(section).getByText(/This member reached their monthly cap of 4 credits/)).toBeInTheDocument();
  const field = within(section).getByRole('textbox', { name: 'Monthly credit cap' });
  expect(field).toHaveValue('4');
  await user.clear(field);
  await user.type(field, 'five');
  expect(within(section).getByRole('button', { name: 'Save cap' })).toBeDisabled();
  await user.clear(field);
  await user.type(field, '5');
  await user.click(within(section).getByRole('button', { name: 'Save cap' }));
  expect(await within(section).findByText('Monthly cap set for Grace Hopper.')).toBeInTheDocument();
  // The button was disabled while saving, which drops focus: the outcome has it, not <body>.
  await waitFor(() =>
    expect(
      within(section).getByText('Monthly cap set for Grace Hopper.').closest('[role="alert"]'),
    ).toHaveFocus(),
  );
  expect(save.requests[0]!.body).toEqual({ user_ids: ['user-2'], monthly_cap: 5 });
  // The usage is read again with the new cap, and the confirmation stays.
  expect(await within(section).findByText(/4 of 5 credits used this period \(80%\)/)).toBeInTheDocument();
  expect(within(section).getByText('Monthly cap set for Grace Hopper.')).toBeInTheDocument();
});

test('an empty cap field removes the cap; a refused save says why', async () => {
  server.use(
    members(),
    mockApi('getCreditUsage', { error: false, data: aCreditUsage({ user_id: 'user-2', monthly_cap: 10 }) }),
    mockApiError('setMemberCaps', 'User not found in your organization', { status: 404 }),
  );
  const { user } = renderApp('/dashboard/member/edit/user-2', { preloadedState: signedIn(admin) });
  const section = await screen.findByRole('region', { name: 'Monthly credit cap' });
  const field = await within(section).findByRole('textbox', { name: 'Monthly credit cap' });
  await user.clear(field);
  await user.click(within(section).getByRole('button', { name: 'Save cap' }));
  const alert = await within(section).findByRole('alert');
  expect(alert).toHaveTextContent('Failed to set the monthly cap');
  expect(alert).toHaveTextContent('User not found in your organization');
});

test('an admin sets one cap for several members from the organization page', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  const save = spyOnApi('setMemberCaps', {
    error: false,
    message: 'Monthly cap set for 2 members.',
    data: { updated: 2 },
  });
  server.use(members(), save.handler);
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });

  await user.click(await screen.findByRole('button', { name: 'Set monthly caps' }));
  const dialog = await screen.findByRole('dialog', { name: 'Set monthly caps' });
  // A dialog opens on its first field.
  await waitFor(() => expect(within(dialog).getByRole('checkbox', { name: /^All members/ })).toHaveFocus());
  const picker = within(dialog).getByRole('combobox', { name: 'Members' });
  await user.type(picker, 'grace');
  await user.click(await screen.findByRole('option', { name: 'Grace Hopper (grace@example.com)' }));
  await user.type(picker, 'sam');
  await user.click(await screen.findByRole('option', { name: 'Sam Stone (sam@example.com)' }));
  await user.type(within(dialog).getByRole('textbox', { name: 'Monthly credit cap' }), '200');
  await user.click(within(dialog).getByRole('button', { name: 'Set cap for 2 members' }));

  expect(await screen.findByText('Monthly cap set for 2 members.')).toBeInTheDocument();
  expect(save.requests[0]!.body).toEqual({ user_ids: ['user-2', 'user-3'], monthly_cap: 200 });
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('a member sees no cap controls', async () => {
  const member = aUser({
    id: 'user-2',
    role: 'member',
    organization: anOrganization({ billing_admin_id: 'user-1' }),
  });
  server.use(members());
  renderApp('/dashboard/organization', { preloadedState: signedIn(member) });
  expect(await screen.findByRole('table', { name: 'Team members' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Set monthly caps' })).not.toBeInTheDocument();
});

test('caps per kind of lookup: the usage of each kind shows, and only a changed cap is sent', async () => {
  const save = graceCapSaved();
  server.use(
    members(),
    mockApi('getCreditUsage', {
      error: false,
      data: aCreditUsage({
        user_id: 'user-2',
        monthly_cap: 100,
        email_cap: 80,
        phone_cap: null,
        email_spent: 12,
        phone_spent: 1,
      }),
    }),
    save.handler,
  );
  const { user } = renderApp('/dashboard/member/edit/user-2', { preloadedState: signedIn(admin) });
  const section = await screen.findByRole('region', { name: 'Monthly credit cap' });
  const email = await within(section).findByRole('textbox', { name: 'Cap on email lookups' });
  expect(email).toHaveValue('80');
  expect(within(section).getByText('Email lookups this period: 12 credits')).toBeInTheDocument();
  expect(within(section).getByText('Phone lookups this period: 1 credit')).toBeInTheDocument();
  const phone = within(section).getByRole('textbox', { name: 'Cap on phone lookups' });
  await user.type(phone, 'x');
  expect(within(section).getByRole('button', { name: 'Save cap' })).toBeDisabled();
  await user.clear(phone);
  await user.type(phone, '20');
  await user.click(within(section).getByRole('button', { name: 'Save cap' }));
  expect(await within(section).findByText('Monthly cap set for Grace Hopper.')).toBeInTheDocument();
  expect(save.requests[0]!.body).toEqual({ user_ids: ['user-2'], monthly_cap: 100, phone_cap: 20 });
});
