/** Issue 12: which requests get a prerendered page (src/shared/prerender.ts). */
import { googleSignIn, prerenderableQuery, prerenderedFile } from '../../../src/shared/prerender';

test.each([
  ['', true],
  ['?', true],
  ['utm_source=newsletter&utm_campaign=fall', true],
  ['hide_header=true', false],
  ['dark_mode', false],
  ['email=a%40b.c', false],
  ['utm_source=x&first_install=true', false],
])('a query of %j keeps the page prerendered: %s', (search, expected) => {
  expect(prerenderableQuery(search)).toBe(expected);
});

test('each language and kind of Google button has its own file', () => {
  expect(prerenderedFile('/login', 'zh-CN', 'sandbox')).toBe('prerendered/zh-CN/sandbox/login.html');
});

test.each([
  [{ googleClientId: 'id.apps.googleusercontent.com', googleSandbox: true }, 'google'],
  [{ googleClientId: null, googleSandbox: true }, 'sandbox'],
  [{ googleClientId: '', googleSandbox: false }, 'none'],
  [{}, 'none'],
] as const)('%j shows the %s button', (config, expected) => {
  expect(googleSignIn(config)).toBe(expected);
});
