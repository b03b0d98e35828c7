import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { OAUTH_HANDOFF_CHANNEL } from '../../../src/web/features/connection/lib/oauth-handoff';
import ConnectPage from '../../../src/web/features/connection/pages/ConnectPage';
import {
  mockApiError,
  mockSoftware,
  mockSoftwareOptions,
  nothingToJoin,
  ok,
  operationUrl,
  spyOnApi,
} from '../msw/handlers';
import { isAppFragment } from '../../../src/web/lib/app-fragment';
import { aSoftware, aUser, anOrganization } from '../msw/fixtures';
import { server } from '../msw/server';
import { renderWithProviders, signedIn, signedOut } from '../utils/render';
import { resetBrowserStorage, spyOnWindowOpen } from './helpers';
import { useSpecTimers } from '../utils/spec-timers';

const AUTHORIZE_URL =
  'http://localhost/sandbox/crm/authorize?client_id=demo-client&redirect_uri=http%3A%2F%2Flocalhost%2Fcallback';

beforeEach(resetBrowserStorage);
// The page asks a signed-in user without organization whether they may join their company's.
beforeEach(() => server.use(nothingToJoin()));
afterEach(() => jest.restoreAllMocks());

/** A signed-in user whose CRM (the chosen one) is `software`. */
function renderConnect(software = aSoftware(), user = aUser({ software: { slug: software.slug } })) {
  return renderWithProviders(<ConnectPage />, {
    route: '/connect',
    preloadedState: signedIn(user, software),
  });
}

test('sets the document title', () => {
  renderConnect();
  expect(document.title).toBe('Connect');
});

test('shows a loading state while the user and CRM load', () => {
  renderWithProviders(<ConnectPage />, { route: '/connect', preloadedState: { app: { loading: true } } });
  expect(screen.getByText('Loading...')).toBeInTheDocument();
});

