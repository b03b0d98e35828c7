/**
 * The connection data the app keeps in the browser (docs/product.md#kept-in-the-browser).
 * The extension reads these keys, so their names are part of the product. Built on lib/storage, whose
 * helpers touch storage only when called and never throw (storage can be disabled or full).
 */
import { readStoredCredentials as readCredentialKeys } from '../../../lib/next-screen';
import {
  apiKeyKeys,
  credentialPrefixes,
  getItem,
  removeByPrefix,
  removeItem,
  setItem,
  storageKeys,
  type StorageKey,
} from '../../../lib/storage';
import type { AuthType, Credentials } from './connection-data';

/** The oauth_* and api_key_* values in local storage (empty values count as absent). */
export function readStoredCredentials(): Credentials {
  return readCredentialKeys(getItem) as Credentials;
}

/** Writes each present value under its own key; absent keys are left as they are. */
export function storeCredentials(credentials: Credentials): void {
  for (const [key, value] of Object.entries(credentials)) {
    if (value) setItem(key as StorageKey, value);
  }
}

/**
 * Stores every key of the access-token answer's `data` with an `oauth_` prefix (docs/product.md#api-calls), plus the code
 * itself as oauth_code. Null values remove the key, so no "null" text is left for the extension to read.
 */
export function storeOAuthTokens(data: Record<string, unknown>, code?: string): void {
  for (const [key, value] of Object.entries(data)) {
    const storageKey = `oauth_${key}` as const;
    if (value === null || value === undefined) removeItem(storageKey);
    else setItem(storageKey, typeof value === 'string' ? value : JSON.stringify(value));
  }
  if (code) setItem('oauth_code', code);
}

/** Stores the typed API keys; slots that were not typed are cleared so old keys don't linger. */
export function storeApiKeys(keys: Partial<Record<(typeof apiKeyKeys)[number], string>>): void {
  for (const key of apiKeyKeys) {
    const value = keys[key];
    if (value) setItem(key, value);
    else removeItem(key);
  }
}

export function getAuthAttempt(): AuthType | null {
  const value = getItem(storageKeys.authAttempt);
  return value === 'oauth' || value === 'api key' ? value : null;
}

export function setAuthAttempt(kind: AuthType): void {
  setItem(storageKeys.authAttempt, kind);
}

/**
 * docs/product.md#disconnect: clears session storage, every local-storage key starting with oauth_ or
 * api_key_, and auth_attempt. Other local data (the chosen CRM, install flags, UTM) stays.
 */
export function clearConnectionData(): void {
  try {
    if (typeof window !== 'undefined') window.sessionStorage.clear();
  } catch {
    // Session storage disabled: nothing to clear.
  }
  removeByPrefix(credentialPrefixes);
  removeItem(storageKeys.authAttempt);
}
