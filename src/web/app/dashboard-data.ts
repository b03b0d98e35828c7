/**
 * What the dashboard pages with data start on entry (route-data.ts says when): each reads its view from
 * the URL as the page will, so the page finds its query in flight or answered. A chunk of its own, so the
 * views' rules (and the audit events' names) stay out of the first load of every other page; it is small
 * and downloads beside the page's chunk.
 */
import { creditsApi } from '../api/endpoints/credits';
import { organizationApi } from '../api/endpoints/organization';
import { securityApi } from '../api/endpoints/security';
import { mustSetUpTwoFactor } from '../entities/session';
import { roleCan, type Permission } from '../../shared/permissions';
import { membersQuery, readMembersView } from '../features/organization/lib/members-view';
import { auditQuery, readAuditView } from '../features/audit/lib/audit-view';
import { readUsageView, usageReportQuery, usageViewSchema } from '../features/usage/lib/usage-filters';
import { dashboardPaths } from '../lib/paths';
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
  void store.dispatch(organizationApi.util.prefetch('getOrganizationMembers', query, {}));
  return null;
}

/** /dashboard/audit: the page of entries of the URL's view (admins). */
function auditData({ store, url }: RouteEntry): null {
  if (!mayAsk(store, 'audit.view')) return null;
  const query = auditQuery(readAuditView(url.searchParams));
  void store.dispatch(securityApi.util.prefetch('listAuditEvents', query, {}));
  return null;
}

/** /dashboard/usage: the caller's credits and the report of the URL's view. */
function usageData({ store, url }: RouteEntry): null {
  if (!mayAsk(store)) return null;
  void store.dispatch(creditsApi.util.prefetch('getCreditUsage', {}, {}));
  void store.dispatch(
    creditsApi.util.prefetch(
      'getUsageReport',
      usageReportQuery(readUsageView(usageViewSchema(), url.searchParams)),
      {},
    ),
  );
  return null;
}

/** The dashboard pages whose data starts with their route (their loaders, router.tsx). */
export const dashboardData: Record<string, ((entry: RouteEntry) => null) | undefined> = {
  [dashboardPaths.organization]: organizationData,
  [dashboardPaths.audit]: auditData,
  [dashboardPaths.usage]: usageData,
};
