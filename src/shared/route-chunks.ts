/**
 * The named lazy chunks (`webpackChunkName` in src/web/app/router.tsx) each landing route needs before it
 * can show its page. The server preloads them from the HTML it serves for that route (so they download
 * alongside the entry instead of after it has run), and `npm run size` measures first loads with them.
 * A route missing here still works; it only loads its chunks later.
 */
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
