/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * One endpoint per operation, named by its operationId and typed from src/contract/api.ts. Import the
 * API and its hooks from './index' (src/web/api), where tags and behaviour are layered on top.
 */
import { baseApi } from './base-api';
import type { OkResponse, QueryParams, RequestBody } from './contract-types';

export const generatedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUser: build.query<OkResponse<'getUser'>, void>({
      query: () => ({ url: '/get-user' }),
    }),
    getSoftware: build.query<OkResponse<'getSoftware'>, QueryParams<'getSoftware'>>({
      query: (params) => ({ url: '/get-software', params }),
    }),
    getSoftwareOptions: build.query<OkResponse<'getSoftwareOptions'>, void>({
      query: () => ({ url: '/get-software-options' }),
    }),
    getPricing: build.query<OkResponse<'getPricing'>, QueryParams<'getPricing'>>({
      query: (params) => ({ url: '/get-pricing', params }),
    }),
    getCoupon: build.query<OkResponse<'getCoupon'>, QueryParams<'getCoupon'>>({
      query: (params) => ({ url: '/get-coupon', params }),
    }),
    setSettings: build.mutation<OkResponse<'setSettings'>, RequestBody<'setSettings'>>({
      query: (body) => ({ url: '/set-settings', method: 'POST', body }),
    }),
    setUserBoolean: build.mutation<OkResponse<'setUserBoolean'>, RequestBody<'setUserBoolean'>>({
      query: (body) => ({ url: '/set-user-boolean', method: 'POST', body }),
    }),
    login: build.mutation<OkResponse<'login'>, RequestBody<'login'>>({
      query: (body) => ({ url: '/login', method: 'POST', body }),
    }),
    signup: build.mutation<OkResponse<'signup'>, RequestBody<'signup'>>({
      query: (body) => ({ url: '/signup', method: 'POST', body }),
    }),
    googleAuth: build.mutation<OkResponse<'googleAuth'>, RequestBody<'googleAuth'>>({
      query: (body) => ({ url: '/google-auth', method: 'POST', body }),
    }),
    logout: build.mutation<OkResponse<'logout'>, void>({
      query: () => ({ url: '/logout', method: 'POST', body: {} }),
    }),
    forgotPassword: build.mutation<OkResponse<'forgotPassword'>, RequestBody<'forgotPassword'>>({
      query: (body) => ({ url: '/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<OkResponse<'resetPassword'>, RequestBody<'resetPassword'>>({
      query: (body) => ({ url: '/reset-password', method: 'POST', body }),
    }),
    checkResetToken: build.mutation<OkResponse<'checkResetToken'>, RequestBody<'checkResetToken'>>({
      query: (body) => ({ url: '/check-reset-token', method: 'POST', body }),
    }),
    checkout: build.mutation<OkResponse<'checkout'>, RequestBody<'checkout'>>({
      query: (body) => ({ url: '/checkout', method: 'POST', body }),
    }),
    buyMoreSeats: build.mutation<OkResponse<'buyMoreSeats'>, RequestBody<'buyMoreSeats'>>({
      query: (body) => ({ url: '/buy-more-seats', method: 'POST', body }),
    }),
    billingPortal: build.mutation<OkResponse<'billingPortal'>, void>({
      query: () => ({ url: '/billing-portal', method: 'POST', body: {} }),
    }),
    getOrgSubscription: build.query<OkResponse<'getOrgSubscription'>, QueryParams<'getOrgSubscription'>>({
      query: (params) => ({ url: '/org-subscription', params, outsideApiBase: true }),
    }),
    verifySettings: build.mutation<OkResponse<'verifySettings'>, RequestBody<'verifySettings'>>({
      query: (body) => ({ url: '/verify-settings', method: 'POST', body }),
    }),
    preConnect: build.mutation<OkResponse<'preConnect'>, RequestBody<'preConnect'>>({
      query: (body) => ({ url: '/pre-connect', method: 'POST', body }),
    }),
    accessToken: build.mutation<OkResponse<'accessToken'>, RequestBody<'accessToken'>>({
      query: (body) => ({ url: '/access-token', method: 'POST', body }),
    }),
    disconnect: build.mutation<OkResponse<'disconnect'>, void>({
      query: () => ({ url: '/disconnect', method: 'POST', body: {} }),
    }),
    getOrganizationMembers: build.query<OkResponse<'getOrganizationMembers'>, void>({
      query: () => ({ url: '/get-organization-members' }),
    }),
    inviteUser: build.mutation<OkResponse<'inviteUser'>, RequestBody<'inviteUser'>>({
      query: (body) => ({ url: '/invite-user', method: 'POST', body }),
    }),
    resendInvitation: build.mutation<OkResponse<'resendInvitation'>, RequestBody<'resendInvitation'>>({
      query: (body) => ({ url: '/resend-invitation', method: 'POST', body }),
    }),
    acceptInvite: build.mutation<OkResponse<'acceptInvite'>, QueryParams<'acceptInvite'>>({
      query: (params) => ({ url: '/accept-invite', method: 'POST', params, body: {} }),
    }),
    removeOrganizationUser: build.mutation<
      OkResponse<'removeOrganizationUser'>,
      RequestBody<'removeOrganizationUser'>
    >({
      query: (body) => ({ url: '/remove-organization-user', method: 'POST', body }),
    }),
    setUserProduct: build.mutation<OkResponse<'setUserProduct'>, RequestBody<'setUserProduct'>>({
      query: (body) => ({ url: '/set-user-product', method: 'POST', body }),
    }),
    spendCredits: build.mutation<OkResponse<'spendCredits'>, RequestBody<'spendCredits'>>({
      query: (body) => ({ url: '/spend-credits', method: 'POST', body }),
    }),
    refundCredits: build.mutation<OkResponse<'refundCredits'>, RequestBody<'refundCredits'>>({
      query: (body) => ({ url: '/refund-credits', method: 'POST', body }),
    }),
    getCreditUsage: build.query<OkResponse<'getCreditUsage'>, QueryParams<'getCreditUsage'>>({
      query: (params) => ({ url: '/get-credit-usage', params }),
    }),
    setMemberCaps: build.mutation<OkResponse<'setMemberCaps'>, RequestBody<'setMemberCaps'>>({
      query: (body) => ({ url: '/set-member-caps', method: 'POST', body }),
    }),
    getUsageReport: build.query<OkResponse<'getUsageReport'>, QueryParams<'getUsageReport'>>({
      query: (params) => ({ url: '/get-usage-report', params }),
    }),
    getCreditPacks: build.query<OkResponse<'getCreditPacks'>, void>({
      query: () => ({ url: '/get-credit-packs' }),
    }),
    buyCredits: build.mutation<OkResponse<'buyCredits'>, RequestBody<'buyCredits'>>({
      query: (body) => ({ url: '/buy-credits', method: 'POST', body }),
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
  useSpendCreditsMutation,
  useRefundCreditsMutation,
  useGetCreditUsageQuery,
  useLazyGetCreditUsageQuery,
  useSetMemberCapsMutation,
  useGetUsageReportQuery,
  useLazyGetUsageReportQuery,
  useGetCreditPacksQuery,
  useLazyGetCreditPacksQuery,
  useBuyCreditsMutation,
} = generatedApi;
