import { screen, within } from '@testing-library/react';
import { aSession, anOrganization, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// Issue 16: Settings → Two-factor sign-in: set up with the password and a first code, recovery codes shown
// once; turned off with the password.

beforeEach(() => server.use(mockApi('listSessions', { error: false, data: { sessions: [aSession()] } })));

test('set-up: password, then the secret and a code; shows the recovery codes once', async () => {
  let enabled = false;
  server.use(
    mockApi('getTwoFactor', () => ({
      error: false,
      data: { enabled, recovery_codes_left: enabled ? 10 : 0 },
    })),
    mockApi('startTwoFactorSetup', {
      error: false,
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
    }),
  );
  const confirm = spyOnApi('confirmTwoFactorSetup', () => {
    enabled = true;
    return {
      error: false,
      message: 'Two-factor sign-in is on.',
      data: { recovery_codes: ['abcd-efgh-jkmn'] },
    };
  });
  server.use(confirm.handler);
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
  const setup = await screen.findByRole('form', { name: 'Set up two-factor sign-in' });
  await user.type(within(setup).getByLabelText('Password'), 'S3cret!pass');
  await user.click(within(setup).getByRole('button', { name: 'Set up' }));
  const confirmForm = await screen.findByRole('form', { name: 'Confirm two-factor sign-in' });
  expect(within(confirmForm).getByLabelText('Secret key')).toHaveValue('JBSWY3DPEHPK3PXP');
  await user.type(within(confirmForm).getByLabelText('Code'), '123456');
  await user.click(within(confirmForm).getByRole('button', { name: 'Turn on' }));
  const codes = await screen.findByRole('list', { name: 'Recovery codes' });
  expect(within(codes).getByText('abcd-efgh-jkmn')).toBeInTheDocument();
  expect(confirm.requests[0]!.body).toEqual({ code: '123456' });
  expect(await screen.findByText('Two-factor sign-in is on. Recovery codes left: 10.')).toBeInTheDocument();
});

test('a wrong password is shown and nothing changes; turning off needs the password', async () => {
  server.use(
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
    mockApiError('startTwoFactorSetup', 'Your password is not correct.'),
  );
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
  const setup = await screen.findByRole('form', { name: 'Set up two-factor sign-in' });
  await user.type(within(setup).getByLabelText('Password'), 'wrong');
  await user.click(within(setup).getByRole('button', { name: 'Set up' }));
  expect(await screen.findByText('Your password is not correct.')).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
});

test('when on: shows the codes left and turns off with the password', async () => {
  server.use(mockApi('getTwoFactor', { error: false, data: { enabled: true, recovery_codes_left: 7 } }));
  const off = spyOnApi('disableTwoFactor', { error: false, message: 'Two-factor sign-in is off.' });
  server.use(off.handler);
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
  const form = await screen.findByRole('form', { name: 'Turn off two-factor sign-in' });
  expect(within(form).getByText('Two-factor sign-in is on. Recovery codes left: 7.')).toBeInTheDocument();
  await user.type(within(form).getByLabelText('Password'), 'S3cret!pass');
  await user.click(within(form).getByRole('button', { name: 'Turn off' }));
  expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
  expect(off.requests[0]!.body).toEqual({ password: 'S3cret!pass' });
});

test('when the organization requires it and it is off, every dashboard page leads to Settings to set it up', async () => {
  server.use(mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }));
  const member = aUser({
    role: 'member',
    two_factor_enabled: false,
    organization: anOrganization({ require_two_factor: true }),
  });
  const { router } = renderApp('/dashboard/organization', { preloadedState: signedIn(member) });
  expect(
    await screen.findByText(
      'Your organization requires two-factor sign-in. Set it up to continue using the dashboard.',
    ),
  ).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/dashboard/settings');
  expect(screen.queryByRole('switch', { name: /^Require two-factor/ })).not.toBeInTheDocument();
});

test('an admin turns the requirement on for the organization', async () => {
  server.use(mockApi('getTwoFactor', { error: false, data: { enabled: true, recovery_codes_left: 10 } }));
  const set = spyOnApi('setTwoFactorRequirement', {
    error: false,
    message: 'Two-factor sign-in is now required in your organization.',
  });
  server.use(
    set.handler,
    mockApi('getUser', {
      error: false,
      data: aUser({ role: 'admin', organization: anOrganization({ require_two_factor: true }) }),
    }),
  );
  const admin = aUser({ role: 'admin', two_factor_enabled: true, organization: anOrganization() });
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(admin) });
  await user.click(
    await screen.findByRole('switch', {
      name: 'Require two-factor sign-in for everyone in the organization',
    }),
  );
  expect(
    await screen.findByText('Two-factor sign-in is now required in your organization.'),
  ).toBeInTheDocument();
  expect(set.requests[0]!.body).toEqual({ required: true });
});
