import { baseApi } from './baseApi';
import type { OkResponse, QueryParams, RequestBody } from './contract-types';
import { post } from './request';

/** Checkout, seats, the billing portal and the organization subscription. Tags live in tags.ts. */
export const billingApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    checkout: build.mutation<OkResponse<'checkout'>, RequestBody<'checkout'>>({
      query: (body) => post('/checkout', body),
    }),
    buyMoreSeats: build.mutation<OkResponse<'buyMoreSeats'>, RequestBody<'buyMoreSeats'>>({
      query: (body) => post('/buy-more-seats', body),
    }),
    billingPortal: build.mutation<OkResponse<'billingPortal'>, void>({
      query: () => post('/billing-portal'),
    }),
    getOrgSubscription: build.query<OkResponse<'getOrgSubscription'>, QueryParams<'getOrgSubscription'>>({
      // Served outside the API base (spec §7: "no base prefix").
      query: (params) => ({ url: '/org-subscription', params, outsideApiBase: true }),
    }),
  }),
});

export const {
  useCheckoutMutation,
  useBuyMoreSeatsMutation,
  useBillingPortalMutation,
  useGetOrgSubscriptionQuery,
} = billingApi;
