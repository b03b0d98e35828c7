/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * One endpoint per operation, named by its operationId and typed from src/contract/api.ts. Import the
 * API and its hooks from './index' (src/web/api), where tags and behaviour are layered on top.
 */
import { operationRoutes } from '../../contract/routes';
import { baseApi } from './base-api';
import type { OkResponse, QueryParams, RequestBody } from './contract-types';

export const generatedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<OkResponse<'getUser'>, void>({
      query: () => ({ url: operationRoutes.getUser.path }),
    }),
    getSoftware: build.query<OkResponse<'getSoftware'>, QueryParams<'getSoftware'>>({
      query: (params) => ({ url: operationRoutes.getSoftware.path, params }),
    }),
    getSoftwareOptions: build.query<OkResponse<'getSoftwareOptions'>, void>({
      query: () => ({ url: operationRoutes.getSoftwareOptions.path }),
    }),
    getPricing: build.query<OkResponse<'getPricing'>, QueryParams<'getPricing'>>({
      query: (params) => ({ url: operationRoutes.getPricing.path, params }),
    }),
    getCoupon: build.query<OkResponse<'getCoupon'>, QueryParams<'getCoupon'>>({
      query: (params) => ({ url: operationRoutes.getCoupon.path, params }),
    }),
    setSettings: build.mutation<OkResponse<'setSettings'>, RequestBody<'setSettings'>>({
      query: (body) => ({ url: operationRoutes.setSettings.path, method: 'POST', body }),
    }),
    setUserBoolean: build.mutation<OkResponse<'setUserBoolean'>, RequestBody<'setUserBoolean'>>({
      query: (body) => ({ url: operationRoutes.setUserBoolean.path, method: 'POST', body }),
    }),
    login: build.mutation<OkResponse<'login'>, RequestBody<'login'>>({
      query: (body) => ({ url: operationRoutes.login.path, method: 'POST', body }),
    }),
    signup: build.mutation<OkResponse<'signup'>, RequestBody<'signup'>>({
      query: (body) => ({ url: operationRoutes.signup.path, method: 'POST', body }),
    }),
    googleAuth: build.mutation<OkResponse<'googleAuth'>, RequestBody<'googleAuth'>>({
      query: (body) => ({ url: operationRoutes.googleAuth.path, method: 'POST', body }),
    }),
    logout: build.mutation<OkResponse<'logout'>, void>({
      query: () => ({ url: operationRoutes.logout.path, method: 'POST', body: {} }),
    }),
    forgotPassword: build.mutation<OkResponse<'forgotPassword'>, RequestBody<'forgotPassword'>>({
      query: (body) => ({ url: operationRoutes.forgotPassword.path, method: 'POST', body }),
    }),
    resetPassword: build.mutation<OkResponse<'resetPassword'>, RequestBody<'resetPassword'>>({
      query: (body) => ({ url: operationRoutes.resetPassword.path, method: 'POST', body }),
    }),
    checkResetToken: build.mutation<OkResponse<'checkResetToken'>, RequestBody<'checkResetToken'>>({
      query: (body) => ({ url: operationRoutes.checkResetToken.path, method: 'POST', body }),
    }),
    checkout: build.mutation<OkResponse<'checkout'>, RequestBody<'checkout'>>({
      query: (body) => ({ url: operationRoutes.checkout.path, method: 'POST', body }),
    }),
    buyMoreSeats: build.mutation<OkResponse<'buyMoreSeats'>, RequestBody<'buyMoreSeats'>>({
      query: (body) => ({ url: operationRoutes.buyMoreSeats.path, method: 'POST', body }),
    }),
    billingPortal: build.mutation<OkResponse<'billingPortal'>, void>({
      query: () => ({ url: operationRoutes.billingPortal.path, method: 'POST', body: {} }),
    }),
    getOrgSubscription: build.query<OkResponse<'getOrgSubscription'>, QueryParams<'getOrgSubscription'>>({
      query: (params) => ({ url: operationRoutes.getOrgSubscription.path, params, outsideApiBase: true }),
    }),
    verifySettings: build.mutation<OkResponse<'verifySettings'>, RequestBody<'verifySettings'>>({
      query: (body) => ({ url: operationRoutes.verifySettings.path, method: 'POST', body }),
    }),
    preConnect: build.mutation<OkResponse<'preConnect'>, RequestBody<'preConnect'>>({
      query: (body) => ({ url: operationRoutes.preConnect.path, method: 'POST', body }),
    }),
    accessToken: build.mutation<OkResponse<'accessToken'>, RequestBody<'accessToken'>>({
      query: (body) => ({ url: operationRoutes.accessToken.path, method: 'POST', body }),
    }),
    disconnect: build.mutation<OkResponse<'disconnect'>, void>({
      query: () => ({ url: operationRoutes.disconnect.path, method: 'POST', body: {} }),
    }),
    getOrganizationMembers: build.query<OkResponse<'getOrganizationMembers'>, void>({
      query: () => ({ url: operationRoutes.getOrganizationMembers.path }),
    }),
    inviteUser: build.mutation<OkResponse<'inviteUser'>, RequestBody<'inviteUser'>>({
      query: (body) => ({ url: operationRoutes.inviteUser.path, method: 'POST', body }),
    }),
    resendInvitation: build.mutation<OkResponse<'resendInvitation'>, RequestBody<'resendInvitation'>>({
      query: (body) => ({ url: operationRoutes.resendInvitation.path, method: 'POST', body }),
    }),
    acceptInvite: build.mutation<OkResponse<'acceptInvite'>, QueryParams<'acceptInvite'>>({
      query: (params) => ({ url: operationRoutes.acceptInvite.path, method: 'POST', params, body: {} }),
    }),
    removeOrganizationUser: build.mutation<
      OkResponse<'removeOrganizationUser'>,
      RequestBody<'removeOrganizationUser'>
    >({
      query: (body) => ({ url: operationRoutes.removeOrganizationUser.path, method: 'POST', body }),
    }),
    setUserProduct: build.mutation<OkResponse<'setUserProduct'>, RequestBody<'setUserProduct'>>({
      query: (body) => ({ url: operationRoutes.setUserProduct.path, method: 'POST', body }),
    }),
  }),
});

export const {
  useGetUserQuery,
  useLazyGetUserQuery,
  useGetSoftwareQuery,
  useLazyGetSoftwareQuery,
  useGetSoftwareOptionsQuery,
  useLazyGetSoftwareOptionsQuery,
  useGetPricingQuery,
  useLazyGetPricingQuery,
  useGetCouponQuery,
  useLazyGetCouponQuery,
  useSetSettingsMutation,
  useSetUserBooleanMutation,
  useLoginMutation,
  useSignupMutation,
  useGoogleAuthMutation,
  useLogoutMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  useCheckResetTokenMutation,
  useCheckoutMutation,
  useBuyMoreSeatsMutation,
  useBillingPortalMutation,
  useGetOrgSubscriptionQuery,
  useLazyGetOrgSubscriptionQuery,
  useVerifySettingsMutation,
  usePreConnectMutation,
  useAccessTokenMutation,
  useDisconnectMutation,
  useGetOrganizationMembersQuery,
  useLazyGetOrganizationMembersQuery,
  useInviteUserMutation,
  useResendInvitationMutation,
  useAcceptInviteMutation,
  useRemoveOrganizationUserMutation,
  useSetUserProductMutation,
} = generatedApi;
