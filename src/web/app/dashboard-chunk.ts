/**
 * The dashboard layout together with the imports of its pages, as onboarding-chunk.ts is for the
 * onboarding pages: imported from this chunk, each page's chunk is a child of the layout's, so what the
 * layout already brought (the paper, the roles' rules, the icons' parts) is not downloaded again with
 * every page (docs/performance.md#size-budgets). The first load loses nothing by the order: the server
 * preloads both chunks from the HTML (src/shared/route-chunks.ts).
 */
import { dashboardPaths, memberEditPattern } from '../lib/paths';

export { default } from '../features/dashboard/DashboardLayout';

export const dashboardPages = {
  [dashboardPaths.overview]: () =>
    import(/* webpackChunkName: "dashboard-overview" */ '../features/dashboard/pages/OverviewPage'),
  [dashboardPaths.settings]: () =>
    import(/* webpackChunkName: "settings" */ '../features/settings/pages/SettingsPage'),
  [dashboardPaths.billing]: () =>
    import(/* webpackChunkName: "billing" */ '../features/billing/pages/BillingPage'),
  [dashboardPaths.billingSuccess]: () =>
    import(/* webpackChunkName: "billing-success" */ '../features/billing/pages/BillingSuccessPage'),
  [dashboardPaths.installExtension]: () =>
    import(/* webpackChunkName: "install-extension" */ '../features/dashboard/pages/InstallExtensionPage'),
  [dashboardPaths.usage]: () => import(/* webpackChunkName: "usage" */ '../features/usage/pages/UsagePage'),
  [dashboardPaths.organization]: () =>
    import(/* webpackChunkName: "organization" */ '../features/organization/pages/OrganizationPage'),
  [dashboardPaths.audit]: () => import(/* webpackChunkName: "audit" */ '../features/audit/pages/AuditPage'),
  [dashboardPaths.crmSync]: () =>
    import(/* webpackChunkName: "crm-sync" */ '../features/crm-sync/pages/CrmSyncPage'),
  [dashboardPaths.syncLog]: () =>
    import(/* webpackChunkName: "sync-log" */ '../features/crm-sync/pages/SyncLogPage'),
  [memberEditPattern]: () =>
    import(/* webpackChunkName: "member-edit" */ '../features/organization/pages/MemberEditPage'),
  [dashboardPaths.connection]: () =>
    import(
      /* webpackChunkName: "dashboard-connection" */ '../features/connection/pages/DashboardConnectionPage'
    ),
  [dashboardPaths.connectionStatus]: () =>
    import(/* webpackChunkName: "connection-status" */ '../features/connection/pages/ConnectionStatusPage'),
  [dashboardPaths.connectApiKey]: () =>
    import(
      /* webpackChunkName: "dashboard-connect-api-key" */ '../features/connection/pages/DashboardConnectApiKeyPage'
    ),
  [dashboardPaths.disconnect]: () =>
    import(/* webpackChunkName: "disconnect" */ '../features/connection/pages/DisconnectPage'),
  [dashboardPaths.connected]: () =>
    import(
      /* webpackChunkName: "dashboard-connected" */ '../features/connection/pages/DashboardConnectedPage'
    ),
};
