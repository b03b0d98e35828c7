import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  aCreditUsage,
  aMember,
  anOrganization,
  aSubscription,
  aUser,
  type OrganizationMember,
} from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  noCompanyDomain,
  ok,
  operationUrl,
  spyOnApi,
} from '../msw/handlers';
import { UNAVAILABLE_TEXT } from '../../../src/web/api/errors';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#member-edit, docs/product.md#seats, docs/product.md#organization-texts.

const plan = (stripe_product: 'Free' | 'Standard' | 'Pro') => aSubscription({ stripe_product });

function adminWithSeats(standard: number, pro: number) {
  return aUser({
    id: 'user-1',
    role: 'admin',
    organization: anOrganization({ billing_admin_id: 'user-1', seats: { standard, pro } }),
  });
}

const adminMember = aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' });
const grace = aMember({
  id: 'user-2',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  subscription: plan('Free'),
});
const sam = aMember({
  id: 'user-3',
  name: 'Sam Standard',
  email: 'sam@example.com',
  subscription: plan('Standard'),
});
const pia = aMember({ id: 'user-4', name: 'Pia Pro', email: 'pia@example.com', subscription: plan('Pro') });

function renderEdit(userId: string, users: OrganizationMember[], viewer = adminWithSeats(1, 1)) {
  server.use(
    mockOrganizationMembers({ users, invitations: [] }),
    mockApi('getCreditUsage', { error: false, data: aCreditUsage({ user_id: userId }) }),
  );
  return renderApp(`/dashboard/member/edit/${userId}`, { preloadedState: signedIn(viewer) });
}

async function openProductOptions(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('combobox', { name: 'Product' }));
  const listbox = within(await screen.findByRole('listbox'));
  return (name: RegExp | string) => listbox.getByRole('option', { name });
}

