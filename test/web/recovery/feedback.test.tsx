/**
 * docs/product.md#accessibility: outcomes of actions are notices at the bottom of the screen; focus lands somewhere sensible
 * after each action and each navigation; the skip link; the offline notice and offline failures.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { OFFLINE_TEXT } from '../../../src/web/api/errors';
import { OFFLINE_NOTICE } from '../../../src/web/components/feedback/OfflineNotice';
import { aMember, anInvitation, anOrganization, aSession, aUser } from '../msw/fixtures';
import {
  mockApi,
  mockOrganizationMembers,
  ok,
  operationUrl,
  spyOnApi,
  noCompanyDomain,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const team = [
  aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' }),
  aMember({ id: 'user-3', name: 'Alan Turing', email: 'alan@example.com' }),
];
const invitations = [anInvitation({ id: 'inv-1', email: 'charles@example.com', role: 'member' })];

// Settings also lists the sessions and the two-factor state.
beforeEach(() =>
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
  ),
);

function renderOrganization() {
  server.use(mockOrganizationMembers({ users: team, invitations }));
  return renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
}

test('resend: the notice says so, and focus returns to the menu button of the row', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  server.use(spyOnApi('resendInvitation', ok('Sent')).handler);
  const { user } = renderOrganization();
  const actions = await screen.findByRole('button', {
    name: 'Actions for the invitation to charles@example.com',
  });
  await user.click(actions);
  await user.click(await screen.findByRole('menuitem', { name: 'Resend invite' }));
  expect(await screen.findByText('Invitation resent successfully!')).toBeInTheDocument();
  await waitFor(() => expect(actions).toHaveFocus());
});

test('invite: the dialog opens on Email, the notice says so, and focus returns to Invite', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  server.use(mockApi('inviteUser', { error: false, message: 'Sent', data: anInvitation() }));
  const { user } = renderOrganization();
  const invite = await screen.findByRole('button', { name: 'Invite' });
  await user.click(invite);
  const form = within(await screen.findByRole('form', { name: 'Invite a member' }));
  const email = form.getByRole('textbox', { name: /^Email/ });
  await waitFor(() => expect(email).toHaveFocus());
  await user.keyboard('grace@example.com{Enter}');
  expect(await screen.findByText('Invitation sent successfully!')).toBeInTheDocument();
  await waitFor(() => expect(invite).toHaveFocus());
});

test('remove: the notice names the member, and focus goes to the Team members heading', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  server.use(spyOnApi('removeOrganizationUser', ok('Removed')).handler);
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: 'Actions for Alan Turing' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Remove' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove' }));
  expect(await screen.findByText('Alan Turing was removed from the organization.')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole('heading', { name: 'Team members' })).toHaveFocus());
});

test('a navigation announces the new page and moves focus to its heading', async () => {
  // Asked on the side by the Organization page: the company domain.
  server.use(noCompanyDomain());
  server.use(mockOrganizationMembers({ users: team, invitations }));
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(admin) });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  expect(screen.getByTestId('route-announcer')).toHaveTextContent('');
  await user.click(screen.getByRole('link', { name: 'Organization' }));
  const heading = await screen.findByRole('heading', { level: 1, name: 'Organization' });
  await waitFor(() => expect(heading).toHaveFocus());
  expect(screen.getByTestId('route-announcer')).toHaveTextContent('Organization');
});

test('the skip link is the first stop of the keyboard and moves focus to the main area', async () => {
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(admin) });
  await screen.findByRole('heading', { level: 1, name: 'Settings' });
  await user.tab();
  const skip = screen.getByRole('link', { name: 'Skip to main content' });
  expect(skip).toHaveFocus();
  await user.keyboard('{Enter}');
  expect(screen.getByRole('main')).toHaveFocus();
});

describe('offline', () => {
  let online = true;
  beforeEach(() => {
    online = true;
    jest.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  });
  afterEach(() => jest.restoreAllMocks());

  function goOffline() {
    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
  }

  test('says when the network is gone and stops saying it when it is back', async () => {
    renderApp('/dashboard/settings', { preloadedState: signedIn(admin) });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    goOffline();
    expect(await screen.findByText(OFFLINE_NOTICE)).toBeInTheDocument();
    online = true;
    act(() => void window.dispatchEvent(new Event('online')));
    await waitFor(() => expect(screen.queryByText(OFFLINE_NOTICE)).not.toBeInTheDocument());
  });

  test('a save that gets no answer while offline says why', async () => {
    server.use(http.post(operationUrl('setSettings'), () => HttpResponse.error()));
    const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(admin) });
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    goOffline();
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    const alert = (await screen.findByText('Error updating profile')).closest('[role="alert"]');
    expect(alert).toHaveTextContent(OFFLINE_TEXT);
  });
});
