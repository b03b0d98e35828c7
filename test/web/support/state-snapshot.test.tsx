/**
 * Support tooling: the current route is in the store; Settings > Support and Ctrl+Alt+Shift+S download a
 * snapshot of the state redacted by the DevTools sanitizer's rules; a snapshot loads back into a store
 * (development builds) and shows what the user saw.
 */
import { act, fireEvent, screen } from '@testing-library/react';
import { api } from '../../../src/web/api';
import { redactSecrets } from '../../../src/web/app/devtools-sanitizer';
import { keepReplay, takeReplay } from '../../../src/web/app/snapshot-replay';
import { installSupportShortcuts } from '../../../src/web/app/support-shortcuts';
import {
  downloadStateSnapshot,
  readSnapshot,
  stateSnapshot,
  type StateSnapshot,
} from '../../../src/web/app/support-snapshot';
import { makeStore } from '../../../src/web/app/store';
import { aSession, aUser, someOAuthTokens } from '../msw/fixtures';
import { mockApi, mockSoftware, ok, spyOnApi } from '../msw/handlers';
import { server } from '../msw/server';
import { renderApp, signedIn } from '../utils/render';

// Settings also lists the sessions and the two-factor state (issue 16).
beforeEach(() =>
  server.use(
    mockApi('listSessions', { error: false, data: { sessions: [aSession()] } }),
    mockApi('getTwoFactor', { error: false, data: { enabled: false, recovery_codes_left: 0 } }),
  ),
);

const ADA = aUser({ email: 'ada@example.com', name: 'Ada Lovelace' });

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

/** A store holding secrets the way the app does: a login's password and an OAuth exchange's tokens. */
async function storeWithSecrets(route: string) {
  server.use(
    mockApi('login', { ...ok(), user: ADA, software: null }),
    mockApi('accessToken', { ...ok(), data: someOAuthTokens(), user: ADA }),
  );
  const view = renderApp(route, { preloadedState: signedIn(ADA) });
  await screen.findByRole('heading', { name: 'Settings', level: 1 });
  await act(async () => {
    await view.store.dispatch(
      api.endpoints.login.initiate({ email: 'ada@example.com', password: 'S3cret!pass' }),
    );
    await view.store.dispatch(
      api.endpoints.accessToken.initiate({ oauth_code: 'code-1', software: 'demo-crm' }),
    );
  });
  return view;
}

const SECRETS = ['S3cret!pass', 'code-1', 'access-123', 'refresh-456', 'invite-token-9'];

test('the store follows the route, with secret query values redacted', async () => {
  server.use(mockSoftware());
  const { store, router } = renderApp('/dashboard/settings?token=invite-token-9&software=demo-crm', {
    preloadedState: signedIn(ADA),
  });
  expect(store.getState().route).toEqual({
    pathname: '/dashboard/settings',
    search: '?token=%5Bredacted%5D&software=demo-crm',
  });
  await act(() => router.navigate('/terms?utm_source=mail'));
  expect(store.getState().route).toEqual({ pathname: '/terms', search: '?utm_source=mail' });
});

test('Settings > Support downloads the state where the user is, redacted like DevTools', async () => {
  const downloads = captureDownloads();
  try {
    const { user, store } = await storeWithSecrets('/dashboard/settings?token=invite-token-9');
    // The state does hold them (what the snapshot must leave out).
    for (const secret of ['access-123', 'refresh-456'])
      expect(JSON.stringify(store.getState())).toContain(secret);
    await user.click(await screen.findByRole('button', { name: 'Download state snapshot' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Snapshot downloaded. Send the file to support.',
    );

    const [snapshot] = await downloads.snapshots();
    expect(downloads.names).toEqual([expect.stringMatching(/^crm-sync-state-.+\.json$/)]);
    expect(snapshot!.format).toBe('crm-sync-state-snapshot');
    expect(snapshot!.url).toBe('/dashboard/settings?token=%5Bredacted%5D');
    expect(snapshot!.state.app.user?.email).toBe('ada@example.com');
    // The same rules as the DevTools sanitizer, applied to the whole state.
    // RTK Query syncs its subscription bookkeeping into the state a moment later; that part may differ.
    const comparable = (state: object) => ({
      ...JSON.parse(JSON.stringify(state)),
      api: { ...JSON.parse(JSON.stringify(state)).api, subscriptions: {} },
    });
    expect(comparable(snapshot!.state)).toEqual(comparable(redactSecrets(store.getState())));
    const text = JSON.stringify(snapshot);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(text).toContain('[redacted]');
  } finally {
    downloads.restore();
  }
});

test('Ctrl+Alt+Shift+S downloads the same snapshot; other combinations do nothing', async () => {
  const downloads = captureDownloads();
  try {
    const { store } = await storeWithSecrets('/dashboard/settings');
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
    for (const secret of SECRETS) expect(JSON.stringify(snapshots[0])).not.toContain(secret);
  } finally {
    downloads.restore();
  }
});

test('a snapshot loads into a local build and shows what the user saw, without calling the server for the user', async () => {
  const { store } = await storeWithSecrets('/dashboard/settings');
  const text = JSON.stringify(stateSnapshot(store.getState()));

  const kept = keepReplay(text, window.sessionStorage);
  expect(kept).toEqual({ ok: true, url: '/dashboard/settings' });
  const replayed = takeReplay(window.sessionStorage);
  expect(replayed).not.toBeNull();
  // Once: the next reload is the local app again.
  expect(takeReplay(window.sessionStorage)).toBeNull();

  const getUser = spyOnApi('getUser', () => ({ error: false, data: aUser() }));
  server.use(getUser.handler);
  document.body.innerHTML = '';
  renderApp('/dashboard/settings', { store: makeStore(replayed!) });
  expect(await screen.findByRole('textbox', { name: 'Name' })).toHaveValue('Ada Lovelace');
  expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
  expect(getUser.requests).toHaveLength(0);
});

test('a file that is not a snapshot is refused with a reason', () => {
  expect(readSnapshot('not json')).toEqual({
    ok: false,
    message: 'This file is not a state snapshot (it is not JSON).',
  });
  expect(readSnapshot('{"format":"other"}')).toEqual({
    ok: false,
    message: 'This file is not a state snapshot of this app.',
  });
  const snapshot = stateSnapshot(makeStore().getState());
  expect(readSnapshot(JSON.stringify({ ...snapshot, url: 'https://evil.example/' }))).toMatchObject({
    ok: false,
  });
  expect(keepReplay('not json', window.sessionStorage)).toMatchObject({ ok: false });
  expect(takeReplay(window.sessionStorage)).toBeNull();
});
