/**
 * Support snapshots (app/support-snapshot.ts): built from allow-lists, so no secret the product can show
 * reaches the file, whatever it is called; with what support needs (build, browser, language, time zone,
 * the last pages and failed calls); downloaded from Settings > Support or Ctrl+Alt+Shift+S; loaded back
 * into a development build to show what the user saw.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { api } from '../utils/api';
import { keepReplay, takeReplay } from '../../../src/web/app/snapshot-replay';
import { installSupportShortcuts } from '../../../src/web/app/support-shortcuts';
import {
  downloadStateSnapshot,
  readSnapshot,
  stateSnapshot,
  type StateSnapshot,
} from '../../../src/web/app/support-snapshot';
import { routeChanged } from '../../../src/web/app/route-slice';
import { makeStore } from '../../../src/web/app/store';
import { aSession, aSoftware, aUser, someOAuthTokens } from '../msw/fixtures';
import { mockApi, mockApiError, mockSoftware, ok, operationUrl, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

const ADA = aUser({ email: 'ada@example.com', name: 'Ada Lovelace', role: 'admin' });

/** Every secret the product shows or is given, each a value no other field could hold by chance. */
const SECRET = {
  password: 'S3cret!pass',
  signUpPassword: 'Sign-up!pass3',
  newPassword: 'N3w!pass-2',
  resetPassword: 'Reset!pass4',
  totpSecret: 'JBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/CRM%20Sync:ada@example.com?secret=JBSWY3DPEHPK3PXP&issuer=CRM%20Sync',
  recoveryCodes: Array.from({ length: 10 }, (_, i) => `rc${String(i).padStart(2, '0')}-k7m2-x9qp`),
  twoFactorCode: '654321',
  joinToken: 'tok-join-7f3k',
  joinUrl: 'http://localhost/join/tok-join-7f3k',
  invitationToken: 'invite-token-9',
  resetToken: 'reset-tok-88',
  apiKeys: ['key-live-51abc', 'key-live-52def'],
  oauthCode: 'code-oauth-1',
  oauthState: 'state-oauth-2',
  accessToken: 'access-123',
  refreshToken: 'refresh-456',
  googleToken: 'google-id-token-5',
  billingPortal: 'https://billing.example/p/session/bps_live_secret',
  serverMessageSecret: 'the secret in a message',
};
const ALL_SECRETS = Object.values(SECRET).flat();

beforeEach(() =>
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
  ),
);

/** Captures the files the page downloads (the Blob handed to URL.createObjectURL). */
function captureDownloads() {
  const files: Blob[] = [];
  const names: string[] = [];
  const create = jest.fn((blob: Blob) => {
    files.push(blob);
    return `blob:snapshot-${files.length}`;
  });
  Object.assign(URL, { createObjectURL: create, revokeObjectURL: jest.fn() });
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    names.push(this.download);
  });
  return {
    names,
    async snapshots(): Promise<StateSnapshot[]> {
      return Promise.all(files.map(async (file) => JSON.parse(await file.text()) as StateSnapshot));
    },
    restore: () => click.mockRestore(),
  };
}

