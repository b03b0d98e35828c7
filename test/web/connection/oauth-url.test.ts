import {
  buildOAuthAuthorizeUrl,
  isOpenableAuthorizeUrl,
  withOAuthState,
} from '../../../src/web/features/connection/lib/oauth-url';
import {
  consumeOAuthState,
  runsInOpenedWindow,
  newOAuthState,
  storeOAuthState,
} from '../../../src/web/features/connection/lib/oauth-state';

describe('buildOAuthAuthorizeUrl', () => {
  test.each([
    {
      name: 'fills both placeholders, URL-encoded',
      source: {
        oauth_auth_url: 'https://crm.example/auth?client_id={client_id}&redirect_uri={redirect_uri}',
        oauth_client_id: 'id with space&x',
        oauth_redirect_uri: 'https://app.example/callback?a=1',
      },
      expected:
        'https://crm.example/auth?client_id=id%20with%20space%26x&redirect_uri=https%3A%2F%2Fapp.example%2Fcallback%3Fa%3D1',
    },
    {
      name: 'keeps a relative sandbox URL relative',
      source: {
        oauth_auth_url:
          '/sandbox/crm/authorize?client_id={client_id}&redirect_uri={redirect_uri}&response_type=code',
        oauth_client_id: 'demo',
        oauth_redirect_uri: 'http://localhost:3000/callback',
      },
      expected:
        '/sandbox/crm/authorize?client_id=demo&redirect_uri=http%3A%2F%2Flocalhost%3A3000%2Fcallback&response_type=code',
    },
    {
      name: 'uses the default redirect URI when the record has none',
      source: {
        oauth_auth_url: 'https://x/a?r={redirect_uri}',
        oauth_client_id: 'c',
        oauth_redirect_uri: null,
      },
      defaultRedirect: 'http://localhost/callback',
      expected: 'https://x/a?r=http%3A%2F%2Flocalhost%2Fcallback',
    },
    {
      name: 'replaces every occurrence of a placeholder',
      source: {
        oauth_auth_url: 'https://x/{client_id}/{client_id}',
        oauth_client_id: 'c',
        oauth_redirect_uri: null,
      },
      expected: 'https://x/c/c',
    },
    {
      name: 'has no URL when it needs a client id the record lacks',
      source: { oauth_auth_url: 'https://x/?c={client_id}', oauth_client_id: null, oauth_redirect_uri: null },
      expected: null,
    },
    {
      name: 'needs no client id when the template has no placeholder for it',
      source: {
        oauth_auth_url: 'https://x/?r={redirect_uri}',
        oauth_client_id: null,
        oauth_redirect_uri: 'r',
      },
      expected: 'https://x/?r=r',
    },
    {
      name: 'has no URL without a template',
      source: { oauth_auth_url: null, oauth_client_id: 'c', oauth_redirect_uri: 'r' },
      expected: null,
    },
    {
      name: 'has no URL with a blank template',
      source: { oauth_auth_url: '  ', oauth_client_id: 'c', oauth_redirect_uri: 'r' },
      expected: null,
    },
  ])('$name', ({ source, defaultRedirect, expected }) => {
    expect(buildOAuthAuthorizeUrl(source, defaultRedirect)).toBe(expected);
  });
});

describe('isOpenableAuthorizeUrl', () => {
  test.each([
    { url: '/sandbox/crm/authorize?x=1', expected: true },
    { url: 'http://localhost:3000/sandbox/crm/authorize', expected: true },
    { url: 'https://app.hubspot.com/oauth/authorize?client_id=a', expected: true },
    { url: 'http://evil.example/authorize', expected: false },
    { url: 'javascript:alert(1)', expected: false },
    { url: 'data:text/html,<script>alert(1)</script>', expected: false },
    { url: 'http://[bad', expected: false },
  ])('$url → $expected', ({ url, expected }) => {
    expect(isOpenableAuthorizeUrl(url, 'http://localhost:3000')).toBe(expected);
  });
});

describe('withOAuthState', () => {
  test.each([
    ['/sandbox/crm/authorize?client_id=demo', '/sandbox/crm/authorize?client_id=demo&state=s%201'],
    ['https://crm.example/auth', 'https://crm.example/auth?state=s%201'],
    ['https://crm.example/auth?a=1&state=old#frag', 'https://crm.example/auth?a=1&state=s%201#frag'],
  ])('%s', (url, expected) => {
    expect(withOAuthState(url, 's 1')).toBe(expected);
  });
});

describe('OAuth state', () => {
  beforeEach(() => sessionStorage.clear());

  test('is 128 random bits, different each time', () => {
    const a = newOAuthState();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newOAuthState()).not.toBe(a);
  });

  test('matches once, only the stored value', () => {
    storeOAuthState('abc');
    expect(consumeOAuthState('abc')).toBe(true);
    expect(consumeOAuthState('abc')).toBe(false);
    storeOAuthState('abc');
    expect(consumeOAuthState('abd')).toBe(false);
    expect(sessionStorage.getItem('oauth_state')).toBeNull();
    expect(consumeOAuthState(null)).toBe(false);
  });

  test('remembers whether the flow runs in a window the app opened, until the state is consumed', () => {
    storeOAuthState('abc', 'window');
    expect(runsInOpenedWindow('abc')).toBe(true);
    expect(runsInOpenedWindow('abd')).toBe(false);
    expect(runsInOpenedWindow(null)).toBe(false);
    storeOAuthState('def', 'this-tab');
    expect(runsInOpenedWindow('def')).toBe(false);
    expect(runsInOpenedWindow('abc')).toBe(false);
    storeOAuthState('ghi', 'window');
    expect(consumeOAuthState('ghi')).toBe(true);
    expect(runsInOpenedWindow('ghi')).toBe(false);
  });
});
