import { screen, waitFor, within } from '@testing-library/react';
import { aMember, anOrganization, aSoftware, aUser } from '../msw/fixtures';
import {
  heldAnswer,
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  mockSoftware,
  noCompanyDomain,
  ok,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';

// docs/product.md#session-and-network-policies: admins set the idle timeout, the session lifetime and the
// IP allow-list; a session the policy ended sends the user to /login, which says why.

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const team = [aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' })];

const NONE = { idle_timeout_minutes: null, session_lifetime_minutes: null, ip_allow_list: [] };
const YOUR_IP = '203.0.113.7';

function renderOrganization(viewer = admin) {
  server.use(noCompanyDomain(), mockOrganizationMembers({ users: team, invitations: [] }));
  return renderApp('/dashboard/organization', { preloadedState: signedIn(viewer) });
}

const policies = (saved = NONE) =>
  mockApi('getSessionPolicies', { error: false, data: { policies: saved, your_ip: YOUR_IP } });

async function openForm(user: ReturnType<typeof renderApp>['user'], name = 'Set session policies') {
  await user.click(await screen.findByRole('button', { name }));
}

const policiesForm = async (name = 'Session policies') => within(await screen.findByRole('form', { name }));

afterEach(() => activateLocaleWith('en', {}));

test('an admin opens the policies, sees what is saved and their address, and saves new ones', async () => {
  const held = heldAnswer();
  const save = spyOnApi('setSessionPolicies', ok('The session and network policies were saved.'));
  server.use(
    mockApi(
      'getSessionPolicies',
      {
        error: false,
        data: { policies: { ...NONE, session_lifetime_minutes: 720 }, your_ip: YOUR_IP },
      },
      { until: held.until },
    ),
    save.handler,
  );
  const { user } = renderOrganization();
  const open = await screen.findByRole('button', { name: 'Set session policies' });
  expect(open).toHaveAttribute('aria-expanded', 'false');
  await user.click(open);
  expect(screen.getByRole('button', { name: 'Hide session policies' })).toHaveAttribute(
    'aria-expanded',
    'true',
  );
  const section = within(screen.getByRole('region', { name: 'Session policies' }));
  expect(await section.findByText('Loading...')).toBeInTheDocument();
  held.release();
  const form = await policiesForm();
  expect(form.getByRole('textbox', { name: 'Idle timeout (minutes)' })).toHaveValue('');
  expect(form.getByRole('textbox', { name: 'Session lifetime (minutes)' })).toHaveValue('720');
  expect(form.getByText('Your current address: 203.0.113.7')).toBeInTheDocument();

  await user.type(form.getByRole('textbox', { name: 'Idle timeout (minutes)' }), '30');
  const list = form.getByRole('textbox', { name: 'IP allow-list' });
  await user.type(list, '2001:db8::/32');
  await user.click(form.getByRole('button', { name: 'Add my address' }));
  expect(list).toHaveValue(`2001:db8::/32\n${YOUR_IP}`);
  await user.click(form.getByRole('button', { name: 'Save policies' }));
  expect(await screen.findByText('The session and network policies were saved.')).toBeInTheDocument();
  expect(save.requests[0]!.body).toEqual({
    idle_timeout_minutes: 30,
    session_lifetime_minutes: 720,
    ip_allow_list: ['2001:db8::/32', YOUR_IP],
  });
});

test('names a malformed entry, warns of a lock-out and of times out of range, and will not save them', async () => {
  const save = spyOnApi('setSessionPolicies', ok('Saved'));
  server.use(policies(), save.handler);
  const { user } = renderOrganization();
  await openForm(user);
  const form = await policiesForm();
  const list = form.getByRole('textbox', { name: 'IP allow-list' });
  const saveButton = form.getByRole('button', { name: 'Save policies' });

  await user.type(list, '203.0.113.0/33');
  expect(
    form.getByText(
      '"203.0.113.0/33" is not an IP address or a CIDR range (such as 203.0.113.7 or 203.0.113.0/24).',
    ),
  ).toBeInTheDocument();
  expect(saveButton).toBeDisabled();

  await user.clear(list);
  await user.type(list, '198.51.100.0/24');
  expect(
    form.getByText(
      'This list does not include your current address 203.0.113.7: saving it would lock you out. Add your address or a range that contains it.',
    ),
  ).toBeInTheDocument();
  expect(saveButton).toBeDisabled();

  await user.clear(list);
  await user.type(list, '203.0.113.0/24');
  expect(saveButton).toBeEnabled();
  await user.type(form.getByRole('textbox', { name: 'Idle timeout (minutes)' }), '2');
  expect(
    form.getByText('Enter a number of minutes from 5 to 10,080, or leave it empty.'),
  ).toBeInTheDocument();
  expect(saveButton).toBeDisabled();
  expect(save.requests).toHaveLength(0);
});

test("a failed load says why and tries again; a refused save shows the server's words", async () => {
  server.use(
    mockApiError('getSessionPolicies', 'Something went wrong', { status: 500, once: true }),
    policies(),
    mockApiError(
      'setSessionPolicies',
      'This list does not include your current address 203.0.113.7: saving it would lock you out. Add your address or a range that contains it.',
      { status: 409 },
    ),
  );
  const { user } = renderOrganization();
  await openForm(user);
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the session policies');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  const form = await policiesForm();
  await user.click(form.getByRole('button', { name: 'Save policies' }));
  const refused = await form.findByRole('alert');
  expect(refused).toHaveTextContent('Failed to save the session policies');
  expect(refused).toHaveTextContent('saving it would lock you out');
});

test('is reached and saved with the keyboard alone', async () => {
  const save = spyOnApi('setSessionPolicies', ok('Saved'));
  server.use(policies(), save.handler);
  const { user } = renderOrganization();
  const open = await screen.findByRole('button', { name: 'Set session policies' });
  open.focus();
  await user.keyboard('{Enter}');
  const form = await policiesForm();
  form.getByRole('textbox', { name: 'Session lifetime (minutes)' }).focus();
  await user.keyboard('480');
  await user.tab();
  expect(form.getByRole('textbox', { name: 'IP allow-list' })).toHaveFocus();
  await user.tab();
  expect(form.getByRole('button', { name: 'Add my address' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await user.tab();
  expect(form.getByRole('button', { name: 'Save policies' })).toHaveFocus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(save.requests).toHaveLength(1));
  expect(save.requests[0]!.body).toEqual({
    idle_timeout_minutes: null,
    session_lifetime_minutes: 480,
    ip_allow_list: [YOUR_IP],
  });
});

test('a member sees no session policies', async () => {
  renderOrganization(aUser({ id: 'user-2', role: 'member', organization: anOrganization() }));
  await screen.findByText('Ada Lovelace');
  expect(screen.queryByRole('button', { name: 'Set session policies' })).not.toBeInTheDocument();
});

test('in Chinese', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  server.use(policies());
  const { user } = renderOrganization();
  await openForm(user, '设置会话策略');
  const form = await policiesForm('会话策略');
  expect(form.getByRole('textbox', { name: '空闲超时（分钟）' })).toHaveValue('');
  expect(form.getByText('您当前的地址：203.0.113.7')).toBeInTheDocument();
  await user.type(form.getByRole('textbox', { name: 'IP 允许列表' }), '198.51.100.1');
  expect(form.getByText(/此列表不包含您当前的地址 203\.0\.113\.7/)).toBeInTheDocument();
  expect(form.getByRole('button', { name: '保存策略' })).toBeDisabled();
});

describe('a session the policy ended', () => {
  test('sends the user to /login, which says why and keeps the page to return to', async () => {
    const logout = spyOnApi('logout', ok());
    server.use(
      noCompanyDomain(),
      mockSoftware(aSoftware()),
      logout.handler,
      mockApiError(
        'getOrganizationMembers',
        'You were signed out after 30 minutes without activity, as your organization requires. Please log in again.',
        { status: 401 },
      ),
    );
    const { router } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    expect(
      await screen.findByText(
        'You were signed out after 30 minutes without activity, as your organization requires. Please log in again.',
      ),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('next')).toBe('/dashboard/organization');
    expect(screen.queryByText('Session expired, please login again.')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();
    await waitFor(() => expect(logout.requests).toHaveLength(1));
  });

  test('in Chinese, the sentence is the Chinese of its code', async () => {
    activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
    server.use(
      noCompanyDomain(),
      mockSoftware(aSoftware()),
      mockApi('logout', ok()),
      mockApiError(
        'getOrganizationMembers',
        'Your organization ends sessions after 60 minutes, and yours has reached that limit. Please log in again.',
        { status: 401 },
      ),
    );
    renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    expect(
      await screen.findByText('您的组织规定会话在 60 分钟后结束，您的会话已达到该时限。请重新登录。'),
    ).toBeInTheDocument();
  });
});
