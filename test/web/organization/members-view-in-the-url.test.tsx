/**
 * The members table's view (search, sort, page, page size) lives in the URL (lib/url-view.ts): a reload or
 * a shared link shows the same rows, back returns to them, and a URL with nonsense in it shows the first
 * view rather than an error. docs/product.md#members
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { aCreditUsage, aMember, anOrganization, aUser } from '../msw/fixtures';
import { mockApi, mockOrganizationMembers, noCompanyDomain } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

const admin = aUser({
  id: 'admin-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'admin-1' }),
});

const two = (n: number) => String(n).padStart(2, '0');
// 40 teammates a search for "teammate" finds, and 5 guests it does not.
const team = [
  aMember({ id: 'admin-1', name: 'Ada Admin', email: 'ada@example.com', role: 'admin' }),
  ...Array.from({ length: 40 }, (_, i) =>
    aMember({ id: `t-${i + 1}`, name: `Teammate ${two(i + 1)}`, email: `teammate${two(i + 1)}@example.com` }),
  ),
  ...Array.from({ length: 5 }, (_, i) =>
    aMember({ id: `g-${i + 1}`, name: `Guest ${i + 1}`, email: `guest${i + 1}@example.com` }),
  ),
];

function renderAt(url: string) {
  const requests: URLSearchParams[] = [];
  server.use(
    mockOrganizationMembers(
      { users: team, invitations: [] },
      { onRequest: (request) => requests.push(request.url.searchParams) },
    ),
    noCompanyDomain(),
  );
  return { ...renderApp(url, { preloadedState: signedIn(admin) }), requests };
}

/** The names of the table's rows, in order. */
function shownNames(): string[] {
  const table = screen.getByRole('table', { name: 'Team members' });
  const body = within(table).getAllByRole('rowgroup')[1]!;
  return within(body)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole('cell')[0]!.querySelector('p')!.textContent!);
}

const page3 = Array.from({ length: 10 }, (_, i) => `Teammate ${two(20 - i)}`);

test('a reload at ?q=teammate&sort=name&order=desc&page=3&size=10 shows that view: the third page of the search, by name, descending', async () => {
  renderAt('/dashboard/organization?q=teammate&sort=name&order=desc&page=3&size=10');
  expect(await screen.findByText('Teammate 20')).toBeInTheDocument();
  expect(shownNames()).toEqual(page3);
  expect(screen.getByText('21–30 of 40')).toBeInTheDocument();
  expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveValue('teammate');
  expect(screen.getByRole('columnheader', { name: /Name\/Email/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  expect(screen.getByRole('combobox', { name: /members per page/i })).toHaveTextContent('10');
});

test('searching, sorting and paging write the URL; the member edit page and back return to the same view', async () => {
  const { user, router } = renderAt('/dashboard/organization');
  server.use(mockApi('getCreditUsage', { error: false, data: aCreditUsage() }));
  expect(await screen.findByText('Teammate 01')).toBeInTheDocument();

  await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'teammate');
  await waitFor(() => expect(router.state.location.search).toBe('?q=teammate'));
  await user.click(screen.getByRole('button', { name: 'Name/Email' }));
  await user.click(await screen.findByRole('button', { name: /Name\/Email/ }));
  await waitFor(() => expect(router.state.location.search).toBe('?q=teammate&sort=name&order=desc'));
  await user.click(screen.getByRole('combobox', { name: /members per page/i }));
  await user.click(screen.getByRole('option', { name: '10' }));
  await user.click(await screen.findByRole('button', { name: /next page/i }));
  expect(await screen.findByText('11–20 of 40')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /next page/i }));
  await waitFor(() => expect(shownNames()).toEqual(page3));
  const view = new URLSearchParams(router.state.location.search);
  expect(Object.fromEntries(view)).toEqual({
    q: 'teammate',
    sort: 'name',
    order: 'desc',
    size: '10',
    page: '3',
  });

  await user.click(screen.getByRole('button', { name: 'Actions for Teammate 20' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
  expect(await screen.findByRole('heading', { name: 'Edit member', level: 1 })).toBeInTheDocument();
  // Its way back leads to the view it was opened from.
  expect(screen.getByRole('link', { name: /Back to organization/ })).toHaveAttribute(
    'href',
    `/dashboard/organization?${view.toString()}`,
  );

  await act(() => router.navigate(-1));
  expect(await screen.findByText('Teammate 20')).toBeInTheDocument();
  expect(shownNames()).toEqual(page3);
  expect(screen.getByRole('searchbox', { name: 'Search members' })).toHaveValue('teammate');
  // Ten steps through a page of 31 members: over the suite's 60 s on a busy 2-core machine (measured 62 s
  // at load average 10), so this test waits longer; it is a ceiling, not a speed check.
}, 180_000);

test('nonsense in the URL is the first view, without an error', async () => {
  const { requests } = renderAt('/dashboard/organization?q=&sort=salary&order=sideways&page=-2&size=7');
  expect(await screen.findByText('Teammate 01')).toBeInTheDocument();
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  expect(shownNames()[0]).toBe('Ada Admin');
  expect(screen.getByText('1–25 of 46')).toBeInTheDocument();
  expect(Object.fromEntries(requests[0]!)).toEqual({ page: '1', per_page: '25' });
});

test('a page past the end (members removed since the link was shared) shows the last page', async () => {
  const { router } = renderAt('/dashboard/organization?q=teammate&page=9&size=10');
  expect(await screen.findByText('Teammate 40')).toBeInTheDocument();
  expect(screen.getByText('31–40 of 40')).toBeInTheDocument();
  await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('page')).toBe('4'));
});
