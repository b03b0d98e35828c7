/**
 * docs/product.md#connection-health: a connection the CRM no longer accepts reads "Needs attention" on the
 * CRM Connection page, before any wait for the extension, and Reconnect starts the normal connect flow: the
 * OAuth window at once, the pre-connect form when something must be asked first, the API key form for a
 * CRM without OAuth. In English and in Chinese.
 */
import { screen } from '@testing-library/react';
import DashboardConnectionPage from '../../../src/web/features/connection/pages/DashboardConnectionPage';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { aSoftware, aUser, anOrganization, type Software, type User } from '../msw/fixtures';
import { renderWithProviders, signedIn } from '../utils/render';
import { resetBrowserStorage, spyOnWindowOpen } from './helpers';
import { useSpecTimers } from '../utils/spec-timers';

beforeEach(() => {
  resetBrowserStorage();
  useSpecTimers();
});
afterEach(() => {
  activateLocaleWith('en', {});
  jest.restoreAllMocks();
});

const broken = (overrides: Partial<User> = {}) =>
  aUser({
    connection_id: 'c-1',
    personal_connection_id: 'c-1',
    connection_status: 'needs_attention',
    ...overrides,
  });

function renderPage(user: User, software: Software = aSoftware()) {
  return renderWithProviders(<DashboardConnectionPage />, {
    route: '/dashboard/connection',
    preloadedState: signedIn({ ...user, software: { slug: software.slug } }, software),
    userEvent: { advanceTimers: jest.advanceTimersByTime },
  });
}

test('says the connection needs attention at once, and Reconnect opens the OAuth window', async () => {
  const open = spyOnWindowOpen();
  const { user } = renderPage(broken());
  expect(screen.getByText('Needs attention')).toBeInTheDocument();
  expect(
    screen.getByText('Demo CRM no longer accepts this connection: reconnect it to keep syncing profiles.'),
  ).toBeInTheDocument();
  expect(screen.queryByText('Checking your connection...')).not.toBeInTheDocument();
  expect(screen.queryByText('Connected')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Reconnect' }));
  expect(open).toHaveBeenCalledTimes(1);
  expect(String(open.mock.calls[0]![0])).toMatch(/^http:\/\/localhost\/sandbox\/crm\/authorize\?/);
  expect(localStorage.getItem('auth_attempt')).toBe('oauth');
  expect(screen.getByText(/A new window opened to sign in to Demo CRM/)).toBeInTheDocument();
});

test('an admin of a team is asked the pre-connect questions first, as when connecting', async () => {
  const open = spyOnWindowOpen();
  const { user } = renderPage(broken({ organization: anOrganization({ member_count: 3 }) }));
  await user.click(screen.getByRole('button', { name: 'Reconnect' }));
  expect(open).not.toHaveBeenCalled();
  expect(await screen.findByRole('radio', { name: /yes/i })).toBeInTheDocument();
});

test('a CRM without OAuth reconnects with its API key form', async () => {
  const close = aSoftware({ slug: 'close', software: 'Close', auth_options: 'api key' });
  const { user, router } = renderPage(broken(), close);
  await user.click(screen.getByRole('link', { name: 'Reconnect' }));
  expect(router.state.location.pathname).toBe('/dashboard/connect/api-key');
  expect(localStorage.getItem('auth_attempt')).toBe('api key');
});

test("a member whose organization's shared connection needs attention is told an admin reconnects it", () => {
  renderPage(
    broken({
      role: 'member',
      personal_connection_id: null,
      connection_id: 'org-1',
      organization: anOrganization({ member_count: 3 }),
    }),
  );
  expect(screen.getByText('Needs attention')).toBeInTheDocument();
  expect(
    screen.getByText("Demo CRM no longer accepts your organization's connection: an admin reconnects it."),
  ).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
});

test('a connection that works shows no such thing', () => {
  renderPage(aUser({ connection_id: 'c-1', personal_connection_id: 'c-1', connection_status: 'connected' }));
  expect(screen.getByText('Checking your connection...')).toBeInTheDocument();
  expect(screen.queryByText('Needs attention')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Reconnect' })).not.toBeInTheDocument();
});

test('in Chinese', async () => {
  await activateLocale('zh-CN');
  renderPage(broken());
  expect(screen.getByText('需要处理')).toBeInTheDocument();
  expect(screen.getByText('Demo CRM 不再接受此连接：请重新连接以继续同步资料。')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: '重新连接' })).toBeInTheDocument();
});
