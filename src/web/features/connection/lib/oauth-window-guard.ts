/** docs/product.md#connecting-on-the-public-pages: only one OAuth window opens per 5 seconds, however often the user clicks. */
export const OAUTH_WINDOW_GUARD_MS = 5000;

/** True when no window was opened yet, or the last one was opened at least `guardMs` ago. */
export function canOpenOAuthWindow(
  lastOpenedAt: number | null,
  now: number,
  guardMs: number = OAUTH_WINDOW_GUARD_MS,
): boolean {
  return lastOpenedAt === null || now - lastOpenedAt >= guardMs;
}

export interface OAuthWindowGuard {
  /** Records the attempt and returns true when a window may open now; false inside the guard. */
  tryAcquire(): boolean;
}

/** A stateful guard; `now` is injectable so tests can drive it without timers. */
export function createOAuthWindowGuard(
  now: () => number = Date.now,
  guardMs: number = OAUTH_WINDOW_GUARD_MS,
): OAuthWindowGuard {
  let lastOpenedAt: number | null = null;
  return {
    tryAcquire() {
      const current = now();
      if (!canOpenOAuthWindow(lastOpenedAt, current, guardMs)) return false;
      lastOpenedAt = current;
      return true;
    },
  };
}