test("'Software not found' when no CRM is chosen, with a way to choose one (no dead end)", async () => {
  const hubspot = aSoftware({ slug: 'hubspot', software: 'HubSpot', auth_options: 'oauth' });
  server.use(mockSoftwareOptions([aSoftware(), hubspot]));
  const { user } = renderWithProviders(<ConnectPage />, {
    route: '/connect',
    preloadedState: signedIn(aUser({ software: null }), null),
  });
  expect(screen.getByText('Software not found')).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Connect with OAuth' })).not.toBeInTheDocument();

  await user.click(await screen.findByRole('combobox', { name: 'Choose your CRM' }));
  await user.click(await screen.findByRole('option', { name: 'HubSpot' }));
  expect(await screen.findByRole('heading', { name: 'Connect HubSpot' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Connect with OAuth' })).toBeInTheDocument();
  expect(localStorage.getItem('software')).toBe('hubspot');
});

test('a signed-out visitor is asked to log in or sign up before connecting', () => {
  renderWithProviders(<ConnectPage />, { route: '/connect', preloadedState: signedOut(aSoftware()) });
  expect(screen.getByRole('heading', { name: 'Connect Demo CRM' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  expect(screen.queryByRole('button', { name: 'Connect with OAuth' })).not.toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Connect with API Key' })).not.toBeInTheDocument();
});

test('looks up the CRM saved under the local-storage key software', async () => {
  localStorage.setItem('software', 'pipedrive');
  const lookup = spyOnApi('getSoftware', {
    error: false,
    data: aSoftware({ slug: 'pipedrive', software: 'Pipedrive' }),
  });
  server.use(lookup.handler);
  renderWithProviders(<ConnectPage />, { route: '/connect', preloadedState: signedIn(aUser(), null) });

  expect(screen.getByText('Loading...')).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Connect Pipedrive' })).toBeInTheDocument();
  expect(lookup.requests[0].url.searchParams.get('software')).toBe('pipedrive');
});

test("'Software not found' when the stored CRM cannot be found, and the unknown slug is forgotten", async () => {
  localStorage.setItem('software', 'gone');
  server.use(mockSoftware(404), mockSoftwareOptions([aSoftware()]));
  renderWithProviders(<ConnectPage />, {
    route: '/connect',
    preloadedState: signedIn(aUser({ software: null }), null),
  });
  expect(await screen.findByText('Software not found')).toBeInTheDocument();
  expect(localStorage.getItem('software')).toBeNull();
  expect(await screen.findByRole('combobox', { name: 'Choose your CRM' })).toBeInTheDocument();
});

test('a stored value that is not even a slug (get-software answers 400) is forgotten too', async () => {
  localStorage.setItem('software', 'no_such_crm');
  server.use(
    mockApiError('getSoftware', 'CRM must be a CRM identifier such as demo-crm.', { status: 400 }),
    mockSoftwareOptions([aSoftware()]),
  );
  renderWithProviders(<ConnectPage />, {
    route: '/connect',
    preloadedState: signedIn(aUser({ software: null }), null),
  });
  expect(await screen.findByText('Software not found')).toBeInTheDocument();
  expect(localStorage.getItem('software')).toBeNull();
});

test('a stored slug the catalogue does not know gives way to the account’s CRM', async () => {
  localStorage.setItem('software', 'unknown');
  server.use(
    http.get(operationUrl('getSoftware'), ({ request }) =>
      new URL(request.url).searchParams.get('software') === 'unknown'
        ? HttpResponse.json({ error: true, message: 'Not found' }, { status: 404 })
        : HttpResponse.json({ error: false, data: aSoftware() }),
    ),
  );
  renderWithProviders(<ConnectPage />, { route: '/connect', preloadedState: signedIn(aUser(), null) });
  expect(await screen.findByRole('heading', { name: 'Connect Demo CRM' })).toBeInTheDocument();
  expect(localStorage.getItem('software')).toBeNull();
});

test.each([
  { auth_options: 'oauth' as const, oauth: true, apiKey: false },
  { auth_options: 'api key' as const, oauth: false, apiKey: true },
  { auth_options: 'either' as const, oauth: true, apiKey: true },
])('auth_options $auth_options offers OAuth: $oauth, API key: $apiKey', ({ auth_options, oauth, apiKey }) => {
  renderConnect(aSoftware({ auth_options }));
  expect(screen.getByRole('heading', { name: 'Connect Demo CRM' })).toBeInTheDocument();
  expect(Boolean(screen.queryByRole('button', { name: 'Connect with OAuth' }))).toBe(oauth);
  const apiKeyLink = screen.queryByRole('link', { name: 'Connect with API Key' });
  expect(Boolean(apiKeyLink)).toBe(apiKey);
  if (apiKeyLink) expect(apiKeyLink).toHaveAttribute('href', '/connect-api-key');
});

test('Connect with API Key stores the attempt and goes to /connect-api-key', async () => {
  const { user, router } = renderConnect();
  await user.click(screen.getByRole('link', { name: 'Connect with API Key' }));
  expect(localStorage.getItem('auth_attempt')).toBe('api key');
  expect(router.state.location.pathname).toBe('/connect-api-key');
});

test('Connect with OAuth opens the authorize URL with the placeholders filled, and stores the attempt', async () => {
  const open = spyOnWindowOpen();
  const { user } = renderConnect();

  await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));

  const state = sessionStorage.getItem('oauth_state');
  expect(state).toMatch(/^[0-9a-f]{32}$/);
  expect(open).toHaveBeenCalledWith(`${AUTHORIZE_URL}&state=${state}`, '_blank');
  expect(localStorage.getItem('auth_attempt')).toBe('oauth');
  expect(screen.getByText(/A new window opened to sign in to Demo CRM/)).toBeInTheDocument();
});

describe('when the OAuth window reports back (one tab remains, on the next step)', () => {
  let popup: BroadcastChannel;
  let acks: unknown[];
  beforeEach(() => {
    acks = [];
    popup = new BroadcastChannel(OAUTH_HANDOFF_CHANNEL);
    popup.onmessage = (event: MessageEvent) => acks.push(event.data);
  });
  afterEach(() => popup.close());

  async function openWindow() {
    spyOnWindowOpen();
    const rendered = renderConnect();
    await rendered.user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    return { ...rendered, state: sessionStorage.getItem('oauth_state')! };
  }

  test('a connection moves this tab to /connected with the stored tokens, and the window is told to close', async () => {
    const { router, state } = await openWindow();
    // What the window stored in the local storage both tabs share.
    localStorage.setItem('oauth_access_token', 'from-the-window');
    popup.postMessage({ type: 'oauth-outcome', state: 'another-flow', result: 'connected' });
    popup.postMessage({ type: 'oauth-outcome', state, result: 'connected' });

    await waitFor(() => expect(router.state.location.pathname).toBe('/connected'));
    expect(new URLSearchParams(router.state.location.hash.slice(1)).get('oauth_access_token')).toBe(
      'from-the-window',
    );
    // Written by this tab: /connected verifies it without asking.
    expect(isAppFragment(router.state.location.hash)).toBe(true);
    expect(acks).toEqual([{ type: 'oauth-ack', state }]);
  });

  test('a failure is shown here, where the visitor can try again', async () => {
    const { router, state } = await openWindow();
    popup.postMessage({
      type: 'oauth-outcome',
      state,
      result: 'failed',
      errorText: 'Access was not approved.',
    });
    expect(await screen.findByText('Access was not approved.')).toBeInTheDocument();
    expect(screen.queryByText(/A new window opened/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/connect');
    expect(screen.getByRole('button', { name: 'Connect with OAuth' })).toBeEnabled();
  });
});

test('each opened OAuth window gets a new random state; a throttled click keeps the open one', async () => {
  useSpecTimers();
  const open = spyOnWindowOpen();
  const { user } = renderWithProviders(<ConnectPage />, {
    route: '/connect',
    preloadedState: signedIn(aUser(), aSoftware()),
    userEvent: { advanceTimers: jest.advanceTimersByTime },
  });
  const button = screen.getByRole('button', { name: 'Connect with OAuth' });
  const stateOf = (call: number) => new URL(String(open.mock.calls[call]![0])).searchParams.get('state');

  await user.click(button);
  const first = sessionStorage.getItem('oauth_state');
  expect(stateOf(0)).toBe(first);
  await user.click(button);
  expect(open).toHaveBeenCalledTimes(1);
  expect(sessionStorage.getItem('oauth_state')).toBe(first);

  jest.advanceTimersByTime(5_001);
  await user.click(button);
  expect(open).toHaveBeenCalledTimes(2);
  expect(stateOf(1)).toBe(sessionStorage.getItem('oauth_state'));
  expect(stateOf(1)).not.toBe(first);
});

test('the redirect URI defaults to this app’s /callback when the CRM has none', async () => {
  const open = spyOnWindowOpen();
  const { user } = renderConnect(aSoftware({ oauth_redirect_uri: null }));
  await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
  expect(open).toHaveBeenCalledWith(
    expect.stringContaining('redirect_uri=http%3A%2F%2Flocalhost%2Fcallback'),
    '_blank',
  );
});

test.each([
  { name: 'no authorize URL', software: aSoftware({ oauth_auth_url: null }) },
  {
    name: 'no client id (OAuth app not configured on the server)',
    software: aSoftware({ oauth_client_id: null }),
  },
])('a CRM with $name says so instead of opening a window', async ({ software }) => {
  const open = spyOnWindowOpen();
  const { user } = renderConnect(software);
  await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
  expect(open).not.toHaveBeenCalled();
  expect(screen.getByRole('alert')).toHaveTextContent('OAuth is not available for Demo CRM.');
});

test('opens at most one OAuth window per 5 seconds', async () => {
  useSpecTimers();
  const open = spyOnWindowOpen();
  const { user } = renderWithProviders(<ConnectPage />, {
    route: '/connect',
    preloadedState: signedIn(aUser(), aSoftware()),
    userEvent: { advanceTimers: jest.advanceTimersByTime },
  });
  const button = screen.getByRole('button', { name: 'Connect with OAuth' });

  await user.click(button);
  await user.click(button);
  expect(open).toHaveBeenCalledTimes(1);

  act(() => jest.advanceTimersByTime(4_900));
  await user.click(button);
  expect(open).toHaveBeenCalledTimes(1);

  act(() => jest.advanceTimersByTime(100));
  await user.click(button);
  expect(open).toHaveBeenCalledTimes(2);
});

describe('pre-connect fields', () => {
  const zoho = aSoftware({
    slug: 'zoho',
    software: 'Zoho CRM',
    auth_options: 'oauth',
    preconnect_fields: [{ id: 'data_centre', name: 'Data centre', type: 'text', placeholder: 'com, eu, in' }],
  });

  test("a field with a fixed list of values (Zoho's data centre) is a select of them", async () => {
    spyOnWindowOpen();
    const preConnect = spyOnApi('preConnect', ok('Saved.'));
    server.use(preConnect.handler);
    const listed = aSoftware({
      ...zoho,
      preconnect_fields: [
        {
          id: 'data_centre',
          name: 'Data centre',
          type: 'select',
          placeholder: '',
          options: [
            { value: 'com', label: 'United States (com)' },
            { value: 'eu', label: 'Europe (eu)' },
          ],
        },
      ],
    });
    const { user } = renderConnect(listed);
    expect(screen.queryByRole('textbox', { name: /Data centre/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Data centre/ }));
    await user.click(await screen.findByRole('option', { name: 'Europe (eu)' }));
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    await screen.findByText(/A new window opened/);
    expect(preConnect.requests[0].body).toMatchObject({ fields: [{ id: 'data_centre', value: 'eu' }] });
  });

  test('are all required, posted to pre-connect, then the OAuth window opens', async () => {
    const open = spyOnWindowOpen();
    const preConnect = spyOnApi('preConnect', ok('Saved.'));
    server.use(preConnect.handler);
    const { user } = renderConnect(zoho);

    // The form's own button replaces the plain one.
    expect(screen.getAllByRole('button', { name: 'Connect with OAuth' })).toHaveLength(1);
    const field = screen.getByRole('textbox', { name: /Data centre/ });
    expect(field).toBeRequired();
    expect(field).toHaveAttribute('placeholder', 'com, eu, in');

    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(screen.getByText('Data centre is required.')).toBeInTheDocument();
    expect(preConnect.requests).toHaveLength(0);

    await user.type(field, 'eu');
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));

    await screen.findByText(/A new window opened/);
    expect(preConnect.requests[0].body).toEqual({
      software: 'zoho',
      fields: [{ id: 'data_centre', value: 'eu' }],
    });
    expect(open).toHaveBeenCalledTimes(1);
    expect(localStorage.getItem('auth_attempt')).toBe('oauth');
  });

  test('the public page never offers the organization-wide choice', () => {
    renderConnect(
      zoho,
      aUser({ role: 'admin', software: { slug: 'zoho' }, organization: anOrganization({ member_count: 5 }) }),
    );
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  test('a pre-connect failure shows the server message and opens no window', async () => {
    const open = spyOnWindowOpen();
    server.use(mockApiError('preConnect', 'Please fill in "Data centre".'));
    const { user } = renderConnect(zoho);
    await user.type(screen.getByRole('textbox', { name: /Data centre/ }), 'eu');
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please fill in "Data centre".');
    expect(open).not.toHaveBeenCalled();
  });

  test("'Error during preconnect' when the server gives no message", async () => {
    spyOnWindowOpen();
    server.use(http.post(operationUrl('preConnect'), () => HttpResponse.json({}, { status: 500 })));
    const { user } = renderConnect(zoho);
    await user.type(screen.getByRole('textbox', { name: /Data centre/ }), 'eu');
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Error during preconnect');
  });
});
