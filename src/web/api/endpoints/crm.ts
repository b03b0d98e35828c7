/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `crm` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/crm.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { RequestBody, SuccessBody } from '../../../contract/types';
import { post } from '../endpoint-kinds';
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
