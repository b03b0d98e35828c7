import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { aSession, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, operationUrl, spyOnApi, heldAnswer } from '../msw/handlers';
import { UNAVAILABLE_TEXT, UNREACHABLE_TEXT } from '../../../src/web/api/errors';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// Settings lists the sessions and the two-factor state.
beforeEach(() =>
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
  ),
);

// docs/product.md#settings and docs/product.md#settings-texts.

function renderSettings() {
  return renderApp('/dashboard/settings', {
    preloadedState: signedIn(aUser({ email: 'ada@example.com', name: 'Ada Lovelace' })),
  });
}

test("shows the read-only email captioned 'Your email cannot be changed' and the name", async () => {
  renderSettings();
  expect(await screen.findByRole('heading', { name: 'Settings', level: 1 })).toBeInTheDocument();
  expect(document.title).toBe('Settings');
  const email = screen.getByRole('textbox', { name: 'Email' });
  expect(email).toHaveValue('ada@example.com');
  expect(email).toHaveAttribute('readonly');
  expect(email).toHaveAttribute('type', 'email');
  expect(email).toHaveAccessibleDescription('Your email cannot be changed');
  const name = screen.getByRole('textbox', { name: 'Name' });
  expect(name).toHaveValue('Ada Lovelace');
  expect(name).toHaveAttribute('placeholder', 'Enter your name');
});

test('the email cannot be typed into', async () => {
  const { user } = renderSettings();
  const email = await screen.findByRole('textbox', { name: 'Email' });
  await user.type(email, 'x');
  expect(email).toHaveValue('ada@example.com');
});

test("saves the name, reads 'Saving...' meanwhile, then 'Profile updated successfully!'", async () => {
  const answer = heldAnswer();
  const save = spyOnApi(
    'setSettings',
    (request) => ({
      error: false,
      message: 'Saved',
      data: aUser({ name: (request.body as { name: string }).name }),
    }),
    { until: answer.until },
  );
  server.use(save.handler);
  const { user, store } = renderSettings();

  const name = await screen.findByRole('textbox', { name: 'Name' });
  await user.clear(name);
  await user.type(name, 'Ada King');
  await user.click(screen.getByRole('button', { name: 'Save Changes' }));

  expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
  answer.release();
  expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
  expect(save.requests).toHaveLength(1);
  expect(save.requests[0].body).toEqual({ name: 'Ada King' });
  // The shared user follows, so the rest of the dashboard shows the new name.
  expect(store.getState().app.user?.name).toBe('Ada King');
});

test("a non-OK answer shows 'Failed to update profile' in a red banner (with the server's message)", async () => {
  server.use(mockApiError('setSettings', 'Name is too long', { status: 400 }));
  const { user } = renderSettings();
  await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
  const banner = await screen.findByRole('alert');
  expect(within(banner).getByText('Failed to update profile')).toBeInTheDocument();
  expect(within(banner).getByText('Name is too long')).toBeInTheDocument();
  // Filled: the banner itself is red, not only its text.
  expect(getComputedStyle(banner).backgroundColor).toBe('rgb(198, 40, 40)');
  expect(screen.queryByText('Profile updated successfully!')).not.toBeInTheDocument();
});

test("a non-OK answer without a message shows 'Failed to update profile' and why", async () => {
  server.use(http.post(operationUrl('setSettings'), () => HttpResponse.json({}, { status: 500 })));
  const { user } = renderSettings();
  await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(`Failed to update profile${UNAVAILABLE_TEXT}`);
});

test('an OK answer flagged as an error shows the server message as given', async () => {
  server.use(
    http.post(operationUrl('setSettings'), () =>
      HttpResponse.json({ error: true, message: 'Profile is locked' }),
    ),
  );
  const { user } = renderSettings();
  await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Profile is locked$/);
});

test("an OK answer flagged as an error without a message shows 'Error updating profile'", async () => {
  server.use(http.post(operationUrl('setSettings'), () => HttpResponse.json({ error: true })));
  const { user } = renderSettings();
  await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(/^Error updating profile$/);
});

test("a call that gets no answer shows 'Error updating profile' and why", async () => {
  server.use(http.post(operationUrl('setSettings'), () => HttpResponse.error()));
  const { user } = renderSettings();
  await user.click(await screen.findByRole('button', { name: 'Save Changes' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(`Error updating profile${UNREACHABLE_TEXT}`);
});
