/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `user` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/user.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/user';

export const userApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      getUser: get<SuccessBody<'getUser'>>(build, '/get-user'),
      setSettings: post<SuccessBody<'setSettings'>, RequestBody<'setSettings'>>(build, '/set-settings'),
      setUserBoolean: post<SuccessBody<'setUserBoolean'>, RequestBody<'setUserBoolean'>>(
        build,
        '/set-user-boolean',
      ),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof userApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return userApi.endpoints[id][name];
}

export const useGetUserQuery = /*#__PURE__*/ hook('getUser', 'useQuery');
export const useLazyGetUserQuery = /*#__PURE__*/ hook('getUser', 'useLazyQuery');
export const useSetSettingsMutation = /*#__PURE__*/ hook('setSettings', 'useMutation');
export const useSetUserBooleanMutation = /*#__PURE__*/ hook('setUserBoolean', 'useMutation');
