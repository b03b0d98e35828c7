import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import {
  aMember,
  anInvitation,
  anOrganization,
  aSubscription,
  aUser,
  type OrganizationMember,
} from '../msw/fixtures';
import {
  mockApiError,
  mockOrganizationMembers,
  noCompanyDomain,
  ok,
  operationUrl,
  spyOnApi,
  heldAnswer,
} from '../msw/handlers';
import { UNAVAILABLE_TEXT, UNREACHABLE_TEXT } from '../../../src/web/api/errors';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';

// docs/product.md#members, docs/product.md#invitations, docs/product.md#roles-and-permissions, docs/product.md#organization-texts.

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const member = aUser({
  id: 'user-2',
  email: 'grace@example.com',
  role: 'member',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});

const team: OrganizationMember[] = [
  aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' }),
  aMember({
    id: 'user-2',
    name: 'Grace Hopper',
    email: 'grace@example.com',
    subscription: aSubscription({ stripe_product: 'Standard' }),
  }),
  aMember({ id: 'user-3', name: 'Alan Turing', email: 'alan@example.com', join_timestamp: null }),
];
const invitations = [anInvitation({ id: 'inv-1', email: 'charles@example.com', role: 'admin' })];

function rowOf(text: string) {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row with ${text}`);
  return within(row);
}

/** Opens the actions menu of a row ('Actions for Grace Hopper') and answers the menu. */
async function openMenu(user: ReturnType<typeof renderOrganization>['user'], name: string) {
  await user.click(await screen.findByRole('button', { name }));
  return within(await screen.findByRole('menu', { name }));
}

/** Opens the Invite dialog from the page's header: its form. */
async function openInvite(user: ReturnType<typeof renderOrganization>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Invite' }));
  return within(await screen.findByRole('form', { name: 'Invite a member' }));
}

function renderOrganization(viewer = admin) {
  // The page asks an admin for the company domain on the side (company-domain.test.tsx).
  server.use(noCompanyDomain());
  return renderApp('/dashboard/organization', { preloadedState: signedIn(viewer) });
}

describe('members table', () => {
  test('lists the members with role, plan, joined date or N/A; title Organization', async () => {
    server.use(mockOrganizationMembers({ users: team, invitations }));
    renderOrganization();
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
    expect(document.title).toBe('Organization');
    expect(screen.getByRole('heading', { name: 'Organization', level: 1 })).toBeInTheDocument();
    const table = within(screen.getByRole('table', { name: 'Team members' }));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name/Email',
      'Role',
      'Product',
      'Joined',
      'Actions',
    ]);
    expect(rowOf('Grace Hopper').getByText('Standard')).toBeInTheDocument();
    expect(rowOf('Grace Hopper').getByText('grace@example.com')).toBeInTheDocument();
    expect(rowOf('Ada Lovelace').getByText('Admin')).toBeInTheDocument();
    expect(rowOf('Alan Turing').getByText('N/A')).toBeInTheDocument();
    expect(rowOf('Grace Hopper').getByText(/^January 1[45], 2026$/)).toBeInTheDocument();
  });

  test("each row has one actions button; its menu has an Edit link, and Remove or 'Cannot remove admin'", async () => {
    server.use(mockOrganizationMembers({ users: team, invitations }));
    const { user } = renderOrganization(admin);
    await screen.findByText('Grace Hopper');
    // One tab stop per row, not three text buttons.
    expect(rowOf('Grace Hopper').getAllByRole('button')).toHaveLength(1);
    expect(rowOf('Grace Hopper').queryByRole('link')).not.toBeInTheDocument();

    const grace = await openMenu(user, 'Actions for Grace Hopper');
    expect(grace.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Move seat', // she holds a Standard seat
      'Remove',
    ]);
    expect(grace.getByRole('menuitem', { name: 'Edit' })).toHaveAttribute(
      'href',
      '/dashboard/member/edit/user-2',
    );
    await user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Actions for Grace Hopper' })).toHaveFocus(),
    );

    const ada = await openMenu(user, 'Actions for Ada Lovelace');
    expect(ada.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      'Edit',
      'Cannot remove admin',
    ]);
    const cannot = ada.getByRole('menuitem', { name: 'Cannot remove admin' });
    expect(cannot).toHaveAttribute('aria-disabled', 'true');
    // Disabled, yet the arrow keys reach it: a keyboard user hears why there is no Remove.
    await user.keyboard('{ArrowDown}');
    expect(cannot).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog', { name: 'Remove member?' })).not.toBeInTheDocument();
  });

  test('the menu works from the keyboard: Enter opens it on its first item, arrows move, Enter acts', async () => {
    const remove = spyOnApi('removeOrganizationUser', ok('Removed'));
    server.use(mockOrganizationMembers({ users: team, invitations }), remove.handler);
    const { user } = renderOrganization(admin);
    const button = await screen.findByRole('button', { name: 'Actions for Alan Turing' });
    button.focus();
    await user.keyboard('{Enter}');
    const menu = within(await screen.findByRole('menu', { name: 'Actions for Alan Turing' }));
    await waitFor(() => expect(menu.getByRole('menuitem', { name: 'Edit' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(menu.getByRole('menuitem', { name: 'Remove' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Remove member?' })).toBeInTheDocument();
  });

  test('a member sees no row menus, no Invite and no settings', async () => {
    server.use(mockOrganizationMembers({ users: team, invitations }));
    renderOrganization(member);
    await screen.findByText('Grace Hopper');
    expect(screen.queryByRole('button', { name: /^Actions for / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Company domain' })).not.toBeInTheDocument();
  });

  test('the members come first, then the invitations, then the settings; headings in sentence case', async () => {
    server.use(mockOrganizationMembers({ users: team, invitations }));
    renderOrganization(admin);
    const headings = [
      'Organization',
      'Team members',
      'Pending invitations',
      'Organization settings',
      'Organization name',
      'Seats',
      'Credit alerts',
      'Session policies',
      'Company domain',
      'Requests to join',
      'Provisioning (SCIM)',
      'Single sign-on (SSO)',
    ];
    // The settings sections load their own data, each in its own time: wait for all, then read the order.
    for (const name of headings) await screen.findByRole('heading', { name });
    expect(screen.getAllByRole('heading').map((heading) => heading.textContent)).toEqual(headings);
  });

  test('plan badges are coloured differently for Free, Standard and Pro', async () => {
    const plans = [
      aMember({ id: 'a', name: 'Fay Free', subscription: aSubscription({ stripe_product: 'Free' }) }),
      aMember({
        id: 'b',
        name: 'Stan Standard',
        subscription: aSubscription({ stripe_product: 'Standard' }),
      }),
      aMember({ id: 'c', name: 'Pru Pro', subscription: aSubscription({ stripe_product: 'Pro' }) }),
    ];
    server.use(mockOrganizationMembers({ users: plans, invitations: [] }));
    renderOrganization();
    await screen.findByText('Pru Pro');
    // The badge is the label's parent; its colour is what the eye tells apart.
    const colour = (name: string, plan: string) =>
      getComputedStyle(rowOf(name).getByText(plan).parentElement!).backgroundColor;
    const colours = [
      colour('Fay Free', 'Free'),
      colour('Stan Standard', 'Standard'),
      colour('Pru Pro', 'Pro'),
    ];
    expect(new Set(colours).size).toBe(3);
  });

  test("shows joined dates relative in Chinese when the UI's language is Chinese", async () => {
    // A browser that prefers Chinese starts the app in zh-CN (main.tsx, i18n/browser-locale.ts).
    activateLocaleWith('zh-CN', {});
    try {
      server.use(mockOrganizationMembers({ users: [team[1]], invitations: [] }));
      renderOrganization();
      expect(await screen.findByText(/^2026-01-1[45]$/)).toBeInTheDocument();
      expect(rowOf('Grace Hopper').getByText(/前$/)).toBeInTheDocument();
    } finally {
      activateLocaleWith('en', {});
    }
  });
});

describe('loading errors', () => {
  test("a non-OK answer shows 'Failed to fetch org members'", async () => {
    server.use(mockApiError('getOrganizationMembers', 'Database unavailable', { status: 500 }));
    renderOrganization();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch org members');
    expect(alert).toHaveTextContent('Database unavailable');
  });

  test("no answer at all shows 'Failed to load org members'", async () => {
    server.use(http.get(operationUrl('getOrganizationMembers'), () => HttpResponse.error()));
    renderOrganization();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to load org members${UNREACHABLE_TEXT}Try again`,
    );
  });

  test("shows 'Loading...' while the members load", async () => {
    const answer = heldAnswer();
    server.use(mockOrganizationMembers({ users: team, invitations }, { until: answer.until }));
    renderOrganization();
    expect(await screen.findByText('Loading...')).toBeInTheDocument();
    answer.release();
    expect(await screen.findByText('Grace Hopper')).toBeInTheDocument();
  });
});

