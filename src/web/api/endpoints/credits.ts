/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `credits` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/credits.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { QueryParams, RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/credits';

export const creditsApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      spendCredits: post<SuccessBody<'spendCredits'>, RequestBody<'spendCredits'>>(build, '/spend-credits'),
      refundCredits: post<SuccessBody<'refundCredits'>, RequestBody<'refundCredits'>>(
        build,
        '/refund-credits',
      ),
      getCreditUsage: get<SuccessBody<'getCreditUsage'>, QueryParams<'getCreditUsage'>>(
        build,
        '/get-credit-usage',
      ),
      setMemberCaps: post<SuccessBody<'setMemberCaps'>, RequestBody<'setMemberCaps'>>(
        build,
        '/set-member-caps',
      ),
      getUsageReport: get<SuccessBody<'getUsageReport'>, QueryParams<'getUsageReport'>>(
        build,
        '/get-usage-report',
      ),
      grantCredits: post<SuccessBody<'grantCredits'>, RequestBody<'grantCredits'>>(build, '/grant-credits'),
      takeBackCredits: post<SuccessBody<'takeBackCredits'>, RequestBody<'takeBackCredits'>>(
        build,
        '/take-back-credits',
      ),
      requestCredits: post<SuccessBody<'requestCredits'>, RequestBody<'requestCredits'>>(
        build,
        '/request-credits',
      ),
      getCreditSettings: get<SuccessBody<'getCreditSettings'>>(build, '/get-credit-settings'),
      setCreditSettings: post<SuccessBody<'setCreditSettings'>, RequestBody<'setCreditSettings'>>(
        build,
        '/set-credit-settings',
      ),
      getCreditPacks: get<SuccessBody<'getCreditPacks'>>(build, '/get-credit-packs'),
      buyCredits: post<SuccessBody<'buyCredits'>, RequestBody<'buyCredits'>>(build, '/buy-credits'),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof creditsApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return creditsApi.endpoints[id][name];
}

export const useSpendCreditsMutation = /*#__PURE__*/ hook('spendCredits', 'useMutation');
export const useRefundCreditsMutation = /*#__PURE__*/ hook('refundCredits', 'useMutation');
export const useGetCreditUsageQuery = /*#__PURE__*/ hook('getCreditUsage', 'useQuery');
export const useLazyGetCreditUsageQuery = /*#__PURE__*/ hook('getCreditUsage', 'useLazyQuery');
export const useSetMemberCapsMutation = /*#__PURE__*/ hook('setMemberCaps', 'useMutation');
export const useGetUsageReportQuery = /*#__PURE__*/ hook('getUsageReport', 'useQuery');
export const useLazyGetUsageReportQuery = /*#__PURE__*/ hook('getUsageReport', 'useLazyQuery');
export const useGrantCreditsMutation = /*#__PURE__*/ hook('grantCredits', 'useMutation');
export const useTakeBackCreditsMutation = /*#__PURE__*/ hook('takeBackCredits', 'useMutation');
export const useRequestCreditsMutation = /*#__PURE__*/ hook('requestCredits', 'useMutation');
export const useGetCreditSettingsQuery = /*#__PURE__*/ hook('getCreditSettings', 'useQuery');
export const useLazyGetCreditSettingsQuery = /*#__PURE__*/ hook('getCreditSettings', 'useLazyQuery');
export const useSetCreditSettingsMutation = /*#__PURE__*/ hook('setCreditSettings', 'useMutation');
export const useGetCreditPacksQuery = /*#__PURE__*/ hook('getCreditPacks', 'useQuery');
export const useLazyGetCreditPacksQuery = /*#__PURE__*/ hook('getCreditPacks', 'useLazyQuery');
export const useBuyCreditsMutation = /*#__PURE__*/ hook('buyCredits', 'useMutation');
