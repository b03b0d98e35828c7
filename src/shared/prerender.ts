/**
 * The public pages rendered to HTML at build time (issue 12; scripts/prerender.ts) and which requests
 * get them (the server, http/web.ts). A visitor's first paint is then the page itself, before any script
 * has run; the browser hydrates it (src/web/main.tsx).
 */
import type { Locale } from './locale';

export const PRERENDERED_PATHS = [
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/pricing',
  '/install',
  '/installed',
  '/welcome',
  '/complete',
] as const;

/**
 * Whether a query string leaves the page as prerendered: campaign parameters (utm_*) are only recorded,
 * any other parameter may change what the page shows (signup prefill, pricing's dark_mode...), so such a
 * request gets the page rendered in the browser instead.
 */
export function prerenderableQuery(search: string): boolean {
  for (const key of new URLSearchParams(search).keys()) if (!key.startsWith('utm_')) return false;
  return true;
}

/**
 * The sign-in-with-Google button a deployment shows (runtime configuration: a client id, or the local
 * sandbox, or neither). The auth pages are prerendered once per kind, so the button is in the HTML
 * where it will stay instead of appearing, and pushing the form down, once the page is hydrated.
 */
export const GOOGLE_SIGN_IN = ['google', 'sandbox', 'none'] as const;
export type GoogleSignIn = (typeof GOOGLE_SIGN_IN)[number];

export function googleSignIn(config: {
  googleClientId?: string | null;
  googleSandbox?: boolean | null;
}): GoogleSignIn {
  if (config.googleClientId) return 'google';
  return config.googleSandbox ? 'sandbox' : 'none';
}

/** Where the build writes a prerendered page, relative to the web build directory. */
export function prerenderedFile(path: string, locale: Locale, google: GoogleSignIn): string {
  return `prerendered/${locale}/${google}${path}.html`;
}

/** The id of the JSON element holding the state a page was rendered from. */
export const PRERENDER_STATE_ID = 'prerender-state';
