import { act, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import DashboardConnectionPage from '../../../src/web/features/connection/pages/DashboardConnectionPage';
import { mockApiError, mockSoftwareOptions, ok, operationUrl, spyOnApi } from '../msw/handlers';
import type { SuccessBody } from '../../../src/contract/types';
import { aSoftware, aUser, anOrganization, type Software, type User } from '../msw/fixtures';
import { server } from '../msw/server';
import { renderWithProviders, signedIn } from '../utils/render';
import { resetBrowserStorage, spyOnWindowOpen } from './helpers';
import { useSpecTimers } from '../utils/spec-timers';

function verified(auth_type: 'oauth' | 'api key'): SuccessBody<'verifySettings'> {
  return {
    error: false,
    message: 'Successfully connected.',
    api_keys: {},
    data: { auth_type, connection_id: '7' },
  };
}

function sendConnectionData(detail: unknown) {
  act(() => {
    document.dispatchEvent(new CustomEvent('connectionData', { detail }));
  });
}

beforeEach(() => {
  resetBrowserStorage();
  useSpecTimers();
});
afterEach(() => jest.restoreAllMocks());

function renderPage(software: Software | null = aSoftware(), user: User = aUser()) {
  return renderWithProviders(<DashboardConnectionPage />, {
    route: '/dashboard/connection',
    // The user's CRM is the one shown.
    preloadedState: signedIn({ ...user, software: software ? { slug: software.slug } : null }, software),
    userEvent: { advanceTimers: jest.advanceTimersByTime },
  });
}

/** Lets the 3.8 s wait for the extension run out. */
function waitOutTheExtension() {
  act(() => jest.advanceTimersByTime(3_800));
}

test('waits up to 3.8 seconds for the extension, then shows not connected', () => {
  renderPage();
  expect(document.title).toBe('CRM Connection');
  expect(screen.getByRole('heading', { name: 'CRM Connection' })).toBeInTheDocument();
  expect(screen.getByText('Checking your connection...')).toBeInTheDocument();

  act(() => jest.advanceTimersByTime(3_799));
  expect(screen.getByText('Checking your connection...')).toBeInTheDocument();
  expect(screen.queryByText('Not connected')).not.toBeInTheDocument();

  act(() => jest.advanceTimersByTime(1));
  expect(screen.queryByText('Checking your connection...')).not.toBeInTheDocument();
  expect(screen.getByText('Not connected')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Connect with OAuth' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Connect with API Key' })).toHaveAttribute(
    'href',
    '/dashboard/connect/api-key',
  );
});

test('connection data with an OAuth token ends the wait and shows OAuth Authentication', async () => {
  const verify = spyOnApi('verifySettings', verified('oauth'));
  server.use(verify.handler);
  renderPage();

  sendConnectionData({
    oauth_access_token: 'tok',
    oauth_expires_at: 1700003600,
    oauth_updated_at: 1700000000,
  });

  expect(await screen.findByText('OAuth Authentication')).toBeInTheDocument();
  expect(screen.getByText('Connected')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Disconnect' })).toHaveAttribute(
    'href',
    '/dashboard/connection/disconnect',
  );
  expect(verify.requests).toHaveLength(1);
  expect(verify.requests[0].body).toMatchObject({
    auth_type: 'oauth',
    software: 'demo-crm',
    oauth_access_token: 'tok',
    oauth_expires_at: 1700003600,
    oauth_updated_at: 1700000000,
  });
});

test('connection data with API keys shows API Key', async () => {
  const verify = spyOnApi('verifySettings', verified('api key'));
  server.use(verify.handler);
  renderPage();

  sendConnectionData({ api_key_1: 'demo_1', api_key_2: 'x' });

  expect(await screen.findByText('API Key')).toBeInTheDocument();
  expect(verify.requests[0].body).toMatchObject({
    auth_type: 'api key',
    api_key_1: 'demo_1',
    api_key_2: 'x',
  });
});

test('a plain Event carrying the data is accepted too', async () => {
  server.use(spyOnApi('verifySettings', verified('oauth')).handler);
  renderPage();
  act(() => {
    document.dispatchEvent(Object.assign(new Event('connectionData'), { oauth_access_token: 'tok' }));
  });
  expect(await screen.findByText('OAuth Authentication')).toBeInTheDocument();
});

test('data arriving after the wait is still verified', async () => {
  server.use(spyOnApi('verifySettings', verified('api key')).handler);
  renderPage();
  waitOutTheExtension();
  expect(screen.getByText('Not connected')).toBeInTheDocument();

  sendConnectionData({ api_key_1: 'demo_1' });
  expect(await screen.findByText('API Key')).toBeInTheDocument();
});

test('events without a token or key are ignored', () => {
  const verify = spyOnApi('verifySettings', verified('oauth'));
  server.use(verify.handler);
  renderPage();
  sendConnectionData({ something: 'else' });
  waitOutTheExtension();
  expect(screen.getByText('Not connected')).toBeInTheDocument();
  expect(verify.requests).toHaveLength(0);
});

