/**
 * Support snapshots: a JSON file the user downloads from Settings > Support or with Ctrl+Alt+Shift+S
 * (support-shortcuts.ts) and sends to support. It is built from allow-lists, never by removing what looks
 * secret: the build and the browser, where the user is and was (support-snapshot-url.ts), the last failed
 * calls without bodies (support-snapshot-trail.ts), and the fields of the cached reads support needs
 * (support-snapshot-fields.ts). A development build loads one (Ctrl+Alt+Shift+L, snapshot-replay.ts) to
 * show what the user saw: main.tsx starts from its state and route.
 */
import { defaultSerializeQueryArgs } from '@reduxjs/toolkit/query';
import type { RootState, PreloadedState } from './store';
import { APP_STATE_FIELDS, pickFields, READ_RULES } from './support-snapshot-fields';
import type { FailedRequest, TrailPage } from './support-snapshot-trail';
import { activeLocale } from '../i18n';
import type { AppState } from '../entities/session/session-slice';

const SNAPSHOT_FORMAT = 'crm-sync-state-snapshot';
const SNAPSHOT_VERSION = 2;

/** The build and the browser the snapshot was taken in. */
export interface SnapshotEnvironment {
  /** package.json's version and the commit the build was made from (webpack's DefinePlugin). */
  app: { version: string; build: string };
  /** The browser's own description (navigator.userAgent). */
  browser: string;
  /** The app's language, and the browser's preferred ones. */
  language: string;
  browserLanguages: string[];
  timeZone: string;
  /** CSS pixels of the window, as `1280x800`. */
  viewport: string;
  online: boolean;
}

type ApiState = RootState['api'];

export interface StateSnapshot {
  format: typeof SNAPSHOT_FORMAT;
  version: typeof SNAPSHOT_VERSION;
  /** ISO time of the download. */
  takenAt: string;
  environment: SnapshotEnvironment;
  /** Where the user was: path and query, as support-snapshot-url.ts shows them. */
  url: string;
  /** The last pages opened, oldest first. */
  navigation: TrailPage[];
  /** The last calls that failed, oldest first (no bodies). */
  failedRequests: FailedRequest[];
  /** The state to replay: the shared state and the cached reads, with the fields support needs. */
  state: { app: Partial<AppState>; route: RootState['route']; api: ApiState };
}

/** What the browser and the build say about themselves; nothing the user typed or was sent. */
function snapshotEnvironment(): SnapshotEnvironment {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return {
    app: { version: process.env.APP_VERSION ?? 'unknown', build: process.env.APP_BUILD ?? 'unknown' },
    browser: nav?.userAgent ?? 'unknown',
    language: activeLocale(),
    browserLanguages: [...(nav?.languages ?? [])],
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    viewport: typeof window === 'undefined' ? 'unknown' : `${window.innerWidth}x${window.innerHeight}`,
    online: nav?.onLine ?? true,
  };
}

/** A cached read's error: its status and code, never its message or body. */
function shownError(error: unknown): unknown {
  if (typeof error !== 'object' || error === null) return undefined;
  const { status, data } = error as { status?: unknown; data?: unknown };
  const code = (data as { code?: unknown } | null | undefined)?.code;
  return {
    status: typeof status === 'number' || typeof status === 'string' ? status : 'unknown',
    ...(typeof code === 'string' ? { data: { error: true, message: '', code } } : {}),
  };
}

/** Whether a read's arguments are all listed for it (its cache key is made of them). */
function argumentsShown(args: unknown, shown: readonly PropertyKey[]): boolean {
  if (args === undefined || args === null) return true;
  if (typeof args !== 'object' || Array.isArray(args)) return false;
  return Object.entries(args).every(
    ([key, value]) => shown.includes(key) && (value === null || typeof value !== 'object'),
  );
}

/** The cached reads support needs, with their listed fields; every write and every read in flight left out. */
function shownApiState(state: ApiState): ApiState {
  const queries: ApiState['queries'] = {};
  for (const [key, entry] of Object.entries(state.queries)) {
    // A call in flight never finishes in a replay; a read not listed is not support's to see.
    if (!entry?.endpointName || entry.status === 'pending') continue;
    const rule = READ_RULES[entry.endpointName as keyof typeof READ_RULES];
    if (!rule || !argumentsShown(entry.originalArgs, rule.args)) continue;
    const { endpointName, originalArgs } = entry;
    // The cache key is made of the arguments: a key holding anything more is left out with them.
    if (
      key !== defaultSerializeQueryArgs({ endpointName, queryArgs: originalArgs, endpointDefinition: null! })
    )
      continue;
    queries[key] = {
      status: entry.status,
      endpointName,
      requestId: entry.requestId,
      originalArgs,
      startedTimeStamp: entry.startedTimeStamp,
      ...('fulfilledTimeStamp' in entry ? { fulfilledTimeStamp: entry.fulfilledTimeStamp } : {}),
      ...(entry.data === undefined ? {} : { data: pickFields(entry.data, rule.data) }),
      ...(entry.error === undefined ? {} : { error: shownError(entry.error) }),
    } as ApiState['queries'][string];
  }
  const kept = (cacheKey: string) => Object.hasOwn(queries, cacheKey);
  const tags = Object.fromEntries(
    Object.entries(state.provided.tags).map(([type, ids]) => [
      type,
      Object.fromEntries(
        Object.entries(ids as Record<string, string[]>).map(([id, keys]) => [id, keys.filter(kept)]),
      ),
    ]),
  );
  const keys = Object.fromEntries(Object.entries(state.provided.keys).filter(([cacheKey]) => kept(cacheKey)));
  return {
    queries,
    mutations: {},
    provided: { tags, keys } as ApiState['provided'],
    subscriptions: {},
    config: state.config,
  };
}

/** The snapshot of `state`: only what the allow-lists name. */
export function stateSnapshot(
  state: RootState,
  now = new Date(),
  environment: SnapshotEnvironment = snapshotEnvironment(),
): StateSnapshot {
  return {
    format: SNAPSHOT_FORMAT,
    version: SNAPSHOT_VERSION,
    takenAt: now.toISOString(),
    environment,
    url: `${state.route.pathname}${state.route.search}`,
    navigation: state.supportTrail.pages,
    failedRequests: state.supportTrail.failedRequests,
    state: {
      app: pickFields(state.app, APP_STATE_FIELDS) as Partial<AppState>,
      route: state.route,
      api: shownApiState(state.api),
    },
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
  if (!snapshot || snapshot.format !== SNAPSHOT_FORMAT) {
    return { ok: false, message: 'This file is not a state snapshot of this app.' };
  }
  if (snapshot.version !== SNAPSHOT_VERSION) {
    return {
      ok: false,
      message: 'This snapshot was taken by another version of the app and cannot be loaded.',
    };
  }
  if (
    typeof snapshot.state !== 'object' ||
    snapshot.state === null ||
    typeof snapshot.url !== 'string' ||
    !snapshot.url.startsWith('/')
  ) {
    return { ok: false, message: 'This file is not a state snapshot of this app.' };
  }
  const { app, api, route } = snapshot.state;
  // The shared state's defaults fill what the snapshot leaves out (makeStore); the initial load has ended.
  return {
    ok: true,
    state: { app: app && { ...app, initialLoad: 'done' }, api, route },
    url: snapshot.url,
  };
}
