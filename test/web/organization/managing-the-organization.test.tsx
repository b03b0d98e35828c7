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

// Spec §2.1 /dashboard/organization, §5 Invite, §6 roles, §8 Organization.

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

function renderOrganization(viewer = admin) {
  // The page asks an admin for the company domain on the side (issue 15; company-domain.test.tsx).
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

  test('an admin sees Edit on every member, Remove on non-admins and "Cannot remove admin" on admins', async () => {
    server.use(mockOrganizationMembers({ users: team, invitations }));
    renderOrganization(admin);
    await screen.findByText('Grace Hopper');
    expect(screen.getAllByRole('link', { name: /^Edit / })).toHaveLength(3);
    expect(rowOf('Grace Hopper').getByRole('link', { name: /^Edit / })).toHaveAttribute(
      'href',
      '/dashboard/member/edit/user-2',
    );
    expect(rowOf('Ada Lovelace').getByText('Cannot remove admin')).toBeInTheDocument();
    expect(rowOf('Ada Lovelace').queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(rowOf('Grace Hopper').getByRole('button', { name: /^Remove / })).toBeInTheDocument();
    expect(rowOf('Alan Turing').getByRole('button', { name: /^Remove / })).toBeInTheDocument();
  });

  test('a member sees no Edit links, no Remove, no invite form and no Resend', async () => {
    server.use(mockOrganizationMembers({ users: team, invitations }));
    renderOrganization(member);
    await screen.findByText('Grace Hopper');
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Invite a member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Resend invite to / })).not.toBeInTheDocument();
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

    await user.click(rowOf('Alan Turing').getByRole('button', { name: /^Remove / }));
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
    await user.click(rowOf('Alan Turing').getByRole('button', { name: /^Remove / }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
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
    await user.click(rowOf('Alan Turing').getByRole('button', { name: /^Remove / }));
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

    await user.click(invitationsTable.getByRole('button', { name: /^Resend invite to / }));
    expect(await screen.findByText('Invitation resent successfully!')).toBeInTheDocument();
    expect(resend.requests[0].body).toEqual({ invitation_id: 'inv-1' });
  });

  test("a failed resend shows 'Failed to resend invitation' as the page error", async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations }),
      http.post(operationUrl('resendInvitation'), () => HttpResponse.json({}, { status: 500 })),
    );
    const { user } = renderOrganization();
    await user.click(await screen.findByRole('button', { name: /^Resend invite to / }));
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
    await user.click(await screen.findByRole('button', { name: /^Resend invite to / }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to resend invitation');
    expect(alert).toHaveTextContent('Too many attempts');
  });
});

describe('invite form', () => {
  test('the email is required and email-typed; the role defaults to member', async () => {
    const invite = spyOnApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() });
    server.use(mockOrganizationMembers({ users: team, invitations: [] }), invite.handler);
    const { user } = renderOrganization();
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    const email = form.getByRole('textbox', { name: 'Email' });
    expect(email).toBeRequired();
    expect(email).toHaveAttribute('type', 'email');
    expect(form.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Member');

    await user.click(form.getByRole('button', { name: 'Send Invite' }));
    expect(email).toBeInvalid();
    expect(invite.requests).toHaveLength(0);
  });

  test('sends the invitation with the chosen role and reports success', async () => {
    const invite = spyOnApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() });
    server.use(mockOrganizationMembers({ users: team, invitations: [] }), invite.handler);
    const { user } = renderOrganization();
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));

    await user.type(form.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(form.getByRole('combobox', { name: 'Role' }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(form.getByRole('button', { name: 'Send Invite' }));

    expect(await screen.findByText('Invitation sent successfully!')).toBeInTheDocument();
    expect(invite.requests[0].body).toEqual({ email: 'new@example.com', role: 'admin' });
    expect(form.getByRole('textbox', { name: 'Email' })).toHaveValue('');
  });

  test('the default role sent is member', async () => {
    const invite = spyOnApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() });
    server.use(mockOrganizationMembers({ users: team, invitations: [] }), invite.handler);
    const { user } = renderOrganization();
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(form.getByRole('button', { name: 'Send Invite' }));
    await screen.findByText('Invitation sent successfully!');
    expect(invite.requests[0].body).toEqual({ email: 'new@example.com', role: 'member' });
  });

  test("a failure without a server message shows 'Failed to send invitation' and why", async () => {
    server.use(
      mockOrganizationMembers({ users: team, invitations: [] }),
      http.post(operationUrl('inviteUser'), () => HttpResponse.json({}, { status: 500 })),
    );
    const { user } = renderOrganization();
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'new@example.com');
    await user.click(form.getByRole('button', { name: 'Send Invite' }));
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
    const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
    await user.type(form.getByRole('textbox', { name: 'Email' }), 'grace@example.com');
    await user.click(form.getByRole('button', { name: 'Send Invite' }));
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
    expect(screen.getByText('person5000@example.com')).toBeInTheDocument();
    expect(document.body.querySelectorAll('*').length).toBeLessThan(1500);

    await user.click(screen.getByRole('button', { name: /previous page/i }));
    expect(screen.getByText('person4975@example.com')).toBeInTheDocument();
  });
});