describe('removing a member', () => {
  test('asks for confirmation, removes, reports it and refreshes the list', async () => {
    const remove = spyOnApi('removeOrganizationUser', ok('Removed'));
    server.use(
      mockOrganizationMembers({ users: team, invitations }, { once: true }),
      mockOrganizationMembers({ users: team.filter((m) => m.id !== 'user-3'), invitations }),
      remove.handler,
    );
    const { user } = renderOrganization();
    await screen.findByText('Alan Turing');

    await user.click(
      (await openMenu(user, 'Actions for Alan Turing')).getByRole('menuitem', {
        name: 'Remove',
      }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Remove member?' }));
    expect(dialog.getByText(/Alan Turing \(alan@example.com\) will be removed/)).toBeInTheDocument();
    expect(remove.requests).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Alan Turing was removed from the organization.')).toBeInTheDocument();
    expect(remove.requests[0].body).toEqual({ user_id: 'user-3' });
    await waitFor(() => expect(screen.queryByRole('cell', { name: /Alan Turing/ })).not.toBeInTheDocument());
  });

  test('Cancel in the dialog removes nobody', async () => {
    const remove = spyOnApi('removeOrganizationUser', ok());
    server.use(mockOrganizationMembers({ users: team, invitations }), remove.handler);
    const { user } = renderOrganization();
    await screen.findByText('Alan Turing');
    await user.click(
      (await openMenu(user, 'Actions for Alan Turing')).getByRole('menuitem', {
        name: 'Remove',
      }),
    );
    const cancel = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' });
    // A confirmation opens on its safe choice.
    await waitFor(() => expect(cancel).toHaveFocus());
    await user.click(cancel);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(remove.requests).toHaveLength(0);
  });

  test("a failure shows 'Failed to remove user'", async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations }),
      http.post(operationUrl('removeOrganizationUser'), () => HttpResponse.json({}, { status: 500 })),
    );
    const { user } = renderOrganization();
    await screen.findByText('Alan Turing');
    await user.click(
      (await openMenu(user, 'Actions for Alan Turing')).getByRole('menuitem', {
        name: 'Remove',
      }),
    );
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to remove user${UNAVAILABLE_TEXT}`);
  });
});

describe('pending invitations', () => {
  test("lists email and role; 'Resend invite' reports 'Invitation resent successfully!'", async () => {
    const resend = spyOnApi('resendInvitation', ok('Sent'));
    server.use(mockOrganizationMembers({ users: team, invitations }), resend.handler);
    const { user } = renderOrganization();
    const invitationsTable = within(await screen.findByRole('table', { name: 'Pending invitations' }));
    expect(invitationsTable.getByText('charles@example.com')).toBeInTheDocument();
    expect(invitationsTable.getByText('Admin')).toBeInTheDocument();

    await user.click(
      (await openMenu(user, 'Actions for the invitation to charles@example.com')).getByRole('menuitem', {
        name: 'Resend invite',
      }),
    );
    expect(await screen.findByText('Invitation resent successfully!')).toBeInTheDocument();
    expect(resend.requests[0].body).toEqual({ invitation_id: 'inv-1' });
  });

  test("a failed resend shows 'Failed to resend invitation' as the page error", async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations }),
      http.post(operationUrl('resendInvitation'), () => HttpResponse.json({}, { status: 500 })),
    );
    const { user } = renderOrganization();
    await user.click(
      (await openMenu(user, 'Actions for the invitation to charles@example.com')).getByRole('menuitem', {
        name: 'Resend invite',
      }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to resend invitation${UNAVAILABLE_TEXT}`,
    );
  });

  test('a failed resend with a server message shows it too', async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations }),
      mockApiError('resendInvitation', 'Too many attempts', { status: 429 }),
    );
    const { user } = renderOrganization();
    await user.click(
      (await openMenu(user, 'Actions for the invitation to charles@example.com')).getByRole('menuitem', {
        name: 'Resend invite',
      }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to resend invitation');
    expect(alert).toHaveTextContent('Too many attempts');
  });
});

