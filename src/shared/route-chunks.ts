/**
 * The named lazy chunks (`webpackChunkName` in src/web/app/router.tsx) each landing route needs before it
 * can show its page. The build preloads them from the HTML the server serves for that route (so they
 * download alongside the entry instead of after it has run; scripts/lib/html-pages.ts), and `npm run size`
 * measures first loads with them.
 * A route missing here still works; it only loads its chunks later.
 */
import type { Locale } from './locale.js';
import type { GoogleSignIn } from './prerender.js';

const onboarding = (chunk: string) => ['onboarding-layout', chunk];
const dashboard = (chunk: string) => ['dashboard-layout', chunk];

export const ROUTE_CHUNKS: Readonly<Record<string, readonly string[]>> = {
  '/login': onboarding('login'),
  '/signup': onboarding('signup'),
  '/forgot-password': onboarding('forgot-password'),
  '/reset-password': onboarding('reset-password'),
  '/auth': onboarding('auth-router'),
  '/install': onboarding('install'),
  '/installed': onboarding('installed'),
  '/welcome': onboarding('welcome'),
  '/complete': onboarding('complete'),
  '/accept-invitation': onboarding('accept-invitation'),
  '/pricing': ['pricing'],
  '/dashboard': dashboard('dashboard-overview'),
  '/dashboard/organization': dashboard('organization'),
  '/dashboard/billing': dashboard('billing'),
  '/dashboard/settings': dashboard('settings'),
  '/dashboard/connection': dashboard('dashboard-connection'),
};

/** The chunk of each kind of Google button (`webpackChunkName` in features/auth/components/GoogleSection.tsx). */
const GOOGLE_BUTTON_CHUNKS: Record<GoogleSignIn, string | null> = {
  google: 'google-sign-in',
  sandbox: 'google-sandbox',
  none: null,
};

/**
 * The lazy chunks a prerendered page draws on its first screen beyond its route's: the deployment's Google
 * button on /login and /signup, /signup's CRM select, and the Chinese catalogue, which a zh-CN page needs
 * before it hydrates (`webpackChunkName` in src/web/i18n/index.ts). The build preloads them from the page's
 * HTML, so none waits for a round trip of its own once the entry has run.
 */
export function firstScreenChunks(path: string, locale: Locale, google: GoogleSignIn): string[] {
  const button = path === '/login' || path === '/signup' ? GOOGLE_BUTTON_CHUNKS[google] : null;
  return [
    ...(locale === 'zh-CN' ? ['locale-zh-CN'] : []),
    ...(button ? [button] : []),
    ...(path === '/signup' ? ['crm-select'] : []),
  ];
}
