/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `sso` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/sso.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/sso';

export const ssoApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      startSso: post<SuccessBody<'startSso'>, RequestBody<'startSso'>>(build, '/start-sso'),
      finishSso: post<SuccessBody<'finishSso'>, RequestBody<'finishSso'>>(build, '/finish-sso'),
      getSsoConnection: get<SuccessBody<'getSsoConnection'>>(build, '/get-sso-connection'),
      saveSsoConnection: post<SuccessBody<'saveSsoConnection'>, RequestBody<'saveSsoConnection'>>(
        build,
        '/save-sso-connection',
      ),
      deleteSsoConnection: post<SuccessBody<'deleteSsoConnection'>>(build, '/delete-sso-connection', true),
      setRequireSso: post<SuccessBody<'setRequireSso'>, RequestBody<'setRequireSso'>>(
        build,
        '/set-require-sso',
      ),
      testSsoConnection: post<SuccessBody<'testSsoConnection'>>(build, '/test-sso-connection', true),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof ssoApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return ssoApi.endpoints[id][name];
}

export const useStartSsoMutation = /*#__PURE__*/ hook('startSso', 'useMutation');
export const useFinishSsoMutation = /*#__PURE__*/ hook('finishSso', 'useMutation');
export const useGetSsoConnectionQuery = /*#__PURE__*/ hook('getSsoConnection', 'useQuery');
export const useLazyGetSsoConnectionQuery = /*#__PURE__*/ hook('getSsoConnection', 'useLazyQuery');
export const useSaveSsoConnectionMutation = /*#__PURE__*/ hook('saveSsoConnection', 'useMutation');
export const useDeleteSsoConnectionMutation = /*#__PURE__*/ hook('deleteSsoConnection', 'useMutation');
export const useSetRequireSsoMutation = /*#__PURE__*/ hook('setRequireSso', 'useMutation');
export const useTestSsoConnectionMutation = /*#__PURE__*/ hook('testSsoConnection', 'useMutation');
