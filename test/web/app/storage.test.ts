/** src/web/lib/storage.ts: the local-storage keys of docs/product.md#kept-in-the-browser and helpers that never throw. */
import {
  apiKeyKeys,
  clearAllExcept,
  credentialPrefixes,
  getFlag,
  getItem,
  oauthKeys,
  removeByPrefix,
  removeItem,
  setFlag,
  setItem,
  storageKeys,
  utmKeys,
} from '../../../src/web/lib/storage';

beforeEach(() => window.localStorage.clear());
afterEach(() => jest.restoreAllMocks());

test('the keys are the ones of docs/product.md#kept-in-the-browser', () => {
  expect(Object.values(storageKeys).sort()).toEqual(
    ['auth_attempt', 'has_installed', 'has_onboarded', 'invitation_token', 'software'].sort(),
  );
  expect(utmKeys).toEqual(['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content']);
  expect(oauthKeys).toHaveLength(10);
  expect(oauthKeys.every((key) => key.startsWith('oauth_'))).toBe(true);
  expect(apiKeyKeys).toEqual(['api_key_1', 'api_key_2', 'api_key_3', 'api_key_4']);
});

test('get, set, remove and boolean flags', () => {
  expect(getItem('software')).toBeNull();
  expect(setItem('software', 'hubspot')).toBe(true);
  expect(window.localStorage.getItem('software')).toBe('hubspot');
  expect(getItem('software')).toBe('hubspot');
  removeItem('software');
  expect(getItem('software')).toBeNull();

  expect(getFlag('has_installed')).toBe(false);
  setFlag('has_installed', true);
  expect(window.localStorage.getItem('has_installed')).toBe('true');
  expect(getFlag('has_installed')).toBe(true);
  setFlag('has_installed', false);
  expect(getFlag('has_installed')).toBe(false);
});

test('logout: clearAllExcept keeps only the chosen CRM', () => {
  for (const key of ['software', 'has_installed', 'utm_source', 'oauth_access_token', 'api_key_1', 'other']) {
    window.localStorage.setItem(key, 'x');
  }
  clearAllExcept([storageKeys.software]);
  expect(Object.keys(window.localStorage)).toEqual(['software']);
});

test('disconnect: removeByPrefix removes the oauth_ and api_key_ keys only', () => {
  for (const key of [
    'oauth_access_token',
    'oauth_anything',
    'api_key_1',
    'api_key_4',
    'software',
    'auth_attempt',
  ]) {
    window.localStorage.setItem(key, 'x');
  }
  removeByPrefix(credentialPrefixes);
  expect(Object.keys(window.localStorage).sort()).toEqual(['auth_attempt', 'software']);
});

test('never throws when storage fails (blocked, full)', () => {
  const failing = () => {
    throw new DOMException('blocked', 'SecurityError');
  };
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(failing);
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(failing);
  jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(failing);
  jest.spyOn(Storage.prototype, 'key').mockImplementation(failing);

  expect(getItem('software')).toBeNull();
  expect(setItem('software', 'hubspot')).toBe(false);
  expect(() => removeItem('software')).not.toThrow();
  expect(getFlag('has_onboarded')).toBe(false);
  expect(() => clearAllExcept(['software'])).not.toThrow();
  expect(() => removeByPrefix(['oauth_'])).not.toThrow();
});

test('never throws when window.localStorage itself cannot be read', () => {
  jest.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
    throw new DOMException('blocked', 'SecurityError');
  });
  expect(getItem('software')).toBeNull();
  expect(setItem('software', 'x')).toBe(false);
  expect(() => clearAllExcept([])).not.toThrow();
});
