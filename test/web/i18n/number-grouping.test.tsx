/**
 * Numbers are written with the language's grouping everywhere ('1,440' beside '2,000', never '1440'):
 * in messages through t() and in the figures pages show on their own (i18n/format.ts).
 */
import { screen, within } from '@testing-library/react';
import { activateLocale, activateLocaleWith, t } from '../../../src/web/i18n';
import { formatNumber } from '../../../src/web/i18n/format';
import { aCreditUsage, anOrganization, aUsageReport, aUser } from '../msw/fixtures';
import { mockApi, nothingToJoin, overviewCalls } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

afterEach(() => activateLocaleWith('en', {}));

describe('t() groups the numbers of its values', () => {
  test('in English', () => {
    expect(t('{spent} of {cap} credits used', { spent: 1440, cap: 2000 })).toBe(
      '1,440 of 2,000 credits used',
    );
    expect(t('{count, plural, one {# seat} other {# seats}}', { count: 12500 })).toBe('12,500 seats');
    expect(formatNumber(1440)).toBe('1,440');
  });

  test('in Chinese', () => {
    activateLocaleWith('zh-CN', { '{spent} of {cap} credits used': '已使用 {spent} / {cap} 点' });
    expect(t('{spent} of {cap} credits used', { spent: 1440, cap: 2000 })).toBe('已使用 1,440 / 2,000 点');
    expect(formatNumber(1234567)).toBe('1,234,567');
  });

  test('text values stay as given', () => {
    expect(t('Code {code}', { code: '1440' })).toBe('Code 1440');
  });
});

describe('pages', () => {
  test.each([
    ['en', 'Account'],
    ['zh-CN', '账户'],
  ] as const)('the Overview shows 1,440 credits in %s', async (locale, cardName) => {
    server.use(nothingToJoin(), ...overviewCalls());
    if (locale === 'zh-CN') await activateLocale('zh-CN');
    renderApp('/dashboard', { preloadedState: signedIn(aUser({ credits: 1440 })) });
    const account = within(await screen.findByRole('region', { name: cardName }));
    expect(account.getByText('1,440')).toBeInTheDocument();
  });

  test.each(['en', 'zh-CN'] as const)(
    'the Usage page groups the balance, the cap and the team totals in %s',
    async (locale) => {
      const admin = aUser({
        id: 'user-1',
        role: 'admin',
        organization: anOrganization({ billing_admin_id: 'user-1' }),
      });
      server.use(
        mockApi('getCreditUsage', {
          error: false,
          data: aCreditUsage({
            credits: 12000,
            plan_credits: 2000,
            top_up_credits: 10000,
            monthly_cap: 2000,
            period_spent: 1440,
          }),
        }),
        mockApi('getUsageReport', {
          error: false,
          data: aUsageReport({
            total_spent: 25300,
            members: {
              items: [
                {
                  user_id: 'user-2',
                  name: 'Grace Hopper',
                  email: 'grace@example.com',
                  spent: 25300,
                  spends: 1200,
                  monthly_cap: 30000,
                  opening_balance: 0,
                  closing_balance: 0,
                },
              ],
              total: 1,
              page: 1,
              page_size: 25,
            },
          }),
        }),
        mockApi('getCreditPacks', { error: false, data: [] }),
      );
      if (locale === 'zh-CN') await activateLocale('zh-CN');
      renderApp('/dashboard/usage', { preloadedState: signedIn(admin) });
      const table = await screen.findByRole('table');
      expect(
        within(within(table).getAllByRole('row')[1]!)
          .getAllByRole('cell')
          .slice(1, 4)
          .map((cell) => cell.textContent),
      ).toEqual(['25,300', '1,200', '30,000']);
      const page = document.body.textContent ?? '';
      expect(page).toContain('12,000');
      expect(page).toContain('10,000');
      expect(page).toContain('1,440');
      expect(page).toContain('25,300');
      expect(page).not.toMatch(/\b(12000|10000|1440|2000|25300)\b/);
    },
  );
});
