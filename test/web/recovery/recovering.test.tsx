/**
 * When the server comes back, what failed comes back by itself: the account error page and a failed
 * load shown with "Try again" are tried again on growing waits and when the browser is back online
 * (components/feedback/use-auto-retry.ts); "Try again" stays. A failed send says why when the service
 * could not be reached or failed (api/errors.ts `withDetail`), in English and Chinese.
 */
import { act, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  DEFAULT_RECOVERY_POLICY,
  setRecoveryPolicy,
  type RetryPolicy,
} from '../../../src/web/api/retry-policy';
import { UNAVAILABLE_TEXT, UNREACHABLE_TEXT } from '../../../src/web/api/errors';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { anOrganization, aSession, aUser } from '../msw/fixtures';
import {
  mockApi,
  mockOrganizationMembers,
  mockSoftware,
  noCompanyDomain,
  operationUrl,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});

/** Short waits, so the test sees tries without waiting a minute; off again after each test. */
function recoverWithin(policy: Partial<RetryPolicy>) {
  setRecoveryPolicy({ ...DEFAULT_RECOVERY_POLICY, ...policy });
}
afterEach(() => setRecoveryPolicy(null));

/** A server that is down (no answer) until `up()`. */
function serverDownUntilUp<T>(
  method: 'get' | 'post',
  operation: Parameters<typeof operationUrl>[0],
  body: T,
) {
  let down = true;
  let tries = 0;
  server.use(
    http[method](operationUrl(operation), () => {
      tries += 1;
      return down ? HttpResponse.error() : HttpResponse.json(body as object);
    }),
  );
  return { up: () => void (down = false), tries: () => tries };
}

beforeEach(() => {
  server.use(mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }));
  jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

test('the account error page loads the account by itself once the server answers again, Try again kept', async () => {
  recoverWithin({ baseDelayMs: 40, maxDelayMs: 80 });
  server.use(mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }), mockSoftware());
  const getUser = serverDownUntilUp('get', 'getUser', { error: false, data: admin });
  renderApp('/dashboard/settings');
  expect(
    await screen.findByRole('heading', { name: 'Your account could not be loaded' }),
  ).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  // Still down: it keeps trying, the page stays.
  await screen.findByRole('heading', { name: 'Your account could not be loaded' });
  getUser.up();
  expect(
    await screen.findByRole('heading', { name: 'Settings', level: 1 }, { timeout: 4000 }),
  ).toBeInTheDocument();
  expect(getUser.tries()).toBeGreaterThan(1);
});

test("a failed load shown with 'Try again' comes back by itself when the browser is online again", async () => {
  // Waits far longer than the test: only 'online' can bring it back here.
  recoverWithin({ baseDelayMs: 600_000, maxDelayMs: 600_000 });
  const sessions = serverDownUntilUp('get', 'listSessions', {
    error: false,
    data: { sessions: [aSession({ device: 'Firefox on Linux' })] },
  });
  renderApp('/dashboard/settings', { preloadedState: signedIn(admin) });
  const alert = await screen.findByText('Could not load your sessions.');
  expect(
    within(alert.closest('[role="alert"]') as HTMLElement).getByRole('button', { name: 'Try again' }),
  ).toBeVisible();
  sessions.up();
  act(() => void window.dispatchEvent(new Event('online')));
  expect(await screen.findByText(/Firefox on Linux/)).toBeInTheDocument();
  expect(screen.queryByText('Could not load your sessions.')).not.toBeInTheDocument();
});

describe('a failed send says why', () => {
  async function sendInvitation() {
    server.use(noCompanyDomain(), mockOrganizationMembers({ users: [], invitations: [] }));
    const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    await user.click(await screen.findByRole('button', { name: /^(Invite|邀请)$/ }));
    const form = within(await screen.findByRole('form', { name: /Invite a member|邀请成员/ }));
    await user.type(form.getByRole('textbox', { name: /Email|邮箱/ }), 'new@example.com');
    await user.click(form.getByRole('button', { name: /Send invitation|发送邀请/ }));
    return screen.findByRole('alert');
  }

  test('no answer: the service could not be reached', async () => {
    server.use(http.post(operationUrl('inviteUser'), () => HttpResponse.error()));
    const alert = await sendInvitation();
    expect(alert).toHaveTextContent('Failed to send invitation');
    expect(alert).toHaveTextContent(UNREACHABLE_TEXT);
  });

  test('a 503 without a message: the service is not available right now', async () => {
    server.use(
      http.post(operationUrl('inviteUser'), () => new HttpResponse('Service Unavailable', { status: 503 })),
    );
    const alert = await sendInvitation();
    expect(alert).toHaveTextContent('Failed to send invitation');
    expect(alert).toHaveTextContent(UNAVAILABLE_TEXT);
  });

  test('in Chinese', async () => {
    await activateLocale('zh-CN');
    try {
      server.use(http.post(operationUrl('inviteUser'), () => HttpResponse.error()));
      const alert = await sendInvitation();
      expect(alert).toHaveTextContent('发送邀请失败');
      expect(alert).toHaveTextContent('无法连接到服务。请检查网络连接，或稍后重试。');
    } finally {
      activateLocaleWith('en', {});
    }
  });
});
