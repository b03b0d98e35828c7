import { screen, waitFor } from '@testing-library/react';
import { anOrganization, aSoftware, aUser } from '../msw/fixtures';
import { mockApi, mockSoftware, mockSoftwareOptions, ok, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { resetBrowserState } from './helpers';

// docs/product.md#requests-to-join: the onboarding order sends a new signup to /install or /connect and on to the extension, often
// never through the dashboard overview, so the offer to join their company's organization shows on those
// steps (and /complete) too.

beforeEach(resetBrowserState);

const PROMPT = 'Your company already uses CRM Sync: request to join';
const demo = aSoftware();
const grace = aUser({ id: 'user-7', email: 'grace@acme.com', organization: null, has_installed: false });
const acme = {
  organization_name: 'Acme',
  domain: 'acme.com',
  requested: false,
  address_confirmed: true,
  invited: false,
};

test('a new signup at a verified domain lands on /install, sees the offer there and requests to join', async () => {
  const request = spyOnApi('requestToJoin', ok('Your request was sent to the admins of Acme.'));
  server.use(
    mockSoftwareOptions([demo]),
    mockSoftware(demo),
    mockApi('signup', { error: false, message: 'Account created.', id: grace.id, user: grace }),
    mockApi('getJoinOption', { error: false, data: acme }),
    request.handler,
  );
  const query = new URLSearchParams({ name: 'Grace', email: grace.email, password: 'Str0ng!pass' });
  const { user, router } = renderApp(`/signup?${query.toString()}`, { preloadedState: signedOut(demo) });
  await user.click(await screen.findByRole('button', { name: 'Sign up' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/install');
  expect(await screen.findByText(PROMPT)).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Request to join' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Your request was sent to the admins of Acme.');
  expect(request.requests).toHaveLength(1);
  expect(screen.queryByRole('button', { name: 'Request to join' })).not.toBeInTheDocument();
});

test.each(['/connect', '/complete'])('%s offers it too', async (path) => {
  server.use(
    mockSoftware(demo),
    mockApi('getJoinOption', { error: false, data: acme }),
    mockApi('setUserBoolean', ok()), // /complete marks the user onboarded
  );
  renderApp(path, { preloadedState: signedIn({ ...grace, has_installed: true }, demo) });
  expect(await screen.findByText(PROMPT)).toBeInTheDocument();
});

test('a request already sent shows as waiting on /install', async () => {
  server.use(mockApi('getJoinOption', { error: false, data: { ...acme, requested: true } }));
  renderApp('/install', { preloadedState: signedIn(grace, demo) });
  expect(await screen.findByText('Your request to join Acme is waiting for an admin.')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Request to join' })).not.toBeInTheDocument();
});

test('nothing is offered when no organization verified the domain', async () => {
  const option = spyOnApi('getJoinOption', { error: false, data: null });
  server.use(option.handler);
  renderApp('/install', { preloadedState: signedIn(grace, demo) });
  await waitFor(() => expect(option.requests).toHaveLength(1));
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
});

test.each([
  ['a member of an organization', signedIn(aUser({ organization: anOrganization() }), demo)],
  ['a signed-out visitor', signedOut(demo)],
])('%s is not offered, and nothing is asked', async (_who, preloadedState) => {
  const option = spyOnApi('getJoinOption', { error: false, data: acme });
  server.use(option.handler);
  renderApp('/install', { preloadedState });
  expect(await screen.findByRole('heading', { level: 1, name: 'Install the extension' })).toBeInTheDocument();
  expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  expect(option.requests).toHaveLength(0);
});

test('the pre-signup pin step (/welcome) does not offer it', async () => {
  const option = spyOnApi('getJoinOption', { error: false, data: acme });
  server.use(option.handler, mockApi('setUserBoolean', ok())); // /welcome marks the extension installed
  renderApp('/welcome', { preloadedState: signedIn(grace, demo) });
  expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  expect(screen.queryByText(PROMPT)).not.toBeInTheDocument();
  expect(option.requests).toHaveLength(0);
});
