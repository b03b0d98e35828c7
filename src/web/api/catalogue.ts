import type { BaseQueryApi } from '@reduxjs/toolkit/query';
import { apiBaseQuery, type ApiError } from './baseApi';
import { baseApi } from './baseApi';
import type { OkResponse, QueryParams } from './contract-types';

// The get-pricing request in flight: a new one aborts it (spec §7), so a fast monthly/yearly toggle never
// lets an older answer arrive last.
let pricingInFlight: AbortController | undefined;

async function fetchPricing(params: QueryParams<'getPricing'>, api: BaseQueryApi) {
  pricingInFlight?.abort();
  const controller = new AbortController();
  pricingInFlight = controller;
  // RTK Query's own abort (unsubscribe, resetApiState) still applies.
  api.signal.addEventListener('abort', () => controller.abort(), { once: true });
  try {
    // Public data: sent without cookies (spec §7).
    const result = await apiBaseQuery(
      { url: '/get-pricing', params, credentials: 'omit' },
      { ...api, signal: controller.signal },
      {},
    );
    return result.error ? { error: result.error } : { data: result.data as OkResponse<'getPricing'> };
  } finally {
    if (pricingInFlight === controller) pricingInFlight = undefined;
  }
}

/** CRM records, plans and coupons: public data. Tags live in tags.ts. */
export const catalogueApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getSoftware: build.query<OkResponse<'getSoftware'>, QueryParams<'getSoftware'>>({
      query: (params) => ({ url: '/get-software', params }),
    }),
    getSoftwareOptions: build.query<OkResponse<'getSoftwareOptions'>, void>({
      query: () => '/get-software-options',
    }),
    getPricing: build.query<OkResponse<'getPricing'>, QueryParams<'getPricing'>>({
      queryFn: (params, api) =>
        fetchPricing(params, api) as Promise<{ data: OkResponse<'getPricing'> } | { error: ApiError }>,
    }),
    getCoupon: build.query<OkResponse<'getCoupon'>, QueryParams<'getCoupon'>>({
      // The code may be empty (spec §7): the server then answers `data: null`.
      query: ({ coupon = '' } = {}) => ({ url: '/get-coupon', params: { coupon } }),
    }),
  }),
});

export const {
  useGetSoftwareQuery,
  useLazyGetSoftwareQuery,
  useGetSoftwareOptionsQuery,
  useGetPricingQuery,
  useLazyGetPricingQuery,
  useGetCouponQuery,
  useLazyGetCouponQuery,
} = catalogueApi;
