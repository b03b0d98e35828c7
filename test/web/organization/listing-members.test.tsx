import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MembersTable } from '../../../src/web/features/organization/components/MembersTable';
import type { OrganizationMember } from '../../../src/web/features/organization/lib/members';
import { aMember, anOrganization, aUser } from '../msw/fixtures';
import { mockOrganizationMembers, noCompanyDomain } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

function aTeamMember(i: number, overrides: Partial<OrganizationMember> = {}): OrganizationMember {
  return aMember({
    id: String(i),
    name: `Member ${i}`,
    email: `member${i}@example.com`,
    join_timestamp: 1709640000,
    ...overrides,
  });
}

function renderTable(members: OrganizationMember[], canManage = true, onRemove = jest.fn()) {
  const result = render(
    <MemoryRouter>
      <MembersTable
        members={members}
        total={members.length}
        searchable={false}
        search=""
        onSearch={jest.fn()}
        page={0}
        onPage={jest.fn()}
        rowsPerPage={25}
        onRowsPerPage={jest.fn()}
        sort="joined"
        order="asc"
        onSort={jest.fn()}
        busy={false}
        canManage={canManage}
        onRemove={onRemove}
      />
    </MemoryRouter>,
  );
  return { ...result, onRemove, user: userEvent.setup() };
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Team members' });
  // The first row group is the header.
  return within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');
}

