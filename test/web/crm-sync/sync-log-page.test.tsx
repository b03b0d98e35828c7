import { screen, within } from '@testing-library/react';
import { anOrganization, aSoftware, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import type { Schemas } from '../../../src/web/api/contract-types';

// docs/product.md#sync-log: /dashboard/crm-sync/log, every sync with who, when, the record link and the
// fields written; filters, pages by the server's cursor, the CSV export.

const admin = aUser({ role: 'admin', organization: anOrganization() });
const member = aUser({ role: 'member', organization: anOrganization() });

function anEntry(overrides: Partial<Schemas['SyncLogEntry']> = {}): Schemas['SyncLogEntry'] {
  return {
    id: '301',
    created_at: 1767225600,
    user_id: 'user-2',
    user_email: 'grace@example.com',
    user_name: 'Grace Hopper',
    software: 'demo-crm',
    outcome: 'created',
    profile_name: 'Ada Lovelace',
    profile_url: 'https://www.linkedin.com/in/ada',
    record_id: '17',
    record_url: 'http://localhost/sandbox/crm/records/17',
    fields_written: ['firstname', 'email'],
    refused_field: null,
    detail: null,
    credits_charged: 1,
    ...overrides,
  };
}

beforeEach(() => {
  server.use(
    mockApi('getSoftware', { error: false, data: aSoftware() }),
    mockApi('getOrganizationMembers', {
      error: false,
      data: {
        users: [],
        invitations: [],
        total: 0,
        member_count: 0,
        page: 1,
        per_page: 100,
      },
    } as never),
  );
});

test('an admin sees the team, pages older by the cursor, and filters by outcome', async () => {
  const list = spyOnApi('listSyncLog', (request) => {
    const cursor = request.url.searchParams.get('cursor');
    const outcome = request.url.searchParams.get('outcome');
    if (outcome === 'refused')
      return {
        error: false,
        data: {
          scope: 'organization',
          next_cursor: null,
          entries: [
            anEntry({
              id: '9',
              outcome: 'refused',
              refused_field: 'email',
              record_url: null,
              fields_written: [],
            }),
          ],
        },
      };
    return {
      error: false,
      data: cursor
        ? {
            scope: 'organization',
            next_cursor: null,
            entries: [anEntry({ id: '300', outcome: 'updated', profile_name: 'Older One' })],
          }
        : { scope: 'organization', next_cursor: '1767225600000000.301', entries: [anEntry()] },
    };
  });
  server.use(list.handler);
  const { user } = renderApp('/dashboard/crm-sync/log', { preloadedState: signedIn(admin) });
  const table = await screen.findByRole('table', { name: 'Sync log' });
  const row = within(table).getAllByRole('row')[1]!;
  expect(within(row).getByText('grace@example.com')).toBeInTheDocument();
  expect(within(row).getByText('Created')).toBeInTheDocument();
  expect(within(row).getByText('firstname, email')).toBeInTheDocument();
  expect(within(row).getByRole('link', { name: 'Open record 17' })).toHaveAttribute(
    'href',
    'http://localhost/sandbox/crm/records/17',
  );

  await user.click(screen.getByRole('button', { name: 'Older' }));
  expect(await screen.findByText('Older One')).toBeInTheDocument();
  expect(list.requests.at(-1)!.url.searchParams.get('cursor')).toBe('1767225600000000.301');
  await user.click(screen.getByRole('button', { name: 'Newer' }));
  expect(await screen.findByText('Ada Lovelace')).toBeInTheDocument();

  await user.click(screen.getByRole('combobox', { name: 'Outcome' }));
  await user.click(await screen.findByRole('option', { name: 'Refused by the CRM' }));
  expect(await screen.findByText('Field: email')).toBeInTheDocument();
  expect(list.requests.at(-1)!.url.searchParams.get('outcome')).toBe('refused');
  expect(list.requests.at(-1)!.url.searchParams.get('cursor')).toBeNull();
  const link = screen.getByRole('link', { name: 'Export CSV' });
  expect(new URL(link.getAttribute('href')!).pathname).toBe('/api/export-sync-log');
  expect(new URL(link.getAttribute('href')!).searchParams.get('outcome')).toBe('refused');
});

test('a member sees their own syncs, without a member column or filter', async () => {
  server.use(
    mockApi('listSyncLog', {
      error: false,
      data: { scope: 'self', next_cursor: null, entries: [anEntry()] },
    }),
  );
  renderApp('/dashboard/crm-sync/log', { preloadedState: signedIn(member) });
  const table = await screen.findByRole('table', { name: 'Sync log' });
  expect(within(table).queryByText('grace@example.com')).not.toBeInTheDocument();
  expect(screen.queryByRole('combobox', { name: 'Member' })).not.toBeInTheDocument();
  expect(screen.getByText('Every sync of yours in the last 13 months, newest first.')).toBeInTheDocument();
});

test('empty and failed states', async () => {
  server.use(mockApiError('listSyncLog', 'Database unavailable', { status: 503 }));
  const { user } = renderApp('/dashboard/crm-sync/log', { preloadedState: signedIn(member) });
  expect(await screen.findByText('Failed to load the sync log')).toBeInTheDocument();
  server.use(
    mockApi('listSyncLog', { error: false, data: { scope: 'self', next_cursor: null, entries: [] } }),
  );
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('No syncs match these filters.')).toBeInTheDocument();
});
