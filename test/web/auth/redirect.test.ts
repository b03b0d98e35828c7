import { sameOriginPath } from '../../../src/web/features/auth/lib/redirect';

const origin = 'https://app.example';

test.each([
  ['/login', '/login'],
  ['/login?reset=1#top', '/login?reset=1#top'],
  ['https://app.example/dashboard', '/dashboard'],
  ['login', '/login'],
])('follows the same-origin URL %s as %s', (url, path) => {
  expect(sameOriginPath(url, origin)).toBe(path);
});

test.each([
  ['https://evil.example/login'],
  ['//evil.example/login'],
  ['/\\evil.example'],
  ['http://app.example/login'],
  ['javascript:alert(1)'],
  [''],
  [null],
  [undefined],
])('refuses %p', (url) => {
  expect(sameOriginPath(url, origin)).toBeNull();
});