describe('the members of a 5,000-member organization, paged, searched and sorted by the server', () => {
  const members = Array.from({ length: 5000 }, (_, i) => aTeamMember(i + 1));
  const admin = aUser({ id: '1', role: 'admin', organization: anOrganization({ billing_admin_id: '1' }) });

  function renderPage() {
    const requests: URLSearchParams[] = [];
    server.use(
      mockOrganizationMembers(
        { users: members, invitations: [] },
        { onRequest: (request) => requests.push(request.url.searchParams) },
      ),
      noCompanyDomain(), // asked on the side by the page
    );
    const rendered = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
    return { ...rendered, requests };
  }

  test('asks for one page only and keeps the DOM under 1,500 nodes, at the largest page size too', async () => {
    const { user, requests } = renderPage();
    expect(await screen.findByText('member1@example.com')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByText('1–25 of 5000')).toBeInTheDocument();
    expect(requests[0]!.get('per_page')).toBe('25');
    expect(requests[0]!.get('page')).toBe('1');
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);

    await user.click(screen.getByRole('combobox', { name: /members per page/i }));
    await user.click(screen.getByRole('option', { name: '50' }));
    await waitFor(() => expect(bodyRows()).toHaveLength(50));
    expect(requests.at(-1)!.get('per_page')).toBe('50');
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);
  });

  test('every member is reachable by paging', async () => {
    const { user, requests } = renderPage();
    expect(await screen.findByText('member1@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(await screen.findByText('member26@example.com')).toBeInTheDocument();
    expect(screen.queryByText('member1@example.com')).not.toBeInTheDocument();
    expect(requests.at(-1)!.get('page')).toBe('2');
    await user.click(screen.getByRole('button', { name: /last page/i }));
    expect(await screen.findByText('member5000@example.com')).toBeInTheDocument();
    expect(screen.getByText('4976–5000 of 5000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /first page/i }));
    expect(await screen.findByText('member1@example.com')).toBeInTheDocument();
  });

  test('a search finds a member on any page, asking the server once the typing pauses', async () => {
    const { user, requests } = renderPage();
    expect(await screen.findByText('member1@example.com')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'member4321@');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('member4321@example.com')).toBeInTheDocument();
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
    // One request for the first page, then the searches of the pauses: not one per keystroke.
    const searches = requests.map((query) => query.get('search')).filter((search) => search !== null);
    expect(searches.at(-1)).toBe('member4321@');
    expect(searches.length).toBeLessThan('member4321@'.length);

    await user.clear(screen.getByRole('searchbox', { name: 'Search members' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search members' }), 'nobody');
    expect(await screen.findByText('No members match your search.')).toBeInTheDocument();
  });

  test('a click on a column header sorts by it on the server, a second click reverses it', async () => {
    const { user, requests } = renderPage();
    expect(await screen.findByText('member1@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Name/Email' }));
    // Names sort as text: Member 1, Member 10, Member 100...
    await waitFor(() => expect(within(bodyRows()[1]!).getByText('member10@example.com')).toBeInTheDocument());
    expect(requests.at(-1)!.get('sort')).toBe('name');
    expect(requests.at(-1)!.get('order')).toBe('asc');
    expect(screen.getByRole('columnheader', { name: /Name\/Email/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );

    await user.click(screen.getByRole('button', { name: /Name\/Email/ }));
    await waitFor(() =>
      expect(within(bodyRows()[0]!).getByText('member999@example.com')).toBeInTheDocument(),
    );
    expect(requests.at(-1)!.get('order')).toBe('desc');
    expect(screen.getByRole('columnheader', { name: /Name\/Email/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
  });
});

describe('MembersTable columns and actions', () => {
  const admin = aTeamMember(1, {
    name: 'Ada Admin',
    role: 'admin',
    subscription: { ...aTeamMember(1).subscription, stripe_product: 'Pro' },
  });
  const standard = aTeamMember(2, {
    name: 'Sam Standard',
    subscription: { ...aTeamMember(2).subscription, stripe_product: 'Standard' },
  });
  const noDate = aTeamMember(3, { name: 'Nina NoDate', join_timestamp: null });

  test('shows the columns of the spec', () => {
    renderTable([admin, standard, noDate]);
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Name/Email', 'Role', 'Product', 'Joined', 'Actions']);
  });

  test('shows name and email, role, plan badge and the join date, N/A when absent', () => {
    renderTable([admin, standard, noDate]);
    const [adminRow, standardRow, noDateRow] = bodyRows();
    expect(within(adminRow).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(adminRow).getByText('member1@example.com')).toBeInTheDocument();
    expect(within(adminRow).getByText('Admin')).toBeInTheDocument();
    expect(within(adminRow).getByText('Pro')).toBeInTheDocument();
    expect(within(adminRow).getByText('March 5, 2024')).toBeInTheDocument();
    expect(within(adminRow).getByText(/ago$/)).toBeInTheDocument();
    expect(within(standardRow).getByText('Member')).toBeInTheDocument();
    expect(within(standardRow).getByText('Standard')).toBeInTheDocument();
    expect(within(noDateRow).getByText('Free')).toBeInTheDocument();
    expect(within(noDateRow).getByText('N/A')).toBeInTheDocument();
  });

  test('plan badges are coloured differently for Free, Standard and Pro', () => {
    renderTable([admin, standard, noDate]);
    // The badge is the label's parent; its colour is what the eye tells apart.
    const colours = ['Pro', 'Standard', 'Free'].map(
      (plan) => getComputedStyle(screen.getByText(plan).parentElement!).backgroundColor,
    );
    expect(new Set(colours).size).toBe(3);
    // Free is outlined: no fill.
    expect(colours[2]).toBe('rgba(0, 0, 0, 0)');
  });

  test("an admin viewer gets one actions menu per row: an Edit link for everyone, Remove or 'Cannot remove admin'", async () => {
    const { user } = renderTable([admin, standard, noDate], true);
    const [adminRow, standardRow] = bodyRows();
    expect(within(adminRow).getAllByRole('button')).toHaveLength(1);
    await user.click(within(adminRow).getByRole('button', { name: /^Actions for / }));
    let menu = within(screen.getByRole('menu'));
    const edit = menu.getByRole('menuitem', { name: 'Edit' });
    expect(edit.tagName).toBe('A');
    expect(edit).toHaveAttribute('href', '/dashboard/member/edit/1');
    expect(menu.queryByRole('menuitem', { name: 'Remove' })).not.toBeInTheDocument();
    expect(menu.getByRole('menuitem', { name: 'Cannot remove admin' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await user.keyboard('{Escape}');
    await user.click(within(standardRow).getByRole('button', { name: /^Actions for / }));
    menu = within(await screen.findByRole('menu'));
    expect(menu.getByRole('menuitem', { name: 'Remove' })).not.toHaveAttribute('aria-disabled', 'true');
    expect(menu.queryByRole('menuitem', { name: 'Cannot remove admin' })).not.toBeInTheDocument();
  });

  test('Remove hands the member to the page (which asks for confirmation)', async () => {
    const { user, onRemove } = renderTable([admin, standard]);
    const [, standardRow] = bodyRows();
    await user.click(within(standardRow).getByRole('button', { name: /^Actions for / }));
    await user.click(screen.getByRole('menuitem', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith(standard);
  });

  test('a non-admin viewer sees no actions menus', () => {
    renderTable([admin, standard, noDate], false);
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
  });
});
