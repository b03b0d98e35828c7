import { screen, waitFor } from '@testing-library/react';
import { anOrganization, aSoftware, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, mockSoftware, mockSoftwareOptions, ok, spyOnApi } from '../msw/handlers';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { expectStubPage, resetBrowserState, stubForeignPages } from './helpers';

// docs/product.md#invitation-links: /join/:token, where an organization's invitation link leads.

stubForeignPages();

const EXPIRES = 1764604800;
const valid = {
  error: false as const,
  data: {
    status: 'valid' as const,
    member: false,
    organization_name: 'Acme',
    domain: 'acme.com',
    expires_at: EXPIRES,
  },
};
const grace = aUser({ id: 'user-7', email: 'Grace@ACME.com', name: 'Grace', organization: null });

beforeEach(() => {
  resetBrowserState();
  server.use(mockSoftwareOptions([aSoftware()]), mockSoftware(aSoftware()));
});

test('a visitor sees the organization and signs up or logs in, coming back to the link', async () => {
  const look = spyOnApi('getInviteLink', valid);
  server.use(look.handler);
  renderApp('/join/tok-1', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme' })).toBeInTheDocument();
  expect(document.title).toBe('Join an organization');
  expect(look.requests[0]!.url.searchParams.get('token')).toBe('tok-1');
  expect(
    screen.getByText(/^People with an address at acme.com can join Acme as Free members until/),
  ).toBeInTheDocument();
  expect(screen.getByText('Sign up or log in with your address at acme.com to join.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute(
    'href',
    '/signup?next=%2Fjoin%2Ftok-1',
  );
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fjoin%2Ftok-1');
  expect(screen.queryByRole('button', { name: 'Join Acme' })).not.toBeInTheDocument();
});

test('signing up from the link comes back to it', async () => {
  server.use(
    mockApi('signup', { error: false, message: 'Welcome', id: grace.id, user: grace }),
    mockApi('getUser', { error: false, data: grace }),
    mockApi('getInviteLink', valid),
  );
  const query = new URLSearchParams({
    name: 'Grace',
    email: 'grace@acme.com',
    password: 'Str0ng!pass',
    next: '/join/tok-1',
  });
  const { user, router } = renderApp(`/signup?${query.toString()}`, { preloadedState: signedOut() });
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/join/tok-1'));
});

test('a signed-in, onboarded user at the domain (any case) joins and lands on the dashboard', async () => {
  const accept = spyOnApi('acceptInviteLink', { ...ok('You joined Acme as a Free member.'), joined: true });
  const onboarded = { ...grace, has_onboarded: true };
  server.use(
    mockApi('getInviteLink', valid),
    accept.handler,
    mockApi('getUser', {
      error: false,
      data: { ...onboarded, organization: anOrganization({ name: 'Acme' }) },
    }),
  );
  const { user, router } = renderApp('/join/tok-1', { preloadedState: signedIn(onboarded) });
  await user.click(await screen.findByRole('button', { name: 'Join Acme' }));
  await waitFor(() => expect(accept.requests).toHaveLength(1));
  expect(accept.requests[0]!.body).toEqual({ token: 'tok-1' });
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  await expectStubPage('dashboard/pages/OverviewPage');
  expect(await screen.findByText('You joined Acme as a Free member.')).toBeInTheDocument();
});

test('someone who joins mid-onboarding goes on with it (connect the CRM next)', async () => {
  server.use(
    mockApi('getInviteLink', valid),
    mockApi('acceptInviteLink', { ...ok('You joined Acme as a Free member.'), joined: true }),
    mockApi('getUser', { error: false, data: { ...grace, organization: anOrganization({ name: 'Acme' }) } }),
  );
  const { user, router } = renderApp('/join/tok-1', { preloadedState: signedIn(grace) });
  await user.click(await screen.findByRole('button', { name: 'Join Acme' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connect'));
  await expectStubPage('connection/pages/ConnectPage');
});

test('an address not proven yet is told an invitation was mailed, and stays', async () => {
  const words = 'We sent an invitation to grace@acme.com: open it to join Acme.';
  server.use(mockApi('getInviteLink', valid), mockApi('acceptInviteLink', { ...ok(words), joined: false }));
  const { user, router } = renderApp('/join/tok-1', { preloadedState: signedIn(grace) });
  await user.click(await screen.findByRole('button', { name: 'Join Acme' }));
  expect(await screen.findByRole('status')).toHaveTextContent(words);
  expect(screen.queryByRole('button', { name: 'Join Acme' })).not.toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/join/tok-1');
});

test('the mailed-invitation words are shown in Chinese', async () => {
  await activateLocale('zh-CN');
  try {
    server.use(
      mockApi('getInviteLink', valid),
      mockApi('acceptInviteLink', {
        ...ok('We sent an invitation to grace@acme.com: open it to join Acme.'),
        joined: false,
      }),
    );
    const { user } = renderApp('/join/tok-1', { preloadedState: signedIn(grace) });
    await user.click(await screen.findByRole('button', { name: '加入 Acme' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '我们已向 grace@acme.com 发送邀请：打开邀请即可加入 Acme。',
    );
  } finally {
    activateLocaleWith('en', {});
  }
});

test('a refused join shows the server words and stays', async () => {
  server.use(
    mockApi('getInviteLink', valid),
    mockApiError(
      'acceptInviteLink',
      'This invitation link was revoked. Ask an admin of the organization for a new one.',
    ),
  );
  const { user, router } = renderApp('/join/tok-1', { preloadedState: signedIn(grace) });
  await user.click(await screen.findByRole('button', { name: 'Join Acme' }));
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to join the organization');
  expect(alert).toHaveTextContent('This invitation link was revoked.');
  expect(router.state.location.pathname).toBe('/join/tok-1');
});

test('an address at another domain is told so, with no Join button', async () => {
  server.use(mockApi('getInviteLink', valid));
  const eve = aUser({ email: 'eve@elsewhere.io', organization: null });
  renderApp('/join/tok-1', { preloadedState: signedIn(eve) });
  expect(await screen.findByText(/^This invitation link is only for/)).toHaveTextContent(
    "This invitation link is only for addresses at the organization's verified domain. You are signed in as eve@elsewhere.io, not with an address at acme.com.",
  );
  expect(screen.queryByRole('button', { name: 'Join Acme' })).not.toBeInTheDocument();
});

test('someone already in an organization is told so', async () => {
  server.use(mockApi('getInviteLink', valid));
  const member = aUser({ email: 'carl@acme.com', organization: anOrganization({ name: 'Other Co' }) });
  renderApp('/join/tok-1', { preloadedState: signedIn(member) });
  expect(await screen.findByText(/^You already belong/)).toHaveTextContent(
    'You already belong to an organization: you cannot join another one.',
  );
  expect(screen.queryByRole('button', { name: 'Join Acme' })).not.toBeInTheDocument();
});

// The server's `member` decides, not the organization's name: two organizations may have the same name.
test.each([
  ['a member of the organization', true, 'Acme Inc', 'You are a member of Acme.'],
  [
    'a member of another organization of the same name',
    false,
    'Acme',
    'You already belong to an organization: you cannot join another one.',
  ],
])('%s is told so', async (_, isMember, name, words) => {
  server.use(mockApi('getInviteLink', { ...valid, data: { ...valid.data, member: isMember } }));
  const member = aUser({ email: 'carl@acme.com', organization: anOrganization({ name }) });
  renderApp('/join/tok-1', { preloadedState: signedIn(member) });
  expect(await screen.findByText(words)).toHaveAttribute('role', 'status');
  expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(screen.queryByRole('button', { name: 'Join Acme' })).not.toBeInTheDocument();
});

test.each([
  ['expired', 'This invitation link has expired. Ask an admin of the organization for a new one.'],
  ['revoked', 'This invitation link was revoked. Ask an admin of the organization for a new one.'],
  ['unknown', 'This invitation link does not exist. Check that you copied all of it.'],
] as const)('a link that is %s says why', async (status, words) => {
  server.use(
    mockApi('getInviteLink', {
      error: false,
      data: {
        status,
        member: false,
        organization_name: status === 'unknown' ? null : 'Acme',
        domain: status === 'unknown' ? null : 'acme.com',
        expires_at: status === 'unknown' ? null : EXPIRES,
      },
    }),
  );
  renderApp('/join/tok-1', { preloadedState: signedOut() });
  expect(
    await screen.findByRole('heading', { level: 1, name: 'This invitation link cannot be used' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('status')).toHaveTextContent(words);
  expect(screen.getByRole('link', { name: 'Go to login' })).toHaveAttribute('href', '/login');
});

test('a failed check offers Try again', async () => {
  server.use(mockApiError('getInviteLink', 'The service is unavailable.', { status: 503, once: true }));
  const { user } = renderApp('/join/tok-1', { preloadedState: signedOut() });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to check the invitation link');
  server.use(mockApi('getInviteLink', valid));
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Join Acme' })).toBeInTheDocument();
});
