/**
 * The public pages rendered to HTML at build time (docs/performance.md#prerendered-public-pages; scripts/prerender.ts) and which requests
 * get them (the server, http/web.ts). A visitor's first paint is then the page itself, before any script
 * has run; the browser hydrates it (src/web/main.tsx).
 */
import type { Locale } from './locale.js';

export const PRERENDERED_PATHS = [
  '/login',
  '/signup',
  '/forgot-password',
  // Not /reset-password: its link carries a token (a query: drawn in the browser), and without one the
  // prerendered page could only say the token is missing, which a reset link reloaded would flash while
  // the app reads the token kept in its history entry (src/web/app/route-entry.ts).
  '/pricing',
  '/install',
  '/installed',
  '/welcome',
  '/complete',
] as const;

/**
 * Embedding pages write flags as `?dark_mode`, `?dark_mode=true` or `?dark_mode=1`; 'false', '0', 'no' and
 * 'off' turn them off (/pricing, docs/product.md#public-routes).
 */
export function flagOn(value: string | null): boolean {
  if (value === null) return false;
  return !['false', '0', 'no', 'off'].includes(value.trim().toLowerCase());
}

/** docs/product.md#public-routes /signup: `first_install=true` changes the heading to a welcome text. */
export function firstInstallOn(value: string | null): boolean {
  return value === 'true';
}

/**
 * docs/product.md#public-routes /signup: a prefilled password shows the strength meter once the page is hydrated, so the
 * page drawn for such a query holds the meter's place from the start.
 */
export function passwordPrefilled(value: string | null): boolean {
  return Boolean(value);
}

interface PageQuery {
  /** Flags that change the page: every combination of them is prerendered. */
  flags?: Record<string, (value: string | null) => boolean>;
  /** Parameters the page applies once hydrated (the signup prefill, pricing's coupon). */
  applied?: readonly string[];
}

/** What the query does to each prerendered page, beyond campaign parameters (utm_*, only recorded). */
const PAGE_QUERIES: Partial<Record<PrerenderedPath, PageQuery>> = {
  // A coupon's banner is drawn once get-coupon has answered, in the browser: the page is the same until then.
  '/pricing': {
    flags: { dark_mode: flagOn, hide_banner: flagOn, hide_header: flagOn },
    applied: ['coupon'],
  },
  '/signup': {
    flags: { first_install: firstInstallOn, password: passwordPrefilled },
    applied: ['name', 'email'],
  },
};

export type PrerenderedPath = (typeof PRERENDERED_PATHS)[number];

/**
 * The prerendered variant of `path` a query asks for: the flags it turns on, joined by '+' ('' for none),
 * or null when the query holds anything else (pricing's app or software...), which gets the page rendered
 * in the browser instead.
 */
export function prerenderedVariant(path: PrerenderedPath, search: string): string | null {
  const { flags = {}, applied = [] } = PAGE_QUERIES[path] ?? {};
  const params = new URLSearchParams(search);
  const on = new Set<string>();
  for (const key of params.keys()) {
    if (key.startsWith('utm_') || applied.includes(key)) continue;
    // Own keys only: a query may name anything, `__proto__` or `hasOwnProperty` included.
    const flag = Object.hasOwn(flags, key) ? flags[key] : undefined;
    if (!flag) return null;
    if (flag(params.get(key))) on.add(key);
  }
  return [...on].sort().join('+');
}

/** Every variant of `path` and the query the build renders it with. */
export function prerenderedVariants(path: PrerenderedPath): { variant: string; query: string }[] {
  const names = Object.keys(PAGE_QUERIES[path]?.flags ?? {}).sort();
  return Array.from({ length: 2 ** names.length }, (_, bits) => {
    const on = names.filter((_, index) => bits & (1 << index));
    return { variant: on.join('+'), query: on.map((name) => `${name}=true`).join('&') };
  });
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

export function isPrerenderedPath(path: string): path is PrerenderedPath {
  return (PRERENDERED_PATHS as readonly string[]).includes(path);
}

/** Where the build writes a prerendered page, relative to the web build directory. */
export function prerenderedFile(path: string, locale: Locale, google: GoogleSignIn, variant = ''): string {
  return `prerendered/${locale}/${google}${path}${variant ? `@${variant}` : ''}.html`;
}

/**
 * Where the build writes index.html with the preloads of a route of ROUTE_CHUNKS (route-chunks.ts), for
 * that route when it is not prerendered, relative to the web build directory.
 */
export function routeShellFile(path: string): string {
  return `shells${path}.html`;
}

/**
 * Where the build writes the yearly pricing the prerendered /pricing pages show, relative to the web build
 * directory: the server sends them only while its catalogue answers the same.
 */
export const PRERENDERED_PRICING_FILE = 'prerendered/pricing.json';

/** The id of the JSON element holding the state a page was rendered from. */
export const PRERENDER_STATE_ID = 'prerender-state';
