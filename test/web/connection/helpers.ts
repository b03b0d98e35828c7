/** Shared set-up of the connection page tests. */

/** window.open as a spy that reports an opened window (jsdom has no windows to open). */
export function spyOnWindowOpen(opened: boolean = true) {
  return jest.spyOn(window, 'open').mockImplementation(() => (opened ? ({} as Window) : null));
}

export function resetBrowserStorage() {
  localStorage.clear();
  sessionStorage.clear();
}
