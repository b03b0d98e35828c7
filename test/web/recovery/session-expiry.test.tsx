/**
 * A session that ends mid-use asks the user to sign in again in a dialog over the page: what they typed
 * stays, the address is filled in, a two-factor account is asked its code, and the refused call goes
 * again once they are back. /login?reauth=true stays for full-page loads, plain and prefilled.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { returnPathAfterReauth } from '../../../src/web/api/session-expiry';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { aSession, aSoftware, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, mockSoftware, ok, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { resetBrowserState } from '../onboarding/helpers';
import { renderApp, signedIn } from '../utils/render';

beforeEach(() => {
  resetBrowserState();
  // Settings lists the sessions and the two-factor state.
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
  );
});

const ada = aUser({ id: 'user-1', email: 'ada@example.com', name: 'Ada Lovelace' });

/** set-settings refused once with a 401 (the session ended), then saved, echoing the name it got. */
function settingsRefusedOnce() {
  const saved = spyOnApi('setSettings', (request) => ({
    error: false,
    message: 'Saved',
    data: aUser({ ...ada, name: (request.body as { name: string }).name }),
  }));
  server.use(
    mockApiError('setSettings', 'You are not signed in.', { status: 401, once: true }),
    saved.handler,
    mockSoftware(aSoftware()),
  );
  return saved;
}

async function typeNameAndSave(user: ReturnType<typeof renderApp>['user']) {
  const name = await screen.findByRole('textbox', { name: 'Name' });
  await user.clear(name);
  await user.type(name, 'Ada King');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));
}

test('a 401 mid-use opens the sign-in dialog over the page; signing in saves what the user typed', async () => {
  const saved = settingsRefusedOnce();
  const login = spyOnApi('login', { error: false, message: 'Welcome back', user: ada, software: null });
  server.use(login.handler);
  const { user, router } = renderApp('/dashboard/settings', { preloadedState: signedIn(ada) });
  await typeNameAndSave(user);

  const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
  expect(within(dialog).getByRole('textbox', { name: /^Email/ })).toHaveValue('ada@example.com');
  expect(within(dialog).getByLabelText(/^Password/)).toHaveFocus();
  // The page is still there under it, with the typed name, and nothing was saved yet.
  expect(router.state.location.pathname).toBe('/dashboard/settings');
  expect(screen.getByRole('textbox', { name: 'Name', hidden: true })).toHaveValue('Ada King');
  expect(saved.requests).toHaveLength(0);

  await user.type(within(dialog).getByLabelText(/^Password/), 'pw');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));

  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(login.requests[0]!.body).toMatchObject({ email: 'ada@example.com', password: 'pw' });
  expect(saved.requests.map((request) => request.body)).toEqual([{ name: 'Ada King' }]);
  expect(screen.getByRole('textbox', { name: 'Name' })).toHaveValue('Ada King');
  expect(router.state.location.pathname).toBe('/dashboard/settings');
});

test('a two-factor account is asked its code in the dialog, then the save goes through', async () => {
  const saved = settingsRefusedOnce();
  const verify = spyOnApi('verifyTwoFactor', {
    error: false,
    message: 'Welcome back',
    user: ada,
    software: null,
  });
  server.use(
    mockApi('login', {
      error: false,
      message: 'Enter the code from your authenticator app.',
      two_factor_required: true,
    }),
    verify.handler,
  );
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(ada) });
  await typeNameAndSave(user);

  const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
  await user.type(within(dialog).getByLabelText(/^Password/), 'pw');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
  const code = await within(dialog).findByRole('textbox', { name: 'Code' });
  await user.type(code, '123456');
  await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  expect(verify.requests[0]!.body).toEqual({ code: '123456' });
  expect(saved.requests.map((request) => request.body)).toEqual([{ name: 'Ada King' }]);
});

