/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * The endpoints of the contract's `organization` operations, injected into the one API when this module is
 * first imported, with the behaviour of behaviour/organization.ts. Import them and their hooks from here.
 */
import { baseApi } from '../base-api';
import type { QueryParams, RequestBody, SuccessBody } from '../../../contract/types';
import { get, post } from '../endpoint-kinds';
import { behaviour } from '../behaviour/organization';

export const organizationApi = baseApi
  .injectEndpoints({
    endpoints: (build) => ({
      renameOrganization: post<SuccessBody<'renameOrganization'>, RequestBody<'renameOrganization'>>(
        build,
        '/rename-organization',
      ),
      getOrganizationMembers: get<
        SuccessBody<'getOrganizationMembers'>,
        QueryParams<'getOrganizationMembers'>
      >(build, '/get-organization-members'),
      inviteUser: post<SuccessBody<'inviteUser'>, RequestBody<'inviteUser'>>(build, '/invite-user'),
      inviteUsers: post<SuccessBody<'inviteUsers'>, RequestBody<'inviteUsers'>>(build, '/invite-users'),
      previewInviteUsers: post<SuccessBody<'previewInviteUsers'>, RequestBody<'previewInviteUsers'>>(
        build,
        '/preview-invite-users',
      ),
      resendInvitation: post<SuccessBody<'resendInvitation'>, RequestBody<'resendInvitation'>>(
        build,
        '/resend-invitation',
      ),
      revokeInvitation: post<SuccessBody<'revokeInvitation'>, RequestBody<'revokeInvitation'>>(
        build,
        '/revoke-invitation',
      ),
      acceptInvite: post<SuccessBody<'acceptInvite'>, QueryParams<'acceptInvite'>>(
        build,
        '/accept-invite',
        true,
      ),
      removeOrganizationUser: post<
        SuccessBody<'removeOrganizationUser'>,
        RequestBody<'removeOrganizationUser'>
      >(build, '/remove-organization-user'),
      setUserProduct: post<SuccessBody<'setUserProduct'>, RequestBody<'setUserProduct'>>(
        build,
        '/set-user-product',
      ),
      moveSeat: post<SuccessBody<'moveSeat'>, RequestBody<'moveSeat'>>(build, '/move-seat'),
      getCompanyDomain: get<SuccessBody<'getCompanyDomain'>>(build, '/get-company-domain'),
      startDomainVerification: post<
        SuccessBody<'startDomainVerification'>,
        RequestBody<'startDomainVerification'>
      >(build, '/start-domain-verification'),
      verifyDomain: post<SuccessBody<'verifyDomain'>, RequestBody<'verifyDomain'>>(build, '/verify-domain'),
      startDnsVerification: post<SuccessBody<'startDnsVerification'>, RequestBody<'startDnsVerification'>>(
        build,
        '/start-dns-verification',
      ),
      checkDnsVerification: post<SuccessBody<'checkDnsVerification'>>(build, '/check-dns-verification', true),
      setDomainAutoJoin: post<SuccessBody<'setDomainAutoJoin'>, RequestBody<'setDomainAutoJoin'>>(
        build,
        '/set-domain-auto-join',
      ),
      decideJoinRequest: post<SuccessBody<'decideJoinRequest'>, RequestBody<'decideJoinRequest'>>(
        build,
        '/decide-join-request',
      ),
      getJoinOption: get<SuccessBody<'getJoinOption'>>(build, '/get-join-option'),
      requestToJoin: post<SuccessBody<'requestToJoin'>>(build, '/request-to-join', true),
      createInviteLink: post<SuccessBody<'createInviteLink'>>(build, '/create-invite-link', true),
      revokeInviteLink: post<SuccessBody<'revokeInviteLink'>>(build, '/revoke-invite-link', true),
      getInviteLink: get<SuccessBody<'getInviteLink'>, QueryParams<'getInviteLink'>>(
        build,
        '/get-invite-link',
      ),
      acceptInviteLink: post<SuccessBody<'acceptInviteLink'>, RequestBody<'acceptInviteLink'>>(
        build,
        '/accept-invite-link',
      ),
    }),
  })
  .enhanceEndpoints({ endpoints: behaviour });

type Endpoints = typeof organizationApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return organizationApi.endpoints[id][name];
}

export const useRenameOrganizationMutation = /*#__PURE__*/ hook('renameOrganization', 'useMutation');
export const useGetOrganizationMembersQuery = /*#__PURE__*/ hook('getOrganizationMembers', 'useQuery');
export const useLazyGetOrganizationMembersQuery = /*#__PURE__*/ hook(
  'getOrganizationMembers',
  'useLazyQuery',
);
export const useInviteUserMutation = /*#__PURE__*/ hook('inviteUser', 'useMutation');
export const useInviteUsersMutation = /*#__PURE__*/ hook('inviteUsers', 'useMutation');
export const usePreviewInviteUsersMutation = /*#__PURE__*/ hook('previewInviteUsers', 'useMutation');
export const useResendInvitationMutation = /*#__PURE__*/ hook('resendInvitation', 'useMutation');
export const useRevokeInvitationMutation = /*#__PURE__*/ hook('revokeInvitation', 'useMutation');
export const useAcceptInviteMutation = /*#__PURE__*/ hook('acceptInvite', 'useMutation');
export const useRemoveOrganizationUserMutation = /*#__PURE__*/ hook('removeOrganizationUser', 'useMutation');
export const useSetUserProductMutation = /*#__PURE__*/ hook('setUserProduct', 'useMutation');
export const useMoveSeatMutation = /*#__PURE__*/ hook('moveSeat', 'useMutation');
export const useGetCompanyDomainQuery = /*#__PURE__*/ hook('getCompanyDomain', 'useQuery');
export const useLazyGetCompanyDomainQuery = /*#__PURE__*/ hook('getCompanyDomain', 'useLazyQuery');
export const useStartDomainVerificationMutation = /*#__PURE__*/ hook(
  'startDomainVerification',
  'useMutation',
);
export const useVerifyDomainMutation = /*#__PURE__*/ hook('verifyDomain', 'useMutation');
export const useStartDnsVerificationMutation = /*#__PURE__*/ hook('startDnsVerification', 'useMutation');
export const useCheckDnsVerificationMutation = /*#__PURE__*/ hook('checkDnsVerification', 'useMutation');
export const useSetDomainAutoJoinMutation = /*#__PURE__*/ hook('setDomainAutoJoin', 'useMutation');
export const useDecideJoinRequestMutation = /*#__PURE__*/ hook('decideJoinRequest', 'useMutation');
export const useGetJoinOptionQuery = /*#__PURE__*/ hook('getJoinOption', 'useQuery');
export const useLazyGetJoinOptionQuery = /*#__PURE__*/ hook('getJoinOption', 'useLazyQuery');
export const useRequestToJoinMutation = /*#__PURE__*/ hook('requestToJoin', 'useMutation');
export const useCreateInviteLinkMutation = /*#__PURE__*/ hook('createInviteLink', 'useMutation');
export const useRevokeInviteLinkMutation = /*#__PURE__*/ hook('revokeInviteLink', 'useMutation');
export const useGetInviteLinkQuery = /*#__PURE__*/ hook('getInviteLink', 'useQuery');
export const useLazyGetInviteLinkQuery = /*#__PURE__*/ hook('getInviteLink', 'useLazyQuery');
export const useAcceptInviteLinkMutation = /*#__PURE__*/ hook('acceptInviteLink', 'useMutation');