/** Answers every call that hands out or takes a secret, as the server does. */
function secretAnswers() {
  server.use(
    mockApi('startTwoFactorSetup', {
      error: false,
      message: '',
      data: { secret: SECRET.totpSecret, otpauth_url: SECRET.otpauthUrl },
    }),
    mockApi('confirmTwoFactorSetup', {
      error: false,
      message: 'Two-factor sign-in is on.',
      data: { recovery_codes: SECRET.recoveryCodes },
    }),
    mockApi('login', { ...ok(), user: ADA, software: null }),
    mockApi('signup', { ...ok(), id: ADA.id, user: ADA }),
    mockApi('googleAuth', { ...ok(), id: ADA.id, user: ADA }),
    mockApi('resetPassword', { ...ok(), data: { redirect_url: '/login' } }),
    mockApi('checkResetToken', ok()),
    mockApi('acceptInvite', {
      ...ok(),
      data: { email: ADA.email, role: 'member', organization_name: 'Acme', outcome: 'joined' },
    }),
    mockApi('createInviteLink', {
      ...ok('Invitation link created. Copy it now: it is shown only once.'),
      data: { url: SECRET.joinUrl, domain: 'example.com', created_at: 1764000000, expires_at: 1764604800 },
    }),
    mockApi('getInviteLink', {
      ...ok(),
      data: {
        status: 'valid',
        member: false,
        organization_name: 'Acme',
        domain: 'example.com',
        expires_at: null,
      },
    }),
    mockApi('acceptInviteLink', { ...ok(), joined: true }),
    mockApi('verifySettings', {
      ...ok(),
      api_keys: {
        api_key_1: SECRET.apiKeys[0]!,
        api_key_2: SECRET.apiKeys[1]!,
        api_key_3: null,
        api_key_4: null,
      },
      data: { auth_type: 'api key', connection_id: 'conn-1' },
    }),
    mockApi('accessToken', { ...ok(), data: someOAuthTokens(), user: ADA }),
    mockApi('billingPortal', { error: false, data: { url: SECRET.billingPortal } }),
    // Failed calls whose bodies hold secrets: the trail keeps their method, operation, status and code only.
    mockApiError('changePassword', `Refused: ${SECRET.serverMessageSecret}`, { status: 500 }),
    http.post(operationUrl('disableTwoFactor'), () => HttpResponse.error()),
    http.post(operationUrl('spendCredits'), () =>
      HttpResponse.json(
        { error: true, message: 'Monthly cap reached', code: 'cap_reached' },
        { status: 402 },
      ),
    ),
  );
}

/** Every call of the product that hands out or takes a secret, sent as its pages send it. */
async function callWithSecrets(dispatch: ReturnType<typeof makeStore>['dispatch']) {
  const { endpoints } = api;
  const calls = [
    endpoints.login.initiate({ email: ADA.email, password: SECRET.password }),
    endpoints.signup.initiate({
      name: 'Ada',
      email: ADA.email,
      password: SECRET.signUpPassword,
      invitation_token: SECRET.invitationToken,
    }),
    endpoints.googleAuth.initiate({ token: SECRET.googleToken, type: 'login' } as never),
    endpoints.checkResetToken.initiate({ token: SECRET.resetToken }),
    endpoints.resetPassword.initiate({ token: SECRET.resetToken, new_password: SECRET.resetPassword }),
    endpoints.acceptInvite.initiate({ token: SECRET.invitationToken }),
    endpoints.createInviteLink.initiate(),
    endpoints.acceptInviteLink.initiate({ token: SECRET.joinToken }),
    endpoints.verifySettings.initiate({
      auth_type: 'api key',
      software: 'demo-crm',
      api_key_1: SECRET.apiKeys[0]!,
      api_key_2: SECRET.apiKeys[1]!,
    } as never),
    endpoints.accessToken.initiate({ oauth_code: SECRET.oauthCode, software: 'demo-crm' }),
    endpoints.billingPortal.initiate(),
    endpoints.changePassword.initiate({
      current_password: SECRET.password,
      new_password: SECRET.newPassword,
    }),
    endpoints.disableTwoFactor.initiate({ password: SECRET.password, code: SECRET.twoFactorCode }),
    endpoints.spendCredits.initiate({ credits: 5, feature: 'enrich', idempotency_key: 'k-1' } as never),
  ];
  for (const call of calls) await dispatch(call as never);
}

/** Where links with secrets take the user (the router keeps the store on its location the same way). */
function visitLinksWithSecrets(dispatch: ReturnType<typeof makeStore>['dispatch']) {
  for (const url of [
    `/reset-password?token=${SECRET.resetToken}`,
    `/accept-invitation?token=${SECRET.invitationToken}&email=ada%40example.com`,
    `/callback?code=${SECRET.oauthCode}&state=${SECRET.oauthState}`,
    `/login?reauth=true&next=${encodeURIComponent(`/join/${SECRET.joinToken}?token=${SECRET.resetToken}`)}`,
  ]) {
    const parsed = new URL(url, 'http://localhost');
    dispatch(routeChanged({ pathname: parsed.pathname, search: parsed.search }));
  }
}

