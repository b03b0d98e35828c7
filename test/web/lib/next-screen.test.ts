/**
 * @jest-environment node
 */
import {
  hasStoredCredentials,
  nextScreen,
  oauthFragment,
  readStoredCredentials,
  type NextScreenInput,
} from '../../../src/web/lib/next-screen';

const user = { id: 'u1' };
const oauthTokens = {
  oauth_access_token: 'at-1',
  oauth_refresh_token: 'rt-1',
  oauth_domain: 'demo.example',
  oauth_expires_at: '1900000000',
  oauth_updated_at: '1800000000',
};

describe('nextScreen: every row of the onboarding table (docs/product.md#onboarding-order)', () => {
  const rows: Array<[string, NextScreenInput, string]> = [
    [
      'no user',
      { user: null, hasInstalled: true, credentials: oauthTokens, authOptions: 'oauth' },
      '/signup',
    ],
    [
      'no user (undefined)',
      { user: undefined, hasInstalled: false, credentials: {}, authOptions: undefined },
      '/signup',
    ],
    [
      'not installed',
      { user, hasInstalled: false, credentials: oauthTokens, authOptions: 'oauth' },
      '/install',
    ],
    [
      'installed, no stored credentials',
      { user, hasInstalled: true, credentials: {}, authOptions: 'oauth' },
      '/connect',
    ],
    [
      'installed, credentials stored empty count as none',
      {
        user,
        hasInstalled: true,
        credentials: { oauth_access_token: '', api_key_1: null },
        authOptions: 'either',
      },
      '/connect',
    ],
    [
      'installed with credentials, CRM uses OAuth',
      { user, hasInstalled: true, credentials: oauthTokens, authOptions: 'oauth' },
      '/connected#oauth_access_token=at-1&oauth_refresh_token=rt-1&oauth_domain=demo.example&oauth_expires_at=1900000000&oauth_updated_at=1800000000',
    ],
    [
      'installed with credentials, CRM uses either',
      { user, hasInstalled: true, credentials: { oauth_access_token: 'a b&c' }, authOptions: 'either' },
      '/connected#oauth_access_token=a+b%26c',
    ],
    [
      'installed with API keys only, CRM uses either (no oauth values to carry)',
      { user, hasInstalled: true, credentials: { api_key_1: 'demo_1' }, authOptions: 'either' },
      '/connected',
    ],
    [
      'installed with credentials, CRM uses API keys',
      { user, hasInstalled: true, credentials: { api_key_1: 'demo_1' }, authOptions: 'api key' },
      '/complete',
    ],
    [
      'installed with credentials, CRM unknown',
      { user, hasInstalled: true, credentials: oauthTokens, authOptions: null },
      '/complete',
    ],
  ];

  test.each(rows)('%s', (_name, input, expected) => {
    expect(nextScreen(input)).toBe(expected);
  });
});

test('the fragment carries only oauth values, never API keys', () => {
  expect(oauthFragment({ api_key_1: 'secret', oauth_scope: 'read write' })).toBe('oauth_scope=read+write');
});

test('an OAuth token or any API key counts as stored credentials', () => {
  expect(hasStoredCredentials({ oauth_refresh_token: 'only-refresh' })).toBe(false);
  expect(hasStoredCredentials({ api_key_3: 'k' })).toBe(true);
  expect(hasStoredCredentials({ oauth_access_token: 't' })).toBe(true);
});

test('readStoredCredentials keeps only present values', () => {
  const store: Record<string, string> = {
    oauth_access_token: 'tok',
    api_key_2: 'k2',
    api_key_1: '',
    other: 'x',
  };
  expect(readStoredCredentials((key) => store[key] ?? null)).toEqual({
    oauth_access_token: 'tok',
    api_key_2: 'k2',
  });
});
