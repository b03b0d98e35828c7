import { act, screen, waitFor, within } from '@testing-library/react';
import { aMember, anOrganization, aSoftware, aUser } from '../msw/fixtures';
import {
  heldAnswer,
  mockApi,
  mockApiError,
  mockOrganizationMembers,
  mockSoftware,
  noCompanyDomain,
  spyOnApi,
} from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';
import { activateLocaleWith } from '../../../src/web/i18n';
import { messages, renderServerCode, translateStoredValue } from '../../../src/web/i18n/zh-CN';
import { leaveAppTo } from '../../../src/web/lib/safe-redirect';
import type { Schemas } from '../../../src/web/api/contract-types';

// docs/product.md#single-sign-on: an admin connects the organization's identity provider under
// Organization settings: what to paste there, the connection (OpenID Connect, or SAML's metadata), a test
// sign-in, and deleting it.

jest.mock('../../../src/web/lib/safe-redirect', () => ({
  ...jest.requireActual('../../../src/web/lib/safe-redirect'),
  leaveAppTo: jest.fn(),
}));

const admin = aUser({
  id: 'user-1',
  role: 'admin',
  organization: anOrganization({ billing_admin_id: 'user-1' }),
});
const team = [aMember({ id: 'user-1', name: 'Ada Lovelace', email: 'ada@example.com', role: 'admin' })];
const REDIRECT_URI = 'http://localhost/sso/callback';
const connection = {
  id: '2',
  protocol: 'oidc' as const,
  issuer: 'https://acme.okta.com',
  client_id: '0oa1b2c3',
  client_secret_set: true,
  metadata_url: null,
  metadata_xml: null,
  tested_at: null as number | null,
  updated_at: 1764000000,
};

/** save-sso-connection's answer. */
const saved = {
  error: false,
  message: 'The single sign-on connection was saved. Test it to make sure it works.',
  code: 'sso_connection_saved',
  params: {},
  data: connection,
} as const;

type Settings = {
  domain: string | null;
  connection: Schemas['SsoConnection'] | null;
  sandbox: { issuer: string; client_id: string; client_secret: string; saml_metadata_url: string } | null;
};

const answer = (data: Partial<Settings> = {}) => ({
  error: false as const,
  data: {
    domain: 'acme.com',
    redirect_uri: REDIRECT_URI,
    saml: {
      entity_id: 'http://localhost/sso/saml/metadata',
      acs_url: 'http://localhost/sso/saml/acs',
      metadata_url: 'http://localhost/sso/saml/metadata',
    },
    sandbox: null,
    connection: null,
    require_sso: false,
    ...data,
  },
});

function renderOrganization(viewer = admin) {
  server.use(noCompanyDomain(), mockOrganizationMembers({ users: team, invitations: [] }));
  return renderApp('/dashboard/organization', { preloadedState: signedIn(viewer) });
}

async function openSection(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Set up single sign-on' }));
  return within(screen.getByRole('region', { name: 'Single sign-on (SSO)' }));
}

beforeEach(() => jest.mocked(leaveAppTo).mockClear());
afterEach(() => activateLocaleWith('en', {}));

test('with no connection yet: loading, the redirect URI to paste, and a connection saved (the secret sent once)', async () => {
  const held = heldAnswer();
  const save = spyOnApi('saveSsoConnection', saved);
  server.use(
    mockApi('getSsoConnection', answer(), { until: held.until, once: true }),
    mockApi('getSsoConnection', answer({ connection })),
    save.handler,
  );
  const { user } = renderOrganization();
  const open = await screen.findByRole('button', { name: 'Set up single sign-on' });
  act(() => open.focus());
  await user.keyboard('{Enter}');
  const section = within(screen.getByRole('region', { name: 'Single sign-on (SSO)' }));
  expect(await section.findByText('Loading...')).toBeInTheDocument();
  held.release();
  expect(await section.findByText('No single sign-on connection yet.')).toBeInTheDocument();
  expect(section.getByText('People with an address at acme.com can sign in with SSO.')).toBeInTheDocument();
  expect(section.getByRole('textbox', { name: 'Sign-in redirect URI' })).toHaveValue(REDIRECT_URI);

  const form = within(section.getByRole('form', { name: 'Single sign-on connection' }));
  expect(form.getByRole('radio', { name: 'OpenID Connect' })).toBeChecked();
  await user.type(form.getByRole('textbox', { name: /^Issuer URL/ }), 'https://acme.okta.com');
  await user.type(form.getByRole('textbox', { name: /^Client ID/ }), '0oa1b2c3');
  await user.type(form.getByLabelText(/^Client secret/), 'the-secret');
  await user.click(form.getByRole('button', { name: 'Save connection' }));
  await waitFor(() => expect(save.requests).toHaveLength(1));
  expect(save.requests[0]!.body).toEqual({
    protocol: 'oidc',
    issuer: 'https://acme.okta.com',
    client_id: '0oa1b2c3',
    client_secret: 'the-secret',
  });
  expect(
    await screen.findByText('The single sign-on connection was saved. Test it to make sure it works.'),
  ).toBeInTheDocument();
  expect(await section.findByText('Not tested yet.')).toBeInTheDocument();
});

