/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `provisioning` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/provisioning.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/provisioning';

export const provisioningApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      getScimSettings: get<SuccessBody<'getScimSettings'>>(build, '/get-scim-settings'),
      createScimToken: post<SuccessBody<'createScimToken'>, RequestBody<'createScimToken'>>(
        build,
        '/create-scim-token',
      ),
      rotateScimToken: post<SuccessBody<'rotateScimToken'>, RequestBody<'rotateScimToken'>>(
        build,
        '/rotate-scim-token',
      ),
      revokeScimToken: post<SuccessBody<'revokeScimToken'>, RequestBody<'revokeScimToken'>>(
        build,
        '/revoke-scim-token',
      ),
      setScimGroupMapping: post<SuccessBody<'setScimGroupMapping'>, RequestBody<'setScimGroupMapping'>>(
        build,
        '/set-scim-group-mapping',
      ),
      removeScimGroupMapping: post<
        SuccessBody<'removeScimGroupMapping'>,
        RequestBody<'removeScimGroupMapping'>
      >(build, '/remove-scim-group-mapping'),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof provisioningApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return provisioningApi.endpoints[id][name];
}

export const useGetScimSettingsQuery = /*#__PURE__*/ hook('getScimSettings', 'useQuery');
export const useLazyGetScimSettingsQuery = /*#__PURE__*/ hook('getScimSettings', 'useLazyQuery');
export const useCreateScimTokenMutation = /*#__PURE__*/ hook('createScimToken', 'useMutation');
export const useRotateScimTokenMutation = /*#__PURE__*/ hook('rotateScimToken', 'useMutation');
export const useRevokeScimTokenMutation = /*#__PURE__*/ hook('revokeScimToken', 'useMutation');
export const useSetScimGroupMappingMutation = /*#__PURE__*/ hook('setScimGroupMapping', 'useMutation');
export const useRemoveScimGroupMappingMutation = /*#__PURE__*/ hook('removeScimGroupMapping', 'useMutation');
