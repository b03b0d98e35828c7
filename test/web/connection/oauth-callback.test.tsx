import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { UNKNOWN_OAUTH_ERROR, oauthErrorText } from '../../../src/web/features/connection/lib/oauth-errors';
import {
  HANDOFF_WAIT_MS,
  OAUTH_HANDOFF_CHANNEL,
} from '../../../src/web/features/connection/lib/oauth-handoff';
import CallbackPage, { loader } from '../../../src/web/features/connection/pages/CallbackPage';
import { heldAnswer, mockApiError, spyOnApi } from '../msw/handlers';
import { isAppFragment } from '../../../src/web/lib/app-fragment';
import { aSoftware, aUser, someOAuthTokens } from '../msw/fixtures';
import { server } from '../msw/server';
import { renderWithProviders, signedIn } from '../utils/render';
import { resetBrowserStorage } from './helpers';
import { useSpecTimers } from '../utils/spec-timers';

beforeEach(resetBrowserStorage);
afterEach(() => jest.restoreAllMocks());

/** What the connect page stored when it opened the authorize page, in a new window or in this tab. */
function startedFlow(state = 'x', where: 'window' | 'this-tab' = 'this-tab') {
  sessionStorage.setItem('oauth_state', state);
  if (where === 'window') sessionStorage.setItem('oauth_state_popup', state);
}

/** access-token answers with tokens. */
const exchangeSucceeds = () =>
  spyOnApi('accessToken', {
    error: false,
    message: 'Successfully connected.',
    data: someOAuthTokens(),
    user: aUser(),
  }).handler;

function renderCallback(search: string) {
  return renderWithProviders(<CallbackPage />, {
    loader,
    route: `/callback${search}`,
    preloadedState: signedIn(aUser(), aSoftware()),
  });
}

test('exchanges the code, stores every key of data with the oauth_ prefix, and goes to /connected', async () => {
  const tokens = someOAuthTokens({ domain: 'demo-crm.local' });
  // Held, so 'Connecting...' stays until the test has seen it (answered at once, the page could move on
  // to /connected between finding the heading and asserting on it).
  const answer = heldAnswer();
  const exchange = spyOnApi(
    'accessToken',
    { error: false, message: 'Successfully connected.', data: tokens, user: aUser() },
    { until: answer.until },
  );
  server.use(exchange.handler);
  startedFlow('x');
  const { router } = renderCallback('?code=the-code&state=x');

  expect(await screen.findByRole('heading', { name: 'Connecting...' })).toBeInTheDocument();
  answer.release();
  await waitFor(() => expect(router.state.location.pathname).toBe('/connected'));

  expect(exchange.requests).toHaveLength(1);
  expect(exchange.requests[0].body).toEqual({ oauth_code: 'the-code', software: 'demo-crm' });
  expect({ ...localStorage }).toEqual({
    auth_attempt: 'oauth',
    oauth_code: 'the-code',
    oauth_access_token: 'access-123',
    oauth_refresh_token: 'refresh-456',
    oauth_domain: 'demo-crm.local',
    oauth_scope: 'contacts',
    oauth_token_type: 'Bearer',
    oauth_expires_in: '3600',
    oauth_expires_at: String(tokens.expires_at),
    oauth_updated_at: String(tokens.updated_at),
  });
  const fragment = new URLSearchParams(router.state.location.hash.slice(1));
  expect(fragment.get('oauth_access_token')).toBe('access-123');
  expect(fragment.get('oauth_expires_at')).toBe(String(tokens.expires_at));
  expect(fragment.get('oauth_updated_at')).toBe(String(tokens.updated_at));
  expect(fragment.get('api_key_1')).toBeNull();
  expect(isAppFragment(router.state.location.hash)).toBe(true);
  // One state answers one callback.
  expect(sessionStorage.getItem('oauth_state')).toBeNull();
});

test.each([
  { name: 'no state in the query', search: '?code=attacker-code', stored: 'mine' },
  { name: 'another state', search: '?code=attacker-code&state=theirs', stored: 'mine' },
  { name: 'no flow started in this browser', search: '?code=attacker-code&state=theirs', stored: null },
  { name: 'an empty state on both sides', search: '?code=attacker-code&state=', stored: '' },
])('refuses the code with $name, and never exchanges it', async ({ search, stored }) => {
  const exchange = spyOnApi('accessToken', {
    error: false,
    message: 'Successfully connected.',
    data: someOAuthTokens(),
    user: aUser(),
  });
  server.use(exchange.handler);
  if (stored !== null) startedFlow(stored);
  const { router } = renderCallback(search);

  expect(
    await screen.findByText(
      'This connection was not started from this browser (the OAuth state is missing or does not match). Please connect again.',
    ),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Connection Error.' })).toBeInTheDocument();
  expect(exchange.requests).toHaveLength(0);
  expect(router.state.location.pathname).toBe('/callback');
  expect(localStorage.getItem('oauth_code')).toBeNull();
  expect(sessionStorage.getItem('oauth_state')).toBeNull();
});

test('says in words that access was denied, never the code, and does not call access-token', async () => {
  const exchange = spyOnApi('accessToken', {
    error: false,
    message: '',
    data: someOAuthTokens(),
    user: aUser(),
  });
  server.use(exchange.handler);
  renderCallback('?error=access_denied&error_description=The+user+denied+access');

  expect(await screen.findByRole('heading', { name: 'Connection Error.' })).toBeInTheDocument();
  expect(screen.getByText(oauthErrorText('access_denied'))).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/access_denied|The user denied access/);
  expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/connect');
  expect(exchange.requests).toHaveLength(0);
});

