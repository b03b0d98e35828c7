/**
 * @jest-environment node
 */
import {
  OAUTH_WINDOW_GUARD_MS,
  canOpenOAuthWindow,
  createOAuthWindowGuard,
} from '../../../src/web/features/connection/lib/oauth-window-guard';

describe('canOpenOAuthWindow', () => {
  test.each([
    { lastOpenedAt: null, now: 0, expected: true },
    { lastOpenedAt: 1000, now: 1000, expected: false },
    { lastOpenedAt: 1000, now: 5999, expected: false },
    { lastOpenedAt: 1000, now: 6000, expected: true },
    { lastOpenedAt: 1000, now: 60000, expected: true },
  ])('last opened at $lastOpenedAt, now $now → $expected', ({ lastOpenedAt, now, expected }) => {
    expect(canOpenOAuthWindow(lastOpenedAt, now)).toBe(expected);
  });

  test('the guard is 5 seconds (docs/product.md#connecting-on-the-public-pages)', () => {
    expect(OAUTH_WINDOW_GUARD_MS).toBe(5000);
  });
});

describe('createOAuthWindowGuard', () => {
  test('lets one attempt through per 5 seconds, counting from the last accepted one', () => {
    let now = 10_000;
    const guard = createOAuthWindowGuard(() => now);

    expect(guard.tryAcquire()).toBe(true);
    now += 4_999;
    expect(guard.tryAcquire()).toBe(false);
    now += 1;
    expect(guard.tryAcquire()).toBe(true);
    now += 2_000;
    expect(guard.tryAcquire()).toBe(false);
  });
});
