/**
 * The OAuth `state` (RFC 6749 §10.12, CSRF of the redirect URI): a random value made when the authorize
 * window opens, kept in session storage (a window opened by this tab starts with a copy of it), sent in
 * the authorize URL and required back, unchanged, on /callback. Without it, anyone could send a signed-in
 * user to /callback with their own code and connect the user's account to the attacker's CRM.
 */

const OAUTH_STATE_KEY = 'oauth_state';
/**
 * The state of the flow that runs in a window the app opened (the popup), stored beside it. The window
 * starts with a copy of the opening tab's session storage, and Chromium keeps that copy when a CRM's
 * `Cross-Origin-Opener-Policy` cuts `window.opener` on the way, so /callback still knows a tab waits for
 * the outcome (oauth-handoff.ts).
 */
const OAUTH_POPUP_STATE_KEY = 'oauth_state_popup';

/** Where the authorize page of a flow opens: a new window (the popup), or this tab. */
export type OAuthFlowWindow = 'window' | 'this-tab';

export const OAUTH_STATE_MISMATCH =
  'This connection was not started from this browser (the OAuth state is missing or does not match). Please connect again.';

/** 128 random bits, hex. */
export function newOAuthState(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Stores the state of the flow about to start; false when session storage is unavailable. */
export function storeOAuthState(state: string, where: OAuthFlowWindow = 'this-tab'): boolean {
  try {
    window.sessionStorage.setItem(OAUTH_STATE_KEY, state);
    if (where === 'window') window.sessionStorage.setItem(OAUTH_POPUP_STATE_KEY, state);
    else window.sessionStorage.removeItem(OAUTH_POPUP_STATE_KEY);
    return true;
  } catch {
    return false;
  }
}

/**
 * True when `received` is the state this tab stored. The stored state is removed either way, so one
 * state answers one callback only.
 */
export function consumeOAuthState(received: string | null): boolean {
  let stored: string | null = null;
  try {
    stored = window.sessionStorage.getItem(OAUTH_STATE_KEY);
    window.sessionStorage.removeItem(OAUTH_STATE_KEY);
    window.sessionStorage.removeItem(OAUTH_POPUP_STATE_KEY);
  } catch {
    return false;
  }
  return Boolean(stored) && Boolean(received) && stored === received;
}

/** True when flow `state` was started in a window the app opened (read it before consuming the state). */
export function runsInOpenedWindow(state: string | null): boolean {
  try {
    return Boolean(state) && window.sessionStorage.getItem(OAUTH_POPUP_STATE_KEY) === state;
  } catch {
    return false;
  }
}