test('never prints the error_description of the link, whatever the code', async () => {
  renderCallback('?error=weird_code&error_description=Call+0800+EVIL+to+restore+your+account');
  expect(await screen.findByText(UNKNOWN_OAUTH_ERROR)).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/EVIL|weird_code/);
  cleanup();
  renderCallback('?error_description=Call+0800+EVIL');
  expect(await screen.findByText(UNKNOWN_OAUTH_ERROR)).toBeInTheDocument();
  expect(document.body.textContent).not.toMatch(/EVIL/);
});

describe('in the window the connect page opened (one tab remains)', () => {
  let opener: BroadcastChannel;
  let outcomes: unknown[];
  beforeEach(() => {
    // window.opener stays null, as after a CRM page with `Cross-Origin-Opener-Policy: same-origin`: the
    // session storage the window inherited says it is the popup. Keep jsdom's window open.
    expect(window.opener).toBeFalsy();
    jest.spyOn(window, 'close').mockImplementation(() => {});
    outcomes = [];
    // The opening tab's side: it answers outcomes of its own flow only.
    opener = new BroadcastChannel(OAUTH_HANDOFF_CHANNEL);
    opener.onmessage = (event: MessageEvent<{ type: string; state: string }>) => {
      if (event.data.type !== 'oauth-outcome' || event.data.state !== 'mine') return;
      outcomes.push(event.data);
      opener.postMessage({ type: 'oauth-ack', state: 'mine' });
    };
  });
  afterEach(() => {
    opener.close();
  });

  test('hands the connection to the opening tab and closes, instead of going on itself', async () => {
    server.use(exchangeSucceeds());
    startedFlow('mine', 'window');
    const { router } = renderCallback('?code=c&state=mine');
    await waitFor(() => expect(window.close).toHaveBeenCalled());
    expect(outcomes).toEqual([{ type: 'oauth-outcome', state: 'mine', result: 'connected' }]);
    expect(router.state.location.pathname).toBe('/callback');
    expect(localStorage.getItem('oauth_access_token')).toBe('access-123');
    expect(await screen.findByText(/You can close this window/)).toBeInTheDocument();
  });

  test('hands a denial over as a sentence', async () => {
    startedFlow('mine', 'window');
    renderCallback('?error=access_denied&state=mine');
    await waitFor(() => expect(window.close).toHaveBeenCalled());
    expect(outcomes).toEqual([
      { type: 'oauth-outcome', state: 'mine', result: 'failed', errorText: oauthErrorText('access_denied') },
    ]);
  });

  test('carries on by itself when no tab takes the flow over', async () => {
    useSpecTimers();
    try {
      server.use(
        spyOnApi(
          'accessToken',
          {
            error: false,
            message: 'Successfully connected.',
            data: someOAuthTokens(),
            user: aUser(),
          },
          { delayMs: 0 },
        ).handler,
      );
      startedFlow('not-the-openers', 'window');
      const { router } = renderCallback('?code=c&state=not-the-openers');
      await waitFor(() => expect(localStorage.getItem('oauth_access_token')).toBe('access-123'));
      expect(router.state.location.pathname).toBe('/callback');
      await act(async () => {
        jest.advanceTimersByTime(HANDOFF_WAIT_MS);
      });
      await waitFor(() => expect(router.state.location.pathname).toBe('/connected'));
      expect(window.close).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });
});

test('a flow started in this tab offers its outcome to no other tab', async () => {
  const listener = new BroadcastChannel(OAUTH_HANDOFF_CHANNEL);
  const heard: unknown[] = [];
  listener.onmessage = (event) => heard.push(event.data);
  try {
    server.use(exchangeSucceeds());
    startedFlow('here', 'this-tab');
    const { router } = renderCallback('?code=c&state=here');
    await waitFor(() => expect(router.state.location.pathname).toBe('/connected'));
    expect(heard).toEqual([]);
  } finally {
    listener.close();
  }
});

test('without a code it says there is nothing to finish and what to do', async () => {
  renderCallback('');
  expect(await screen.findByText('No OAuth tokens found in localStorage')).toBeInTheDocument();
  expect(
    screen.getByText(
      'There is no connection to finish in this browser. Select Try again to connect your CRM.',
    ),
  ).toBeInTheDocument();
});

test('an answer without an access token says there is nothing to finish', async () => {
  server.use(
    spyOnApi('accessToken', {
      error: false,
      message: '',
      data: someOAuthTokens({ access_token: '' }),
      user: aUser(),
    }).handler,
  );
  startedFlow('s');
  const { router } = renderCallback('?code=c&state=s');
  expect(await screen.findByText('No OAuth tokens found in localStorage')).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/callback');
});

test('shows the server’s message when the exchange fails', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(
    mockApiError('accessToken', 'The authorization code is invalid or has expired. Please connect again.'),
  );
  startedFlow('s');
  renderCallback('?code=used&state=s');
  expect(
    await screen.findByText('The authorization code is invalid or has expired. Please connect again.'),
  ).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Connection Error.' })).toBeInTheDocument();
  expect(localStorage.getItem('oauth_access_token')).toBeNull();
});
