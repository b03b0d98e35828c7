/**
 * The data a landing page needs, started by the entry in parallel with the initial load (get-user),
 * before the page's chunk has downloaded: without it the request would wait for the chunk, then for
 * the page to render. The pages ask the same queries and find them in flight or answered.
 */
import { api } from '../api';
import { firstMembersQuery } from '../features/organization/lib/members-query';
import { readPricingParams } from '../features/pricing/lib/pricing-params';
import type { AppStore } from './store';

/** Starts the queries of the page at `url` (a path with its query string) that can start now. */
export function startRouteData(store: AppStore, url: URL): void {
  const path = url.pathname.replace(/\/+$/, '') || '/';
  if (path === '/pricing') {
    // docs/product.md#the-pricing-page: the public pricing page opens on the yearly prices.
    void store.dispatch(api.util.prefetch('getPricing', { schedule: 'yearly' }, {}));
    const { coupon } = readPricingParams(url.searchParams);
    if (coupon) void store.dispatch(api.util.prefetch('getCoupon', { coupon }, {}));
  } else if (path === '/dashboard/organization') {
    void store.dispatch(api.util.prefetch('getOrganizationMembers', firstMembersQuery, {}));
  }
}
