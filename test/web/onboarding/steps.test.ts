/**
 * @jest-environment node
 */
import { progressFor, stepForPath, type VisitorFacts } from '../../../src/web/features/onboarding/lib/steps';

test.each([
  ['/install', 0],
  ['/installed', 0],
  ['/welcome', 0],
  ['/signup', 1],
  ['/login', 1],
  ['/forgot-password', 1],
  ['/reset-password', 1],
  ['/accept-invitation', 1],
  ['/connect', 2],
  ['/callback', 2],
  ['/connect-api-key', 2],
  ['/connected', 2],
  ['/complete', 3],
  ['/complete/', 3],
  ['/auth', -1],
  ['/logout', -1],
  ['/uninstalled', -1],
])('%s is step %i', (path, step) => {
  expect(stepForPath(path)).toBe(step);
});

describe('progressFor: the bar shows the visitor’s real place (docs/product.md#progress-bar)', () => {
  const visitor: VisitorFacts = { installed: false, signedIn: false, connected: false, onboarded: false };
  const done = (progress: ReturnType<typeof progressFor>) =>
    ['Install', 'Signup', 'Connect', 'Finish'].filter((_, index) => progress?.completed[index]);

  test.each(['/signup', '/login', '/forgot-password', '/reset-password'])(
    '%s: nothing is done for a visitor who installed nothing',
    (path) => {
      const progress = progressFor(path, visitor);
      expect(progress?.current).toBe(1);
      expect(done(progress)).toEqual([]);
    },
  );

  test('/signup after the extension was installed: Install done, Signup current', () => {
    const progress = progressFor('/signup', { ...visitor, installed: true });
    expect(progress?.current).toBe(1);
    expect(done(progress)).toEqual(['Install']);
  });

  test('/welcome and /installed say the extension is installed: Install done, the next step is current', () => {
    for (const path of ['/welcome', '/installed']) {
      const progress = progressFor(path, visitor);
      expect(done(progress)).toEqual(['Install']);
      expect(progress?.current).toBe(1);
    }
    const signedIn = progressFor('/installed', { ...visitor, signedIn: true });
    expect(done(signedIn)).toEqual(['Install', 'Signup']);
    expect(signedIn?.current).toBe(2);
  });

  test('/install for a signed-in user: Signup done, Install current', () => {
    const progress = progressFor('/install', { ...visitor, signedIn: true });
    expect(progress?.current).toBe(0);
    expect(done(progress)).toEqual(['Signup']);
  });

  test('/connect: the step in progress is not shown done, even with old credentials', () => {
    const progress = progressFor('/connect', {
      installed: true,
      signedIn: true,
      connected: true,
      onboarded: false,
    });
    expect(progress?.current).toBe(2);
    expect(done(progress)).toEqual(['Install', 'Signup']);
  });

  test('/complete: every step the visitor did, and Finish, are done', () => {
    const progress = progressFor('/complete', {
      installed: true,
      signedIn: true,
      connected: true,
      onboarded: false,
    });
    expect(progress?.current).toBe(3);
    expect(done(progress)).toEqual(['Install', 'Signup', 'Connect', 'Finish']);
  });

  test.each(['/signup', '/login', '/accept-invitation'])(
    '%s: an onboarded flag and credentials kept from before do not make Connect or Finish done while signing in',
    (path) => {
      const progress = progressFor(path, { ...visitor, installed: true, connected: true, onboarded: true });
      expect(progress?.current).toBe(1);
      expect(done(progress)).toEqual(['Install']);
    },
  );

  test.each(['/connect', '/connect-api-key', '/callback', '/connected'])(
    '%s: Finish is not done while the visitor is still connecting',
    (path) => {
      const progress = progressFor(path, {
        installed: true,
        signedIn: true,
        connected: false,
        onboarded: true,
      });
      expect(progress?.current).toBe(2);
      expect(done(progress)).toEqual(['Install', 'Signup']);
    },
  );

  test('/install for an onboarded user who has not installed: Finish waits for the install', () => {
    const progress = progressFor('/install', {
      installed: false,
      signedIn: true,
      connected: true,
      onboarded: true,
    });
    expect(progress?.current).toBe(0);
    expect(done(progress)).toEqual(['Signup', 'Connect']);
  });

  test('/installed once everything else is done: every step is done', () => {
    const progress = progressFor('/installed', {
      installed: false,
      signedIn: true,
      connected: true,
      onboarded: true,
    });
    expect(done(progress)).toEqual(['Install', 'Signup', 'Connect', 'Finish']);
  });

  test('pages outside the flow have no bar', () => {
    expect(progressFor('/auth', visitor)).toBeNull();
  });
});
