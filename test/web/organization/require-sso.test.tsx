import { screen, waitFor, within } from '@testing-library/react';
import { aMember, anOrganization, aSoftware, aUser } from '../msw/fixtures';
import {
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  mockSoftware,
  noCompanyDomain,
  ok,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';

// docs/product.md#require-sso: on the single sign-on settings, an admin requires single sign-on for the
// addresses at the domain: a switch with what it does, confirmed before it is turned on, and the server's
// refusal (no sign-in through the connection in the last hour) said as it says it.

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const team = [aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' })];

function settings({ tested = true, required = false } = {}) {
  return {
    error: false as const,
    data: {
      domain: 'acme.com',
      redirect_uri: 'http://localhost/sso/callback',
      saml: {
        entity_id: 'http://localhost/sso/saml/metadata',
        acs_url: 'http://localhost/sso/saml/acs',
        metadata_url: 'http://localhost/sso/saml/metadata',
      },
      sandbox: null,
      connection: {
        id: '2',
        protocol: 'oidc' as const,
        issuer: 'https://acme.okta.com',
        client_id: '0oa1b2c3',
        client_secret_set: true,
        metadata_url: null,
        metadata_xml: null,
        tested_at: tested ? 1764003600 : null,
        updated_at: 1764000000,
      },
      require_sso: required,
    },
  };
}

async function openSwitch() {
  server.use(noCompanyDomain(), mockOrganizationMembers({ users: team, invitations: [] }));
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));
  const section = within(await screen.findByRole('region', { name: 'Require single sign-on' }));
  return { user, section };
}

afterEach(() => activateLocaleWith('en', {}));

test('turning it on is confirmed first, then sent, and the answer is shown', async () => {
  const set = spyOnApi('setRequireSso', {
    error: false,
    message:
      'Single sign-on is now required for addresses at acme.com. Sessions signed in otherwise were ended: 3.',
    code: 'sso_require_on',
    params: { domain: 'acme.com', sessions: 3 },
  });
  server.use(
    mockApi('getSsoConnection', settings(), { once: true }),
    mockApi('getSsoConnection', settings({ required: true })),
    set.handler,
  );
  const { user, section } = await openSwitch();
  const toggle = section.getByRole('switch', { name: 'Require single sign-on for addresses at acme.com' });
  expect(toggle).not.toBeChecked();
  expect(
    section.getByText(
      'Members at acme.com then sign in only with SSO: password and Google sign-ins are refused and their sessions signed in otherwise end. The billing admin can still sign in with a password and two-factor sign-in, for emergencies.',
    ),
  ).toBeInTheDocument();
  expect(
    section.getByText(
      'To turn it on, sign in with SSO or test the connection with your own address within the last hour, so you know you can still get in.',
    ),
  ).toBeInTheDocument();

  await user.click(toggle);
  const dialog = within(await screen.findByRole('dialog', { name: 'Require single sign-on?' }));
  expect(
    dialog.getByText(
      'Members at acme.com will have to use "Sign in with SSO". Their sessions signed in with a password or Google end now.',
    ),
  ).toBeInTheDocument();
  expect(set.requests).toHaveLength(0);
  await user.click(dialog.getByRole('button', { name: 'Require single sign-on' }));
  await waitFor(() => expect(set.requests).toHaveLength(1));
  expect(set.requests[0]!.body).toEqual({ enabled: true });
  expect(
    await screen.findByText(
      'Single sign-on is now required for addresses at acme.com. Sessions signed in otherwise were ended: 3.',
    ),
  ).toBeInTheDocument();
  await waitFor(() =>
    expect(
      section.getByRole('switch', { name: 'Require single sign-on for addresses at acme.com' }),
    ).toBeChecked(),
  );
});

