/**
 * Connection credentials as they travel between the extension, the URL fragment, local storage and
 * verify-settings (docs/product.md#kept-in-the-browser, docs/product.md#api-calls).
 * Pure: no storage or DOM access here.
 */
import type { components, operations } from '../../../../contract/api';
import {
  API_KEY_STORAGE_KEYS,
  OAUTH_STORAGE_KEYS,
  type ApiKeyStorageKey,
  type CredentialKey,
} from '../../../lib/next-screen';

export type AuthType = components['schemas']['AuthType'];
export type VerifySettingsBody = operations['verifySettings']['requestBody']['content']['application/json'];

/** Every credential value is kept as a non-empty string; absent keys mean "not known". */
export type Credentials = Partial<Record<CredentialKey, string>>;

const CREDENTIAL_KEYS: readonly CredentialKey[] = [...OAUTH_STORAGE_KEYS, ...API_KEY_STORAGE_KEYS];

/** Keeps the known keys whose value is a non-empty string or a finite number (stored as text). */
export function pickCredentials(source: unknown): Credentials {
  const credentials: Credentials = {};
  if (!source || typeof source !== 'object') return credentials;
  const record = source as Record<string, unknown>;
  for (const key of CREDENTIAL_KEYS) {
    const value = record[key];
    if (typeof value === 'string' && value.trim() !== '') credentials[key] = value;
    else if (typeof value === 'number' && Number.isFinite(value)) credentials[key] = String(value);
  }
  return credentials;
}

export const hasOAuthToken = (credentials: Credentials): boolean => Boolean(credentials.oauth_access_token);
export const hasApiKey = (credentials: Credentials): boolean =>
  API_KEY_STORAGE_KEYS.some((key) => Boolean(credentials[key]));

/**
 * Which kind of credentials to verify. The stored auth_attempt wins when its credentials are present
 * (a user who tried OAuth and then typed API keys keeps both in storage); otherwise an OAuth token
 * comes first, as the extension sends either one or the other. Null when there is nothing to verify.
 */
export function authTypeFor(credentials: Credentials, preferred?: AuthType | null): AuthType | null {
  if (preferred === 'api key' && hasApiKey(credentials)) return 'api key';
  if (preferred === 'oauth' && hasOAuthToken(credentials)) return 'oauth';
  if (hasOAuthToken(credentials)) return 'oauth';
  if (hasApiKey(credentials)) return 'api key';
  return null;
}

/**
 * The data of a `connectionData` document event. The extension dispatches
 * `new CustomEvent('connectionData', { detail })`; a plain Event carrying the values as its own
 * properties, or a JSON string as detail, is accepted too. Null when it carries no token and no key.
 */
export function readConnectionDataEvent(event: Event): Credentials | null {
  let payload: unknown = (event as CustomEvent<unknown>).detail;
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload);
    } catch {
      payload = null;
    }
  }
  const credentials =
    payload && typeof payload === 'object' ? pickCredentials(payload) : pickCredentials(event);
  return hasOAuthToken(credentials) || hasApiKey(credentials) ? credentials : null;
}

/** Per key, the first source that has a value wins (spec: URL fragment first, local storage otherwise). */
export function mergeCredentials(...sources: Credentials[]): Credentials {
  const merged: Credentials = {};
  for (const key of CREDENTIAL_KEYS) {
    const value = sources.find((source) => source[key])?.[key];
    if (value) merged[key] = value;
  }
  return merged;
}

/**
 * The values of a URL fragment that a successful verification vouches for, and so may be kept in local
 * storage (where the extension reads them): only the spec's keys of the kind that was verified, and only
 * when the fragment itself carried the token or keys that were verified. A crafted link that rides on a
 * stored token (`#oauth_api_domain=https://evil.example`) gets nothing stored.
 */
export function verifiedUrlValues(fragment: Credentials, verified: AuthType): Credentials {
  const carried = verified === 'oauth' ? hasOAuthToken(fragment) : hasApiKey(fragment);
  if (!carried) return {};
  const keys: readonly CredentialKey[] = verified === 'oauth' ? OAUTH_STORAGE_KEYS : API_KEY_STORAGE_KEYS;
  const kept: Credentials = {};
  for (const key of keys) if (fragment[key]) kept[key] = fragment[key];
  return kept;
}

/** `key=value&...` (no leading '#') of the given credential keys, in the storage order. */
export function credentialsFragment(
  credentials: Credentials,
  keys: readonly CredentialKey[] = CREDENTIAL_KEYS,
): string {
  const params = new URLSearchParams();
  for (const key of keys) {
    const value = credentials[key];
    if (value) params.set(key, value);
  }
  return params.toString();
}

/** Reads credentials from a URL fragment, with or without its leading '#'. Unknown keys are ignored. */
export function parseCredentialsFragment(hash: string): Credentials {
  const params = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  return pickCredentials(Object.fromEntries(params.entries()));
}

/** Seconds since the epoch as an integer, or null when the text is not a number. */
function toEpochSeconds(value: string | undefined): number | null {
  if (!value) return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? Math.trunc(parsed) : null;
}

/**
 * The verify-settings payload (docs/product.md#api-calls): auth_type, api_key_1..4, oauth_access_token, oauth_expires_at
 * and oauth_updated_at. Only the values of the chosen kind are sent; the others go as null, so a stale
 * token never gets verified in place of freshly typed API keys.
 */
export function verifySettingsBody(
  credentials: Credentials,
  authType: AuthType,
  software?: string | null,
): VerifySettingsBody {
  const isOAuth = authType === 'oauth';
  const keyValue = (key: ApiKeyStorageKey) => (isOAuth ? null : (credentials[key] ?? null));
  return {
    auth_type: authType,
    ...(software ? { software } : {}),
    api_key_1: keyValue('api_key_1'),
    api_key_2: keyValue('api_key_2'),
    api_key_3: keyValue('api_key_3'),
    api_key_4: keyValue('api_key_4'),
    oauth_access_token: isOAuth ? (credentials.oauth_access_token ?? null) : null,
    oauth_expires_at: isOAuth ? toEpochSeconds(credentials.oauth_expires_at) : null,
    oauth_updated_at: isOAuth ? toEpochSeconds(credentials.oauth_updated_at) : null,
  };
}