test('in Chinese the dialog speaks Chinese', async () => {
  settingsRefusedOnce();
  await activateLocale('zh-CN');
  try {
    const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(ada) });
    const name = await screen.findByRole('textbox', { name: '姓名' });
    await user.type(name, ' King');
    await user.click(screen.getByRole('button', { name: '保存更改' }));
    const dialog = await screen.findByRole('dialog', { name: '重新登录' });
    expect(dialog).toHaveAccessibleDescription(
      '您的会话已结束。请重新登录以继续：此页面和您输入的内容都会保留，您正在保存的内容会在登录后自动提交。',
    );
    expect(within(dialog).getByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: '退出登录' })).toBeInTheDocument();
  } finally {
    activateLocaleWith('en', {});
  }
});

test('a wrong password keeps the dialog open with the server’s message', async () => {
  settingsRefusedOnce();
  server.use(mockApiError('login', 'Invalid email or password', { status: 401 }));
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(ada) });
  await typeNameAndSave(user);
  const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
  await user.type(within(dialog).getByLabelText(/^Password/), 'nope');
  await user.click(within(dialog).getByRole('button', { name: 'Log in' }));
  expect(await within(dialog).findByText('Invalid email or password')).toBeInTheDocument();
  expect(screen.getByRole('dialog', { name: 'Sign in again' })).toBeInTheDocument();
});

test('Log out in the dialog leaves for /login', async () => {
  settingsRefusedOnce();
  server.use(mockApi('logout', ok()), mockApiError('getUser', 'You are not signed in.', { status: 401 }));
  const { user, router, store } = renderApp('/dashboard/settings', { preloadedState: signedIn(ada) });
  await typeNameAndSave(user);
  const dialog = await screen.findByRole('dialog', { name: 'Sign in again' });
  await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(store.getState().app.user).toBeNull();
});

test('a wrong password on /login (401) is not an ended session', async () => {
  server.use(
    mockApiError('login', 'Invalid email or password', { status: 401 }),
    mockApiError('getUser', 'You are not signed in.', { status: 401 }),
  );
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const { user, router } = renderApp('/login');
  await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
  await user.type(screen.getByLabelText(/^Password/), 'nope');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
  expect(router.state.location.search).toBe('');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('/login?reauth=true, on a full-page load: the account’s address filled in, a plain page, and back to `next`', async () => {
  server.use(
    mockApi('logout', ok()),
    mockSoftware(aSoftware()),
    mockApi('login', { error: false, message: 'Welcome back', user: ada, software: null }),
  );
  const { user, router } = renderApp('/login?reauth=true&next=%2Fdashboard%2Fsettings', {
    preloadedState: signedIn(ada),
  });
  expect(await screen.findByText('Session expired, please login again.')).toBeInTheDocument();
  expect(await screen.findByRole('textbox', { name: /^Email/ })).toHaveValue('ada@example.com');
  // No onboarding here: neither the progress bar nor the marketing block.
  expect(screen.queryByRole('navigation', { name: 'Onboarding progress' })).not.toBeInTheDocument();
  expect(screen.queryByRole('complementary', { name: 'Why CRM Sync' })).not.toBeInTheDocument();

  await user.type(screen.getByLabelText(/^Password/), 'pw');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/settings'));
});

test('/login?reauth=true&email=… fills in that address', async () => {
  server.use(mockApi('logout', ok()), mockApiError('getUser', 'You are not signed in.', { status: 401 }));
  jest.spyOn(console, 'error').mockImplementation(() => {});
  renderApp('/login?reauth=true&email=grace%40example.com');
  expect(await screen.findByRole('textbox', { name: /^Email/ })).toHaveValue('grace@example.com');
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
    // The routes match in any letter case, so the refusal does too.
    ['/LOGOUT', null],
    ['/Auth?clear=true', null],
    ['/SignUp', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (next, expected) => {
    expect(returnPathAfterReauth(next, origin)).toBe(expected);
  });
});
