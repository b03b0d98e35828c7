/**
 * @jest-environment node
 */
/** docs/performance.md#prerendered-public-pages: which requests get which prerendered page (src/shared/prerender.ts). */
import {
  googleSignIn,
  prerenderedFile,
  prerenderedVariant,
  prerenderedVariants,
} from '../../../src/shared/prerender';

test.each([
  ['/login', '', ''],
  ['/login', '?', ''],
  ['/login', 'utm_source=newsletter&utm_campaign=fall', ''],
  ['/login', 'hide_header=true', null],
  ['/pricing', 'hide_header=true', 'hide_header'],
  ['/pricing', 'dark_mode&hide_banner=1&utm_source=x', 'dark_mode+hide_banner'],
  ['/pricing', 'hide_header=1&dark_mode=yes', 'dark_mode+hide_header'],
  ['/pricing', 'dark_mode=false', ''],
  // The coupon's banner is drawn once get-coupon answers, in the browser: the page is the same until then.
  ['/pricing', 'dark_mode=true&coupon=LAUNCH30', 'dark_mode'],
  ['/signup', 'email=a%40b.c&name=Ann', ''],
  ['/signup', 'utm_source=x&first_install=true', 'first_install'],
  ['/signup', 'first_install=yes', ''],
  ['/signup', 'password=secret', 'password'],
  ['/signup', 'password=&name=Ann', ''],
  ['/signup', 'first_install=true&password=s3cret!', 'first_install+password'],
  ['/signup', 'coupon=LAUNCH30', null],
  ['/welcome', 'first_install=true', null],
  ['/login', '__proto__=1', null],
  ['/pricing', 'hasOwnProperty&valueOf', null],
  ['/signup', 'constructor=x&toString', null],
] as const)('%s?%s is served as the variant %j', (path, search, expected) => {
  expect(prerenderedVariant(path, search)).toBe(expected);
});

test('every combination of a page’s flags is prerendered, with a query that turns them on', () => {
  expect(prerenderedVariants('/login')).toEqual([{ variant: '', query: '' }]);
  expect(prerenderedVariants('/signup')).toEqual([
    { variant: '', query: '' },
    { variant: 'first_install', query: 'first_install=true' },
    { variant: 'password', query: 'password=true' },
    { variant: 'first_install+password', query: 'first_install=true&password=true' },
  ]);
  const pricing = prerenderedVariants('/pricing');
  expect(pricing).toHaveLength(8);
  expect(pricing).toContainEqual({
    variant: 'dark_mode+hide_banner+hide_header',
    query: 'dark_mode=true&hide_banner=true&hide_header=true',
  });
  // The query each is rendered with asks for that very variant.
  for (const { variant, query } of pricing) expect(prerenderedVariant('/pricing', query)).toBe(variant);
});

test('each language, kind of Google button and variant has its own file', () => {
  expect(prerenderedFile('/login', 'zh-CN', 'sandbox')).toBe('prerendered/zh-CN/sandbox/login.html');
  expect(prerenderedFile('/pricing', 'en', 'none', 'dark_mode+hide_header')).toBe(
    'prerendered/en/none/pricing@dark_mode+hide_header.html',
  );
});

test.each([
  [{ googleClientId: 'id.apps.googleusercontent.com', googleSandbox: true }, 'google'],
  [{ googleClientId: null, googleSandbox: true }, 'sandbox'],
  [{ googleClientId: '', googleSandbox: false }, 'none'],
  [{}, 'none'],
] as const)('%j shows the %s button', (config, expected) => {
  expect(googleSignIn(config)).toBe(expected);
});
