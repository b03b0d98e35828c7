import { openInNewTab, safeRedirectUrl, sameOriginPath } from '../../../src/web/lib/safe-redirect';

const ORIGIN = 'http://localhost:3000';

test.each([
  [
    'same origin absolute',
    'http://localhost:3000/sandbox/checkout/abc',
    'http://localhost:3000/sandbox/checkout/abc',
  ],
  ['same origin relative', '/sandbox/portal?s=1', 'http://localhost:3000/sandbox/portal?s=1'],
  ['Stripe checkout', 'https://checkout.stripe.com/c/pay/cs_123', 'https://checkout.stripe.com/c/pay/cs_123'],
  ['Stripe portal', 'https://billing.stripe.com/p/session/x', 'https://billing.stripe.com/p/session/x'],
])('follows %s', (_case, url, expected) => {
  expect(safeRedirectUrl(url, ORIGIN)).toBe(expected);
});

test.each([
  ['another site', 'https://evil.example/checkout'],
  ['a look-alike host', 'https://checkout.stripe.com.evil.example/'],
  ['allow-listed host over http', 'http://checkout.stripe.com/c/pay'],
  ['another port of the same host', 'http://localhost:4000/sandbox'],
  ['a protocol-relative URL to another host', '//evil.example/x'],
  ['javascript:', 'javascript:alert(1)'],
  ['data:', 'data:text/html,hi'],
  ['an empty URL', ''],
  ['null', null],
  ['undefined', undefined],
])('refuses %s', (_case, url) => {
  expect(safeRedirectUrl(url, ORIGIN)).toBeNull();
});

test('an extra allow-list replaces the default one', () => {
  expect(safeRedirectUrl('https://pay.example/x', ORIGIN, ['https://pay.example'])).toBe(
    'https://pay.example/x',
  );
  expect(safeRedirectUrl('https://checkout.stripe.com/x', ORIGIN, ['https://pay.example'])).toBeNull();
});

// The reset-password answer's redirect_url: same-origin paths only, no allow-listed origins.
describe('sameOriginPath', () => {
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

  test('refuses allow-listed payment origins: the reset page never leaves the app', () => {
    expect(sameOriginPath('https://checkout.stripe.com/c/pay/cs_123', origin)).toBeNull();
  });
});

describe('openInNewTab', () => {
  afterEach(() => jest.restoreAllMocks());

  test('opens the URL in a new tab cut off from this page', () => {
    const tab = { opener: window } as unknown as Window;
    const open = jest.spyOn(window, 'open').mockReturnValue(tab);

    expect(openInNewTab('http://localhost/sandbox/portal')).toBe(true);
    expect(open).toHaveBeenCalledWith('http://localhost/sandbox/portal', '_blank');
    expect(tab.opener).toBeNull();
  });

  test('reports a blocked tab', () => {
    jest.spyOn(window, 'open').mockReturnValue(null);
    expect(openInNewTab('http://localhost/sandbox/portal')).toBe(false);
  });
});
