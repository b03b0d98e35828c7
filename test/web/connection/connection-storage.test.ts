import {
  clearConnectionData,
  getAuthAttempt,
  readStoredCredentials,
  setAuthAttempt,
  storeApiKeys,
  storeCredentials,
  storeOAuthTokens,
} from '../../../src/web/features/connection/lib/connection-storage';
import { storedSoftwareSlug } from '../../../src/web/entities/crm';

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

test('stores every key of the access-token data with an oauth_ prefix, and the code', () => {
  storeOAuthTokens(
    {
      access_token: 'tok',
      refresh_token: 'ref',
      token_type: 'bearer',
      expires_in: 3600,
      expires_at: 1700003600,
      updated_at: 1700000000,
      domain: null,
      custom: 'kept too',
    },
    'the-code',
  );

  expect({ ...localStorage }).toEqual({
    oauth_access_token: 'tok',
    oauth_refresh_token: 'ref',
    oauth_token_type: 'bearer',
    oauth_expires_in: '3600',
    oauth_expires_at: '1700003600',
    oauth_updated_at: '1700000000',
    oauth_custom: 'kept too',
    oauth_code: 'the-code',
  });
});

test('a null value removes an older stored one', () => {
  localStorage.setItem('oauth_domain', 'old.example');
  storeOAuthTokens({ access_token: 't', domain: null });
  expect(localStorage.getItem('oauth_domain')).toBeNull();
});

test('reads the stored credentials back, ignoring empty values and other keys', () => {
  localStorage.setItem('oauth_access_token', 'tok');
  localStorage.setItem('oauth_expires_at', '');
  localStorage.setItem('api_key_2', 'k2');
  localStorage.setItem('software', 'demo-crm');
  expect(readStoredCredentials()).toEqual({ oauth_access_token: 'tok', api_key_2: 'k2' });
});

test('storing API keys clears the slots that were not typed', () => {
  localStorage.setItem('api_key_3', 'old');
  storeApiKeys({ api_key_1: 'demo_1', api_key_2: '' });
  expect(readStoredCredentials()).toEqual({ api_key_1: 'demo_1' });
});

test('storing credentials writes the present values only', () => {
  localStorage.setItem('oauth_refresh_token', 'keep');
  storeCredentials({ oauth_access_token: 'tok', api_key_1: '' });
  expect({ ...localStorage }).toEqual({ oauth_refresh_token: 'keep', oauth_access_token: 'tok' });
});

test.each([
  { stored: 'oauth', expected: 'oauth' },
  { stored: 'api key', expected: 'api key' },
  { stored: 'other', expected: null },
  { stored: null, expected: null },
])('auth_attempt $stored reads as $expected', ({ stored, expected }) => {
  if (stored !== null) localStorage.setItem('auth_attempt', stored);
  expect(getAuthAttempt()).toBe(expected);
});

test('setAuthAttempt stores the kind under auth_attempt', () => {
  setAuthAttempt('api key');
  expect(localStorage.getItem('auth_attempt')).toBe('api key');
});

test.each([
  { stored: 'demo-crm', expected: 'demo-crm' },
  { stored: '  ', expected: null },
  { stored: null, expected: null },
])('software slug $stored reads as $expected', ({ stored, expected }) => {
  if (stored !== null) localStorage.setItem('software', stored);
  expect(storedSoftwareSlug()).toBe(expected);
});

test('clearing removes oauth_*, api_key_* and auth_attempt, and all of session storage', () => {
  for (const key of ['oauth_access_token', 'oauth_whatever', 'api_key_1', 'api_key_4', 'auth_attempt']) {
    localStorage.setItem(key, 'x');
  }
  for (const key of ['software', 'has_installed', 'utm_source', 'invitation_token'])
    localStorage.setItem(key, 'kept');
  sessionStorage.setItem('anything', 'x');

  clearConnectionData();

  expect({ ...localStorage }).toEqual({
    software: 'kept',
    has_installed: 'kept',
    utm_source: 'kept',
    invitation_token: 'kept',
  });
  expect(sessionStorage.length).toBe(0);
});

test('never throws when storage is unavailable', () => {
  const getItem = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
    throw new Error('denied');
  });
  const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
    throw new Error('quota');
  });
  try {
    expect(readStoredCredentials()).toEqual({});
    expect(getAuthAttempt()).toBeNull();
    expect(() => setAuthAttempt('oauth')).not.toThrow();
    expect(() => storeOAuthTokens({ access_token: 't' })).not.toThrow();
  } finally {
    getItem.mockRestore();
    setItem.mockRestore();
  }
});
