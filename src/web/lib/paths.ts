import { SSO_CALLBACK_PATH } from '../../shared/sso-paths';

/**
 * Every route path of the SPA, in one place (docs/product.md#routes): the route table
 * (app/router.tsx) is built from these, and links, redirects and navigations use them instead of string
 * literals, so a path is spelled once. The URLs themselves are the product's and do not change.
 */

/** Public pages (the onboarding area and the pricing page). */
export const publicPaths = {
  home: '/',
  pricing: '/pricing',
  signup: '/signup',
  login: '/login',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  logout: '/logout',
  auth: '/auth',
  install: '/install',
  installed: '/installed',
  welcome: '/welcome',
  complete: '/complete',
  uninstalled: '/uninstalled',
  acceptInvitation: '/accept-invitation',
  connect: '/connect',
  callback: '/callback',
  /** Where an identity provider sends the browser back (docs/product.md#single-sign-on). */
  ssoCallback: SSO_CALLBACK_PATH,
  connectApiKey: '/connect-api-key',
  connected: '/connected',
  terms: '/terms',
  privacy: '/privacy',
} as const;

/** The dashboard area: every path is under /dashboard (the session guard's). */
export const dashboardPaths = {
  overview: '/dashboard',
  settings: '/dashboard/settings',
  billing: '/dashboard/billing',
  billingSuccess: '/dashboard/billing/success',
  installExtension: '/dashboard/install-extension',
  usage: '/dashboard/usage',
  organization: '/dashboard/organization',
  audit: '/dashboard/audit',
  crmSync: '/dashboard/crm-sync',
  syncLog: '/dashboard/crm-sync/log',
  connection: '/dashboard/connection',
  connectionStatus: '/dashboard/connection/status',
  connectApiKey: '/dashboard/connect/api-key',
  disconnect: '/dashboard/connection/disconnect',
  connected: '/dashboard/connected',
} as const;

/** Route patterns with parameters, and the paths they make. */
export const memberEditPattern = '/dashboard/member/edit/:userId';

/** The member edit page of `userId`. */
export function memberEditPath(userId: string): string {
  return `/dashboard/member/edit/${encodeURIComponent(userId)}`;
}

/** The prefix of every member edit page (the sidebar highlights Organization there). */
export const memberEditPrefix = '/dashboard/member/';

/** The prefix of the pages invitation links lead to (/join/<token>). */
export const joinLinkPrefix = '/join/';

/** `path` relative to `parent` (a child route's pattern in the route table): '/dashboard/usage' → 'usage'. */
export function childPattern(parent: string, path: string): string {
  const prefix = parent.endsWith('/') ? parent : `${parent}/`;
  if (!path.startsWith(prefix)) throw new Error(`${path} is not under ${parent}`);
  return path.slice(prefix.length);
}

/** Whether `pathname` is `path` (a trailing slash aside). */
export function isPath(pathname: string, path: string): boolean {
  return (pathname.replace(/\/+$/, '') || '/') === path;
}
