import { screen, waitFor } from '@testing-library/react';
import { aSoftware, aUser } from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockSoftware,
  mockSoftwareOptions,
  ok,
  spyOnApi,
  heldAnswer,
  nothingToJoin,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn, signedOut } from '../utils/render';
import { expectStubPage, resetBrowserState, stubForeignPages } from './helpers';

stubForeignPages();

beforeEach(resetBrowserState);

const demo = aSoftware();

describe('/install', () => {
  test('links to the extension store of the chosen CRM', async () => {
    // Asked on the side: may this user without organization join their company's?
    server.use(nothingToJoin());
    renderApp('/install', { preloadedState: signedIn(aUser(), demo) });
    const link = await screen.findByRole('link', { name: 'Add to Chrome' });
    expect(link).toHaveAttribute('href', demo.chrome_extension_url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(document.title).toBe('Install the extension');
  });

  test('without a chosen CRM asks to choose one first', async () => {
    renderApp('/install', { preloadedState: signedOut() });
    expect(
      await screen.findByText('Choose your CRM first, so we can show you the right extension.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Choose your CRM' })).toHaveAttribute('href', '/signup');
  });
});

describe.each([
  ['/installed', 'Pin the extension'],
  ['/welcome', 'Welcome'],
])('%s', (path, title) => {
  test('a visitor: marks has_installed locally only, then Continue leads to /signup', async () => {
    server.use(mockSoftwareOptions([demo]));
    const { user, router } = renderApp(path, { preloadedState: signedOut() });
    const continueButton = await screen.findByRole('button', { name: 'Continue' });
    expect(document.title).toBe(title);
    expect(window.localStorage.getItem('has_installed')).toBe('true');
    await user.click(continueButton);
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/signup');
  });

  test('a signed-in user: also sets the server flag, then Continue leads to /connect', async () => {
    const answer = heldAnswer();
    const setFlag = spyOnApi('setUserBoolean', ok(), { until: answer.until });
    server.use(setFlag.handler);
    const { user, router } = renderApp(path, {
      preloadedState: signedIn(aUser({ has_installed: false }), demo),
    });
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    expect(document.title).toBe(title);
    answer.release();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await expectStubPage('connection/pages/ConnectPage');
    expect(router.state.location.pathname).toBe('/connect');
    expect(setFlag.requests.map((request) => request.body)).toEqual([{ key: 'has_installed', value: true }]);
  });

  test('a failed server flag is only logged', async () => {
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
    server.use(mockApiError('setUserBoolean', 'nope', { status: 500 }));
    renderApp(path, { preloadedState: signedIn(aUser(), demo) });
    await waitFor(() =>
      expect(consoleError).toHaveBeenCalledWith('Failed to set user boolean', expect.anything()),
    );
    expect(await screen.findByRole('button', { name: 'Continue' })).toBeEnabled();
    consoleError.mockRestore();
  });
});

describe('/complete', () => {
  test('sets has_onboarded locally and on the server, and links to the dashboard', async () => {
    // Asked on the side: may this user without organization join their company's?
    server.use(nothingToJoin());
    const setFlag = spyOnApi('setUserBoolean', ok());
    server.use(setFlag.handler);
    const { user, router } = renderApp('/complete', { preloadedState: signedIn(aUser(), demo) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Setup complete!' })).toBeInTheDocument();
    expect(document.title).toBe('Setup complete');
    expect(window.localStorage.getItem('has_onboarded')).toBe('true');
    await user.click(await screen.findByRole('link', { name: 'Go to the dashboard' }));
    await expectStubPage('dashboard/pages/OverviewPage');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(setFlag.requests[0].body).toEqual({ key: 'has_onboarded', value: true });
  });

  test('a visitor without a session only gets the local flag', async () => {
    renderApp('/complete', { preloadedState: signedOut() });
    expect(await screen.findByRole('link', { name: 'Go to the dashboard' })).toBeInTheDocument();
    expect(window.localStorage.getItem('has_onboarded')).toBe('true');
  });
});

describe('/uninstalled', () => {
  test('clears has_installed locally and sets it false on the server', async () => {
    window.localStorage.setItem('has_installed', 'true');
    const setFlag = spyOnApi('setUserBoolean', ok());
    server.use(setFlag.handler, mockApi('getUser', { error: false, data: aUser({ has_installed: false }) }));
    renderApp('/uninstalled', { preloadedState: signedIn(aUser(), demo) });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'The extension was uninstalled' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Extension uninstalled');
    expect(window.localStorage.getItem('has_installed')).toBeNull();
    await waitFor(() => expect(setFlag.requests[0]?.body).toEqual({ key: 'has_installed', value: false }));
    expect(screen.getByRole('link', { name: 'Reinstall the extension' })).toHaveAttribute(
      'href',
      demo.chrome_extension_url,
    );
  });

  test('a visitor without a session only clears the local flag', async () => {
    window.localStorage.setItem('has_installed', 'true');
    window.localStorage.setItem('software', 'demo-crm');
    server.use(mockSoftware(demo));
    renderApp('/uninstalled', { preloadedState: signedOut() });
    await screen.findByRole('heading', { level: 1, name: 'The extension was uninstalled' });
    expect(window.localStorage.getItem('has_installed')).toBeNull();
  });

  test('without a store link, reinstalling still has a way: the install step', async () => {
    renderApp('/uninstalled', { preloadedState: signedOut() });
    await screen.findByRole('heading', { level: 1, name: 'The extension was uninstalled' });
    expect(screen.getByRole('link', { name: 'Reinstall the extension' })).toHaveAttribute('href', '/install');
  });
});