describe('revoking an invitation', () => {
  test('asks first, revokes, says so, refreshes the list and puts focus on its heading', async () => {
    const revoke = spyOnApi('revokeInvitation', ok('The invitation to charles@example.com was revoked.'));
    server.use(
      mockOrganizationMembers({ users: team, invitations }, { once: true }),
      mockOrganizationMembers({ users: team, invitations: [] }),
      revoke.handler,
    );
    const { user } = renderOrganization();
    const menu = await openMenu(user, 'Actions for the invitation to charles@example.com');
    await user.click(menu.getByRole('menuitem', { name: 'Revoke invitation' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Revoke invitation?' }));
    expect(dialog.getByText(/The link mailed to charles@example.com will stop working/)).toBeInTheDocument();
    expect(revoke.requests).toHaveLength(0);

    await user.click(dialog.getByRole('button', { name: 'Revoke invitation' }));
    expect(await screen.findByText('The invitation to charles@example.com was revoked.')).toBeInTheDocument();
    expect(revoke.requests[0].body).toEqual({ invitation_id: 'inv-1' });
    expect(await screen.findByText('No pending invitations.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Pending invitations' })).toHaveFocus());
  });

  test('in Chinese the menu, the dialog and the outcome read in Chinese', async () => {
    activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
    try {
      const revoke = spyOnApi('revokeInvitation', ok('The invitation to charles@example.com was revoked.'));
      server.use(mockOrganizationMembers({ users: team, invitations }), revoke.handler);
      const { user } = renderOrganization();
      const menu = await openMenu(user, '发给 charles@example.com 的邀请的操作');
      await user.click(menu.getByRole('menuitem', { name: '撤销邀请' }));
      const dialog = within(await screen.findByRole('dialog', { name: '撤销邀请？' }));
      await user.click(dialog.getByRole('button', { name: '撤销邀请' }));
      expect(await screen.findByText('已撤销发给 charles@example.com 的邀请。')).toBeInTheDocument();
    } finally {
      activateLocaleWith('en', {});
    }
  });

  test("a failure says 'Failed to revoke the invitation' with the server's reason", async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations }),
      mockApiError('revokeInvitation', 'Invitation not found', { status: 404 }),
    );
    const { user } = renderOrganization();
    const menu = await openMenu(user, 'Actions for the invitation to charles@example.com');
    await user.click(menu.getByRole('menuitem', { name: 'Revoke invitation' }));
    await user.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke invitation' }),
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to revoke the invitation');
    expect(alert).toHaveTextContent('Invitation not found');
  });
});

