import { screen, waitFor, within } from '@testing-library/react';
import { aCreditUsage, anOrganization, aUsageReport, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#usage: /dashboard/usage.

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const member = aUser({
  id: 'user-2',
  role: 'member',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});

const teamReport = aUsageReport({
  total_spent: 7,
  by_day: [
    { day: '2026-01-01', spent: 5 },
    { day: '2026-01-02', spent: 2 },
  ],
  by_feature: [
    { feature: 'email_lookup', spent: 5 },
    { feature: 'phone_lookup', spent: 2 },
  ],
  members: {
    items: [
      {
        user_id: 'user-2',
        name: 'Grace Hopper',
        email: 'grace@example.com',
        spent: 5,
        spends: 5,
        monthly_cap: 5,
        opening_balance: 10,
        closing_balance: 5,
      },
      {
        user_id: 'user-3',
        name: 'Sam Stone',
        email: 'sam@example.com',
        spent: 2,
        spends: 1,
        monthly_cap: null,
        opening_balance: 10,
        closing_balance: 5,
      },
    ],
    total: 2,
    page: 1,
    page_size: 25,
  },
});

function packs() {
  return mockApi('getCreditPacks', {
    error: false,
    data: [{ slug: 'credits-100', name: '100 credits', credits: 100, price: 900 }],
  });
}

test('an admin sees the team’s spending by member, filters to one member, and exports the filtered CSV', async () => {
  const report = spyOnApi('getUsageReport', { error: false, data: teamReport });
  server.use(mockApi('getCreditUsage', { error: false, data: aCreditUsage() }), report.handler, packs());
  const { user } = renderApp('/dashboard/usage', { preloadedState: signedIn(admin) });

  expect(await screen.findByRole('heading', { name: 'Usage', level: 1 })).toBeInTheDocument();
  const table = await screen.findByRole('table', { name: 'Spending by member' });
  const rows = within(table).getAllByRole('row').slice(1);
  expect(
    rows.map((row) =>
      within(row)
        .getAllByRole('cell')
        .slice(0, 4)
        .map((c) => c.textContent),
    ),
  ).toEqual([
    ['Grace Hoppergrace@example.com', '5', '5', '5'],
    ['Sam Stonesam@example.com', '2', '1', 'No cap'],
  ]);
  expect(screen.getByText(/Credits spent from 2026-01-01 to 2026-01-02/)).toHaveTextContent('7');

  await user.click(screen.getByRole('button', { name: 'Show only Grace Hopper' }));
  await waitFor(() => expect(report.requests.at(-1)!.url.searchParams.get('user_id')).toBe('user-2'));
  expect(await screen.findByText('Member: Grace Hopper')).toBeInTheDocument();
  const exportLink = screen.getByRole('link', { name: 'Export CSV' });
  const href = new URL(exportLink.getAttribute('href')!);
  expect(href.pathname).toBe('/api/export-credit-ledger');
  expect(href.searchParams.get('user_id')).toBe('user-2');
  expect(exportLink).toHaveAttribute('download');
  expect(screen.getByRole('button', { name: 'Buy 100 credits for $9' })).toBeInTheDocument();

  await user.click(screen.getByRole('combobox', { name: 'Feature' }));
  await user.click(await screen.findByRole('option', { name: 'phone_lookup' }));
  await waitFor(() => expect(report.requests.at(-1)!.url.searchParams.get('feature')).toBe('phone_lookup'));
  await waitFor(() =>
    expect(
      new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')!).searchParams.get(
        'feature',
      ),
    ).toBe('phone_lookup'),
  );
});

