import { screen, waitFor, within } from '@testing-library/react';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { aMember, anOrganization, aSubscription, aUser, type OrganizationMember } from '../msw/fixtures';
import {
  heldAnswer,
  membersPage,
  mockApiError,
  mockOrganizationMembers,
  ok,
  spyOnApi,
  noCompanyDomain,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#seats: the Organization page shows purchased, assigned and available seats, and moves a seat from one
// member to another in one step.

const organization = anOrganization({ billing_admin_id: 'user-1', seats: { standard: 2, pro: 1 } });
const admin = aUser({ id: 'user-1', role: 'admin', organization });
const viewer = aUser({ id: 'user-5', role: 'viewer', organization });

const team: OrganizationMember[] = [
  aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' }),
  aMember({
    id: 'user-2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    subscription: aSubscription({ stripe_product: 'Standard' }),
  }),
  aMember({ id: 'user-3', name: 'Alan Turing', email: 'alan@example.com' }),
  aMember({ id: 'user-4', name: 'Bill Payer', email: 'bill@example.com', role: 'billing_manager' }),
  aMember({ id: 'user-5', name: 'Vera Viewer', email: 'vera@example.com', role: 'viewer' }),
];

function renderOrganization(who = admin) {
  return renderApp('/dashboard/organization', { preloadedState: signedIn(who) });
}

function rowOf(text: string) {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return within(row);
}

test('the seats summary shows purchased, assigned and available seats per product', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  server.use(mockOrganizationMembers({ users: team, invitations: [] }));
  renderOrganization();
  const seats = within(await screen.findByRole('table', { name: 'Seats' }));
  expect(seats.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
    'Product',
    'Purchased',
    'Assigned',
    'Available',
  ]);
  const standard = within(seats.getByRole('rowheader', { name: 'Standard' }).closest('tr')!);
  expect(standard.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['2', '1', '1']);
  const pro = within(seats.getByRole('rowheader', { name: 'Pro' }).closest('tr')!);
  expect(pro.getAllByRole('cell').map((cell) => cell.textContent)).toEqual(['1', '0', '1']);
  // The new roles read by name.
  expect(rowOf('Bill Payer').getByText('Billing manager')).toBeInTheDocument();
  expect(rowOf('Vera Viewer').getByText('Viewer')).toBeInTheDocument();
});

