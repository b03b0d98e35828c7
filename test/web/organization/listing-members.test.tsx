import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { MembersTable } from '../../../src/web/features/organization/components/MembersTable';
import type { OrganizationMember } from '../../../src/web/features/organization/lib/members';
import { aMember } from '../msw/fixtures';

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
      <MembersTable members={members} canManage={canManage} onRemove={onRemove} />
    </MemoryRouter>,
  );
  return { ...result, onRemove, user: userEvent.setup() };
}

function bodyRows() {
  const table = screen.getByRole('table', { name: 'Team members' });
  // The first row group is the header.
  return within(within(table).getAllByRole('rowgroup')[1]).getAllByRole('row');
}

// Rendering thousands of members is slow on a loaded CI machine.
jest.setTimeout(30_000);

describe('MembersTable with thousands of members', () => {
  const members = Array.from({ length: 5000 }, (_, i) => aTeamMember(i + 1));

  test('renders one page only, keeping the DOM under 1,500 nodes', () => {
    const { container } = renderTable(members);
    expect(bodyRows()).toHaveLength(25);
    expect(container.querySelectorAll('*').length).toBeLessThan(1500);
    expect(screen.getByText('1–25 of 5000')).toBeInTheDocument();
  });

  test('stays under 1,500 nodes at the largest page size', async () => {
    const { container, user } = renderTable(members);
    await user.click(screen.getByRole('combobox', { name: /members per page/i }));
    await user.click(screen.getByRole('option', { name: '50' }));
    expect(bodyRows()).toHaveLength(50);
    expect(container.querySelectorAll('*').length).toBeLessThan(1500);
  });

  test('every member is reachable by paging', async () => {
    const { user } = renderTable(members);
    expect(screen.getByText('member1@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /next page/i }));
    expect(screen.getByText('member26@example.com')).toBeInTheDocument();
    expect(screen.queryByText('member1@example.com')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /last page/i }));
    expect(screen.getByText('member5000@example.com')).toBeInTheDocument();
    expect(screen.getByText('4976–5000 of 5000')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /first page/i }));
    expect(screen.getByText('member1@example.com')).toBeInTheDocument();
  });

  test('a search finds a member on any page', async () => {
    const { user } = renderTable(members);
    await user.click(screen.getByRole('searchbox', { name: 'Search members' }));
    await user.paste('member4321@');
    await waitFor(() => expect(bodyRows()).toHaveLength(1));
    expect(screen.getByText('member4321@example.com')).toBeInTheDocument();
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

  test('an admin viewer gets Edit on every member, Remove on non-admins and "Cannot remove admin" on admins', () => {
    renderTable([admin, standard, noDate], true);
    const [adminRow, standardRow] = bodyRows();
    expect(screen.getAllByRole('link', { name: 'Edit' })).toHaveLength(3);
    expect(within(adminRow).getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/dashboard/member/edit/1',
    );
    expect(within(adminRow).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(within(adminRow).getByText('Cannot remove admin')).toBeInTheDocument();
    expect(within(standardRow).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Remove' })).toHaveLength(2);
  });

  test('Remove hands the member to the page (which asks for confirmation)', async () => {
    const { user, onRemove } = renderTable([admin, standard]);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onRemove).toHaveBeenCalledWith(standard);
  });

  test('a non-admin viewer sees no Edit links and no Remove buttons', () => {
    renderTable([admin, standard, noDate], false);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
  });
});
