/** Issue 14: a session that ends mid-use sends the user to /login?reauth=true and back afterwards. */
import { screen } from '@testing-library/react';
import { returnPathAfterReauth } from '../../../src/web/api/session-expiry';
import { aMember, aSoftware, aUser } from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  mockSoftware,
  ok,
  noCompanyDomain,
} from '../msw/handlers';
import { server } from '../msw/server';
import { resetBrowserState } from '../onboarding/helpers';
import { renderApp, signedIn } from '../utils/render';

beforeEach(resetBrowserState);

const admin = aUser({ id: 'user-1', role: 'admin' });

test('a 401 mid-use leads to the reauth login, and signing in returns to the page the user was on', async () => {
  // Asked on the side by the Organization page: the company domain (issue 15).
  server.use(noCompanyDomain());
  server.use(
    mockApiError('getOrganizationMembers', 'You are not signed in.', { status: 401, once: true }),
    mockApi('logout', ok()),
    mockSoftware(aSoftware()),
  );
  const { user, router } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });

  expect(await screen.findByText('Session expired, please login again.')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(router.state.location.search).toBe('?reauth=true&next=%2Fdashboard%2Forganization');

  server.use(
    mockApi('login', { error: false, message: 'Welcome back', user: admin, software: { slug: 'demo-crm' } }),
    mockOrganizationMembers({
      users: [aMember({ id: 'user-1', name: 'Ada Lovelace', role: 'admin' })],
      invitations: [],
    }),
  );
  await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'pw');
  await user.click(screen.getByRole('button', { name: 'Log in' }));

  expect(await screen.findByRole('heading', { level: 1, name: 'Organization' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/dashboard/organization');
  expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();
});

test('a wrong password (401 on login) is not an ended session', async () => {
  server.use(
    mockApiError('login', 'Invalid email or password', { status: 401 }),
    mockApiError('getUser', 'You are not signed in.', { status: 401 }),
  );
  const { user, router } = renderApp('/login');
  await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'nope');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(router.state.location.search).toBe('');
});

describe('the way back is an in-app path only', () => {
  const origin = 'https://app.example.com';
  test.each([
    ['/dashboard/organization', '/dashboard/organization'],
    ['/dashboard/usage?days=30', '/dashboard/usage?days=30'],
    ['//evil.example/dashboard', null],
    ['https://evil.example/dashboard', null],
    ['javascript:alert(1)', null],
    ['/login?reauth=true', null],
    ['/logout', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (next, expected) => {
    expect(returnPathAfterReauth(next, origin)).toBe(expected);
  });
});
