/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `security` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/security.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { QueryParams, RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/security';

export const securityApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      listAuditEvents: get<SuccessBody<'listAuditEvents'>, QueryParams<'listAuditEvents'>>(
        build,
        '/list-audit-events',
      ),
      getAuditSettings: get<SuccessBody<'getAuditSettings'>>(build, '/get-audit-settings'),
      setAuditStream: post<SuccessBody<'setAuditStream'>, RequestBody<'setAuditStream'>>(
        build,
        '/set-audit-stream',
      ),
      rotateAuditStreamSecret: post<SuccessBody<'rotateAuditStreamSecret'>>(
        build,
        '/rotate-audit-stream-secret',
        true,
      ),
      removeAuditStream: post<SuccessBody<'removeAuditStream'>>(build, '/remove-audit-stream', true),
      testAuditStream: post<SuccessBody<'testAuditStream'>>(build, '/test-audit-stream', true),
      setAuditRetention: post<SuccessBody<'setAuditRetention'>, RequestBody<'setAuditRetention'>>(
        build,
        '/set-audit-retention',
      ),
      listSessions: get<SuccessBody<'listSessions'>>(build, '/list-sessions'),
      endSession: post<SuccessBody<'endSession'>, RequestBody<'endSession'>>(build, '/end-session'),
      endOtherSessions: post<SuccessBody<'endOtherSessions'>>(build, '/end-other-sessions', true),
      endMemberSessions: post<SuccessBody<'endMemberSessions'>, RequestBody<'endMemberSessions'>>(
        build,
        '/end-member-sessions',
      ),
      changePassword: post<SuccessBody<'changePassword'>, RequestBody<'changePassword'>>(
        build,
        '/change-password',
      ),
      getTwoFactor: get<SuccessBody<'getTwoFactor'>>(build, '/get-two-factor'),
      startTwoFactorSetup: post<SuccessBody<'startTwoFactorSetup'>, RequestBody<'startTwoFactorSetup'>>(
        build,
        '/start-two-factor-setup',
      ),
      confirmTwoFactorSetup: post<SuccessBody<'confirmTwoFactorSetup'>, RequestBody<'confirmTwoFactorSetup'>>(
        build,
        '/confirm-two-factor-setup',
      ),
      disableTwoFactor: post<SuccessBody<'disableTwoFactor'>, RequestBody<'disableTwoFactor'>>(
        build,
        '/disable-two-factor',
      ),
      setTwoFactorRequirement: post<
        SuccessBody<'setTwoFactorRequirement'>,
        RequestBody<'setTwoFactorRequirement'>
      >(build, '/set-two-factor-requirement'),
      getSessionPolicies: get<SuccessBody<'getSessionPolicies'>>(build, '/get-session-policies'),
      setSessionPolicies: post<SuccessBody<'setSessionPolicies'>, RequestBody<'setSessionPolicies'>>(
        build,
        '/set-session-policies',
      ),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof securityApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return securityApi.endpoints[id][name];
}

export const useListAuditEventsQuery = /*#__PURE__*/ hook('listAuditEvents', 'useQuery');
export const useLazyListAuditEventsQuery = /*#__PURE__*/ hook('listAuditEvents', 'useLazyQuery');
export const useGetAuditSettingsQuery = /*#__PURE__*/ hook('getAuditSettings', 'useQuery');
export const useLazyGetAuditSettingsQuery = /*#__PURE__*/ hook('getAuditSettings', 'useLazyQuery');
export const useSetAuditStreamMutation = /*#__PURE__*/ hook('setAuditStream', 'useMutation');
export const useRotateAuditStreamSecretMutation = /*#__PURE__*/ hook(
  'rotateAuditStreamSecret',
  'useMutation',
);
export const useRemoveAuditStreamMutation = /*#__PURE__*/ hook('removeAuditStream', 'useMutation');
export const useTestAuditStreamMutation = /*#__PURE__*/ hook('testAuditStream', 'useMutation');
export const useSetAuditRetentionMutation = /*#__PURE__*/ hook('setAuditRetention', 'useMutation');
export const useListSessionsQuery = /*#__PURE__*/ hook('listSessions', 'useQuery');
export const useLazyListSessionsQuery = /*#__PURE__*/ hook('listSessions', 'useLazyQuery');
export const useEndSessionMutation = /*#__PURE__*/ hook('endSession', 'useMutation');
export const useEndOtherSessionsMutation = /*#__PURE__*/ hook('endOtherSessions', 'useMutation');
export const useEndMemberSessionsMutation = /*#__PURE__*/ hook('endMemberSessions', 'useMutation');
export const useChangePasswordMutation = /*#__PURE__*/ hook('changePassword', 'useMutation');
export const useGetTwoFactorQuery = /*#__PURE__*/ hook('getTwoFactor', 'useQuery');
export const useLazyGetTwoFactorQuery = /*#__PURE__*/ hook('getTwoFactor', 'useLazyQuery');
export const useStartTwoFactorSetupMutation = /*#__PURE__*/ hook('startTwoFactorSetup', 'useMutation');
export const useConfirmTwoFactorSetupMutation = /*#__PURE__*/ hook('confirmTwoFactorSetup', 'useMutation');
export const useDisableTwoFactorMutation = /*#__PURE__*/ hook('disableTwoFactor', 'useMutation');
export const useSetTwoFactorRequirementMutation = /*#__PURE__*/ hook(
  'setTwoFactorRequirement',
  'useMutation',
);
export const useGetSessionPoliciesQuery = /*#__PURE__*/ hook('getSessionPolicies', 'useQuery');
export const useLazyGetSessionPoliciesQuery = /*#__PURE__*/ hook('getSessionPolicies', 'useLazyQuery');
export const useSetSessionPoliciesMutation = /*#__PURE__*/ hook('setSessionPolicies', 'useMutation');
