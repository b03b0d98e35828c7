/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `billing` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/billing.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { QueryParams, RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/billing';

export const billingApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      checkout: post<SuccessBody<'checkout'>, RequestBody<'checkout'>>(build, '/checkout'),
      buyMoreSeats: post<SuccessBody<'buyMoreSeats'>, RequestBody<'buyMoreSeats'>>(build, '/buy-more-seats'),
      billingPortal: post<SuccessBody<'billingPortal'>>(build, '/billing-portal', true),
      getOrgSubscription: get<SuccessBody<'getOrgSubscription'>, QueryParams<'getOrgSubscription'>>(
        build,
        '/org-subscription',
        true,
      ),
      getInvoices: get<SuccessBody<'getInvoices'>>(build, '/get-invoices'),
      quoteSeats: get<SuccessBody<'quoteSeats'>, QueryParams<'quoteSeats'>>(build, '/quote-seats'),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof billingApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return billingApi.endpoints[id][name];
}

export const useCheckoutMutation = /*#__PURE__*/ hook('checkout', 'useMutation');
export const useBuyMoreSeatsMutation = /*#__PURE__*/ hook('buyMoreSeats', 'useMutation');
export const useBillingPortalMutation = /*#__PURE__*/ hook('billingPortal', 'useMutation');
export const useGetOrgSubscriptionQuery = /*#__PURE__*/ hook('getOrgSubscription', 'useQuery');
export const useLazyGetOrgSubscriptionQuery = /*#__PURE__*/ hook('getOrgSubscription', 'useLazyQuery');
export const useGetInvoicesQuery = /*#__PURE__*/ hook('getInvoices', 'useQuery');
export const useLazyGetInvoicesQuery = /*#__PURE__*/ hook('getInvoices', 'useLazyQuery');
export const useQuoteSeatsQuery = /*#__PURE__*/ hook('quoteSeats', 'useQuery');
export const useLazyQuoteSeatsQuery = /*#__PURE__*/ hook('quoteSeats', 'useLazyQuery');
