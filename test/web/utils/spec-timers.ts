/**
 * The spec's timers (5 s, 3.8 s, 3 s, 1.5 s, the coupon's 60 s) are tested with fake timers, never slept.
 * Promises, MSW and RTK Query keep working (microtasks, nextTick and immediates stay real), and RTL's
 * waitFor advances the fake clock while it polls. Real timers come back after each test (setup.ts).
 *
 *   useSpecTimers();
 *   const { user } = renderApp(route, { userEvent: { advanceTimers: jest.advanceTimersByTime } });
 *   act(() => jest.advanceTimersByTime(3000));
 */
export function useSpecTimers({ now }: { now?: number | Date } = {}) {
  jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'], now });
}
