/**
 * Support snapshots: what the app knew (the whole Redux state, the current route included) as a JSON file
 * the user downloads from Settings > Support or with Ctrl+Alt+Shift+S (support-shortcuts.ts) and sends to support, redacted by the
 * DevTools sanitizer's rules (no password, token, OAuth value or API key). A development build loads one
 * (Ctrl+Alt+Shift+L, a file picker) to show what the user saw: main.tsx starts from its state and route.
 */
import type { RootState, PreloadedState } from './store';
import { redactSecrets } from './devtools-sanitizer';

const SNAPSHOT_FORMAT = 'crm-sync-state-snapshot';

export interface StateSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: 1;
  /** ISO time of the download. */
  takenAt: string;
  /** Where the user was: path and (redacted) query. */
  url: string;
  state: RootState;
}

/** The snapshot of `state`, redacted. */
export function stateSnapshot(state: RootState, now = new Date()): StateSnapshot {
  const redacted = redactSecrets(state);
  return {
    format: SNAPSHOT_FORMAT,
    version: 1,
    takenAt: now.toISOString(),
    url: `${redacted.route.pathname}${redacted.route.search}`,
    state: redacted,
  };
}

function snapshotFileName(now = new Date()): string {
  return `crm-sync-state-${now.toISOString().replace(/[:.]/g, '-')}.json`;
}

/** Saves the snapshot of `state` as a file (the browser's download). */
export function downloadStateSnapshot(state: RootState, now = new Date()): void {
  const blob = new Blob([JSON.stringify(stateSnapshot(state, now), null, 2)], { type: 'application/json' });
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = snapshotFileName(now);
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** What a snapshot file holds, checked: the state to start from and the URL to open, or why not. */
export function readSnapshot(
  text: string,
): { ok: true; state: PreloadedState; url: string } | { ok: false; message: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file is not a state snapshot (it is not JSON).' };
  }
  const snapshot = parsed as Partial<StateSnapshot> | null;
  if (
    !snapshot ||
    snapshot.format !== SNAPSHOT_FORMAT ||
    snapshot.version !== 1 ||
    typeof snapshot.state !== 'object' ||
    snapshot.state === null ||
    typeof snapshot.url !== 'string' ||
    !snapshot.url.startsWith('/')
  ) {
    return { ok: false, message: 'This file is not a state snapshot of this app.' };
  }
  const { app, api, route } = snapshot.state as Partial<RootState>;
  // Calls in flight when the snapshot was taken never finish here: start without them.
  const settled = api && {
    ...api,
    queries: Object.fromEntries(
      Object.entries(api.queries ?? {}).filter(([, query]) => query?.status !== 'pending'),
    ),
    mutations: {},
    subscriptions: {},
  };
  return { ok: true, state: { app, api: settled as RootState['api'] | undefined, route }, url: snapshot.url };
}
