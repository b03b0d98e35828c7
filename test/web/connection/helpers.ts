/** Shared set-up of the connection page tests. */

/** window.open as a spy that reports an opened window (jsdom has no windows to open). */
export function spyOnWindowOpen(opened: boolean = true) {
  return jest.spyOn(window, 'open').mockImplementation(() => (opened ? ({} as Window) : null));
}

/** Fake timers that leave promises and MSW working; RTL's waitFor advances them while it polls. */
export function useFakeTimersForPages() {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
}

export function resetBrowserStorage() {
  localStorage.clear();
  sessionStorage.clear();
}
