import { screen, within } from '@testing-library/react';
import { aSession, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

beforeEach(() =>
  server.use(mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } })),
);

// docs/product.md#sessions: Settings lists the sessions and ends one or all others; a password change needs the current one.

const here = aSession({ id: '1', device: 'Firefox on Linux', place: 'Local network', current: true });
const phone = aSession({
  id: '2',
  device: 'Safari on iOS',
  place: 'Internet',
  ip: '203.0.113.5',
  current: false,
});

function renderSettings() {
  return renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
}

test('lists the sessions with device and place, marks this device, and signs another out', async () => {
  let sessions = [here, phone];
  server.use(mockApi('listSessions', () => ({ error: false, data: { sessions } })));
  const end = spyOnApi('endSession', () => {
    sessions = [here];
    return { error: false, message: 'The session was signed out.' };
  });
  server.use(end.handler);
  const { user } = renderSettings();
  const list = await screen.findByRole('list', { name: 'Sessions' });
  expect(await within(list).findByText('Safari on iOS')).toBeInTheDocument();
  expect(within(list).getByText(/^Internet \(203\.0\.113\.5\)/)).toBeInTheDocument();
  expect(within(list).getByText('This device')).toBeInTheDocument();
  await user.click(within(list).getByRole('button', { name: 'Sign out Safari on iOS, Internet' }));
  expect(await screen.findByText('The session was signed out.')).toBeInTheDocument();
  expect(end.requests[0]!.body).toEqual({ session_id: '2' });
  expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
  expect(within(list).queryByText('Safari on iOS')).not.toBeInTheDocument();
});

test("'Sign out all other sessions' ends the others", async () => {
  server.use(mockApi('listSessions', { error: false, data: { sessions: [here, phone] } }));
  const end = spyOnApi('endOtherSessions', { error: false, message: 'Signed out 1 other session.' });
  server.use(end.handler);
  const { user } = renderSettings();
  await user.click(await screen.findByRole('button', { name: 'Sign out all other sessions' }));
  expect(await screen.findByText('Signed out 1 other session.')).toBeInTheDocument();
  expect(end.requests).toHaveLength(1);
});

test('a failed load says so and offers "Try again"', async () => {
  server.use(mockApiError('listSessions', 'Database unavailable', { status: 503 }));
  const { user } = renderSettings();
  expect(await screen.findByText('Could not load your sessions.')).toBeInTheDocument();
  server.use(mockApi('listSessions', { error: false, data: { sessions: [here] } }));
  await user.click(screen.getByRole('button', { name: 'Try again' }));
  expect(await screen.findByText('You are not signed in anywhere else.')).toBeInTheDocument();
});

test('changes the password with the current one and shows the server message, or its refusal', async () => {
  server.use(mockApi('listSessions', { error: false, data: { sessions: [here] } }));
  const { user } = renderSettings();
  const form = await screen.findByRole('form', { name: 'Change password' });
  server.use(mockApiError('changePassword', 'Your current password is not correct.'));
  await user.type(within(form).getByLabelText('Current password'), 'wrong');
  await user.type(within(form).getByLabelText('New password'), 'N3w-Passw0rd!');
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(await within(form).findByText('Your current password is not correct.')).toBeInTheDocument();
  const change = spyOnApi('changePassword', {
    error: false,
    message: 'Your password was changed. Your other sessions were signed out.',
  });
  server.use(change.handler);
  await user.click(within(form).getByRole('button', { name: 'Change password' }));
  expect(
    await within(form).findByText('Your password was changed. Your other sessions were signed out.'),
  ).toBeInTheDocument();
  expect(change.requests[0]!.body).toEqual({ current_password: 'wrong', new_password: 'N3w-Passw0rd!' });
  expect(within(form).getByLabelText('Current password')).toHaveValue('');
});
