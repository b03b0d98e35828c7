/**
 * The data a page needs, started as soon as the page is entered, in parallel with its chunk (and, on
 * the first load, with get-user), not after the chunk has downloaded and the page has rendered: the
 * browser entry starts the landing page's (main.tsx), the dashboard routes' loaders each page's on every
 * navigation (router.tsx). The pages ask the same queries, read from the same URL, and find them in
 * flight or answered.
 */
import { catalogueApi } from '../api/endpoints/catalogue';
import { readPricingParams } from '../features/pricing/lib/pricing-params';
import { dashboardPaths, isPath, publicPaths } from '../lib/paths';
import type { RouteEntry } from './route-entry';
import type { AppStore } from './store';

/** The dashboard pages whose data starts with their route (app/dashboard-data.ts). */
export const DASHBOARD_DATA_PATHS: ReadonlySet<string> = new Set([
  dashboardPaths.organization,
  dashboardPaths.audit,
  dashboardPaths.usage,
]);

/**
 * Starts the data of the dashboard page at `path` (one of DASHBOARD_DATA_PATHS) for `entry`, once the
 * small chunk that knows how has arrived (beside the page's own). Settles when the queries have started;
 * a chunk that fails to download only loses the head start (the page asks itself).
 */
export async function startDashboardData(path: string, entry: RouteEntry): Promise<null> {
  try {
    const { dashboardData } = await import(/* webpackChunkName: "dashboard-data" */ './dashboard-data');
    dashboardData[path]?.(entry);
  } catch {
    // Only a head start.
  }
  return null;
}

/** Starts the queries of the page at `url` (a path with its query string) that can start now. */
export function startRouteData(store: AppStore, url: URL): void {
  const { pathname } = url;
  if (isPath(pathname, publicPaths.pricing)) {
    // docs/product.md#the-pricing-page: the public pricing page opens on the yearly prices.
    void store.dispatch(catalogueApi.util.prefetch('getPricing', { schedule: 'yearly' }, {}));
    const { coupon } = readPricingParams(url.searchParams);
    if (coupon) void store.dispatch(catalogueApi.util.prefetch('getCoupon', { coupon }, {}));
  } else {
    const path = [...DASHBOARD_DATA_PATHS].find((known) => isPath(pathname, known));
    if (path) void startDashboardData(path, { store, url });
  }
}
