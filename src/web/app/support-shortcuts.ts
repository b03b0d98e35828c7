/**
 * The support key combinations (app/support-snapshot.ts): Ctrl+Alt+Shift+S downloads a state snapshot;
 * Ctrl+Alt+Shift+L loads one (development builds only). Kept apart so the entry bundle holds only this
 * listener; the snapshot code loads when a combination is pressed.
 */

function supportShortcut(event: KeyboardEvent): 'download' | 'load' | null {
  if (!event.ctrlKey || !event.altKey || !event.shiftKey || event.metaKey) return null;
  if (event.code === 'KeyS') return 'download';
  if (event.code === 'KeyL') return 'load';
  return null;
}

/** Listens for the combinations on `target`; `load` only when given (development builds). */
export function installSupportShortcuts(
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>,
  download: () => void,
  load?: () => void,
): () => void {
  const onKeyDown = (event: KeyboardEvent) => {
    const action = supportShortcut(event);
    if (action === 'download') {
      event.preventDefault();
      download();
    } else if (action === 'load' && load) {
      event.preventDefault();
      load();
    }
  };
  target.addEventListener('keydown', onKeyDown);
  return () => target.removeEventListener('keydown', onKeyDown);
}