test('a member sees their own usage against their cap, in the warning state from 75%', async () => {
  server.use(
    mockApi('getCreditUsage', {
      error: false,
      data: aCreditUsage({ user_id: 'user-2', monthly_cap: 8, period_spent: 6, credits: 4, plan_credits: 4 }),
    }),
    mockApi('getUsageReport', { error: false, data: aUsageReport({ scope: 'self' }) }),
  );
  renderApp('/dashboard/usage', { preloadedState: signedIn(member) });

  expect(await screen.findByText(/6 of 8 credits used this period \(75%\)/)).toBeInTheDocument();
  expect(screen.getByText('You have used 75% of the monthly cap.')).toBeInTheDocument();
  expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '75');
  expect(screen.getByRole('heading', { name: 'Your spending' })).toBeInTheDocument();
  expect(screen.queryByRole('table', { name: 'Spending by member' })).not.toBeInTheDocument();
  expect(screen.queryByRole('heading', { name: 'Buy credits' })).not.toBeInTheDocument();
  expect(await screen.findByText('No credits were spent in this period.')).toBeInTheDocument();
});

test('at 100% of the cap the member is told lookups are refused', async () => {
  server.use(
    mockApi('getCreditUsage', { error: false, data: aCreditUsage({ monthly_cap: 5, period_spent: 5 }) }),
    mockApi('getUsageReport', { error: false, data: aUsageReport({ scope: 'self' }) }),
  );
  renderApp('/dashboard/usage', { preloadedState: signedIn(member) });
  expect(await screen.findByText(/You reached your monthly cap of 5 credits/)).toBeInTheDocument();
});

test('a failed report says so and can be retried', async () => {
  server.use(
    mockApi('getCreditUsage', { error: false, data: aCreditUsage() }),
    mockApiError('getUsageReport', 'Database is busy', { status: 503 }),
    packs(),
  );
  const { user } = renderApp('/dashboard/usage', { preloadedState: signedIn(admin) });
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the usage report');
  expect(alert).toHaveTextContent('Database is busy');
  server.use(mockApi('getUsageReport', { error: false, data: teamReport }));
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await screen.findByRole('table', { name: 'Spending by member' })).toBeInTheDocument();
});

test('a period that ends before it starts is not asked for', async () => {
  const report = spyOnApi('getUsageReport', { error: false, data: teamReport });
  server.use(mockApi('getCreditUsage', { error: false, data: aCreditUsage() }), report.handler, packs());
  const { user } = renderApp('/dashboard/usage', { preloadedState: signedIn(admin) });
  const from = await screen.findByLabelText('From');
  await user.clear(from);
  await user.type(from, '2099-01-01');
  expect(await screen.findByText('The period ends before it starts.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Apply period' })).toBeDisabled();
});

test('a year of days and the largest page of members (50) keep the page under 1,500 DOM nodes', async () => {
  const start = Date.UTC(2025, 0, 1);
  const byDay = Array.from({ length: 366 }, (_, i) => ({
    day: new Date(start + i * 86_400_000).toISOString().slice(0, 10),
    spent: (i % 7) + 1,
  }));
  const items = Array.from({ length: 50 }, (_, i) => ({
    user_id: `user-${i + 10}`,
    name: `Member ${i}`,
    email: `m${i}@example.com`,
    spent: 1000 - i,
    spends: 1000 - i,
    monthly_cap: null,
    opening_balance: 0,
    closing_balance: 0,
  }));
  server.use(
    mockApi('getCreditUsage', { error: false, data: aCreditUsage() }),
    mockApi('getUsageReport', {
      error: false,
      data: aUsageReport({
        from: byDay[0]!.day,
        to: byDay.at(-1)!.day,
        total_spent: 1464,
        by_day: byDay,
        members: { items, total: 10_000, page: 1, page_size: 50 },
      }),
    }),
    packs(),
  );
  renderApp('/dashboard/usage', { preloadedState: signedIn(admin) });
  const table = await screen.findByRole('table', { name: 'Spending by member' });
  expect(within(table).getAllByRole('row')).toHaveLength(51);
  await screen.findByRole('button', { name: 'Buy 100 credits for $9' });
  expect(document.querySelectorAll('*').length).toBeLessThan(1500);
});
