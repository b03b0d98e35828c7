import { screen, waitFor, within } from '@testing-library/react';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { anAuditEvent, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#audit-log: /dashboard/audit, for admins: the log paged on the server, filters, CSV export.

const admin = aUser({ role: 'admin' });

test('shows the events with actor, target and address, and sends the filters to the server', async () => {
  const list = spyOnApi('listAuditEvents', (request) => ({
    error: false,
    data: {
      events:
        request.url.searchParams.get('type') === 'member.removed'
          ? [anAuditEvent()]
          : [anAuditEvent(), anAuditEvent({ id: '41', type: 'auth.sign_in_failed', actor_email: null })],
      total: 2,
      page: 1,
      page_size: 25,
    },
  }));
  server.use(list.handler);
  const { user } = renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
  const table = await screen.findByRole('table', { name: 'Audit log' });
  const rows = within(table).getAllByRole('row');
  expect(within(rows[1]!).getByText('Member removed')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('ada@example.com')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('charles@example.com')).toBeInTheDocument();
  expect(within(rows[1]!).getByText('203.0.113.7')).toBeInTheDocument();
  expect(within(rows[2]!).getByText('Sign-in failed')).toBeInTheDocument();
  expect(list.requests[0]!.url.searchParams.get('page')).toBe('1');

  await user.click(screen.getByRole('combobox', { name: 'Event' }));
  await user.click(await screen.findByRole('option', { name: 'Member removed' }));
  await screen.findByText((_, el) => el?.tagName === 'TD' && el.textContent === 'Member removed');
  expect(list.requests.at(-1)!.url.searchParams.get('type')).toBe('member.removed');
});

test('no events: says so; a failure offers "Try again"', async () => {
  server.use(mockApiError('listAuditEvents', 'Database unavailable', { status: 503 }));
  const { user } = renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
  expect(await screen.findByText('Could not load the audit log.')).toBeInTheDocument();
  server.use(
    spyOnApi('listAuditEvents', { error: false, data: { events: [], total: 0, page: 1, page_size: 25 } })
      .handler,
  );
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No events match these filters.')).toBeInTheDocument();
});

test('a member is told the page is for admins and nothing is asked of the server', async () => {
  renderApp('/dashboard/audit', { preloadedState: signedIn(aUser({ role: 'member' })) });
  expect(await screen.findByText('Only an organization admin can see the audit log.')).toBeInTheDocument();
});

test('Export CSV is a download of the whole filtered log, streamed by the server', async () => {
  server.use(
    mockApi('listAuditEvents', {
      error: false,
      data: { events: [anAuditEvent()], total: 1, page: 1, page_size: 25 },
    }),
  );
  const { user } = renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
  await screen.findByRole('table', { name: 'Audit log' });
  const link = () => screen.getByRole('link', { name: 'Export CSV' });
  expect(link()).toHaveAttribute('download');
  expect(new URL(link().getAttribute('href')!).pathname).toBe('/api/export-audit-events');
  expect(new URL(link().getAttribute('href')!).search).toBe('');

  await user.click(screen.getByRole('combobox', { name: 'Event' }));
  await user.click(await screen.findByRole('option', { name: 'Member removed' }));
  await user.type(screen.getByRole('textbox', { name: 'Person' }), 'ada@');
  // A person typed applies once the typing pauses; the export follows the applied filters.
  await waitFor(() => expect(new URL(link().getAttribute('href')!).searchParams.get('person')).toBe('ada@'));
  expect(new URL(link().getAttribute('href')!).searchParams.get('type')).toBe('member.removed');
});

describe('readable entries', () => {
  const events = [
    anAuditEvent({ id: '1', type: 'auth.signed_in', details: { method: 'password' } }),
    anAuditEvent({ id: '2', type: 'credits.cap_changed', details: { from: null, to: null } }),
    anAuditEvent({
      id: '3',
      type: 'credits.top_up',
      details: { pack: 'credits-1000', credits: 1000, checkout: 'cs_test_a1B2c3' },
    }),
    anAuditEvent({ id: '4', type: 'auth.signed_out', ip: null }),
  ];
  const listed = () =>
    mockApi('listAuditEvents', { error: false, data: { events, total: 4, page: 1, page_size: 25 } });

  async function detailsColumn() {
    const table = await screen.findByRole('table', { name: /Audit log|审计日志/ });
    return within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').at(-1)!.textContent);
  }

  test('details are sentences, times short and 24-hour', async () => {
    server.use(listed());
    renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
    expect(await detailsColumn()).toEqual([
      'Signed in with a password.',
      'Still no monthly cap.',
      'Bought 1,000 credits.',
      '—',
    ]);
    const table = screen.getByRole('table', { name: 'Audit log' });
    expect(table).not.toHaveTextContent(/method:|null|cs_test|checkout/);
    const time = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]!.textContent;
    expect(time).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{2}:\d{2}$/);
  });

  test('in Chinese too', async () => {
    server.use(listed());
    await activateLocale('zh-CN');
    try {
      renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
      expect(await detailsColumn()).toEqual([
        '使用密码登录。',
        '仍未设置每月上限。',
        '购买了 1,000 点。',
        '—',
      ]);
      const table = screen.getByRole('table', { name: '审计日志' });
      const time = within(within(table).getAllByRole('row')[1]!).getAllByRole('cell')[0]!.textContent;
      expect(time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    } finally {
      activateLocaleWith('en', {});
    }
  });

  test('the period is typed as YYYY-MM-DD: a day that is not one says so and filters nothing', async () => {
    const list = spyOnApi('listAuditEvents', {
      error: false,
      data: { events, total: 4, page: 1, page_size: 25 },
    });
    server.use(list.handler);
    const { user } = renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
    await screen.findByRole('table', { name: 'Audit log' });
    const from = screen.getByRole('textbox', { name: 'From' });
    expect(from).not.toHaveAttribute('type', 'date');
    expect(from).toHaveAccessibleDescription('YYYY-MM-DD');

    await user.type(from, '2026-02-30');
    expect(from).toHaveAttribute('aria-invalid', 'true');
    expect(from).toHaveAccessibleDescription(/^Write the day as YYYY-MM-DD, e\.g\. \d{4}-\d{2}-\d{2}\.$/);
    expect(list.requests.every((request) => !request.url.searchParams.has('from'))).toBe(true);

    await user.clear(from);
    await user.type(from, '2026-01-05');
    expect(from).toHaveAttribute('aria-invalid', 'false');
    await waitFor(() =>
      expect(list.requests.at(-1)!.url.searchParams.get('from')).toBe(
        String(new Date(2026, 0, 5).getTime() / 1000),
      ),
    );
  });
});