test('a connection the identity provider’s configuration refuses shows the server’s reason', async () => {
  server.use(
    mockApi('getSsoConnection', answer()),
    mockApiError(
      'saveSsoConnection',
      'Could not read the OpenID configuration of https://acme.okta.com: HTTP 404. Check the issuer URL.',
    ),
  );
  const { user } = renderOrganization();
  const section = await openSection(user);
  const form = within(await section.findByRole('form', { name: 'Single sign-on connection' }));
  await user.type(form.getByRole('textbox', { name: /^Issuer URL/ }), 'https://acme.okta.com');
  await user.type(form.getByRole('textbox', { name: /^Client ID/ }), 'x');
  await user.type(form.getByLabelText(/^Client secret/), 'y');
  await user.click(form.getByRole('button', { name: 'Save connection' }));
  const alert = await form.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to save the single sign-on connection');
  expect(alert).toHaveTextContent(
    'Could not read the OpenID configuration of https://acme.okta.com: HTTP 404. Check the issuer URL.',
  );
});

test('tests the connection at the identity provider, and deletes it after asking', async () => {
  const test = spyOnApi('testSsoConnection', {
    error: false,
    redirect_url: 'https://acme.okta.com/oauth2/v1/authorize?state=s',
  });
  const remove = spyOnApi('deleteSsoConnection', {
    error: false,
    message: 'The single sign-on connection was deleted.',
    code: 'sso_connection_deleted',
    params: {},
  });
  server.use(
    mockApi('getSsoConnection', answer({ connection: { ...connection, tested_at: 1764003600 } })),
    test.handler,
    remove.handler,
  );
  const { user } = renderOrganization();
  const section = await openSection(user);
  expect(
    await section.findByText('OpenID Connect: https://acme.okta.com, client ID 0oa1b2c3.'),
  ).toBeInTheDocument();
  expect(section.getByText(/^Last test worked on /)).toBeInTheDocument();
  await user.click(section.getByRole('button', { name: 'Test connection' }));
  await waitFor(() =>
    expect(leaveAppTo).toHaveBeenCalledWith('https://acme.okta.com/oauth2/v1/authorize?state=s'),
  );
  expect(window.sessionStorage.getItem('sso_return_to')).toBe('/dashboard/organization');

  await user.click(section.getByRole('button', { name: 'Delete' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Delete the single sign-on connection?' }));
  await user.click(dialog.getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(remove.requests).toHaveLength(1));
  expect(await screen.findByText('The single sign-on connection was deleted.')).toBeInTheDocument();
});

test('a SAML connection is tested too, so that single sign-on can then be required', async () => {
  const samlConnection = {
    ...connection,
    protocol: 'saml' as const,
    issuer: null,
    client_id: null,
    client_secret_set: false,
    metadata_url: 'https://idp.example.com/metadata',
  };
  const test = spyOnApi('testSsoConnection', {
    error: false,
    redirect_url: 'https://idp.example.com/sso?SAMLRequest=r&RelayState=s',
  });
  server.use(mockApi('getSsoConnection', answer({ connection: samlConnection })), test.handler);
  const { user } = renderOrganization();
  const section = await openSection(user);
  expect(await section.findByText('SAML: the identity provider’s metadata is saved.')).toBeInTheDocument();
  expect(section.getByText('Test the connection before requiring single sign-on.')).toBeInTheDocument();
  await user.click(section.getByRole('button', { name: 'Test connection' }));
  await waitFor(() =>
    expect(leaveAppTo).toHaveBeenCalledWith('https://idp.example.com/sso?SAMLRequest=r&RelayState=s'),
  );
  expect(test.requests).toHaveLength(1);
});

test('editing says the saved secret is kept; SAML shows its values and saves the metadata', async () => {
  const save = spyOnApi('saveSsoConnection', saved);
  server.use(mockApi('getSsoConnection', answer({ connection })), save.handler);
  const { user } = renderOrganization();
  const section = await openSection(user);
  await user.click(await section.findByRole('button', { name: 'Edit' }));
  const form = within(section.getByRole('form', { name: 'Single sign-on connection' }));
  expect(form.getByText('A secret is saved: leave this empty to keep it.')).toBeInTheDocument();
  await user.click(form.getByRole('radio', { name: 'SAML' }));
  expect(section.getByRole('textbox', { name: 'ACS URL (single sign-on URL)' })).toHaveValue(
    'http://localhost/sso/saml/acs',
  );
  await user.type(form.getByRole('textbox', { name: 'Metadata URL' }), 'https://idp.example.com/metadata');
  await user.click(form.getByRole('button', { name: 'Save connection' }));
  await waitFor(() => expect(save.requests).toHaveLength(1));
  expect(save.requests[0]!.body).toEqual({
    protocol: 'saml',
    metadata_url: 'https://idp.example.com/metadata',
  });
});

test('without a domain verified by DNS it says what to do first; a failed load tries again', async () => {
  server.use(
    mockApiError('getSsoConnection', 'Something went wrong', { status: 500, once: true }),
    mockApi('getSsoConnection', answer({ domain: null })),
  );
  const { user } = renderOrganization();
  const section = await openSection(user);
  const alert = await section.findByRole('alert');
  expect(alert).toHaveTextContent('Failed to load the single sign-on settings');
  await user.click(within(alert).getByRole('button', { name: 'Try again' }));
  expect(
    await section.findByText(
      'Verify your company domain by DNS first: only addresses at that domain can sign in with SSO.',
    ),
  ).toBeInTheDocument();
  expect(section.queryByRole('form', { name: 'Single sign-on connection' })).not.toBeInTheDocument();
});

test('a local install offers its identity-provider sandbox', async () => {
  server.use(
    mockApi(
      'getSsoConnection',
      answer({
        sandbox: {
          issuer: 'http://localhost/sandbox/idp',
          client_id: 'crm-sync-sandbox',
          client_secret: 'sandbox-client-secret',
          saml_metadata_url: 'http://localhost/sandbox/idp/saml/metadata',
        },
      }),
    ),
  );
  const { user } = renderOrganization();
  const section = await openSection(user);
  await user.click(await section.findByRole('button', { name: 'Use the sandbox identity provider' }));
  expect(section.getByRole('textbox', { name: /^Issuer URL/ })).toHaveValue('http://localhost/sandbox/idp');
  expect(section.getByRole('textbox', { name: /^Client ID/ })).toHaveValue('crm-sync-sandbox');
  await user.click(section.getByRole('radio', { name: 'SAML' }));
  await user.click(section.getByRole('button', { name: 'Use the sandbox identity provider' }));
  expect(section.getByRole('textbox', { name: 'Metadata URL' })).toHaveValue(
    'http://localhost/sandbox/idp/saml/metadata',
  );
});

test('the test comes back to the Organization page with its result, worked or not', async () => {
  window.sessionStorage.setItem('sso_return_to', '/dashboard/organization');
  server.use(
    mockSoftware(aSoftware()),
    noCompanyDomain(),
    mockOrganizationMembers({ users: team, invitations: [] }),
    mockApi('getSsoConnection', answer({ connection })),
    mockApi(
      'finishSso',
      {
        error: false,
        outcome: 'tested',
        message: 'The connection works: ada@acme.com signed in through your identity provider.',
        code: 'sso_connection_tested',
        params: { email: 'ada@acme.com' },
      },
      { once: true },
    ),
    mockApiError(
      'finishSso',
      "Your identity provider's answer could not be verified, so you were not signed in. Please try again; if it keeps happening, ask your organization admin to test the single sign-on connection.",
      { status: 401 },
    ),
  );
  const worked = renderApp('/sso/callback?code=c&state=s', { preloadedState: signedIn(admin) });
  expect(
    await screen.findByText('The connection works: ada@acme.com signed in through your identity provider.'),
  ).toBeInTheDocument();
  await waitFor(() => expect(worked.router.state.location.pathname).toBe('/dashboard/organization'));
  worked.unmount();

  window.sessionStorage.setItem('sso_return_to', '/dashboard/organization');
  const failed = renderApp('/sso/callback?code=c&state=s2', { preloadedState: signedIn(admin) });
  expect(
    await screen.findByText(/^Your identity provider's answer could not be verified/),
  ).toBeInTheDocument();
  await waitFor(() => expect(failed.router.state.location.pathname).toBe('/dashboard/organization'));
  // The admin stays signed in: no sign-in dialog for a refused test.
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('a member sees no single sign-on', async () => {
  renderOrganization(aUser({ id: 'user-2', role: 'member', organization: anOrganization() }));
  await screen.findByText('Ada Lovelace');
  expect(screen.queryByRole('button', { name: 'Set up single sign-on' })).not.toBeInTheDocument();
});

test('in Chinese', async () => {
  activateLocaleWith('zh-CN', messages, translateStoredValue, renderServerCode);
  server.use(mockApi('getSsoConnection', answer({ connection })));
  const { user } = renderOrganization();
  await user.click(await screen.findByRole('button', { name: '设置单点登录' }));
  const section = within(screen.getByRole('region', { name: '单点登录（SSO）' }));
  expect(await section.findByText('尚未测试。')).toBeInTheDocument();
  expect(section.getByRole('button', { name: '测试连接' })).toBeInTheDocument();
  expect(section.getByRole('textbox', { name: '登录重定向 URI' })).toHaveValue(REDIRECT_URI);
});
