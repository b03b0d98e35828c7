import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { anOrganization, aSoftware, aUser } from '../msw/fixtures';
import {
  heldAnswer,
  mockApi,
  mockApiError,
  mockSoftware,
  mockSoftwareOptions,
  ok,
  operationUrl,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { expectStubPage, resetBrowserState, stubForeignPages } from './helpers';
import { useSpecTimers } from '../utils/spec-timers';

stubForeignPages();

beforeEach(resetBrowserState);

const accepted = {
  error: false as const,
  message: 'Invitation is valid',
  data: {
    email: 'grace@example.com',
    role: 'member' as const,
    organization_name: 'Analytical Engines',
    outcome: 'valid' as const,
  },
};

test('posts the token, stores it, and goes to /signup (keeping the software param) after 5 s', async () => {
  useSpecTimers();
  const accept = spyOnApi('acceptInvite', accepted);
  server.use(
    accept.handler,
    mockSoftware(aSoftware({ slug: 'hubspot', software: 'HubSpot' })),
    mockSoftwareOptions([aSoftware()]),
  );
  const { router } = renderApp('/accept-invitation?token=inv-1&software=hubspot', {
    preloadedState: signedOut(),
  });

  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
  expect(document.title).toBe('Accept invitation');
  expect(accept.requests[0].method).toBe('POST');
  expect(accept.requests[0].url.searchParams.get('token')).toBe('inv-1');
  expect(window.localStorage.getItem('invitation_token')).toBe('inv-1');
  // The banner names the link's CRM, which becomes the chosen one.
  expect(await screen.findByText('Chrome Extension for HubSpot.')).toBeInTheDocument();
  expect(window.localStorage.getItem('software')).toBe('hubspot');

  // The countdown ticks.
  expect(screen.getByText('Taking you to sign up in 5 seconds...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(1000));
  expect(screen.getByText('Taking you to sign up in 4 seconds...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(3000));
  expect(screen.getByText('Taking you to sign up in 1 second...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(999));
  expect(router.state.navigation.state).toBe('idle');
  expect(router.state.location.pathname).toBe('/accept-invitation');
  act(() => jest.advanceTimersByTime(1));
  await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  const query = new URLSearchParams(router.state.location.search);
  expect(query.get('software')).toBe('hubspot');
  expect(query.get('email')).toBe('grace@example.com');
});

// WCAG 2.2.1: the visitor can stop the countdown and read at their own pace.
test('Stop halts the countdown for good; "Sign up now" still goes on', async () => {
  useSpecTimers();
  server.use(spyOnApi('acceptInvite', accepted).handler, mockSoftwareOptions([aSoftware()]));
  const { router, user } = renderApp('/accept-invitation?token=inv-1', {
    preloadedState: signedOut(),
    userEvent: { advanceTimers: jest.advanceTimersByTime },
  });
  expect(await screen.findByText('Taking you to sign up in 5 seconds...')).toBeInTheDocument();
  act(() => jest.advanceTimersByTime(2000));

  await user.click(screen.getByRole('button', { name: 'Stop' }));
  expect(screen.getByRole('status')).toHaveTextContent('Stopped: sign up when you are ready.');
  expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
  act(() => jest.advanceTimersByTime(60_000));
  expect(router.state.location.pathname).toBe('/accept-invitation');

  await user.click(screen.getByRole('link', { name: 'Sign up now' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
});

test('a software param the catalogue does not know is neither shown nor stored', async () => {
  server.use(spyOnApi('acceptInvite', accepted).handler, mockSoftware(404));
  renderApp('/accept-invitation?token=inv-1&software=nope', { preloadedState: signedOut() });
  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
  expect(screen.queryByText(/Chrome Extension for/)).not.toBeInTheDocument();
  expect(window.localStorage.getItem('software')).toBeNull();
});

test('shows a loading state while the invitation is checked', async () => {
  const answer = heldAnswer();
  server.use(mockApi('acceptInvite', accepted, { until: answer.until }));
  renderApp('/accept-invitation?token=inv-1', { preloadedState: signedOut() });
  expect(await screen.findByText('Checking your invitation...')).toBeInTheDocument();
  answer.release();
  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
});

test('without a token: Invitation Error and No invitation token provided., no call', async () => {
  renderApp('/accept-invitation', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('No invitation token provided.');
});

test.each([
  [404, 'Invalid or expired invitation'],
  [400, 'Invalid or expired invitation'],
  [500, 'Failed to accept invitation'],
])('a %i answer shows Invitation Error with %s', async (status, text) => {
  server.use(mockApiError('acceptInvite', 'Invitation not found', { status }));
  renderApp('/accept-invitation?token=bad', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent(text);
  expect(window.localStorage.getItem('invitation_token')).toBeNull();
});

test('no answer at all shows Failed to accept invitation', async () => {
  server.use(http.post(operationUrl('acceptInvite'), () => HttpResponse.error()));
  renderApp('/accept-invitation?token=tok', { preloadedState: signedOut() });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  expect(screen.getByRole('alert')).toHaveTextContent('Failed to accept invitation');
});

// Opening the invitation signed in (docs/product.md#accepting-an-invitation).

const grace = aUser({ id: 'user-7', email: 'Grace@Example.com', name: 'Grace', organization: null });
const engines = anOrganization({ id: 'org-9', name: 'Analytical Engines' });
/** The chosen CRM that a signed-in visitor's pages load. */
const crm = () => [mockSoftware(aSoftware()), mockSoftwareOptions([aSoftware()])];
const answered = (outcome: 'can_join' | 'joined' | 'member' | 'other_address', message: string) => ({
  ...accepted,
  ...ok(message),
  data: { ...accepted.data, outcome },
});
/** The server of a signed-in invitee: joining only when asked to (`join=true`). */
const invitee = (joinedMessage: string) =>
  spyOnApi('acceptInvite', (request) =>
    request.url.searchParams.get('join') === 'true'
      ? answered('joined', joinedMessage)
      : answered('can_join', 'The invitation is valid.'),
  );

test('the signed-in invitee joins with a click: told so, the session shows the organization, onboarding goes on', async () => {
  // The real initial load: the user is asked again once the join is done.
  const accept = invitee('You joined Analytical Engines.');
  const joined = () => accept.requests.some((request) => request.url.searchParams.get('join') === 'true');
  server.use(
    accept.handler,
    mockApi('getUser', () => ({
      error: false,
      data: joined() ? { ...grace, organization: engines } : grace,
    })),
    ...crm(),
  );
  const { store, user, router } = renderApp('/accept-invitation?token=inv-1');

  // Opening the mail joins nobody: the invitee is asked.
  expect(
    await screen.findByText('You are invited to join Analytical Engines as Member.'),
  ).toBeInTheDocument();
  expect(
    screen.getByRole('heading', { level: 1, name: 'Invitation to Analytical Engines' }),
  ).toBeInTheDocument();
  expect(accept.requests).toHaveLength(1);
  expect(accept.requests[0]!.url.searchParams.get('join')).toBeNull();
  await user.click(screen.getByRole('button', { name: 'Join Analytical Engines' }));

  expect(await screen.findByText('You joined Analytical Engines.')).toHaveAttribute('role', 'status');
  expect(screen.getByRole('heading', { level: 1, name: 'Invitation accepted' })).toBeInTheDocument();
  expect(accept.requests).toHaveLength(2);
  expect(accept.requests[1]!.url.searchParams.get('token')).toBe('inv-1');
  await waitFor(() => expect(store.getState().app.user?.organization?.id).toBe('org-9'));
  expect(screen.queryByText(/Taking you to sign up/)).not.toBeInTheDocument();
  expect(window.localStorage.getItem('invitation_token')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/connect'));
  await expectStubPage('connection/pages/ConnectPage');
});

test('an onboarded invitee who joined reads the seat notice, in Chinese, and goes to the dashboard', async () => {
  await activateLocale('zh-CN');
  try {
    const notice =
      'You joined Analytical Engines on the Free plan: no Pro seat was free. Your admin can give you one once a seat is free.';
    server.use(invitee(notice).handler, ...crm());
    const { user } = renderApp('/accept-invitation?token=inv-1', {
      preloadedState: signedIn({ ...grace, has_onboarded: true }),
    });
    expect(await screen.findByText('您受邀以成员身份加入 Analytical Engines。')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '加入 Analytical Engines' }));
    expect(
      await screen.findByText(
        '您已以免费版加入 Analytical Engines：当前没有空闲的专业版席位。有空闲席位后，管理员可以为您分配。',
      ),
    ).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: '前往控制台' })).toHaveAttribute('href', '/dashboard');
  } finally {
    activateLocaleWith('en', {});
  }
});

test('a member of the organization already is told so, and goes to the dashboard', async () => {
  server.use(
    mockApi('acceptInvite', answered('member', 'You are already a member of this organization.')),
    ...crm(),
  );
  renderApp('/accept-invitation?token=inv-1', {
    preloadedState: signedIn({ ...grace, has_onboarded: true, organization: engines }),
  });
  expect(await screen.findByText('You are already a member of Analytical Engines.')).toHaveAttribute(
    'role',
    'status',
  );
  expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(screen.queryByText(/Taking you to sign up/)).not.toBeInTheDocument();
  expect(window.localStorage.getItem('invitation_token')).toBeNull();
});

test('someone signed in at another address is not sent to /signup; they log out and continue with the invitation', async () => {
  const logout = spyOnApi('logout', ok());
  server.use(
    mockApi('acceptInvite', answered('other_address', 'The invitation is valid.')),
    logout.handler,
    mockSoftware(aSoftware({ slug: 'hubspot', software: 'HubSpot' })),
    mockSoftwareOptions([aSoftware()]),
  );
  const ada = aUser({ email: 'ada@example.com', has_onboarded: true });
  const { store, user, router } = renderApp('/accept-invitation?token=inv-1&software=hubspot', {
    preloadedState: signedIn(ada),
  });
  expect(
    await screen.findByText(
      'This invitation is for grace@example.com, but you are signed in as ada@example.com.',
    ),
  ).toHaveAttribute('role', 'status');
  expect(
    screen.getByRole('heading', { level: 1, name: 'Invitation to Analytical Engines' }),
  ).toBeInTheDocument();
  expect(screen.queryByText(/Taking you to sign up/)).not.toBeInTheDocument();
  expect(window.localStorage.getItem('invitation_token')).toBeNull();

  await user.click(screen.getByRole('button', { name: 'Log out and continue' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/signup'));
  expect(logout.requests).toHaveLength(1);
  expect(store.getState().app.user).toBeNull();
  expect(window.localStorage.getItem('invitation_token')).toBe('inv-1');
  const query = new URLSearchParams(router.state.location.search);
  expect(query.get('email')).toBe('grace@example.com');
  expect(query.get('software')).toBe('hubspot');
});

/** An onboarded invitee clicks Join; the alert that answers. */
async function clickJoinAndRead() {
  const { user } = renderApp('/accept-invitation?token=inv-1', {
    preloadedState: signedIn({ ...grace, has_onboarded: true }),
  });
  await user.click(await screen.findByRole('button', { name: 'Join Analytical Engines' }));
  return { user, alert: await screen.findByRole('alert') };
}

test('a join refused on the click says why in place, and a second click joins', async () => {
  const paidPlan =
    'You pay for a plan of your own: cancel it in the billing portal before joining an organization.';
  let refusals = 1;
  server.use(
    http.post(operationUrl('acceptInvite'), ({ request }) => {
      if (new URL(request.url).searchParams.get('join') !== 'true') {
        return HttpResponse.json(answered('can_join', 'The invitation is valid.'));
      }
      if (refusals-- > 0) return HttpResponse.json({ error: true, message: paidPlan }, { status: 400 });
      return HttpResponse.json(answered('joined', 'You joined Analytical Engines.'));
    }),
    ...crm(),
  );
  const { user, alert } = await clickJoinAndRead();
  expect(alert).toHaveTextContent('Failed to join the organization');
  expect(alert).toHaveTextContent(paidPlan);
  await user.click(screen.getByRole('button', { name: 'Join Analytical Engines' }));
  expect(await screen.findByText('You joined Analytical Engines.')).toHaveAttribute('role', 'status');
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
});

test('a join answered as someone else (another tab signed out) joins nobody and says to reload', async () => {
  server.use(
    http.post(operationUrl('acceptInvite'), ({ request }) =>
      HttpResponse.json(
        new URL(request.url).searchParams.get('join') === 'true'
          ? accepted
          : answered('can_join', 'The invitation is valid.'),
      ),
    ),
    ...crm(),
  );
  const { alert } = await clickJoinAndRead();
  expect(alert).toHaveTextContent('Failed to join the organization');
  expect(alert).toHaveTextContent('You signed out or changed accounts in another tab: reload this page.');
  expect(screen.queryByText(/already a member/)).not.toBeInTheDocument();
  expect(window.localStorage.getItem('invitation_token')).toBeNull();
});

test.each([
  'You already belong to another organization.',
  'You pay for a plan of your own: cancel it in the billing portal before joining an organization.',
])('a refused join shows why: %s', async (words) => {
  server.use(mockApiError('acceptInvite', words, { status: 400 }), ...crm());
  renderApp('/accept-invitation?token=inv-1', { preloadedState: signedIn(grace) });
  expect(await screen.findByRole('heading', { level: 1, name: 'Invitation Error' })).toBeInTheDocument();
  const alert = screen.getByRole('alert');
  expect(alert).toHaveTextContent('Failed to join the organization');
  expect(alert).toHaveTextContent(words);
  expect(alert).not.toHaveTextContent('Invalid or expired invitation');
  expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard');
  expect(window.localStorage.getItem('invitation_token')).toBeNull();
});

test('/accept-invitation takes the token out of the address bar once read', async () => {
  const token = 'invitation-secret-77c1';
  server.use(
    spyOnApi('acceptInvite', {
      error: false as const,
      message: 'Invitation is valid',
      data: {
        email: 'grace@example.com',
        role: 'member' as const,
        organization_name: 'Analytical Engines',
        outcome: 'valid' as const,
      },
    }).handler,
    mockSoftwareOptions([aSoftware()]),
  );
  const { router, user } = renderApp(`/accept-invitation?token=${token}`, { preloadedState: signedOut() });
  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
  // Kept for the signup, in the browser only, and no longer in history or the address bar.
  expect(window.localStorage.getItem('invitation_token')).toBe(token);
  await user.click(screen.getByRole('button', { name: 'Stop' }));
  expect(router.state.location.pathname).toBe('/accept-invitation');
  await waitFor(() => expect(router.state.location.search).not.toContain(token));
  expect(screen.getByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
});

test('/accept-invitation checks the same invitation after a reload: the token is kept in the history entry', async () => {
  const token = 'invitation-secret-3d0e';
  const accept = spyOnApi('acceptInvite', accepted);
  server.use(accept.handler, mockSoftwareOptions([aSoftware()]));
  const opened = renderApp(`/accept-invitation?token=${token}`, { preloadedState: signedOut() });
  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
  await waitFor(() => expect(opened.router.state.location.search).not.toContain(token));
  const { pathname, search, state } = opened.router.state.location;
  opened.unmount();

  renderApp({ pathname, search, state }, { preloadedState: signedOut() });
  expect(await screen.findByText('You have been invited to join Analytical Engines.')).toBeInTheDocument();
  expect(screen.queryByText('No invitation token provided.')).toBeNull();
  expect(accept.requests).toHaveLength(2);
  expect(accept.requests[1]!.url.searchParams.get('token')).toBe(token);
});
