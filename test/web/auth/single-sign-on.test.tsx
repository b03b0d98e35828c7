import { screen, waitFor, within } from '@testing-library/react';
import { aSoftware, aUser } from '../msw/fixtures';
import { mockApiError, mockSoftware, nothingToJoin, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { expectStubPage, resetBrowserState, stubForeignPages } from '../onboarding/helpers';
import { renderApp, signedOut } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';
import { NO_SSO_SIGN_IN } from '../../../src/web/features/auth/lib/single-sign-on';
import { leaveAppTo } from '../../../src/web/lib/safe-redirect';

// docs/product.md#single-sign-on: /login offers "Sign in with SSO" (a work address or the company domain,
// then the organization's identity provider); /sso/callback finishes the sign-in and goes on as after any
// login, or back to /login with the reason, by its code.

jest.mock('../../../src/web/lib/safe-redirect', () => ({
  ...jest.requireActual('../../../src/web/lib/safe-redirect'),
  leaveAppTo: jest.fn(),
}));

stubForeignPages();
beforeEach(() => {
  resetBrowserState();
  window.sessionStorage.clear();
  jest.mocked(leaveAppTo).mockClear();
  server.use(nothingToJoin());
});
afterEach(() => activateLocaleWith('en', {}));

const AUTHORIZE = 'https://acme.okta.com/oauth2/v1/authorize?client_id=abc&state=s';

async function openSso(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Sign in with SSO' }));
  return within(screen.getByRole('form', { name: 'Sign in with SSO' }));
}

test('sends a work address to its organization’s identity provider', async () => {
  const start = spyOnApi('startSso', { error: false, redirect_url: AUTHORIZE });
  server.use(start.handler);
  const { user } = renderApp('/login?next=%2Fdashboard%2Fusage', { preloadedState: signedOut() });
  const form = await openSso(user);
  const field = form.getByRole('textbox', { name: 'Work email or company domain' });
  expect(field).toHaveFocus();
  await user.type(field, ' grace@acme.com ');
  await user.click(form.getByRole('button', { name: 'Continue with SSO' }));
  await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith(AUTHORIZE));
  expect(start.requests[0]!.body).toEqual({ email: 'grace@acme.com' });
  expect(form.getByRole('button', { name: 'Opening your company’s sign-in...' })).toBeDisabled();
  // Where to go once signed in waits in this tab while the identity provider's pages are open.
  expect(window.sessionStorage.getItem('sso_return_to')).toBe('/dashboard/usage');
});

test('a domain without single sign-on is said at once, in the server’s words', async () => {
  server.use(
    mockApiError(
      'startSso',
      'No single sign-on is set up for acme.com. Log in with your email and password, or ask your organization admin.',
      { status: 404 },
    ),
  );
  const { user } = renderApp('/login', { preloadedState: signedOut() });
  const form = await openSso(user);
  await user.type(form.getByRole('textbox', { name: 'Work email or company domain' }), 'acme.com');
  await user.click(form.getByRole('button', { name: 'Continue with SSO' }));
  expect(await form.findByRole('alert')).toHaveTextContent(
    'No single sign-on is set up for acme.com. Log in with your email and password, or ask your organization admin.',
  );
  expect(leaveAppTo).not.toHaveBeenCalled();
});

test('the identity provider’s answer signs in and goes on as after any login', async () => {
  window.sessionStorage.setItem('sso_return_to', '/dashboard');
  const finish = spyOnApi('finishSso', {
    error: false,
    outcome: 'signed_in',
    message: 'Account created.',
    code: 'account_created',
    params: {},
    user: aUser({ email: 'grace@acme.com' }),
    software: { slug: 'demo-crm' },
  });
  server.use(finish.handler, mockSoftware(aSoftware()));
  const { router, store } = renderApp(
    '/sso/callback?code=the-code&state=the-state&iss=https%3A%2F%2Facme.okta.com',
    { preloadedState: signedOut() },
  );
  await expectStubPage('dashboard/pages/OverviewPage');
  expect(router.state.location.pathname).toBe('/dashboard');
  expect(finish.requests[0]!.body).toEqual({
    state: 'the-state',
    code: 'the-code',
    iss: 'https://acme.okta.com',
  });
  expect(store.getState().app.user?.email).toBe('grace@acme.com');
});

test('a refusal comes back to /login as a sentence, never a stack', async () => {
  server.use(
    mockApiError(
      'finishSso',
      'An account with grace@acme.com already exists, but its address was never confirmed. Log in with its password (or reset it from the link we mail you), then use single sign-on.',
      { status: 409 },
    ),
  );
  const { router } = renderApp('/sso/callback?code=c&state=s', { preloadedState: signedOut() });
  const form = within(await screen.findByRole('form', { name: 'Sign in with SSO' }));
  expect(form.getByRole('alert')).toHaveTextContent(
    'An account with grace@acme.com already exists, but its address was never confirmed.',
  );
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
});

test('opened without a sign-in to finish, it says so on /login without asking the server', async () => {
  const finish = spyOnApi('finishSso', {
    error: false,
    outcome: 'tested',
    message: 'x',
    code: 'saved',
    params: {},
  });
  server.use(finish.handler);
  renderApp('/sso/callback', { preloadedState: signedOut() });
  expect(await screen.findByRole('alert')).toHaveTextContent(NO_SSO_SIGN_IN);
  expect(finish.requests).toHaveLength(0);
});

test('in Chinese, the refusal reads in Chinese by its code', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  server.use(
    mockApiError(
      'finishSso',
      'This single sign-on attempt has expired or was already used. Please start again with "Sign in with SSO".',
      { status: 401 },
    ),
  );
  renderApp('/sso/callback?code=c&state=s', { preloadedState: signedOut() });
  expect(await screen.findByRole('alert')).toHaveTextContent(
    '此次单点登录尝试已过期或已被使用。请通过“使用 SSO 登录”重新开始。',
  );
  expect(screen.getByRole('button', { name: '继续使用 SSO' })).toBeInTheDocument();
});
