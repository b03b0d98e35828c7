/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `crm` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/crm.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { QueryParams, RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/crm';

export const crmApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      verifySettings: post<SuccessBody<'verifySettings'>, RequestBody<'verifySettings'>>(
        build,
        '/verify-settings',
      ),
      preConnect: post<SuccessBody<'preConnect'>, RequestBody<'preConnect'>>(build, '/pre-connect'),
      accessToken: post<SuccessBody<'accessToken'>, RequestBody<'accessToken'>>(build, '/access-token'),
      disconnect: post<SuccessBody<'disconnect'>>(build, '/disconnect', true),
      getCrmFields: get<SuccessBody<'getCrmFields'>, QueryParams<'getCrmFields'>>(build, '/get-crm-fields'),
      getSyncSettings: get<SuccessBody<'getSyncSettings'>, QueryParams<'getSyncSettings'>>(
        build,
        '/get-sync-settings',
      ),
      setSyncSettings: post<SuccessBody<'setSyncSettings'>, RequestBody<'setSyncSettings'>>(
        build,
        '/set-sync-settings',
      ),
      syncProfile: post<SuccessBody<'syncProfile'>, RequestBody<'syncProfile'>>(build, '/sync-profile'),
      listSyncLog: get<SuccessBody<'listSyncLog'>, QueryParams<'listSyncLog'>>(build, '/list-sync-log'),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof crmApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return crmApi.endpoints[id][name];
}

export const useVerifySettingsMutation = /*#__PURE__*/ hook('verifySettings', 'useMutation');
export const usePreConnectMutation = /*#__PURE__*/ hook('preConnect', 'useMutation');
export const useAccessTokenMutation = /*#__PURE__*/ hook('accessToken', 'useMutation');
export const useDisconnectMutation = /*#__PURE__*/ hook('disconnect', 'useMutation');
export const useGetCrmFieldsQuery = /*#__PURE__*/ hook('getCrmFields', 'useQuery');
export const useLazyGetCrmFieldsQuery = /*#__PURE__*/ hook('getCrmFields', 'useLazyQuery');
export const useGetSyncSettingsQuery = /*#__PURE__*/ hook('getSyncSettings', 'useQuery');
export const useLazyGetSyncSettingsQuery = /*#__PURE__*/ hook('getSyncSettings', 'useLazyQuery');
export const useSetSyncSettingsMutation = /*#__PURE__*/ hook('setSyncSettings', 'useMutation');
export const useSyncProfileMutation = /*#__PURE__*/ hook('syncProfile', 'useMutation');
export const useListSyncLogQuery = /*#__PURE__*/ hook('listSyncLog', 'useQuery');
export const useLazyListSyncLogQuery = /*#__PURE__*/ hook('listSyncLog', 'useLazyQuery');