test('data that fails verification leaves it not connected and says why', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => {});
  server.use(
    mockApiError(
      'verifySettings',
      'Verification failed: this access token is not a connection of your account.',
      { status: 422 },
    ),
  );
  renderPage();
  sendConnectionData({ oauth_access_token: 'foreign' });
  expect(await screen.findByText('Not connected')).toBeInTheDocument();
  expect(
    screen.getByText('Verification failed: this access token is not a connection of your account.'),
  ).toBeInTheDocument();
});

test('stops listening when the page is left', () => {
  const verify = spyOnApi('verifySettings', verified('oauth'));
  server.use(verify.handler);
  const { unmount } = renderPage();
  unmount();
  document.dispatchEvent(new CustomEvent('connectionData', { detail: { oauth_access_token: 'tok' } }));
  expect(verify.requests).toHaveLength(0);
});

test.each([
  { auth_options: 'oauth' as const, oauth: true, apiKey: false },
  { auth_options: 'api key' as const, oauth: false, apiKey: true },
])('auth_options $auth_options: OAuth $oauth, API key $apiKey', ({ auth_options, oauth, apiKey }) => {
  renderPage(aSoftware({ auth_options }));
  waitOutTheExtension();
  expect(Boolean(screen.queryByRole('button', { name: 'Connect with OAuth' }))).toBe(oauth);
  expect(Boolean(screen.queryByRole('link', { name: 'Connect with API Key' }))).toBe(apiKey);
});

test("'Software not found.' when no CRM is known, with a CRM picker", async () => {
  server.use(mockSoftwareOptions([aSoftware()]));
  renderPage(null);
  waitOutTheExtension();
  expect(screen.getByText('Software not found.')).toBeInTheDocument();
  expect(await screen.findByRole('combobox', { name: 'Choose your CRM' })).toBeInTheDocument();
});

test('Connect with OAuth opens one window per 5 seconds and stores the attempt', async () => {
  const open = spyOnWindowOpen();
  const { user } = renderPage();
  waitOutTheExtension();
  const button = screen.getByRole('button', { name: 'Connect with OAuth' });

  await user.click(button);
  await user.click(button);
  expect(open).toHaveBeenCalledTimes(1);
  expect(localStorage.getItem('auth_attempt')).toBe('oauth');

  act(() => jest.advanceTimersByTime(5_000));
  await user.click(button);
  expect(open).toHaveBeenCalledTimes(2);
});

describe('pre-connect step', () => {
  const team = anOrganization({ member_count: 2 });

  test('an admin of an organization with more than one member chooses organization-wide or not', async () => {
    const open = spyOnWindowOpen();
    const preConnect = spyOnApi('preConnect', ok('Saved.'));
    server.use(preConnect.handler);
    const { user } = renderPage(aSoftware(), aUser({ role: 'admin', organization: team }));
    waitOutTheExtension();

    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));

    await screen.findByText(/A new window opened/);
    expect(preConnect.requests[0].body).toEqual({
      software: 'demo-crm',
      fields: [],
      is_organization_connection: true,
    });
    expect(open).toHaveBeenCalledTimes(1);
  });

  test.each([
    { name: 'a member', user: aUser({ role: 'member', organization: team }) },
    {
      name: 'an admin alone in the organization',
      user: aUser({ role: 'admin', organization: anOrganization({ member_count: 1 }) }),
    },
    { name: 'an admin without an organization', user: aUser({ role: 'admin', organization: null }) },
  ])('$name gets no organization choice and no form without preconnect fields', async ({ user: account }) => {
    const open = spyOnWindowOpen();
    const { user } = renderPage(aSoftware(), account);
    waitOutTheExtension();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(open).toHaveBeenCalledTimes(1);
  });

  test('preconnect fields are required and sent with the choice', async () => {
    spyOnWindowOpen();
    const preConnect = spyOnApi('preConnect', ok('Saved.'));
    server.use(preConnect.handler);
    const zoho = aSoftware({
      slug: 'zoho',
      auth_options: 'oauth',
      preconnect_fields: [{ id: 'data_centre', name: 'Data centre', type: 'text', placeholder: 'eu' }],
    });
    const { user } = renderPage(zoho, aUser({ role: 'admin', organization: team }));
    waitOutTheExtension();

    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(screen.getByText('Data centre is required.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Data centre/ }), 'eu');
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    await screen.findByText(/A new window opened/);
    expect(preConnect.requests[0].body).toEqual({
      software: 'zoho',
      fields: [{ id: 'data_centre', value: 'eu' }],
      is_organization_connection: false,
    });
  });

  test("'Error during preconnect' when pre-connect fails without a message", async () => {
    const open = spyOnWindowOpen();
    server.use(http.post(operationUrl('preConnect'), () => HttpResponse.json({}, { status: 500 })));
    const { user } = renderPage(aSoftware(), aUser({ role: 'admin', organization: team }));
    waitOutTheExtension();
    await user.click(screen.getByRole('button', { name: 'Connect with OAuth' }));
    expect(await screen.findByText('Error during preconnect')).toBeInTheDocument();
    expect(open).not.toHaveBeenCalled();
  });
});
