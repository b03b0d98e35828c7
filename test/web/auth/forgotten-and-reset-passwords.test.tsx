import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { mockApi, mockApiError, ok, operationUrl, spyOnApi, heldAnswer } from '../msw/handlers';
import { server } from '../msw/server';
import { resetBrowserState, stubForeignPages } from '../onboarding/helpers';
import { renderApp, signedOut } from '../utils/render';
import { useSpecTimers } from '../utils/spec-timers';

/** reset-password's answer on success: the message, and where to go after 1.5 s. */
const resetAnswer = (redirect_url: string) => ({
  error: false as const,
  message: 'Password updated.',
  data: { redirect_url },
});

stubForeignPages();

const NEUTRAL =
  "If your account exists, you'll receive an email with a link to reset your password (expires in 24 hours).";
const RESET_MESSAGE =
  'Please pick a stronger password (at least Medium) - requires at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 digit, and 1 symbol.';

beforeEach(resetBrowserState);

describe('/forgot-password', () => {
  async function submitEmail(user: ReturnType<typeof renderApp>['user']) {
    await user.type(await screen.findByLabelText(/^Email/), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
  }

  test('sends the email and shows the neutral text of docs/product.md#forgot-and-reset-password', async () => {
    const forgot = spyOnApi('forgotPassword', ok('Sent, really'));
    server.use(forgot.handler);
    const { user } = renderApp('/forgot-password', { preloadedState: signedOut() });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Forgot your password?' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Forgot password');
    await submitEmail(user);
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
    expect(screen.queryByText('Sent, really')).not.toBeInTheDocument();
    expect(forgot.requests[0].body).toEqual({ email: 'ada@example.com' });
  });

  test('shows the loading state while sending', async () => {
    const answer = heldAnswer();
    server.use(mockApi('forgotPassword', ok(), { until: answer.until }));
    const { user } = renderApp('/forgot-password', { preloadedState: signedOut() });
    await submitEmail(user);
    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer.release();
    expect(await screen.findByText(NEUTRAL)).toBeInTheDocument();
  });

  test('renders the error text as sanitised HTML', async () => {
    server.use(
      mockApiError(
        'forgotPassword',
        'Too many attempts. <a href="/login">Log in</a><img src=x onerror="alert(1)"><script>alert(2)</script>',
        {
          status: 429,
        },
      ),
    );
    const { user } = renderApp('/forgot-password', { preloadedState: signedOut() });
    await submitEmail(user);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many attempts. Log in');
    expect(alert.querySelector('a[href="/login"]')).not.toBeNull();
    expect(alert.querySelector('script')).toBeNull();
    expect(alert.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  test('no answer at all shows Something went wrong', async () => {
    server.use(http.post(operationUrl('forgotPassword'), () => HttpResponse.error()));
    const { user } = renderApp('/forgot-password', { preloadedState: signedOut() });
    await submitEmail(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong');
  });
});

describe('/reset-password', () => {
  // The link is checked as the page opens; these tests use a usable one unless they say.
  beforeEach(() => server.use(mockApi('checkResetToken', ok('This reset link is valid.'))));

  async function submitPassword(user: ReturnType<typeof renderApp>['user'], password: string) {
    await user.type(await screen.findByLabelText(/^New password/, { selector: 'input' }), password);
    await user.click(screen.getByRole('button', { name: 'Set new password' }));
  }

  test('without a token says so and offers a new link', async () => {
    renderApp('/reset-password', { preloadedState: signedOut() });
    expect(await screen.findByRole('alert')).toHaveTextContent('No reset token provided.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(document.title).toBe('Reset password');
  });

  test('a dead link is said as soon as the page opens, before any password is typed', async () => {
    server.use(
      mockApiError(
        'checkResetToken',
        'This reset link is invalid or has expired. Please ask for a new one.',
        {
          status: 400,
        },
      ),
    );
    renderApp('/reset-password?token=used-token', { preloadedState: signedOut() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This reset link is invalid or has expired. Please ask for a new one.',
    );
    expect(screen.getByRole('link', { name: 'Request a new reset link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.queryByLabelText(/^New password/)).not.toBeInTheDocument();
  });

  test('a check that gets no answer still offers the form (the reset call decides)', async () => {
    const check = spyOnApi('checkResetToken', ok(''));
    server.use(
      check.handler,
      http.post(operationUrl('checkResetToken'), () => HttpResponse.error()),
    );
    renderApp('/reset-password?token=tok', { preloadedState: signedOut() });
    expect(await screen.findByLabelText(/^New password/, { selector: 'input' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('checks the token of the link once, and shows the form for a usable link', async () => {
    const check = spyOnApi('checkResetToken', ok('This reset link is valid.'));
    server.use(check.handler);
    renderApp('/reset-password?token=tok-9', { preloadedState: signedOut() });
    expect(await screen.findByLabelText(/^New password/, { selector: 'input' })).toBeInTheDocument();
    expect(check.requests.map((request) => request.body)).toEqual([{ token: 'tok-9' }]);
  });

  test('the new password can be shown while typing it', async () => {
    const { user } = renderApp('/reset-password?token=tok', { preloadedState: signedOut() });
    const input = await screen.findByLabelText(/^New password/, { selector: 'input' });
    expect(input).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(input).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(input).toHaveAttribute('type', 'password');
  });

  test.each([
    ['Too weak', 'abc'],
    ['Weak', 'abcdefG1'],
  ])('a %s password is refused with the exact message and no call', async (_level, password) => {
    const reset = spyOnApi('resetPassword', resetAnswer('/login'));
    server.use(reset.handler);
    const { user } = renderApp('/reset-password?token=tok', { preloadedState: signedOut() });
    await submitPassword(user, password);
    expect(await screen.findByRole('alert')).toHaveTextContent(RESET_MESSAGE);
    expect(reset.requests).toHaveLength(0);
  });

  test('a Medium password is accepted and redirect_url is followed after 1.5 s', async () => {
    useSpecTimers();
    const reset = spyOnApi('resetPassword', resetAnswer('/login?reset=1'));
    server.use(reset.handler);
    const { user, router } = renderApp('/reset-password?token=tok-1', {
      preloadedState: signedOut(),
      userEvent: { advanceTimers: jest.advanceTimersByTime },
    });
    await submitPassword(user, 'aB1!aB1!');
    expect(await screen.findByText(/Password updated\./)).toBeInTheDocument();
    expect(reset.requests[0].body).toEqual({ token: 'tok-1', new_password: 'aB1!aB1!' });

    act(() => jest.advanceTimersByTime(1499));
    // Not even started: a navigation in progress would show as 'loading' while the lazy page loads.
    expect(router.state.navigation.state).toBe('idle');
    expect(router.state.location.pathname).toBe('/reset-password');
    act(() => jest.advanceTimersByTime(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('?reset=1');
  });

  test('an external redirect_url is never followed: the app goes to /login instead', async () => {
    useSpecTimers();
    server.use(mockApi('resetPassword', resetAnswer('https://evil.example/login')));
    const { user, router } = renderApp('/reset-password?token=tok', {
      preloadedState: signedOut(),
      userEvent: { advanceTimers: jest.advanceTimersByTime },
    });
    await submitPassword(user, 'aB1!aB1!xx');
    await screen.findByText(/Password updated\./);
    act(() => jest.advanceTimersByTime(1500));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe('');
  });

  test('shows the loading state while saving', async () => {
    const answer = heldAnswer();
    server.use(mockApi('resetPassword', resetAnswer('/login'), { until: answer.until }));
    const { user } = renderApp('/reset-password?token=tok', { preloadedState: signedOut() });
    await submitPassword(user, 'aB1!aB1!');
    expect(await screen.findByRole('button', { name: 'Saving...' })).toBeDisabled();
    answer.release();
    await screen.findByText(/Password updated\./);
  });

  test.each([
    ['the server message as given', 'This reset link has expired', 'This reset link has expired'],
    ['Error resetting password without a message', '', 'Error resetting password'],
  ])('a refused reset shows %s', async (_case, serverText, shown) => {
    server.use(mockApiError('resetPassword', serverText, { status: 400 }));
    const { user } = renderApp('/reset-password?token=tok', { preloadedState: signedOut() });
    await submitPassword(user, 'aB1!aB1!');
    expect(await screen.findByRole('alert')).toHaveTextContent(shown);
  });

  test('no answer at all shows Error resetting password', async () => {
    server.use(http.post(operationUrl('resetPassword'), () => HttpResponse.error()));
    const { user } = renderApp('/reset-password?token=tok', { preloadedState: signedOut() });
    await submitPassword(user, 'aB1!aB1!');
    expect(await screen.findByRole('alert')).toHaveTextContent('Error resetting password');
  });
});

test('/reset-password takes the token out of the address bar once read, and still resets with it', async () => {
  const token = 'reset-secret-4f9a';
  server.use(mockApi('checkResetToken', ok('This reset link is valid.')));
  const reset = spyOnApi('resetPassword', resetAnswer('/login'));
  server.use(reset.handler);
  const { router, user } = renderApp(`/reset-password?token=${token}`, { preloadedState: signedOut() });
  const input = await screen.findByLabelText(/^New password/, { selector: 'input' });
  // History, a synced browser or a shared screen keeps no bearer secret.
  await waitFor(() => expect(router.state.location.search).not.toContain(token));
  await user.type(input, 'aB1!aB1!xx');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  await screen.findByText(/Password updated\./);
  expect(reset.requests[0]!.body).toEqual({ token, new_password: 'aB1!aB1!xx' });
});

test('/reset-password still resets after a reload: the token is kept in the history entry, not the address', async () => {
  const token = 'reset-secret-91be';
  const check = spyOnApi('checkResetToken', ok('This reset link is valid.'));
  const reset = spyOnApi('resetPassword', resetAnswer('/login'));
  server.use(check.handler, reset.handler);
  const opened = renderApp(`/reset-password?token=${token}`, { preloadedState: signedOut() });
  await waitFor(() => expect(opened.router.state.location.search).not.toContain(token));
  const { pathname, search, state } = opened.router.state.location;
  opened.unmount();

  // A reload starts the app again at the same history entry: its address without the token, its state kept.
  const { user } = renderApp({ pathname, search, state }, { preloadedState: signedOut() });
  const input = await screen.findByLabelText(/^New password/, { selector: 'input' });
  await waitFor(() => expect(check.requests).toHaveLength(2));
  expect(check.requests[1]!.body).toEqual({ token });
  await user.type(input, 'aB1!aB1!xx');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  await screen.findByText(/Password updated\./);
  expect(reset.requests[0]!.body).toEqual({ token, new_password: 'aB1!aB1!xx' });
});

test("/reset-password entered again by back resets with that entry's own token, not the one read after it", async () => {
  const check = spyOnApi('checkResetToken', ok('This reset link is valid.'));
  const reset = spyOnApi('resetPassword', resetAnswer('/login'));
  server.use(check.handler, reset.handler);
  const { router, user } = renderApp('/reset-password?token=first-link', { preloadedState: signedOut() });
  await waitFor(() => expect(router.state.location.search).toBe(''));
  // A second reset mail's link opened in the same tab: the same page, an entry of its own.
  await act(() => router.navigate('/reset-password?token=second-link'));
  await waitFor(() => expect(router.state.location.search).toBe(''));
  expect(check.requests.map((request) => request.body)).toEqual([
    { token: 'first-link' },
    { token: 'second-link' },
  ]);

  await act(() => router.navigate(-1));
  await waitFor(() => expect(check.requests).toHaveLength(3));
  expect(check.requests[2]!.body).toEqual({ token: 'first-link' });
  const input = await screen.findByLabelText(/^New password/, { selector: 'input' });
  await user.type(input, 'aB1!aB1!xx');
  await user.click(screen.getByRole('button', { name: 'Set new password' }));
  await screen.findByText(/Password updated\./);
  expect(reset.requests[0]!.body).toEqual({ token: 'first-link', new_password: 'aB1!aB1!xx' });
});

test('/reset-password takes no token from a history entry that holds something else', async () => {
  renderApp(
    { pathname: '/reset-password', state: { readOnce: { token: 42 } } },
    { preloadedState: signedOut() },
  );
  expect(await screen.findByRole('alert')).toHaveTextContent('No reset token provided.');
});