describe('invite dialog', () => {
  test('Invite opens the dialog on its Email field; Cancel closes it and focus returns to Invite', async () => {
    server.use(mockOrganizationMembers({ users: team, invitations: [] }));
    const { user } = renderOrganization();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    const form = await openInvite(user);
    await waitFor(() => expect(form.getByRole('textbox', { name: 'Email' })).toHaveFocus());
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Invite' })).toHaveFocus();
  });

  test('the email is required and email-typed; the role defaults to member', async () => {
    const invite = spyOnApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() });
    server.use(mockOrganizationMembers({ users: team, invitations: [] }), invite.handler);
    const { user } = renderOrganization();
    const form = await openInvite(user);
    const email = form.getByRole('textbox', { name: 'Email' });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(form.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Member');

    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(email).toBeInvalid();
    expect(invite.requests).toHaveLength(0);
  });

  test('sends the invitation with the chosen role and reports success', async () => {
    const invite = spyOnApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() });
    server.use(mockOrganizationMembers({ users: team, invitations: [] }), invite.handler);
    const { user } = renderOrganization();
    const form = await openInvite(user);

    await user.type(form.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(form.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(form.getByRole('button', { name: 'Send invitation' }));

    expect(await screen.findByText('Invitation sent successfully!')).toBeInTheDocument();
    expect(invite.requests[0].body).toEqual({ email: 'new@example.com', role: 'admin' });
    // Sent: the dialog closes.
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  test('the default role sent is member', async () => {
    const invite = spyOnApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() });
    server.use(mockOrganizationMembers({ users: team, invitations: [] }), invite.handler);
    const { user } = renderOrganization();
    const form = await openInvite(user);
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    await screen.findByText('Invitation sent successfully!');
    expect(invite.requests[0].body).toEqual({ email: 'new@example.com', role: 'member' });
  });

  test("a failure without a server message shows 'Failed to send invitation' and why", async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations: [] }),
      http.post(operationUrl('inviteUser'), () => HttpResponse.json({}, { status: 500 })),
    );
    const { user } = renderOrganization();
    const form = await openInvite(user);
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to send invitation${UNAVAILABLE_TEXT}`,
    );
    expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('new@example.com');
  });

  test('a failure with a server message shows it as given', async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations: [] }),
      mockApiError('inviteUser', 'This person is already a member', { status: 409 }),
    );
    const { user } = renderOrganization();
    const form = await openInvite(user);
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(form.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This person is already a member');
  });
});

describe('a large organization', () => {
  const many = Array.from({ length: 5000 }, (_, i) =>
    aMember({ id: `m-${i + 1}`, name: `Person ${i + 1}`, email: `person${i + 1}@example.com` }),
  );

  test('5,000 members: the whole page stays under 1,500 DOM nodes and every member is reachable', async () => {
    server.use(mockOrganizationMembers({ users: many, invitations }));
    const { user } = renderOrganization();
    expect(await screen.findByText('person1@example.com')).toBeInTheDocument();
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);

    await user.click(screen.getByRole('button', { name: /last page/i }));
    expect(await screen.findByText('person5000@example.com')).toBeInTheDocument();
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);

    await user.click(screen.getByRole('button', { name: /previous page/i }));
    expect(await screen.findByText('person4975@example.com')).toBeInTheDocument();
  });
});
