/**
 * Issue 14: a session can end while the user works (it expired, or was ended from another device). Any
 * call answered 401 then says so once, here, and the dashboard guard sends the user to
 * /login?reauth=true and back to the page they were on after signing in.
 */
import { createAction } from '@reduxjs/toolkit';
import { sameOriginPath } from '../lib/safe-redirect';

export const sessionEndedMidUse = createAction('api/sessionEndedMidUse');

/**
 * Calls whose 401 means "these credentials are wrong", not "your session ended": signing in and out.
 * Their pages show the answer themselves.
 */
const SIGN_IN_ENDPOINTS: ReadonlySet<string> = new Set([
  'login',
  'verifyTwoFactor',
  'googleAuth',
  'signup',
  'logout',
  'accessToken',
]);

export function endsSession(endpoint: string, status: unknown): boolean {
  return status === 401 && !SIGN_IN_ENDPOINTS.has(endpoint);
}

/** Where to come back after signing in again: an in-app path, never /login or /logout themselves. */
export function returnPathAfterReauth(next: string | null | undefined, origin: string): string | null {
  const path = sameOriginPath(next, origin);
  if (!path || /^\/(login|logout|signup|auth)(\/|\?|#|$)/.test(path)) return null;
  return path;
}

/** The /login URL that signs the user in again and then returns to `path`. */
export function reauthUrl(path: string): string {
  return `/login?reauth=true&next=${encodeURIComponent(path)}`;
}
