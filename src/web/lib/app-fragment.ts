/**
 * Marks the URL fragments the app writes itself (credentials handed to /connected and
 * /dashboard/connected by the next-screen redirect, the API key form and the OAuth callback) with a
 * one-time nonce kept in this tab's session storage. Anyone can send a signed-in user a link such as
 * `/connected#api_key_1=<their key>`: without the mark, the connection pages ask before verifying (and so
 * saving) credentials they did not receive from this tab.
 */

const NONCE_KEY = 'connect_fragment_nonce';
/** The fragment parameter carrying the nonce (next to the credentials, which parse by their own names). */
const FRAGMENT_NONCE_PARAM = 'app_nonce';

function sessionStore(): Storage | undefined {
  try {
    return typeof window === 'undefined' ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}

/** `fragment` (no leading '#') with a new nonce appended; the nonce replaces this tab's previous one. */
export function markAppFragment(fragment: string): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  const nonce = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  try {
    sessionStore()?.setItem(NONCE_KEY, nonce);
  } catch {
    // No session storage: the page will ask before connecting, which is safe.
  }
  const params = new URLSearchParams(fragment);
  params.set(FRAGMENT_NONCE_PARAM, nonce);
  return params.toString();
}

/** Whether `hash` (with or without '#') carries the nonce this tab wrote last. Reads only. */
export function isAppFragment(hash: string): boolean {
  const given = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash).get(FRAGMENT_NONCE_PARAM);
  try {
    const stored = sessionStore()?.getItem(NONCE_KEY);
    return Boolean(given) && given === stored;
  } catch {
    return false;
  }
}

/** Spends this tab's nonce: a marked fragment is trusted once. */
export function forgetAppFragmentNonce(): void {
  try {
    sessionStore()?.removeItem(NONCE_KEY);
  } catch {
    // Nothing stored.
  }
}