test('an admin moves a seat by keyboard: only members on Free who may hold a seat are offered', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  const move = spyOnApi('moveSeat', ok('Moved'));
  server.use(mockOrganizationMembers({ users: team, invitations: [] }), move.handler);
  const { user } = renderOrganization();
  await screen.findByText('Grace Hopper');
  // Only a member holding a paid seat has the item.
  await user.click(rowOf('Alan Turing').getByRole('button', { name: 'Actions for Alan Turing' }));
  expect(screen.queryByRole('menuitem', { name: 'Move seat' })).not.toBeInTheDocument();
  await user.keyboard('{Escape}');
  rowOf('Grace Hopper').getByRole('button', { name: 'Actions for Grace Hopper' }).focus();
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
  await user.keyboard('{ArrowDown}{Enter}');

  const dialog = within(await screen.findByRole('dialog', { name: 'Move seat' }));
  // The dialog opens on its one field.
  await waitFor(() => expect(dialog.getByRole('combobox', { name: /Give the seat to/ })).toHaveFocus());
  expect(
    dialog.getByText(/Grace Hopper \(grace@example.com\) gives their Standard seat/),
  ).toBeInTheDocument();
  expect(dialog.getByRole('button', { name: 'Move seat' })).toBeDisabled();
  await user.click(dialog.getByRole('combobox', { name: /Give the seat to/ }));
  const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
  // Ada is an admin on Free and may take it; the billing manager may not; Grace is the source.
  expect(options).toEqual([
    'Ada Lovelace (ada@example.com)',
    'Alan Turing (alan@example.com)',
    'Vera Viewer (vera@example.com)',
  ]);
  await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
  await user.click(dialog.getByRole('button', { name: 'Move seat' }));

  await waitFor(() => expect(move.requests).toHaveLength(1));
  expect(move.requests[0]!.body).toEqual({
    product: 'Standard',
    from_user_id: 'user-2',
    to_user_id: 'user-3',
  });
  expect(
    await screen.findByText(
      'Standard seat moved from Grace Hopper (grace@example.com) to Alan Turing (alan@example.com).',
    ),
  ).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

describe('the member who takes the seat is searched among the whole organization', () => {
  // More members than the page shows (25): Katherine joined last, so she is not on the loaded page.
  const katherine = aMember({ id: 'user-99', name: 'Katherine Johnson', email: 'katherine@example.com' });
  const bigTeam: OrganizationMember[] = [
    ...team,
    ...Array.from({ length: 30 }, (_, i) =>
      aMember({ id: `user-${10 + i}`, name: `Member ${10 + i}`, email: `member${10 + i}@example.com` }),
    ),
    katherine,
  ];

  async function openMoveSeatOfGrace(user: ReturnType<typeof renderOrganization>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Actions for Grace Hopper' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Move seat' }));
    return within(await screen.findByRole('dialog', { name: 'Move seat' }));
  }

  test('typing asks the server for members on Free, and one not on the loaded page takes the seat', async () => {
    server.use(noCompanyDomain());
    const members = spyOnApi('getOrganizationMembers', (request) =>
      membersPage({ users: bigTeam, invitations: [] }, request.url.searchParams),
    );
    const move = spyOnApi('moveSeat', ok('Moved'));
    server.use(members.handler, move.handler);
    const { user } = renderOrganization();
    await screen.findByText('Grace Hopper');
    expect(screen.queryByText('Katherine Johnson')).not.toBeInTheDocument();

    const dialog = await openMoveSeatOfGrace(user);
    await user.type(dialog.getByRole('combobox', { name: /Give the seat to/ }), 'kath');
    await user.click(
      await screen.findByRole('option', { name: 'Katherine Johnson (katherine@example.com)' }),
    );
    expect(screen.queryByRole('option', { name: /Alan Turing/ })).not.toBeInTheDocument();
    const searches = members.requests.map((request) => Object.fromEntries(request.url.searchParams));
    expect(searches).toContainEqual({
      product: 'free',
      seat_holders: 'true',
      search: 'kath',
      per_page: '20',
    });
    await user.click(dialog.getByRole('button', { name: 'Move seat' }));

    await waitFor(() => expect(move.requests).toHaveLength(1));
    expect(move.requests[0]!.body).toEqual({
      product: 'Standard',
      from_user_id: 'user-2',
      to_user_id: 'user-99',
    });
  });

  test('a search shows it is searching, then says when nobody on Free matches; Move seat stays disabled', async () => {
    server.use(noCompanyDomain(), mockOrganizationMembers({ users: bigTeam, invitations: [] }));
    const { user } = renderOrganization();
    await screen.findByText('Grace Hopper');
    const answer = heldAnswer();
    server.use(mockOrganizationMembers({ users: bigTeam, invitations: [] }, { until: answer.until }));
    const dialog = await openMoveSeatOfGrace(user);
    // Grace matches the search but holds the seat being moved, not Free.
    await user.type(dialog.getByRole('combobox', { name: /Give the seat to/ }), 'grace');
    expect(
      await screen.findByText('Searching members...', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
    answer.release();
    // Said in the popup and announced to screen readers.
    expect(
      await screen.findByText('No member on Free matches.', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText('No member on Free matches.', { selector: '.MuiAutocomplete-noOptions' }),
    ).toBeVisible();
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    expect(dialog.getByRole('button', { name: 'Move seat' })).toBeDisabled();
  });

  test('without anyone on Free who may hold a seat, the dialog says nobody can take it', async () => {
    const paidTeam = [
      team[1]!,
      aMember({
        id: 'user-1',
        name: 'Ada Lovelace',
        email: 'ada@example.com',
        role: 'admin',
        subscription: aSubscription({ stripe_product: 'Pro' }),
      }),
      aMember({ id: 'user-4', name: 'Bill Payer', email: 'bill@example.com', role: 'billing_manager' }),
    ];
    server.use(noCompanyDomain(), mockOrganizationMembers({ users: paidTeam, invitations: [] }));
    const { user } = renderOrganization();
    const dialog = await openMoveSeatOfGrace(user);
    await user.click(dialog.getByRole('combobox', { name: /Give the seat to/ }));
    expect(
      await screen.findByText('No member on Free can take this seat.', {
        selector: '.MuiAutocomplete-noOptions',
      }),
    ).toBeVisible();
    expect(
      screen.getByText('No member on Free can take this seat.', { selector: '[role="status"]' }),
    ).toBeInTheDocument();
  });

  test('the server leaves out roles without a seat, so billing managers never crowd out those who may take it', async () => {
    const managers = Array.from({ length: 25 }, (_, i) =>
      aMember({
        id: `user-${200 + i}`,
        name: `Manager ${i}`,
        email: `manager${i}@example.com`,
        role: 'billing_manager',
      }),
    );
    const crowded = [team[1]!, ...managers, katherine];
    server.use(noCompanyDomain(), mockOrganizationMembers({ users: crowded, invitations: [] }));
    const { user } = renderOrganization();
    const dialog = await openMoveSeatOfGrace(user);
    await user.click(dialog.getByRole('combobox', { name: /Give the seat to/ }));
    expect(
      await screen.findByRole('option', { name: 'Katherine Johnson (katherine@example.com)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: /Manager/ })).not.toBeInTheDocument();
    expect(await screen.findByText('1 member found', { selector: '[role="status"]' })).toBeInTheDocument();
  });

  test('a failed search shows the error with Try again, which asks again', async () => {
    server.use(noCompanyDomain(), mockOrganizationMembers({ users: bigTeam, invitations: [] }));
    const { user } = renderOrganization();
    await screen.findByText('Grace Hopper');
    server.use(mockApiError('getOrganizationMembers', 'Database unavailable', { status: 500, once: true }));
    const dialog = await openMoveSeatOfGrace(user);
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent('Could not search members.');
    expect(alert).toHaveTextContent('Database unavailable');
    // Nothing was searched: the popup does not claim that nobody can take the seat.
    await user.click(dialog.getByRole('combobox', { name: /Give the seat to/ }));
    expect(
      await screen.findByText('Could not search members.', { selector: '.MuiAutocomplete-noOptions' }),
    ).toBeVisible();
    expect(screen.queryByText('No member on Free can take this seat.')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(dialog.queryByRole('alert')).not.toBeInTheDocument());
    await user.click(dialog.getByRole('combobox', { name: /Give the seat to/ }));
    expect(await screen.findByRole('option', { name: 'Alan Turing (alan@example.com)' })).toBeInTheDocument();
  });
});

/** The words of the refused move, as an English and a Chinese user read them. */
const REFUSED_MOVE = [
  {
    locale: 'en',
    actionsOf: 'Actions for Grace Hopper',
    moveSeat: 'Move seat',
    giveTo: /Give the seat to/,
    failed: 'Failed to move the seat',
    reason: 'Alan Turing already holds a Pro seat.',
  },
  {
    // The server's words with values read in Chinese: the member as sent, the plan by its Chinese name.
    locale: 'zh-CN',
    actionsOf: 'Grace Hopper 的操作',
    moveSeat: '转移席位',
    giveTo: /将席位交给/,
    failed: '转移席位失败',
    reason: 'Alan Turing 已拥有专业版席位。',
  },
] as const;

describe.each(REFUSED_MOVE)('in $locale', (words) => {
  beforeEach(() => activateLocale(words.locale));
  afterEach(() => activateLocaleWith('en', {}));

  test('a refused move keeps the dialog open with the reason, and Escape closes it unchanged', async () => {
    server.use(
      // Asked on the side by the Organization page: the company domain.
      noCompanyDomain(),
      mockOrganizationMembers({ users: team, invitations: [] }),
      mockApiError('moveSeat', 'Alan Turing already holds a Pro seat.', { status: 409 }),
    );
    const { user } = renderOrganization();
    await user.click(await screen.findByRole('button', { name: words.actionsOf }));
    await user.click(await screen.findByRole('menuitem', { name: words.moveSeat }));
    const dialog = within(await screen.findByRole('dialog', { name: words.moveSeat }));
    await user.click(dialog.getByRole('combobox', { name: words.giveTo }));
    await user.click(screen.getByRole('option', { name: 'Alan Turing (alan@example.com)' }));
    await user.click(dialog.getByRole('button', { name: words.moveSeat }));
    const alert = await dialog.findByRole('alert');
    expect(alert).toHaveTextContent(words.failed);
    expect(alert).toHaveTextContent(words.reason);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

test('a viewer sees the members and seats read-only: no Edit, Remove, Move seat or invite form', async () => {
  server.use(mockOrganizationMembers({ users: team, invitations: [] }));
  renderOrganization(viewer);
  await screen.findByText('Grace Hopper');
  const seats = screen.getByRole('table', { name: 'Seats' });
  // No tab stop around it: a focusable scroll box was read out as the whole table's text.
  expect(seats.closest('[tabindex="0"]')).toBeNull();
  expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
});
