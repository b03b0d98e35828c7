/**
 * The "Sign in again" dialog offers "Sign in with SSO" (docs/product.md#single-sign-on): the one way back
 * of a member held to docs/product.md#require-sso, whose password and Google sign-ins are refused. It
 * starts the same single sign-on as /login, with the account's address filled in or one typed, and comes
 * back to the page the session ended on.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { leaveAppTo } from '../../../src/web/lib/safe-redirect';
import { aSession, aSoftware, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, mockSoftware, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { resetBrowserState } from '../onboarding/helpers';
import { renderApp, signedIn } from '../utils/render';

jest.mock('../../../src/web/lib/safe-redirect', () => ({
  ...jest.requireActual('../../../src/web/lib/safe-redirect'),
  leaveAppTo: jest.fn(),
}));

const AUTHORIZE = 'https://acme.okta.com/oauth2/v1/authorize?client_id=abc&state=s';
const grace = aUser({ id: 'user-1', email: 'grace@acme.com', name: 'Grace Hopper' });

beforeEach(() => {
  resetBrowserState();
  window.sessionStorage.clear();
  jest.mocked(leaveAppTo).mockClear();
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
    mockSoftware(aSoftware()),
    // The session ended: Settings' save meets the 401, and the dialog opens over the page.
    mockApiError('setSettings', 'You are not signed in.', { status: 401 }),
  );
});
afterEach(() => activateLocaleWith('en', {}));

async function sessionEndsOnSettings() {
  const rendered = renderApp('/dashboard/settings?tab=profile', { preloadedState: signedIn(grace) });
  await rendered.user.type(await screen.findByRole('textbox', { name: 'Name' }), ' Jr');
  await rendered.user.click(screen.getByRole('button', { name: 'Save Changes' }));
  return { ...rendered, dialog: within(await screen.findByRole('dialog', { name: 'Sign in again' })) };
}

test('the dialog offers single sign-on, started with a typed company domain, and comes back to this page', async () => {
  const start = spyOnApi('startSso', { error: false, redirect_url: AUTHORIZE });
  server.use(start.handler);
  const { user, dialog } = await sessionEndsOnSettings();

  await user.click(dialog.getByRole('button', { name: 'Sign in with SSO' }));
  const form = within(dialog.getByRole('form', { name: 'Sign in with SSO' }));
  const field = form.getByRole('textbox', { name: 'Work email or company domain' });
  expect(field).toHaveFocus();
  expect(field).toHaveValue('grace@acme.com');
  expect(
    form.getByText(
      'We send you to your company’s sign-in page, then back to this page. What you typed on it is not kept.',
    ),
  ).toBeInTheDocument();
  await user.clear(field);
  await user.type(field, 'acme.com');
  await user.click(form.getByRole('button', { name: 'Continue with SSO' }));

  await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith(AUTHORIZE));
  expect(start.requests.map((request) => request.body)).toEqual([{ email: 'acme.com' }]);
  // /sso/callback reads it once signed in (lib/single-sign-on.ts).
  expect(window.sessionStorage.getItem('sso_return_to')).toBe('/dashboard/settings?tab=profile');
});

test('by keyboard alone: Tab to "Sign in with SSO", Enter, and Enter again sends the account’s address', async () => {
  const start = spyOnApi('startSso', { error: false, redirect_url: AUTHORIZE });
  server.use(start.handler);
  const { user, dialog } = await sessionEndsOnSettings();
  expect(dialog.getByLabelText(/^Password/)).toHaveFocus();

  const ssoButton = dialog.getByRole('button', { name: 'Sign in with SSO' });
  for (let presses = 0; presses < 10 && document.activeElement !== ssoButton; presses += 1) {
    await user.tab();
  }
  expect(ssoButton).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(await dialog.findByRole('textbox', { name: 'Work email or company domain' })).toHaveFocus();
  await user.keyboard('{Enter}');

  await waitFor(() => expect(leaveAppTo).toHaveBeenCalledWith(AUTHORIZE));
  expect(start.requests.map((request) => request.body)).toEqual([{ email: 'grace@acme.com' }]);
});

test('a domain without single sign-on is said in the dialog, which stays', async () => {
  server.use(
    mockApiError(
      'startSso',
      'No single sign-on is set up for acme.com. Log in with your email and password, or ask your organization admin.',
      { status: 404 },
    ),
  );
  const { user, dialog } = await sessionEndsOnSettings();
  await user.click(dialog.getByRole('button', { name: 'Sign in with SSO' }));
  await user.click(dialog.getByRole('button', { name: 'Continue with SSO' }));
  expect(
    await within(dialog.getByRole('form', { name: 'Sign in with SSO' })).findByRole('alert'),
  ).toHaveTextContent(
    'No single sign-on is set up for acme.com. Log in with your email and password, or ask your organization admin.',
  );
  expect(leaveAppTo).not.toHaveBeenCalled();
  expect(screen.getByRole('dialog', { name: 'Sign in again' })).toBeInTheDocument();
});

test('in Chinese', async () => {
  await activateLocale('zh-CN');
  const rendered = renderApp('/dashboard/settings', { preloadedState: signedIn(grace) });
  await rendered.user.type(await screen.findByRole('textbox', { name: '姓名' }), ' Jr');
  await rendered.user.click(screen.getByRole('button', { name: '保存更改' }));
  const dialog = within(await screen.findByRole('dialog', { name: '重新登录' }));
  await rendered.user.click(dialog.getByRole('button', { name: '使用 SSO 登录' }));
  expect(
    dialog.getByText('我们会将您转到公司的登录页面，然后带您回到此页面。您在此页面输入的内容不会保留。'),
  ).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: '继续使用 SSO' })).toBeInTheDocument();
});