test('the server’s refusal is said; cancelling sends nothing', async () => {
  const refusal =
    'Sign in through your identity provider first: within the last hour, sign in with SSO, or test the connection signing in with your own address. This proves you can still get in once single sign-on is required.';
  server.use(
    mockApi('getSsoConnection', settings()),
    mockApiError('setRequireSso', refusal, { status: 409 }),
  );
  const { user, section } = await openSwitch();
  const toggle = section.getByRole('switch', { name: 'Require single sign-on for addresses at acme.com' });
  await user.click(toggle);
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(toggle).not.toBeChecked();

  await user.click(toggle);
  await user.click(
    within(await screen.findByRole('dialog')).getByRole('button', { name: 'Require single sign-on' }),
  );
  expect(await section.findByRole('alert')).toHaveTextContent(refusal);
  expect(toggle).not.toBeChecked();
});

test('never tested: the switch waits for a test and says so', async () => {
  server.use(mockApi('getSsoConnection', settings({ tested: false })));
  const first = await openSwitch();
  expect(first.section.getByRole('switch')).toBeDisabled();
  expect(first.section.getByText('Test the connection before requiring single sign-on.')).toBeInTheDocument();
});

test('turning it off sends at once', async () => {
  const set = spyOnApi('setRequireSso', {
    error: false,
    message:
      'Single sign-on is no longer required: members at acme.com may sign in with their passwords or Google again.',
    code: 'sso_require_off',
    params: { domain: 'acme.com' },
  });
  server.use(mockApi('getSsoConnection', settings({ required: true })), set.handler);
  const { user, section } = await openSwitch();
  await user.click(section.getByRole('switch', { name: 'Require single sign-on for addresses at acme.com' }));
  await waitFor(() => expect(set.requests).toHaveLength(1));
  expect(set.requests[0]!.body).toEqual({ enabled: false });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('in Chinese', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  server.use(noCompanyDomain(), mockOrganizationMembers({ users: team, invitations: [] }));
  server.use(mockApi('getSsoConnection', settings()));
  const { user } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  await user.click(await screen.findByRole('button', { name: '设置单点登录' }));
  const section = within(await screen.findByRole('region', { name: '要求单点登录' }));
  expect(section.getByRole('switch', { name: '要求 acme.com 的地址使用单点登录' })).toBeInTheDocument();
});

test('a session the requirement ended sends the user to /login, which says to use "Sign in with SSO"', async () => {
  const ended =
    'Your organization now requires single sign-on, so this session was ended. Please use "Sign in with SSO".';
  const logout = spyOnApi('logout', ok());
  server.use(
    noCompanyDomain(),
    mockSoftware(aSoftware()),
    logout.handler,
    mockApiError('getOrganizationMembers', ended, { status: 401 }),
  );
  const { router } = renderApp('/dashboard/organization', { preloadedState: signedIn(admin) });
  expect(await screen.findByText(ended)).toBeInTheDocument();
  expect(router.state.location.pathname).toBe('/login');
  expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();
  await waitFor(() => expect(logout.requests).toHaveLength(1));
});

test('the admin whose own password session it ends is told so, and sent to "Sign in with SSO"', async () => {
  const ended =
    'Your organization now requires single sign-on, so this session was ended. Please use "Sign in with SSO".';
  const done =
    'Single sign-on is now required for addresses at acme.com. Sessions signed in otherwise were ended: 1.';
  server.use(
    mockSoftware(aSoftware()),
    mockApi('logout', ok()),
    mockApi('setRequireSso', {
      error: false,
      message: done,
      code: 'sso_require_on',
      params: { domain: 'acme.com', sessions: 1 },
    }),
    mockApi('getSsoConnection', settings(), { once: true }),
    // The server leaves the admin's own session to end on its next call, saying why (docs/product.md#require-sso).
    mockApiError('getSsoConnection', ended, { status: 401 }),
  );
  const { user, section } = await openSwitch();
  await user.click(section.getByRole('switch', { name: 'Require single sign-on for addresses at acme.com' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Require single sign-on?' }));
  await user.click(dialog.getByRole('button', { name: 'Require single sign-on' }));

  expect(await screen.findByText(ended)).toBeInTheDocument();
  expect(screen.getByText(done)).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Sign in with SSO' })).toBeInTheDocument();
  expect(screen.queryByRole('dialog', { name: 'Sign in again' })).not.toBeInTheDocument();
});
