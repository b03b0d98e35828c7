/**
 * Runtime configuration. The server serves it as /app-config.js (a script that sets
 * `window.__APP_CONFIG__`), so one build of the SPA runs against any API base: nothing here is baked in
 * at build time, and nothing is read at import time (pages are prerendered without a window).
 */
import { useHydrated } from '../components/use-hydrated';

export interface AppConfig {
  /** The product API base, `{api}` in the specification: a path ('/api') or an absolute URL. */
  apiBase: string;
  /** Client id of the Google sign-in widget; absent when the server has none configured. */
  googleClientId?: string;
  /** No client id, but the server's Google sign-in sandbox stands in for Google (local installs). */
  googleSandbox?: boolean;
  /**
   * The contact-support form linked from the billing views (SUPPORT_FORM_URL, or the server's own
   * form). Absent when the server has none that anybody reads: the link is then hidden.
   */
  supportFormUrl?: string;
}

declare global {
  interface Window {
    /** What /app-config.js sets; the server sends null for a setting it does not have. */
    __APP_CONFIG__?: { [K in keyof AppConfig]?: AppConfig[K] | null };
  }
}

const defaultAppConfig: AppConfig = {
  apiBase: '/api',
};

/**
 * The configuration for rendering. While a prerendered page hydrates, the support link is left out: the
 * page was rendered without it (its address belongs to the deployment) and it follows right after. The
 * Google button is in the prerendered page already (one page per kind, shared/prerender.ts).
 */
export function useAppConfig(): AppConfig {
  const config = getAppConfig();
  return useHydrated() ? config : { ...config, supportFormUrl: undefined };
}

/** What the prerender (src/web/prerender.tsx) renders with, where there is no window. */
let renderedWithout: Window['__APP_CONFIG__'];

export function setPrerenderConfig(config: Window['__APP_CONFIG__']): void {
  renderedWithout = config;
}

/** The configuration in force now: defaults overlaid with what the server sent (blank values ignored). */
export function getAppConfig(): AppConfig {
  const served = typeof window === 'undefined' ? renderedWithout : window.__APP_CONFIG__;
  const config: AppConfig = { ...defaultAppConfig };
  if (served?.apiBase) config.apiBase = served.apiBase;
  if (served?.googleClientId) config.googleClientId = served.googleClientId;
  const supportFormUrl = httpUrl(served?.supportFormUrl);
  if (supportFormUrl) config.supportFormUrl = supportFormUrl;
  if (served?.googleSandbox === true) config.googleSandbox = true;
  return config;
}

/** The value when it is an absolute http(s) URL: a link never runs `javascript:` or opens another scheme. */
function httpUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:' ? value : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Absolute URL of an API path (`apiUrl('/get-user')`). Resolved at call time against the page's origin:
 * fetch in Node (Jest) rejects relative URLs, and the base may change between two calls in tests.
 */
export function apiUrl(path: string): string {
  return originUrl(joinPath(getAppConfig().apiBase, path));
}

/** Absolute URL of a path outside the API base, such as `/org-subscription` (docs/product.md#api-calls). */
export function originUrl(path: string): string {
  const origin = typeof window === 'undefined' ? 'http://localhost' : window.location.origin;
  return new URL(path, origin).toString();
}

function joinPath(base: string, path: string): string {
  return `${base.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}
