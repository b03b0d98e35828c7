/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `catalogue` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/catalogue.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { QueryParams, SuccessBody } from '../../../contract/types';
import { get } from '../endpoint-kinds';
import { behaviour } from '../behaviour/catalogue';

export const catalogueApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      getSoftware: get<SuccessBody<'getSoftware'>, QueryParams<'getSoftware'>>(build, '/get-software'),
      getSoftwareOptions: get<SuccessBody<'getSoftwareOptions'>>(build, '/get-software-options'),
      getPricing: get<SuccessBody<'getPricing'>, QueryParams<'getPricing'>>(build, '/get-pricing'),
      getCoupon: get<SuccessBody<'getCoupon'>, QueryParams<'getCoupon'>>(build, '/get-coupon'),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof catalogueApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return catalogueApi.endpoints[id][name];
}

export const useGetSoftwareQuery = /*#__PURE__*/ hook('getSoftware', 'useQuery');
export const useLazyGetSoftwareQuery = /*#__PURE__*/ hook('getSoftware', 'useLazyQuery');
export const useGetSoftwareOptionsQuery = /*#__PURE__*/ hook('getSoftwareOptions', 'useQuery');
export const useLazyGetSoftwareOptionsQuery = /*#__PURE__*/ hook('getSoftwareOptions', 'useLazyQuery');
export const useGetPricingQuery = /*#__PURE__*/ hook('getPricing', 'useQuery');
export const useLazyGetPricingQuery = /*#__PURE__*/ hook('getPricing', 'useLazyQuery');
export const useGetCouponQuery = /*#__PURE__*/ hook('getCoupon', 'useQuery');
export const useLazyGetCouponQuery = /*#__PURE__*/ hook('getCoupon', 'useLazyQuery');
