import { screen, within } from '@testing-library/react';
import { aPaidSubscription, anOrganization, aSubscription, aUser } from '../msw/fixtures';
import { nothingToJoin, overviewCalls } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// The overview asks a user without organization whether they may join their company's.
beforeEach(() => server.use(nothingToJoin(), ...overviewCalls()));

// docs/product.md#overview, docs/product.md#subscription (product compared case-insensitively, default Free), docs/product.md#roles-and-permissions Admin label.

async function card(name: 'Account' | 'Organization') {
  return within(await screen.findByRole('region', { name }));
}

describe('account card', () => {
  test('shows the email, the credits with a Monthly badge and the Free product by default', async () => {
    renderApp('/dashboard', {
      preloadedState: signedIn(
        aUser({ email: 'ada@example.com', credits: 42, subscription: aSubscription() }),
      ),
    });
    const account = await card('Account');
    expect(account.getByText('ada@example.com')).toBeInTheDocument();
    expect(account.getByText('42')).toBeInTheDocument();
    expect(account.getByText('Monthly')).toBeInTheDocument();
    expect(account.queryByText('Annual')).not.toBeInTheDocument();
    expect(account.getByText('Free')).toBeInTheDocument();
    expect(document.title).toBe('Overview');
  });

  test("shows the 'Annual' badge for a yearly subscription and the product whatever its letter case", async () => {
    const subscription = aPaidSubscription({ stripe_interval: 'yearly', stripe_product: 'PRO' as 'Pro' });
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ subscription })) });
    const account = await card('Account');
    expect(account.getByText('Annual')).toBeInTheDocument();
    expect(account.queryByText('Monthly')).not.toBeInTheDocument();
    expect(account.getByText('Pro')).toBeInTheDocument();
  });

  test("a Free admin who bought seats yearly reads Free and 'Monthly', not a misleading 'Annual'", async () => {
    // What the server answers after the seats checkout: the seats' subscription is yearly, the plan Free.
    const subscription = aPaidSubscription({ stripe_interval: 'yearly', stripe_product: 'Free' });
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ subscription })) });
    const account = await card('Account');
    expect(account.getByText('Free')).toBeInTheDocument();
    expect(account.getByText('Monthly')).toBeInTheDocument();
    expect(account.queryByText('Annual')).not.toBeInTheDocument();
  });

  test('a monthly Standard subscription', async () => {
    const subscription = aPaidSubscription({
      stripe_interval: 'monthly',
      stripe_product: 'standard' as 'Standard',
    });
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ subscription })) });
    const account = await card('Account');
    expect(account.getByText('Monthly')).toBeInTheDocument();
    expect(account.getByText('Standard')).toBeInTheDocument();
  });

  test('extension installed: Yes, without an install link', async () => {
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ has_installed: true })) });
    const account = await card('Account');
    expect(account.getByText('Yes')).toBeInTheDocument();
    expect(account.queryByRole('link', { name: 'Install Extension' })).not.toBeInTheDocument();
  });

  test("extension not installed: No, with an 'Install Extension' link", async () => {
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ has_installed: false })) });
    const account = await card('Account');
    expect(account.getByText('No')).toBeInTheDocument();
    expect(account.getByRole('link', { name: 'Install Extension' })).toHaveAttribute(
      'href',
      '/dashboard/install-extension',
    );
  });
});

describe('organization card (docs/product.md#overview)', () => {
  test("reads 'Not part of an organization' without one", async () => {
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ organization: null })) });
    const organization = await card('Organization');
    expect(organization.getByText('Not part of an organization')).toBeInTheDocument();
    expect(organization.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
  });

  test('the billing admin gets the Admin badge and a Manage link', async () => {
    const user = aUser({
      id: 'user-1',
      organization: anOrganization({ name: 'Engines', billing_admin_id: 'user-1' }),
    });
    renderApp('/dashboard', { preloadedState: signedIn(user) });
    const organization = await card('Organization');
    expect(organization.getByText('Engines')).toBeInTheDocument();
    expect(organization.getByText('Admin')).toBeInTheDocument();
    expect(organization.queryByText('Member')).not.toBeInTheDocument();
    expect(organization.getByRole('link', { name: 'Manage' })).toHaveAttribute(
      'href',
      '/dashboard/organization',
    );
  });

  test('an admin who is not the billing admin is labelled Member, without Manage', async () => {
    const user = aUser({
      id: 'user-5',
      role: 'admin',
      organization: anOrganization({ billing_admin_id: 'user-1' }),
    });
    renderApp('/dashboard', { preloadedState: signedIn(user) });
    const organization = await card('Organization');
    expect(organization.getByText('Member')).toBeInTheDocument();
    expect(organization.queryByText('Admin')).not.toBeInTheDocument();
    expect(organization.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
  });

  test('a member is labelled Member', async () => {
    const user = aUser({
      id: 'user-2',
      role: 'member',
      organization: anOrganization({ billing_admin_id: 'user-1' }),
    });
    renderApp('/dashboard', { preloadedState: signedIn(user) });
    expect((await card('Organization')).getByText('Member')).toBeInTheDocument();
  });

  test('without a billing admin nobody gets the Admin label', async () => {
    const user = aUser({
      id: 'user-1',
      role: 'admin',
      organization: anOrganization({ billing_admin_id: null }),
    });
    renderApp('/dashboard', { preloadedState: signedIn(user) });
    const organization = await card('Organization');
    expect(organization.getByText('Member')).toBeInTheDocument();
    expect(organization.queryByRole('link', { name: 'Manage' })).not.toBeInTheDocument();
  });
});

test("shows 'Error: {message}' when the shared error message is set", async () => {
  const state = signedIn();
  renderApp('/dashboard', {
    preloadedState: {
      app: { ...state.app, error: true, errorMessage: 'Failed to fetch billing portal url' },
    },
  });
  expect(await screen.findByText('Error: Failed to fetch billing portal url')).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: 'Account' })).toBeInTheDocument();
});

test('no error line without a shared error', async () => {
  renderApp('/dashboard', { preloadedState: signedIn() });
  await card('Account');
  expect(screen.queryByText(/^Error:/)).not.toBeInTheDocument();
});
