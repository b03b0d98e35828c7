/**
 * The local-storage keys (docs/product.md#kept-in-the-browser) and helpers that never throw: storage can be missing (prerendering),
 * disabled (privacy modes) or full, and none of that may break a page. `window.localStorage` is only
 * touched inside functions, so this module loads anywhere.
 */

export const storageKeys = {
  software: 'software',
  hasInstalled: 'has_installed',
  hasOnboarded: 'has_onboarded',
  invitationToken: 'invitation_token',
  /** 'oauth' or 'api key': the auth kind the user chose last. */
  authAttempt: 'auth_attempt',
} as const;

export const utmKeys = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const;

export const oauthKeys = [
  'oauth_access_token',
  'oauth_refresh_token',
  'oauth_domain',
  'oauth_expires_at',
  'oauth_updated_at',
  'oauth_code',
  'oauth_scope',
  'oauth_expires_in',
  'oauth_api_domain',
  'oauth_token_type',
] as const;

export const apiKeyKeys = ['api_key_1', 'api_key_2', 'api_key_3', 'api_key_4'] as const;

/** Prefixes of the CRM credentials the disconnect page removes (docs/product.md#disconnect). */
export const credentialPrefixes = ['oauth_', 'api_key_'] as const;

export type StorageKey =
  | (typeof storageKeys)[keyof typeof storageKeys]
  | (typeof utmKeys)[number]
  | (typeof oauthKeys)[number]
  | (typeof apiKeyKeys)[number]
  // The access-token answer is stored key by key with an `oauth_` prefix, whatever keys it has.
  | `oauth_${string}`;

function storage(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : (window.localStorage ?? undefined);
  } catch {
    // Reading window.localStorage itself throws when the browser blocks storage.
    return undefined;
  }
}

export function getItem(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Stores a value; false when it could not be stored. */
export function setItem(key: StorageKey, value: string): boolean {
  try {
    const store = storage();
    if (!store) return false;
    store.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(key: StorageKey): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Nothing to do: the value is unreachable anyway.
  }
}

/** A boolean flag such as has_installed, stored as 'true' / 'false'. */
export function getFlag(key: StorageKey): boolean {
  return getItem(key) === 'true';
}

export function setFlag(key: StorageKey, value: boolean): boolean {
  return setItem(key, String(value));
}

/** Every stored key (a snapshot, safe to remove from while iterating). */
function storedKeys(): string[] {
  try {
    const store = storage();
    if (!store) return [];
    return Array.from({ length: store.length }, (_, index) => store.key(index)).filter(
      (key): key is string => key !== null,
    );
  } catch {
    return [];
  }
}

/** Removes everything except the given keys (logout keeps the chosen CRM, docs/product.md#local-flags-and-the-auth-route). */
export function clearAllExcept(keep: readonly StorageKey[]): void {
  for (const key of storedKeys()) {
    if (!keep.includes(key as StorageKey)) removeItem(key as StorageKey);
  }
}

/** Removes every key that starts with one of the prefixes (e.g. `oauth_`, `api_key_`). */
export function removeByPrefix(prefixes: readonly string[]): void {
  for (const key of storedKeys()) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) removeItem(key as StorageKey);
  }
}
