/** docs/product.md#languages: a Chinese UI, from the same components; the Settings switch remembers the choice. */
import { render, screen, within } from '@testing-library/react';
import BuySeats from '../../../src/web/features/billing/components/BuySeats';
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
import { mockApi, mockOrganizationMembers, nothingToJoin, overviewCalls } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, renderWithProviders, signedIn } from '../utils/render';

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
  // Asked on the side: may this user without organization join their company's?
  server.use(nothingToJoin(), ...overviewCalls());
  await activateLocale('zh-CN');
  renderApp('/dashboard', {
    preloadedState: signedIn(aUser({ role: 'admin', has_installed: true, connection_id: null })),
  });
  expect(await screen.findByRole('heading', { level: 1, name: '概览' })).toBeInTheDocument();
  // The home's cards: the next onboarding step, credits, extension and CRM.
  expect(screen.getByText('下一步：连接您的 CRM，让扩展把潜在客户同步进去。')).toBeInTheDocument();
  const setup = within(await screen.findByRole('region', { name: '扩展与 CRM' }));
  expect(setup.getByText('已安装')).toBeInTheDocument();
  expect(await screen.findByRole('region', { name: '本周期点数' })).toBeInTheDocument();
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

test('in zh-CN the price of seats names the plan in Chinese', async () => {
  await activateLocale('zh-CN');
  server.use(
    mockApi('quoteSeats', {
      error: false,
      data: {
        lines: [{ product: 'pro', quantity: 2, unit_amount: 7900 }],
        interval: 'monthly',
        full_amount: 15800,
        amount_due_now: 15800,
        prorated: false,
        period_end: null,
      },
    }),
  );
  const { user } = renderWithProviders(<BuySeats />, {
    route: '/dashboard/billing',
    path: '/dashboard/billing',
    preloadedState: signedIn(),
  });
  await user.click(screen.getByRole('radio', { name: 'Pro' }));
  await user.click(screen.getByRole('button', { name: '购买席位' }));
  const dialog = within(await screen.findByRole('dialog', { name: '确认订单' }));
  expect(await dialog.findByText('2 个专业版席位')).toBeInTheDocument();
  expect(dialog.getByText('每个席位每月 US$79')).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: '支付 US$158' })).toBeEnabled();
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

  test('the receipt: what the payment bought', async () => {
    server.use(
      mockApi('getInvoices', {
        error: false,
        data: {
          next_invoice: null,
          payment_method: 'Visa .... 4242',
          invoices: [
            {
              id: 'cs_42',
              date: 1_768_435_200,
              items: [
                { description: 'Pro plan (yearly)', quantity: 1 },
                { description: 'Standard seat (yearly)', quantity: 2 },
                { description: '2,000 credits (one-off, never expire)', quantity: 1 },
              ],
              amount: 74_880,
              status: 'paid',
            },
          ],
        },
      }),
    );
    renderApp('/dashboard/billing/success', { preloadedState: signedIn(aUser({ role: 'admin' })) });
    const receipt = within(await screen.findByRole('region', { name: '收据' }));
    expect(receipt.getByText('专业版套餐（按年）')).toBeInTheDocument();
    expect(receipt.getByText('标准版席位（按年） × 2')).toBeInTheDocument();
    expect(receipt.getByText('2,000 点数（一次性，永不过期）')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '返回账单' })).toHaveAttribute('href', '/dashboard/billing');
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
