import { screen, within } from '@testing-library/react';
import { anAuditEvent, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// Issue 16: /dashboard/audit, for admins: the log paged on the server, filters, CSV export.

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

test('Export CSV saves the file and says how many entries', async () => {
  server.use(
    mockApi('listAuditEvents', {
      error: false,
      data: { events: [anAuditEvent()], total: 1, page: 1, page_size: 25 },
    }),
  );
  const exported = spyOnApi('exportAuditEvents', {
    error: false,
    data: { filename: 'audit-log-2026-01-01.csv', csv: 'time,event\r\n', rows: 1, truncated: false },
  });
  server.use(exported.handler);
  const createObjectURL = jest.fn(() => 'blob:audit');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
  const { user } = renderApp('/dashboard/audit', { preloadedState: signedIn(admin) });
  await screen.findByRole('table', { name: 'Audit log' });
  await user.click(screen.getByRole('button', { name: 'Export CSV' }));
  expect(await screen.findByText('Exported 1 entry.')).toBeInTheDocument();
  expect(exported.requests).toHaveLength(1);
  expect(createObjectURL).toHaveBeenCalledTimes(1);
  expect(click).toHaveBeenCalledTimes(1);
  click.mockRestore();
});