test('a snapshot holds none of the secrets the product shows, and what support needs', async () => {
  secretAnswers();
  server.use(mockSoftware());
  const downloads = captureDownloads();
  try {
    // The invitation link's page: its token is in the path and in get-invite-link's arguments.
    const { user, store, router } = renderApp(`/join/${SECRET.joinToken}`, { preloadedState: signedIn(ADA) });
    expect(await screen.findByRole('heading', { name: 'Join Acme' })).toBeInTheDocument();
    await act(async () => {
      visitLinksWithSecrets(store.dispatch);
      await callWithSecrets(store.dispatch);
      await router.navigate('/dashboard/settings');
    });

    // Two-factor setup as the user does it: the secret, then the ten recovery codes on screen.
    const setup = await screen.findByRole('form', { name: 'Set up two-factor sign-in' });
    await user.type(within(setup).getByLabelText('Password'), SECRET.password);
    await user.click(within(setup).getByRole('button', { name: 'Set up' }));
    const confirmForm = await screen.findByRole('form', { name: 'Confirm two-factor sign-in' });
    expect(within(confirmForm).getByLabelText('Secret key')).toHaveValue(SECRET.totpSecret);
    await user.type(within(confirmForm).getByLabelText('Code'), SECRET.twoFactorCode);
    await user.click(within(confirmForm).getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(within(codes).getAllByRole('listitem')).toHaveLength(10);

    // The app does hold them (what the snapshot must leave out).
    const state = JSON.stringify(store.getState());
    for (const secret of [SECRET.totpSecret, SECRET.recoveryCodes[0]!, SECRET.joinUrl, SECRET.accessToken])
      expect(state).toContain(secret);

    await user.click(await screen.findByRole('button', { name: 'Download state snapshot' }));
    expect(await screen.findByText('Snapshot downloaded. Send the file to support.')).toBeInTheDocument();
    const [snapshot] = await downloads.snapshots();
    const text = JSON.stringify(snapshot);
    for (const secret of ALL_SECRETS)
      expect({ secret, found: text.includes(secret) }).toEqual({ secret, found: false });

    // What support needs.
    expect(downloads.names).toEqual([expect.stringMatching(/^crm-sync-state-.+\.json$/)]);
    expect(snapshot!).toMatchObject({
      format: 'crm-sync-state-snapshot',
      version: 2,
      url: '/dashboard/settings',
    });
    expect(snapshot!.environment).toEqual({
      app: { version: expect.any(String), build: expect.any(String) },
      browser: navigator.userAgent,
      language: 'en',
      browserLanguages: [...navigator.languages],
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      viewport: `${window.innerWidth}x${window.innerHeight}`,
      online: true,
    });
    expect(snapshot!.navigation.map((page) => page.url)).toEqual([
      '/join/[redacted]',
      '/reset-password?token=%5Bredacted%5D',
      '/accept-invitation?token=%5Bredacted%5D&email=%5Bredacted%5D',
      '/callback?code=%5Bredacted%5D&state=%5Bredacted%5D',
      `/login?reauth=true&next=${encodeURIComponent('/join/[redacted]?token=%5Bredacted%5D')}`,
      '/dashboard/settings',
    ]);
    expect(snapshot!.navigation[0]!.at).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(snapshot!.failedRequests.map(({ at: _at, ...request }) => request)).toEqual([
      { method: 'POST', operation: 'changePassword', status: 500, code: null },
      { method: 'POST', operation: 'disableTwoFactor', status: 'FETCH_ERROR', code: null },
      { method: 'POST', operation: 'spendCredits', status: 402, code: 'cap_reached' },
    ]);
    expect(snapshot!.state.app.user).toMatchObject({ email: 'ada@example.com', name: 'Ada Lovelace' });
    expect(snapshot!.state.app).not.toHaveProperty('billingPortalUrl');
    // Writes are never kept; of the reads, only the listed ones with their listed arguments.
    expect(snapshot!.state.api.mutations).toEqual({});
    const reads = Object.values(snapshot!.state.api.queries).map((query) => query?.endpointName);
    expect(reads).toEqual(expect.arrayContaining(['listSessions', 'getTwoFactor']));
    expect(reads).not.toContain('getInviteLink');
  } finally {
    downloads.restore();
  }
});

test('the store keeps the route as the snapshot shows it: route words and the parameters support reads', async () => {
  server.use(mockSoftware());
  const { store, router } = renderApp('/dashboard/settings?token=invite-token-9&software=demo-crm', {
    preloadedState: signedIn(ADA),
  });
  expect(store.getState().route).toEqual({
    pathname: '/dashboard/settings',
    search: '?token=%5Bredacted%5D&software=demo-crm',
  });
  await act(() => router.navigate('/terms?utm_source=mail&session=abc'));
  expect(store.getState().route).toEqual({
    pathname: '/terms',
    search: '?utm_source=mail&session=%5Bredacted%5D',
  });
  act(() => {
    store.dispatch(routeChanged({ pathname: '/dashboard/member/edit/user-7', search: '' }));
  });
  expect(store.getState().route.pathname).toBe('/dashboard/member/edit/user-7');
});

test('Ctrl+Alt+Shift+S downloads the same snapshot; other combinations do nothing', async () => {
  const downloads = captureDownloads();
  try {
    const store = makeStore(signedIn(ADA));
    store.dispatch(routeChanged({ pathname: '/dashboard/settings', search: '' }));
    const stop = installSupportShortcuts(window, () => downloadStateSnapshot(store.getState()));
    fireEvent.keyDown(window, { code: 'KeyS', key: 'S', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(window, { code: 'KeyS', key: 's', ctrlKey: true });
    expect(downloads.names).toHaveLength(0);
    fireEvent.keyDown(window, { code: 'KeyS', key: 'S', ctrlKey: true, altKey: true, shiftKey: true });
    stop();
    fireEvent.keyDown(window, { code: 'KeyS', key: 'S', ctrlKey: true, altKey: true, shiftKey: true });
    const snapshots = await downloads.snapshots();
    expect(snapshots).toHaveLength(1);
    expect(snapshots[0]!.url).toBe('/dashboard/settings');
  } finally {
    downloads.restore();
  }
});

test('a snapshot loads into a local build and shows what the user saw, without calling the server for the user', async () => {
  server.use(mockSoftware(aSoftware()));
  const { store } = renderApp('/dashboard/settings', { preloadedState: signedIn(ADA) });
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  expect(await screen.findByRole('form', { name: 'Set up two-factor sign-in' })).toBeInTheDocument();
  const text = JSON.stringify(stateSnapshot(store.getState()));

  const kept = keepReplay(text, window.sessionStorage);
  expect(kept).toEqual({ ok: true, url: '/dashboard/settings' });
  const replayed = takeReplay(window.sessionStorage);
  expect(replayed).not.toBeNull();
  // Once: the next reload is the local app again.
  expect(takeReplay(window.sessionStorage)).toBeNull();

  const getUser = spyOnApi('getUser', () => ({ error: false, data: aUser() }));
  const sessions = spyOnApi('listSessions', { error: false, data: { sessions: [aSession()] } });
  server.use(getUser.handler, sessions.handler);
  document.body.innerHTML = '';
  renderApp('/dashboard/settings', { store: makeStore(replayed!) });
  expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  expect(getUser.requests).toHaveLength(0);
  // The cached reads come from the snapshot too.
  expect(sessions.requests).toHaveLength(0);
});

test('a file that is not a snapshot of this version is refused with a reason', () => {
  expect(readSnapshot('not json')).toEqual({
    ok: false,
    message: 'This file is not a state snapshot (it is not JSON).',
  });
  expect(readSnapshot('{"format":"other"}')).toEqual({
    ok: false,
    message: 'This file is not a state snapshot of this app.',
  });
  const snapshot = stateSnapshot(makeStore().getState());
  expect(readSnapshot(JSON.stringify({ ...snapshot, version: 1 }))).toEqual({
    ok: false,
    message: 'This snapshot was taken by another version of the app and cannot be loaded.',
  });
  expect(readSnapshot(JSON.stringify({ ...snapshot, url: 'https://evil.example/' }))).toMatchObject({
    ok: false,
  });
  expect(keepReplay('not json', window.sessionStorage)).toMatchObject({ ok: false });
  expect(takeReplay(window.sessionStorage)).toBeNull();
});
