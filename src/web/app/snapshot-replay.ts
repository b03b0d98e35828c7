/**
 * Development builds only (main.tsx drops it from production): loads a support snapshot to reproduce what
 * a user saw. Ctrl+Alt+Shift+L opens a file picker; the chosen snapshot is kept in this tab's session
 * storage and the app reloads at the snapshot's URL, where main.tsx starts from its state (no initial
 * load: the user, their CRM and the cached answers are the snapshot's) and then forgets it, so the next
 * reload is the local app again.
 */
import type { PreloadedState } from './store';
import { readSnapshot } from './support-snapshot';

const KEY = 'crm-sync:replay-snapshot';

/** The snapshot to start from, once (removed as it is read). */
export function takeReplay(storage: Storage = window.sessionStorage): PreloadedState | null {
  let text: string | null = null;
  try {
    text = storage.getItem(KEY);
    storage.removeItem(KEY);
  } catch {
    return null;
  }
  if (!text) return null;
  const read = readSnapshot(text);
  return read.ok ? read.state : null;
}

/** Keeps a snapshot file's content for the reload; the URL to open, or why it cannot be used. */
export function keepReplay(
  text: string,
  storage: Storage = window.sessionStorage,
): { ok: true; url: string } | { ok: false; message: string } {
  const read = readSnapshot(text);
  if (!read.ok) return read;
  try {
    storage.setItem(KEY, text);
  } catch {
    return { ok: false, message: 'The snapshot is too large for this browser tab.' };
  }
  return { ok: true, url: read.url };
}

/** Asks for a snapshot file, then reloads the app at its URL. */
export function pickSnapshotFile(): void {
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = 'application/json,.json';
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    if (!file) return;
    void file.text().then((text) => {
      const kept = keepReplay(text);
      if (kept.ok) window.location.assign(kept.url);
      else window.alert(kept.message);
    });
  });
  input.click();
}
