/**
 * The onboarding order (docs/product.md#onboarding-order): after any login or signup, which screen comes next.
 * Pure: the caller reads the user, the install flag, the stored credentials and the CRM record, and this
 * decides. Keeping the table in one function means login, signup, Google sign-in and /auth cannot drift.
 */
import type { components } from '../../contract/api';
import { markAppFragment } from './app-fragment';
import { apiKeyKeys, getFlag, getItem, oauthKeys, storageKeys } from './storage';
import { publicPaths } from './paths';

type AuthOptions = components['schemas']['AuthOptions'];

/** The OAuth data the app keeps (docs/product.md#kept-in-the-browser), in a stable order, and the API keys. */
export const OAUTH_STORAGE_KEYS = oauthKeys;
export const API_KEY_STORAGE_KEYS = apiKeyKeys;

type OAuthStorageKey = (typeof OAUTH_STORAGE_KEYS)[number];
export type ApiKeyStorageKey = (typeof API_KEY_STORAGE_KEYS)[number];
export type CredentialKey = OAuthStorageKey | ApiKeyStorageKey;

/** Credentials as found in local storage: a missing key and an empty value both mean "not stored". */
export type StoredCredentials = Partial<Record<CredentialKey, string | null | undefined>>;

export interface NextScreenInput {
  /** The signed-in user, or null when nobody is signed in. Only its presence matters here. */
  user: object | null | undefined;
  /** The extension is installed (the user's flag or the local `has_installed` flag). */
  hasInstalled: boolean;
  credentials: StoredCredentials;
  /** auth_options of the chosen CRM; unknown when no CRM record is loaded. */
  authOptions: AuthOptions | null | undefined;
}

const isPresent = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value !== '';

/** An OAuth access token or at least one API key counts as a stored connection. */
export function hasStoredCredentials(credentials: StoredCredentials): boolean {
  return (
    isPresent(credentials.oauth_access_token) ||
    API_KEY_STORAGE_KEYS.some((key) => isPresent(credentials[key]))
  );
}

/**
 * The stored oauth_* values as a URL fragment (`oauth_access_token=...&oauth_domain=...`), under the same
 * names as in local storage, so /connected can verify them without reading storage first.
 */
export function oauthFragment(credentials: StoredCredentials): string {
  const params = new URLSearchParams();
  for (const key of OAUTH_STORAGE_KEYS) {
    const value = credentials[key];
    if (isPresent(value)) params.set(key, value);
  }
  return params.toString();
}

/** Reads the credentials through a storage getter (the caller passes the safe local-storage helper). */
export function readStoredCredentials(
  get: (key: CredentialKey) => string | null | undefined,
): StoredCredentials {
  const credentials: StoredCredentials = {};
  for (const key of [...OAUTH_STORAGE_KEYS, ...API_KEY_STORAGE_KEYS]) {
    const value = get(key);
    if (isPresent(value)) credentials[key] = value;
  }
  return credentials;
}

/**
 * docs/product.md#onboarding-order:
 * | no user                                         | /signup                                   |
 * | not installed                                   | /install                                  |
 * | installed, no stored credentials                | /connect                                  |
 * | installed with credentials, CRM oauth or either | /connected, oauth values in the fragment  |
 * | installed with credentials, otherwise           | /complete                                 |
 */
export function nextScreen({ user, hasInstalled, credentials, authOptions }: NextScreenInput): string {
  if (!user) return publicPaths.signup;
  if (!hasInstalled) return publicPaths.install;
  if (!hasStoredCredentials(credentials)) return publicPaths.connect;
  if (authOptions === 'oauth' || authOptions === 'either') {
    const fragment = oauthFragment(credentials);
    return fragment ? `${publicPaths.connected}#${fragment}` : publicPaths.connected;
  }
  return publicPaths.complete;
}

/**
 * The next screen for a user who just signed in (or signed up), with the inputs read from local storage:
 * the install flag counts when either the server or this browser knows the extension is installed. A
 * fragment of credentials carries this tab's mark (app-fragment.ts), so /connected verifies it at once.
 */
export function nextScreenFromStorage(
  user: { has_installed?: boolean } | null | undefined,
  authOptions: AuthOptions | null | undefined,
): string {
  const screen = nextScreen({
    user,
    hasInstalled: Boolean(user?.has_installed) || getFlag(storageKeys.hasInstalled),
    credentials: readStoredCredentials(getItem),
    authOptions,
  });
  const [path, fragment] = screen.split('#');
  return fragment ? `${path}#${markAppFragment(fragment)}` : screen;
}
