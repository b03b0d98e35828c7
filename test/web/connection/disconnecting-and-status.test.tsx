import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import ConnectionStatusPage from '../../../src/web/features/connection/pages/ConnectionStatusPage';
import DisconnectPage, { loader } from '../../../src/web/features/connection/pages/DisconnectPage';
import { ok, operationUrl, spyOnApi } from '../msw/handlers';
import { aSoftware, aUser } from '../msw/fixtures';
import { server } from '../msw/server';
import { renderWithProviders, signedIn } from '../utils/render';
import { resetBrowserStorage } from './helpers';

beforeEach(resetBrowserStorage);
afterEach(() => jest.restoreAllMocks());

describe('DisconnectPage', () => {
  test('calls disconnect once and clears session storage, oauth_*, api_key_* and auth_attempt', async () => {
    for (const key of [
      'oauth_access_token',
      'oauth_refresh_token',
      'oauth_custom',
      'api_key_1',
      'api_key_2',
    ]) {
      localStorage.setItem(key, 'secret');
    }
    localStorage.setItem('auth_attempt', 'oauth');
    localStorage.setItem('software', 'demo-crm');
    localStorage.setItem('has_installed', 'true');
    sessionStorage.setItem('anything', 'x');
    const disconnect = spyOnApi('disconnect', ok('You have been disconnected from your CRM.'));
    server.use(disconnect.handler);

    renderWithProviders(<DisconnectPage />, {
      route: '/dashboard/connection/disconnect',
      preloadedState: signedIn(aUser(), aSoftware()),
      loader,
    });

    expect(await screen.findByRole('heading', { name: 'Disconnected' })).toBeInTheDocument();
    expect(screen.getByText('You have been disconnected from your CRM.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Connect again...' })).toHaveAttribute('href', '/connect');
    expect(document.title).toBe('Disconnected');
    expect({ ...localStorage }).toEqual({ software: 'demo-crm', has_installed: 'true' });
    expect(sessionStorage.length).toBe(0);
    await waitFor(() => expect(disconnect.requests).toHaveLength(1));
    expect(disconnect.requests[0].body).toEqual({});
  });

  test('a failed disconnect is only logged', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(
      http.post(operationUrl('disconnect'), () =>
        HttpResponse.json({ error: true, message: 'Nope' }, { status: 500 }),
      ),
    );
    localStorage.setItem('api_key_1', 'k');

    renderWithProviders(<DisconnectPage />, { preloadedState: signedIn(), loader });

    await waitFor(() => expect(log).toHaveBeenCalledWith('Disconnect failed', expect.anything()));
    expect(await screen.findByRole('heading', { name: 'Disconnected' })).toBeInTheDocument();
    expect(screen.queryByText('Nope')).not.toBeInTheDocument();
    expect(localStorage.getItem('api_key_1')).toBeNull();
  });
});

describe('ConnectionStatusPage', () => {
  test.each([
    { stored: { oauth_access_token: 't' }, expected: 'Yes (OAuth)' },
    { stored: { api_key_1: 'k' }, expected: 'Yes (API key)' },
    { stored: {}, expected: 'No' },
  ])('credentials stored: $expected', ({ stored, expected }) => {
    for (const [key, value] of Object.entries(stored)) localStorage.setItem(key, value);
    renderWithProviders(<ConnectionStatusPage />, { preloadedState: signedIn(aUser(), aSoftware()) });
    expect(screen.getByRole('heading', { name: 'Connection status' })).toBeInTheDocument();
    expect(screen.getByText('Credentials stored in this browser').nextSibling).toHaveTextContent(expected);
  });

  test('shows the CRM, the account connection and a link to manage it', () => {
    renderWithProviders(<ConnectionStatusPage />, {
      preloadedState: signedIn(aUser({ connection_id: 'c-9', personal_connection_id: 'c-1' }), aSoftware()),
    });
    expect(document.title).toBe('Connection status');
    expect(screen.getByText('CRM').nextSibling).toHaveTextContent('Demo CRM');
    expect(screen.getByText('Connection saved on your account').nextSibling).toHaveTextContent('Yes');
    expect(screen.getByText('Connection shared by').nextSibling).toHaveTextContent('Your organization');
    expect(screen.getByRole('link', { name: 'Manage connection' })).toHaveAttribute(
      'href',
      '/dashboard/connection',
    );
  });

  test('without a CRM or a connection', () => {
    renderWithProviders(<ConnectionStatusPage />, {
      preloadedState: signedIn(aUser({ software: null }), null),
    });
    expect(screen.getByText('CRM').nextSibling).toHaveTextContent('No CRM chosen');
    expect(screen.getByText('Connection saved on your account').nextSibling).toHaveTextContent('No');
    expect(screen.queryByText('Connection shared by')).not.toBeInTheDocument();
  });
});
