import { screen, waitFor, within } from '@testing-library/react';
import { aMember, anInvitation, anOrganization, aUser } from '../msw/fixtures';
import {
  heldAnswer,
  mockApiError,
  mockOrganizationMembers,
  spyOnApi,
  noCompanyDomain,
  type MockOptions,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#bulk-invitations: an admin invites many people at once from a pasted list or a CSV file, after a preview that
// flags the rows that will not be sent.

const organization = anOrganization({ billing_admin_id: 'user-1' });
const admin = aUser({ id: 'user-1', role: 'admin', email: 'ada@acme.com', organization });
const team = [
  aMember({ id: 'user-1', name: 'Ada', email: 'ada@acme.com', role: 'admin' }),
  aMember({ id: 'user-2', name: 'Grace', email: 'grace@acme.com' }),
];
const pending = [anInvitation({ email: 'pending@acme.com' })];

type Verdict = { reason: 'member' | 'invited' | 'no-seat'; message: string };

/**
 * preview-invite-users answering as the server would for this organization: every row fine, other
 * domains flagged, except the rows `refused` names (the server knows members the page has not loaded).
 */
function serverPreview(refused: Record<string, Verdict> = {}, options: Omit<MockOptions, 'status'> = {}) {
  return spyOnApi(
    'previewInviteUsers',
    (request) => {
      const rows = (request.body as { rows: { line: number; email: string; role: string }[] }).rows;
      return {
        error: false,
        message: '',
        data: {
          rows: rows.map((row) => ({
            ...row,
            other_domain: !row.email.endsWith('@acme.com'),
            ...refused[row.email],
          })),
        },
      };
    },
    options,
  );
}

function statusOf(dialog: ReturnType<typeof within>, email: string): string {
  const row = dialog.getByRole('cell', { name: email }).closest('tr')!;
  return within(row).getAllByRole('cell').at(-1)!.textContent ?? '';
}

test('a pasted list previews every row, flags the bad ones, and sends only the valid ones', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  const send = spyOnApi('inviteUsers', (request) => {
    const rows = (request.body as { rows: { line: number; email: string }[] }).rows;
    return {
      error: false,
      message: 'sent',
      data: {
        sent: rows.slice(1).map((row) => ({ ...row, invitation: anInvitation({ email: row.email }) })),
        refused: [
          {
            line: rows[0]!.line,
            email: rows[0]!.email,
            reason: 'invited',
            message: 'Listed more than once.',
          },
        ],
      },
    };
  });
  const preview = serverPreview();
  server.use(mockOrganizationMembers({ users: team, invitations: pending }), send.handler, preview.handler);
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('button', { name: 'Invite many members' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Invite many members' }));
  expect(dialog.getByRole('button', { name: 'Send 0 invitations' })).toBeDisabled();

  await user.click(dialog.getByRole('textbox', { name: 'Email addresses' }));
  await user.paste(
    'new@acme.com, NEW@acme.com; broken@\ngrace@acme.com\npending@acme.com\nfriend@gmail.com\nada@acme.com',
  );
  expect(dialog.getByRole('status')).toHaveTextContent('2 of 7 rows will be sent.');
  expect(statusOf(dialog, 'new@acme.com')).toBe('Ready');
  expect(statusOf(dialog, 'NEW@acme.com')).toBe('Listed more than once.');
  expect(statusOf(dialog, 'broken@')).toBe('Not a valid email address.');
  expect(statusOf(dialog, 'grace@acme.com')).toBe('Already a member of your organization.');
  expect(statusOf(dialog, 'pending@acme.com')).toBe('An invitation is already pending for this email.');
  expect(statusOf(dialog, 'friend@gmail.com')).toBe("Not at your company's email domain.");
  expect(statusOf(dialog, 'ada@acme.com')).toBe('You cannot invite yourself.');
  // Only the rows that would be sent are asked about, as they would be sent.
  await waitFor(() => expect(preview.requests).toHaveLength(1));
  expect(preview.requests[0]!.body).toEqual({
    rows: [
      { line: 1, email: 'new@acme.com', role: 'member' },
      { line: 4, email: 'friend@gmail.com', role: 'member' },
    ],
  });
  await waitFor(() => expect(dialog.queryByText('Checking the list with the server...')).toBeNull());
  expect(statusOf(dialog, 'friend@gmail.com')).toBe("Not at your company's email domain.");

  await user.click(dialog.getByRole('button', { name: 'Send 2 invitations' }));
  await waitFor(() => expect(send.requests).toHaveLength(1));
  expect(send.requests[0]!.body).toEqual({
    rows: [
      { line: 1, email: 'new@acme.com', role: 'member' },
      { line: 4, email: 'friend@gmail.com', role: 'member' },
    ],
  });
  // What the server refused stays in the dialog, with its reason.
  const refused = within(await dialog.findByRole('list', { name: 'Refused rows' }));
  expect(refused.getByRole('listitem')).toHaveTextContent('new@acme.com: Listed more than once.');
  expect(dialog.getByText('1 invitations sent, 1 refused.')).toBeInTheDocument();
});

test('a CSV file with a header and a role column is read into the preview', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  const send = spyOnApi('inviteUsers', { error: false, message: 'sent', data: { sent: [], refused: [] } });
  server.use(
    mockOrganizationMembers({ users: team, invitations: [] }),
    send.handler,
    serverPreview().handler,
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('button', { name: 'Invite many members' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Invite many members' }));
  const file = new File(['Email,Role\nbob@acme.com,viewer\ncy@acme.com,owner\n'], 'team.csv', {
    type: 'text/csv',
  });
  // The dialog opens on its first field; the file picker is a real button, not a <label role=button>.
  await waitFor(() => expect(dialog.getByRole('textbox', { name: 'Email addresses' })).toHaveFocus());
  expect(dialog.getByRole('button', { name: 'Upload a CSV file' }).tagName).toBe('BUTTON');
  await user.upload(dialog.getByLabelText('Upload a CSV file'), file);
  expect(await dialog.findByText('1 of 2 rows will be sent.')).toBeInTheDocument();
  expect(statusOf(dialog, 'bob@acme.com')).toBe('Ready');
  expect(statusOf(dialog, 'cy@acme.com')).toBe('Unknown role.');
  await user.click(dialog.getByRole('button', { name: 'Send 1 invitations' }));
  await waitFor(() => expect(send.requests).toHaveLength(1));
  expect(send.requests[0]!.body).toEqual({ rows: [{ line: 2, email: 'bob@acme.com', role: 'viewer' }] });
});

test('a member the page has not loaded is flagged once the server answers, and is not sent', async () => {
  server.use(noCompanyDomain());
  const held = heldAnswer();
  // Linus is a member on another page of the members list: only the server knows.
  const preview = serverPreview(
    {
      'linus@acme.com': {
        reason: 'member',
        message: 'This person is already a member of your organization.',
      },
    },
    { until: held.until },
  );
  const send = spyOnApi('inviteUsers', { error: false, message: 'sent', data: { sent: [], refused: [] } });
  server.use(mockOrganizationMembers({ users: team, invitations: [] }), preview.handler, send.handler);
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('button', { name: 'Invite many members' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Invite many members' }));
  await user.click(dialog.getByRole('textbox', { name: 'Email addresses' }));
  await user.paste('Linus@acme.com\nnew@acme.com');

  // The instant judgement first, while the server is asked.
  expect(dialog.getByRole('status')).toHaveTextContent('2 of 2 rows will be sent.');
  expect(statusOf(dialog, 'Linus@acme.com')).toBe('Ready');
  await waitFor(() => expect(preview.requests).toHaveLength(1));
  expect(dialog.getByText('Checking the list with the server...')).toBeInTheDocument();

  held.release();
  expect(await dialog.findByText('1 of 2 rows will be sent.')).toBeInTheDocument();
  expect(statusOf(dialog, 'Linus@acme.com')).toBe('Already a member of your organization.');
  expect(statusOf(dialog, 'new@acme.com')).toBe('Ready');
  expect(dialog.queryByText('Checking the list with the server...')).toBeNull();

  await user.click(dialog.getByRole('button', { name: 'Send 1 invitations' }));
  await waitFor(() => expect(send.requests).toHaveLength(1));
  expect(send.requests[0]!.body).toEqual({ rows: [{ line: 2, email: 'new@acme.com', role: 'member' }] });
});

test('a failed preview says so, offers "Try again", and sending stays possible', async () => {
  server.use(noCompanyDomain());
  const preview = serverPreview({
    'pending@acme.com': { reason: 'invited', message: 'An invitation is already pending for this email.' },
  });
  server.use(
    mockOrganizationMembers({ users: team, invitations: [] }),
    mockApiError('previewInviteUsers', 'Something broke', { status: 500, once: true }),
    preview.handler,
  );
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('button', { name: 'Invite many members' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Invite many members' }));
  await user.click(dialog.getByRole('textbox', { name: 'Email addresses' }));
  await user.paste('pending@acme.com\nnew@acme.com');

  const alert = await dialog.findByRole('alert');
  expect(alert).toHaveTextContent(
    'Failed to check the list with the server. You can still send: every row is checked again.',
  );
  expect(dialog.getByRole('button', { name: 'Send 2 invitations' })).toBeEnabled();
  expect(statusOf(dialog, 'pending@acme.com')).toBe('Ready');

  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(await dialog.findByText('1 of 2 rows will be sent.')).toBeInTheDocument();
  expect(statusOf(dialog, 'pending@acme.com')).toBe('An invitation is already pending for this email.');
  expect(dialog.queryByRole('alert')).toBeNull();
  expect(dialog.getByRole('button', { name: 'Send 1 invitations' })).toBeEnabled();
});
