import { stepForPath } from '../../../src/web/features/onboarding/lib/steps';

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