test('shows the member name and email, Product and Role selects, Save Changes, Cancel and Remove from Organization', async () => {
  renderEdit('user-2', [adminMember, grace]);
  expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  expect(screen.getByText('grace@example.com')).toBeInTheDocument();
  expect(screen.getByRole('combobox', { name: 'Product' })).toHaveTextContent('Free');
  expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Member');
  expect(screen.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard/organization');
  expect(screen.getByRole('button', { name: 'Remove from Organization' })).toBeInTheDocument();
});

describe("the billing admin's plan (only they change it)", () => {
  const secondAdmin = aUser({
    id: 'user-5',
    role: 'admin',
    organization: anOrganization({ billing_admin_id: 'user-1', seats: { standard: 2, pro: 2 } }),
  });
  const second = aMember({ id: 'user-5', name: 'Bob Second', email: 'bob@example.com', role: 'admin' });

  test('another admin sees the Product select disabled, with the reason', async () => {
    renderEdit('user-1', [adminMember, second, grace], secondAdmin);
    const product = await screen.findByRole('combobox', { name: 'Product' });
    expect(product).toHaveAttribute('aria-disabled', 'true');
    expect(
      screen.getByText("Only the billing admin can change the billing admin's plan."),
    ).toBeInTheDocument();
  });

  test('the billing admin changes their own plan, and another admin changes anyone else’s', async () => {
    renderEdit('user-1', [adminMember, second], adminWithSeats(2, 2));
    expect(await screen.findByRole('combobox', { name: 'Product' })).not.toHaveAttribute('aria-disabled');
    expect(screen.queryByText(/Only the billing admin can change/)).not.toBeInTheDocument();
  });

  test('another admin still edits a member', async () => {
    renderEdit('user-2', [adminMember, second, grace], secondAdmin);
    expect(await screen.findByRole('combobox', { name: 'Product' })).not.toHaveAttribute('aria-disabled');
  });

  test("another admin is not offered to end the billing admin's sessions", async () => {
    renderEdit('user-1', [adminMember, second, grace], secondAdmin);
    expect(await screen.findByRole('combobox', { name: 'Product' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'End sessions' })).not.toBeInTheDocument();
  });

  test('another admin ends the sessions of anyone else', async () => {
    renderEdit('user-2', [adminMember, second, grace], secondAdmin);
    expect(await screen.findByRole('button', { name: 'End sessions' })).toBeInTheDocument();
  });
});

describe('product options (docs/product.md#member-edit)', () => {
  test('with free seats of both products, both are enabled and labelled with the count', async () => {
    const { user } = renderEdit('user-2', [adminMember, grace, sam], adminWithSeats(3, 2));
    const option = await openProductOptions(user);
    expect(option('Free')).not.toHaveAttribute('aria-disabled', 'true');
    expect(option('Standard (2 seats available)')).not.toHaveAttribute('aria-disabled', 'true');
    expect(option('Pro (2 seats available)')).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('with every seat taken by others, Standard and Pro are disabled at 0 seats', async () => {
    const { user } = renderEdit('user-2', [adminMember, grace, sam, pia], adminWithSeats(1, 1));
    const option = await openProductOptions(user);
    expect(option('Standard (0 seats available)')).toHaveAttribute('aria-disabled', 'true');
    expect(option('Pro (0 seats available)')).toHaveAttribute('aria-disabled', 'true');
    expect(option('Free')).not.toHaveAttribute('aria-disabled', 'true');
  });

  test('the member who already holds Standard keeps it enabled (their seat counts back)', async () => {
    const { user } = renderEdit('user-3', [adminMember, grace, sam, pia], adminWithSeats(1, 1));
    expect(await screen.findByRole('combobox', { name: 'Product' })).toHaveTextContent('Standard');
    const option = await openProductOptions(user);
    expect(option('Standard (1 seat available)')).not.toHaveAttribute('aria-disabled', 'true');
    expect(option('Pro (0 seats available)')).toHaveAttribute('aria-disabled', 'true');
  });

  test('labels never go below 0 when more seats are assigned than bought', async () => {
    const others = [sam, aMember({ id: 'user-9', subscription: plan('Standard') })];
    const { user } = renderEdit('user-2', [adminMember, grace, ...others], adminWithSeats(0, 0));
    const option = await openProductOptions(user);
    expect(option('Standard (0 seats available)')).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('role', () => {
  test("an admin's role cannot be changed and an admin cannot be removed", async () => {
    renderEdit('user-1', [adminMember, grace]);
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).toHaveTextContent('Admin');
    expect(role).toHaveAttribute('aria-disabled', 'true');
    expect(screen.queryByRole('button', { name: 'Remove from Organization' })).not.toBeInTheDocument();
  });

  test("a member's role can be changed", async () => {
    const { user } = renderEdit('user-2', [adminMember, grace]);
    const role = await screen.findByRole('combobox', { name: 'Role' });
    expect(role).not.toHaveAttribute('aria-disabled');
    await user.click(role);
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    expect(role).toHaveTextContent('Admin');
  });

  async function chooseAdminAndSave(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    return screen.findByRole('dialog', { name: 'Make this member an admin?' });
  }

  test('making a member an admin asks first, saying it cannot be undone; Cancel keeps a member', async () => {
    const save = spyOnApi('setUserProduct', ok('Saved'));
    server.use(save.handler);
    const { user, router } = renderEdit('user-2', [adminMember, grace]);

    const dialog = await chooseAdminAndSave(user);
    expect(dialog).toHaveAccessibleDescription(
      "Grace Hopper (grace@example.com) will be able to manage members, invitations and seats. This cannot be undone: an admin's role cannot be changed back to member, and an admin cannot be removed from the organization.",
    );
    expect(save.requests).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(save.requests).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Member');
    expect(router.state.location.pathname).toBe('/dashboard/member/edit/user-2');

    // Saving again now keeps the member a member, without asking.
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(save.requests).toHaveLength(1));
    expect(save.requests[0].body).toEqual({ user_id: 'user-2', product: 'Free', role: 'member' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  test('confirming makes the member an admin', async () => {
    const save = spyOnApi('setUserProduct', ok('Saved'));
    server.use(save.handler);
    const { user, router } = renderEdit('user-2', [adminMember, grace]);

    const dialog = await chooseAdminAndSave(user);
    await user.click(within(dialog).getByRole('button', { name: 'Make admin' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organization'));
    expect(save.requests).toHaveLength(1);
    expect(save.requests[0].body).toEqual({ user_id: 'user-2', product: 'Free', role: 'admin' });
  });
});

describe('saving', () => {
  test('Save Changes sends set-user-product and returns to the organization', async () => {
    const save = spyOnApi('setUserProduct', ok('Saved'));
    server.use(save.handler, noCompanyDomain()); // the organization page it returns to asks for it
    const { user, router } = renderEdit('user-2', [adminMember, grace], adminWithSeats(1, 0));
    const option = await openProductOptions(user);
    await user.click(option('Standard (1 seat available)'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organization'));
    expect(save.requests[0].body).toEqual({ user_id: 'user-2', product: 'Standard', role: 'member' });
    expect(await screen.findByText('Changes saved for Grace Hopper.')).toBeInTheDocument();
  });

  test("a failure shows 'Failed to update product' and stays", async () => {
    server.use(http.post(operationUrl('setUserProduct'), () => HttpResponse.json({}, { status: 500 })));
    const { user, router } = renderEdit('user-2', [adminMember, grace]);
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to update product${UNAVAILABLE_TEXT}`);
    expect(router.state.location.pathname).toBe('/dashboard/member/edit/user-2');
  });

  test("a refusal with a server message shows 'Failed to update product' and the message", async () => {
    server.use(mockApiError('setUserProduct', 'No free Standard seat', { status: 409 }));
    const { user } = renderEdit('user-2', [adminMember, grace]);
    await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to update product');
    expect(alert).toHaveTextContent('No free Standard seat');
  });
});

test('Cancel goes back to /dashboard/organization', async () => {
  const { user, router } = renderEdit('user-2', [adminMember, grace]);
  await user.click(await screen.findByRole('link', { name: 'Cancel' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organization'));
});

describe('removing', () => {
  test('Remove from Organization asks, removes and returns to the organization', async () => {
    const remove = spyOnApi('removeOrganizationUser', ok('Removed'));
    server.use(remove.handler, noCompanyDomain()); // the organization page it returns to asks for it
    const { user, router } = renderEdit('user-2', [adminMember, grace]);
    await user.click(await screen.findByRole('button', { name: 'Remove from Organization' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove member?' }));
    expect(remove.requests).toHaveLength(0);
    await user.click(dialog.getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/organization'));
    expect(remove.requests[0].body).toEqual({ user_id: 'user-2' });
    expect(await screen.findByText('Grace Hopper was removed from the organization.')).toBeInTheDocument();
  });

  test("a failure shows 'Failed to remove user'", async () => {
    server.use(
      http.post(operationUrl('removeOrganizationUser'), () => HttpResponse.json({}, { status: 500 })),
    );
    const { user } = renderEdit('user-2', [adminMember, grace]);
    await user.click(await screen.findByRole('button', { name: 'Remove from Organization' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to remove user${UNAVAILABLE_TEXT}`);
  });
});

test("an unknown member shows 'User not found in your organization'", async () => {
  renderEdit('someone-else', [adminMember, grace]);
  expect(await screen.findByText('User not found in your organization')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
});

test("a failed load shows 'Failed to fetch organization data'", async () => {
  server.use(mockApiError('getOrganizationMembers', 'Server error', { status: 500 }));
  renderApp('/dashboard/member/edit/user-2', { preloadedState: signedIn(adminWithSeats(1, 1)) });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to fetch organization data');
});

test('a non-admin cannot edit members', async () => {
  const member = aUser({ id: 'user-2', role: 'member', organization: anOrganization() });
  renderEdit('user-2', [adminMember, grace], member);
  expect(await screen.findByText('Only an organization admin can edit members.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Save Changes' })).not.toBeInTheDocument();
});

describe('billing manager and viewer roles', () => {
  test('the Role select offers every role of the permission table', async () => {
    const { user } = renderEdit('user-2', [adminMember, grace]);
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    const listbox = within(await screen.findByRole('listbox'));
    expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Admin',
      'Member',
      'Billing manager',
      'Viewer',
    ]);
  });

  test('choosing billing manager sets the product to Free and locks it: the role uses no seat', async () => {
    const save = spyOnApi('setUserProduct', ok('Saved'));
    server.use(save.handler);
    const { user } = renderEdit('user-3', [adminMember, sam]);
    await user.click(await screen.findByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Billing manager' }));
    const product = screen.getByRole('combobox', { name: 'Product' });
    expect(product).toHaveTextContent('Free');
    expect(product).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('A billing manager uses no seat.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(save.requests).toHaveLength(1));
    expect(save.requests[0]!.body).toEqual({ user_id: 'user-3', product: 'Free', role: 'billing_manager' });
  });
});
