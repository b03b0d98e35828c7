import { baseApi } from './baseApi';
import type { OkResponse, QueryParams, RequestBody } from './contract-types';
import { post } from './request';

/** Members, invitations and seats of an organization. Tags live in tags.ts. */
export const organizationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getOrganizationMembers: build.query<OkResponse<'getOrganizationMembers'>, void>({
      query: () => '/get-organization-members',
    }),
    inviteUser: build.mutation<OkResponse<'inviteUser'>, RequestBody<'inviteUser'>>({
      query: (body) => post('/invite-user', body),
    }),
    resendInvitation: build.mutation<OkResponse<'resendInvitation'>, RequestBody<'resendInvitation'>>({
      query: (body) => post('/resend-invitation', body),
    }),
    acceptInvite: build.mutation<OkResponse<'acceptInvite'>, QueryParams<'acceptInvite'>>({
      query: (params) => post('/accept-invite', {}, params),
    }),
    removeOrganizationUser: build.mutation<
      OkResponse<'removeOrganizationUser'>,
      RequestBody<'removeOrganizationUser'>
    >({
      query: (body) => post('/remove-organization-user', body),
    }),
    setUserProduct: build.mutation<OkResponse<'setUserProduct'>, RequestBody<'setUserProduct'>>({
      query: (body) => post('/set-user-product', body),
    }),
  }),
});

export const {
  useGetOrganizationMembersQuery,
  useInviteUserMutation,
  useResendInvitationMutation,
  useAcceptInviteMutation,
  useRemoveOrganizationUserMutation,
  useSetUserProductMutation,
} = organizationApi;
