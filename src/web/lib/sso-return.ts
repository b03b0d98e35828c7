/**
 * Where a sign-in with SSO returns once finished (docs/product.md#single-sign-on): the page it started from
 * (/login's `next`, the Organization page of a test), kept in this tab's session storage while the identity
 * provider's pages are open. Small on purpose: /login carries it.
 */
import { returnPathAfterReauth } from '../api/session-expiry';

const RETURN_KEY = 'sso_return_to';

/** Remembers where to go once signed in (null: the onboarding order decides). */
export function rememberSsoReturn(path: string | null): void {
  try {
    if (path) sessionStorage.setItem(RETURN_KEY, path);
    else sessionStorage.removeItem(RETURN_KEY);
  } catch {
    // Storage refused (private mode): the onboarding order decides.
  }
}

/** The path remembered, once: reading it forgets it. An in-app path only, as /login accepts. */
export function takeSsoReturn(): string | null {
  try {
    const path = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return returnPathAfterReauth(path, window.location.origin);
  } catch {
    return null;
  }
}
