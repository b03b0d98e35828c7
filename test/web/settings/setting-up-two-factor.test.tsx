import { screen, within } from '@testing-library/react';
import { encode } from 'uqr';
import { activateLocale, activateLocaleWith } from '../../../src/web/i18n';
import { aCreditUsage, aSession, anOrganization, aUsageReport, aUser } from '../msw/fixtures';
import { mockApi, mockApiError, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// docs/product.md#two-factor-sign-in: Settings → Two-factor sign-in: set up with the password and a first code, recovery codes shown
// once; turned off with the password and a code (or a recovery code).

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
  // The QR code holds the otpauth URL (what authenticator apps scan): its grid and dark modules are that URL's.
  const qr = within(confirmForm).getByRole('img', { name: 'QR code for your authenticator app' });
  const expected = encode('otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', { ecc: 'M', border: 4 });
  expect(qr).toHaveAttribute('viewBox', `0 0 ${expected.size} ${expected.size}`);
  const darkModules = expected.data.flat().filter(Boolean).length;
  expect(qr.querySelector('path')?.getAttribute('d')?.match(/M/g)).toHaveLength(darkModules);
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

describe('turning it off', () => {
  beforeEach(() =>
    server.use(mockApi('getTwoFactor', { error: false, data: { enabled: true, recovery_codes_left: 7 } })),
  );

  /** Settings with two-factor on, the password typed in the turn-off form, and what it sends. */
  async function turnOffForm() {
    const off = spyOnApi('disableTwoFactor', { error: false, message: 'Two-factor sign-in is off.' });
    server.use(off.handler);
    const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
    const form = within(await screen.findByRole('form', { name: 'Turn off two-factor sign-in' }));
    await user.type(form.getByLabelText('Password'), 'S3cret!pass');
    return {
      user,
      form,
      off,
      code: form.getByLabelText('Code'),
      turnOff: form.getByRole('button', { name: 'Turn off' }),
    };
  }

  test.each([
    ['a code of the authenticator app', ' 123 456 ', '123 456'],
    ['a recovery code', 'K7M2-X9QP-4TDW', 'K7M2-X9QP-4TDW'],
  ])('shows the codes left and turns off with the password and %s', async (_, typed, sent) => {
    const { user, form, off, code, turnOff } = await turnOffForm();
    expect(form.getByText('Two-factor sign-in is on. Recovery codes left: 7.')).toBeInTheDocument();
    // The password alone is not enough.
    expect(turnOff).toBeDisabled();
    await user.type(code, typed);
    await user.click(turnOff);
    expect(await screen.findByText('Two-factor sign-in is off.')).toBeInTheDocument();
    expect(off.requests[0]!.body).toEqual({ password: 'S3cret!pass', code: sent });
  });

  test('a code of no known shape is pointed out under the field and nothing is sent', async () => {
    const { user, off, code, turnOff } = await turnOffForm();
    await user.type(code, '12345');
    await user.click(turnOff);
    expect(code).toHaveAccessibleDescription(
      'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
    );
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(off.requests).toHaveLength(0);
    await user.type(code, '6');
    expect(code).not.toHaveAttribute('aria-invalid', 'true');
  });

  test("the server's refusal of a wrong code is shown, and it stays on", async () => {
    server.use(mockApiError('disableTwoFactor', 'That code is not valid. Try again.'));
    const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
    const form = await screen.findByRole('form', { name: 'Turn off two-factor sign-in' });
    await user.type(within(form).getByLabelText('Password'), 'S3cret!pass');
    await user.type(within(form).getByLabelText('Code'), '000000');
    await user.click(within(form).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('That code is not valid. Try again.')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Turn off two-factor sign-in' })).toBeInTheDocument();
  });

  test('in Chinese: the explanation, the field, its validation and the refusal', async () => {
    server.use(mockApiError('disableTwoFactor', 'That code is not valid. Try again.'));
    await activateLocale('zh-CN');
    try {
      const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
      const form = await screen.findByRole('form', { name: '关闭双重验证登录' });
      expect(
        within(form).getByText(
          '如需关闭，请输入您的密码以及身份验证器应用中的 6 位验证码，或您的一个恢复码。',
        ),
      ).toBeInTheDocument();
      await user.type(within(form).getByLabelText('密码'), 'S3cret!pass');
      const code = within(form).getByLabelText('验证码');
      await user.type(code, 'abc');
      await user.click(within(form).getByRole('button', { name: '关闭' }));
      expect(code).toHaveAccessibleDescription('请输入身份验证器应用中的 6 位验证码，或您的某个恢复码。');
      await user.clear(code);
      await user.type(code, '000000');
      await user.click(within(form).getByRole('button', { name: '关闭' }));
      expect(await screen.findByText('验证码无效。请重试。')).toBeInTheDocument();
    } finally {
      activateLocaleWith('en', {});
    }
  });
});

test('when the organization requires it and it is off, every dashboard page leads to Settings to set it up', async () => {
  server.use(mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }));
  const member = aUser({
    role: 'member',
    two_factor_enabled: false,
    must_set_up_two_factor: true,
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

test('a member whose session single sign-on started meets the requirement: no detour to Settings', async () => {
  const member = aUser({
    role: 'member',
    two_factor_enabled: false,
    must_set_up_two_factor: false,
    organization: anOrganization({ require_two_factor: true }),
  });
  server.use(
    mockApi('getCreditUsage', { error: false, data: aCreditUsage({ monthly_cap: 8, period_spent: 6 }) }),
    mockApi('getUsageReport', { error: false, data: aUsageReport({ scope: 'self' }) }),
  );
  const { router } = renderApp('/dashboard/usage', { preloadedState: signedIn(member) });
  expect(await screen.findByText(/6 of 8 credits used this period/)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/dashboard/usage');
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

test('the recovery codes can be copied and saved as a file', async () => {
  server.use(
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
    mockApi('startTwoFactorSetup', {
      error: false,
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
    }),
    mockApi('confirmTwoFactorSetup', {
      error: false,
      message: 'Two-factor sign-in is on.',
      data: { recovery_codes: ['abcd-efgh-jkmn', 'pqrs-tuvw-xyz2'] },
    }),
  );
  const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
  const files: Blob[] = [];
  const names: string[] = [];
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => (files.push(blob), 'blob:codes')),
    revokeObjectURL: jest.fn(),
  });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
  const setup = await screen.findByRole('form', { name: 'Set up two-factor sign-in' });
  await user.type(within(setup).getByLabelText('Password'), 'S3cret!pass');
  await user.click(within(setup).getByRole('button', { name: 'Set up' }));
  const confirmForm = await screen.findByRole('form', { name: 'Confirm two-factor sign-in' });
  await user.type(within(confirmForm).getByLabelText('Code'), '123456');
  await user.click(within(confirmForm).getByRole('button', { name: 'Turn on' }));
  await screen.findByRole('list', { name: 'Recovery codes' });

  await user.click(screen.getByRole('button', { name: 'Copy codes' }));
  expect(writeText).toHaveBeenCalledWith('abcd-efgh-jkmn\npqrs-tuvw-xyz2\n');
  expect(await screen.findByText('Recovery codes copied to the clipboard.')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Download codes' }));
  expect(names).toEqual(['crm-sync-recovery-codes.txt']);
  expect(await files[0]!.text()).toBe('abcd-efgh-jkmn\npqrs-tuvw-xyz2\n');
  click.mockRestore();
  writeText.mockRestore();
});

test('in Chinese, a clipboard the browser refuses says how to copy the codes instead', async () => {
  await activateLocale('zh-CN');
  try {
    server.use(
      mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
      mockApi('startTwoFactorSetup', {
        error: false,
        data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
      }),
      mockApi('confirmTwoFactorSetup', {
        error: false,
        message: 'Two-factor sign-in is on.',
        data: { recovery_codes: ['abcd-efgh-jkmn'] },
      }),
    );
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const { user } = renderApp('/dashboard/settings', { preloadedState: signedIn(aUser()) });
    const setup = await screen.findByRole('form', { name: '设置双重验证登录' });
    await user.type(within(setup).getByLabelText('密码'), 'S3cret!pass');
    await user.click(within(setup).getByRole('button', { name: '设置' }));
    const confirmForm = await screen.findByRole('form', { name: '确认双重验证登录' });
    await user.type(within(confirmForm).getByLabelText('验证码'), '123456');
    await user.click(within(confirmForm).getByRole('button', { name: '开启' }));
    await user.click(await screen.findByRole('button', { name: '复制恢复码' }));
    expect(await screen.findByText('无法复制。请选中恢复码后自行复制。')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '下载恢复码' })).toBeInTheDocument();
    writeText.mockRestore();
  } finally {
    activateLocaleWith('en', {});
  }
});
