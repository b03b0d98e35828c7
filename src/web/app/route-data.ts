/**
 * The data a page needs, started as soon as the page is entered, in parallel with its chunk (and, on
 * the first load, with get-user), not after the chunk has downloaded and the page has rendered: the
 * browser entry starts the landing page's (main.tsx), the dashboard routes' loaders each page's on every
 * navigation (router.tsx). The pages ask the same queries, read from the same URL, and find them in
 * flight or answered.
 */
import { api } from '../api';
import { mustSetUpTwoFactor } from '../entities/session';
import { roleCan, type Permission } from '../../shared/permissions';
import { membersQuery, readMembersView } from '../features/organization/lib/members-view';
import { auditQuery, readAuditView } from '../features/audit/lib/audit-view';
import { readUsageView, usageReportQuery, usageViewSchema } from '../features/usage/lib/usage-filters';
import { readPricingParams } from '../features/pricing/lib/pricing-params';
import { dashboardPaths, isPath, publicPaths } from '../lib/paths';
import type { RouteEntry } from './route-entry';
import type { AppStore } from './store';

/**
 * Whether the visitor may see what `permission` guards, as far as is known: while get-user runs the
 * query starts anyway (the common case is an admin on their own page; a refusal is only not used), once
 * it has answered it starts only for a user allowed to.
 */
function mayAsk(store: AppStore, permission?: Permission): boolean {
  const { user, loading } = store.getState().app;
  if (!user) return loading;
  // Sent to Settings instead (DashboardGuard), and refused by the server until then.
  if (mustSetUpTwoFactor(user)) return false;
  return permission === undefined || roleCan(user.role, permission);
}

/** /dashboard/organization: the members and invitations of the URL's view. */
function organizationData({ store, url }: RouteEntry): null {
  if (!mayAsk(store)) return null;
  const query = membersQuery(readMembersView(url.searchParams));
  void store.dispatch(api.util.prefetch('getOrganizationMembers', query, {}));
  return null;
}

/** /dashboard/audit: the page of entries of the URL's view (admins). */
function auditData({ store, url }: RouteEntry): null {
  if (!mayAsk(store, 'audit.view')) return null;
  const query = auditQuery(readAuditView(url.searchParams));
  void store.dispatch(api.util.prefetch('listAuditEvents', query, {}));
  return null;
}

/** /dashboard/usage: the caller's credits and the report of the URL's view. */
function usageData({ store, url }: RouteEntry): null {
  if (!mayAsk(store)) return null;
  void store.dispatch(api.util.prefetch('getCreditUsage', {}, {}));
  void store.dispatch(
    api.util.prefetch(
      'getUsageReport',
      usageReportQuery(readUsageView(usageViewSchema(), url.searchParams)),
      {},
    ),
  );
  return null;
}

/** The dashboard pages whose data starts with their route (their loaders, router.tsx). */
export const dashboardData = {
  [dashboardPaths.organization]: organizationData,
  [dashboardPaths.audit]: auditData,
  [dashboardPaths.usage]: usageData,
} satisfies Record<string, (entry: RouteEntry) => null>;

/** Starts the queries of the page at `url` (a path with its query string) that can start now. */
export function startRouteData(store: AppStore, url: URL): void {
  const { pathname } = url;
  if (isPath(pathname, publicPaths.pricing)) {
    // docs/product.md#the-pricing-page: the public pricing page opens on the yearly prices.
    void store.dispatch(api.util.prefetch('getPricing', { schedule: 'yearly' }, {}));
    const { coupon } = readPricingParams(url.searchParams);
    if (coupon) void store.dispatch(api.util.prefetch('getCoupon', { coupon }, {}));
  } else {
    const path = (Object.keys(dashboardData) as (keyof typeof dashboardData)[]).find((known) =>
      isPath(pathname, known),
    );
    if (path) dashboardData[path]({ store, url });
  }
}
