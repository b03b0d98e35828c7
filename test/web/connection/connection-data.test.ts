/**
 * @jest-environment node
 */
import {
  authTypeFor,
  credentialsFragment,
  mergeCredentials,
  parseCredentialsFragment,
  pickCredentials,
  readConnectionDataEvent,
  verifySettingsBody,
} from '../../../src/web/features/connection/lib/connection-data';

describe('pickCredentials', () => {
  test('keeps known keys with values, numbers as text, and drops everything else', () => {
    expect(
      pickCredentials({
        oauth_access_token: 'tok',
        oauth_expires_at: 1700000000,
        api_key_2: 'k2',
        api_key_3: '',
        api_key_5: 'nope',
        password: 'secret',
        oauth_domain: null,
      }),
    ).toEqual({ oauth_access_token: 'tok', oauth_expires_at: '1700000000', api_key_2: 'k2' });
  });

  test.each([null, undefined, 'text', 42])('gives nothing for %p', (value) => {
    expect(pickCredentials(value)).toEqual({});
  });
});

describe('authTypeFor', () => {
  const token = { oauth_access_token: 't' };
  const key = { api_key_1: 'k' };
  const both = { ...token, ...key };
  test.each([
    { credentials: {}, preferred: null, expected: null },
    { credentials: {}, preferred: 'oauth' as const, expected: null },
    { credentials: token, preferred: null, expected: 'oauth' },
    { credentials: key, preferred: null, expected: 'api key' },
    { credentials: { api_key_3: 'k3' }, preferred: null, expected: 'api key' },
    { credentials: both, preferred: null, expected: 'oauth' },
    { credentials: both, preferred: 'api key' as const, expected: 'api key' },
    { credentials: both, preferred: 'oauth' as const, expected: 'oauth' },
    { credentials: token, preferred: 'api key' as const, expected: 'oauth' },
    { credentials: key, preferred: 'oauth' as const, expected: 'api key' },
  ])('$credentials preferring $preferred → $expected', ({ credentials, preferred, expected }) => {
    expect(authTypeFor(credentials, preferred)).toBe(expected);
  });
});

describe('readConnectionDataEvent', () => {
  test.each([
    {
      name: 'CustomEvent with an OAuth token in detail',
      event: new CustomEvent('connectionData', {
        detail: { oauth_access_token: 'tok', oauth_expires_at: 5 },
      }),
      expected: { oauth_access_token: 'tok', oauth_expires_at: '5' },
    },
    {
      name: 'CustomEvent with API keys in detail',
      event: new CustomEvent('connectionData', { detail: { api_key_1: 'a', api_key_4: 'd' } }),
      expected: { api_key_1: 'a', api_key_4: 'd' },
    },
    {
      name: 'detail as a JSON string',
      event: new CustomEvent('connectionData', { detail: '{"api_key_1":"a"}' }),
      expected: { api_key_1: 'a' },
    },
    {
      name: 'a plain Event carrying the data',
      event: Object.assign(new Event('connectionData'), { oauth_access_token: 'tok' }),
      expected: { oauth_access_token: 'tok' },
    },
    {
      name: 'detail without a token or key',
      event: new CustomEvent('connectionData', { detail: { oauth_domain: 'x' } }),
      expected: null,
    },
    { name: 'no data at all', event: new Event('connectionData'), expected: null },
    {
      name: 'unreadable JSON',
      event: new CustomEvent('connectionData', { detail: '{oops' }),
      expected: null,
    },
  ])('$name', ({ event, expected }) => {
    expect(readConnectionDataEvent(event)).toEqual(expected);
  });
});

describe('mergeCredentials', () => {
  test('takes each key from the first source that has it', () => {
    expect(
      mergeCredentials(
        { oauth_access_token: 'from-fragment' },
        { oauth_access_token: 'stored', oauth_expires_at: '10', api_key_1: 'k' },
      ),
    ).toEqual({ oauth_access_token: 'from-fragment', oauth_expires_at: '10', api_key_1: 'k' });
  });
});

describe('credentials fragment', () => {
  test('round-trips values that need encoding', () => {
    const credentials = { oauth_access_token: 'a b&c=d', api_key_1: 'demo_#1' };
    const fragment = credentialsFragment(credentials);
    expect(fragment).toBe('oauth_access_token=a+b%26c%3Dd&api_key_1=demo_%231');
    expect(parseCredentialsFragment(`#${fragment}`)).toEqual(credentials);
  });

  test('can be limited to some keys', () => {
    expect(credentialsFragment({ oauth_access_token: 't', api_key_1: 'k' }, ['api_key_1'])).toBe(
      'api_key_1=k',
    );
  });

  test.each(['', '#', '#unknown=1'])('%p has no credentials', (hash) => {
    expect(parseCredentialsFragment(hash)).toEqual({});
  });
});

describe('verifySettingsBody', () => {
  const credentials = {
    oauth_access_token: 'tok',
    oauth_expires_at: '1700000000',
    oauth_updated_at: '1699990000.7',
    api_key_1: 'k1',
    api_key_2: 'k2',
  };

  test('OAuth sends the token and its times as integers, no keys', () => {
    expect(verifySettingsBody(credentials, 'oauth', 'demo-crm')).toEqual({
      auth_type: 'oauth',
      software: 'demo-crm',
      api_key_1: null,
      api_key_2: null,
      api_key_3: null,
      api_key_4: null,
      oauth_access_token: 'tok',
      oauth_expires_at: 1700000000,
      oauth_updated_at: 1699990000,
    });
  });

  test('API key sends the keys, no token', () => {
    expect(verifySettingsBody(credentials, 'api key')).toEqual({
      auth_type: 'api key',
      api_key_1: 'k1',
      api_key_2: 'k2',
      api_key_3: null,
      api_key_4: null,
      oauth_access_token: null,
      oauth_expires_at: null,
      oauth_updated_at: null,
    });
  });

  test('times that are not numbers go as null', () => {
    expect(
      verifySettingsBody({ oauth_access_token: 't', oauth_expires_at: 'soon' }, 'oauth').oauth_expires_at,
    ).toBeNull();
  });
});
