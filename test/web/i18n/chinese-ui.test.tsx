/** Issue 14: a Chinese UI, from the same components; the Settings switch remembers the choice. */
import { render, screen, within } from '@testing-library/react';
import CouponBanner from '../../../src/web/features/pricing/components/CouponBanner';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { chooseLocale } from '../../../src/web/i18n/browser-locale';
import {
  aCoupon,
  aCreditUsage,
  aMember,
  anAuditEvent,
  anOrganization,
  aSession,
  aUser,
} from '../msw/fixtures';
import { mockApi, mockOrganizationMembers, nothingToJoin } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

jest.mock('../../../src/web/i18n/browser-locale', () => ({
  ...jest.requireActual('../../../src/web/i18n/browser-locale'),
  chooseLocale: jest.fn(),
}));

beforeEach(() =>
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
  ),
);
afterEach(() => {
  activateLocaleWith('en', {});
  jest.restoreAllMocks();
});

test('in zh-CN the shell, the overview and Settings speak Chinese and <html lang> follows', async () => {
  // Asked on the side: may this user without organization join their company's? (issue 15)
  server.use(nothingToJoin());
  await activateLocale('zh-CN');
  renderApp('/dashboard', { preloadedState: signedIn(aUser({ role: 'admin' })) });
  expect(await screen.findByRole('heading', { level: 1, name: '概览' })).toBeInTheDocument();
  const nav = within(screen.getByRole('navigation', { name: '控制台' }));
  expect(nav.getByRole('link', { name: '组织' })).toBeInTheDocument();
  expect(nav.getByRole('link', { name: '设置' })).toBeInTheDocument();
  expect(screen.getByText('剩余点数')).toBeInTheDocument();
  expect(document.documentElement.lang).toBe('zh-CN');
  expect(document.title).toBe('概览');
});

test('the Settings switch remembers the choice and reloads in it', async () => {
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await user.click(screen.getByRole('combobox', { name: 'Language' }));
  await user.click(await screen.findByRole('option', { name: '简体中文' }));
  expect(chooseLocale).toHaveBeenCalledWith('zh-CN');
});

describe('in zh-CN the labels the server makes from stored data read in Chinese', () => {
  beforeEach(() => activateLocale('zh-CN'));

  test('Settings: where each session is signed in', async () => {
    server.use(
      mockApi('listSessions', {
        error: false,
        data: {
          sessions: [
            aSession({ device: 'Chrome on Linux', place: 'This computer', ip: '127.0.0.1' }),
            aSession({ id: '8', device: 'Unknown device', place: 'Internet', current: false }),
          ],
        },
      }),
    );
    renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
    const sessions = within(await screen.findByRole('list', { name: '会话' }));
    expect(sessions.getByText('Linux 上的 Chrome')).toBeInTheDocument();
    expect(sessions.getByText(/^本机 \(127\.0\.0\.1\)/)).toBeInTheDocument();
    expect(sessions.getByText('未知设备')).toBeInTheDocument();
    expect(sessions.getByText(/^互联网/)).toBeInTheDocument();
  });

  test('the audit log: the details of each entry', async () => {
    server.use(
      mockApi('listAuditEvents', {
        error: false,
        data: {
          events: [
            anAuditEvent({ type: 'member.role_changed', details: { from: 'member', to: 'admin' } }),
            anAuditEvent({ id: '41', type: 'auth.signed_in', details: { method: 'password' } }),
          ],
          total: 2,
          page: 1,
          page_size: 25,
        },
      }),
    );
    renderApp('/dashboard/audit', { preloadedState: signedIn(aUser({ role: 'admin' })) });
    const table = within(await screen.findByRole('table', { name: '审计日志' }));
    expect(table.getByText('角色从成员改为管理员。')).toBeInTheDocument();
    expect(table.getByText('使用密码登录。')).toBeInTheDocument();
  });

  test('the coupon banner: the launch offer', () => {
    render(<CouponBanner coupon={aCoupon({ name: 'Launch offer: 30% off' })} />);
    expect(screen.getByText('首发优惠：30% 折扣')).toBeInTheDocument();
  });

  test('a member’s Product options: the seats available', async () => {
    server.use(
      mockOrganizationMembers({
        users: [aMember({ id: 'user-1', role: 'admin' }), aMember({ id: 'user-2', name: 'Grace Hopper' })],
        invitations: [],
      }),
      mockApi('getCreditUsage', { error: false, data: aCreditUsage({ user_id: 'user-2' }) }),
    );
    const admin = aUser({
      id: 'user-1',
      role: 'admin',
      organization: anOrganization({ billing_admin_id: 'user-1', seats: { standard: 2, pro: 1 } }),
    });
    const { user } = renderApp('/dashboard/member/edit/user-2', { preloadedState: signedIn(admin) });
    await user.click(await screen.findByRole('combobox', { name: '产品' }));
    const options = within(await screen.findByRole('listbox'));
    expect(options.getByRole('option', { name: '免费版' })).toBeInTheDocument();
    expect(options.getByRole('option', { name: '标准版（剩余 2 个席位）' })).toBeInTheDocument();
    expect(options.getByRole('option', { name: '专业版（剩余 1 个席位）' })).toBeInTheDocument();
  });
});
