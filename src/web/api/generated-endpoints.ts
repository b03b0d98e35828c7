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
    getOrganizationMembers: build.query<
      OkResponse<'getOrganizationMembers'>,
      QueryParams<'getOrganizationMembers'>
    >({
      query: (params) => ({ url: '/get-organization-members', params }),
    }),
    inviteUser: build.mutation<OkResponse<'inviteUser'>, RequestBody<'inviteUser'>>({
      query: (body) => ({ url: '/invite-user', method: 'POST', body }),
    }),
    inviteUsers: build.mutation<OkResponse<'inviteUsers'>, RequestBody<'inviteUsers'>>({
      query: (body) => ({ url: '/invite-users', method: 'POST', body }),
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
    moveSeat: build.mutation<OkResponse<'moveSeat'>, RequestBody<'moveSeat'>>({
      query: (body) => ({ url: '/move-seat', method: 'POST', body }),
    }),
    getCompanyDomain: build.query<OkResponse<'getCompanyDomain'>, void>({
      query: () => ({ url: '/get-company-domain' }),
    }),
    startDomainVerification: build.mutation<
      OkResponse<'startDomainVerification'>,
      RequestBody<'startDomainVerification'>
    >({
      query: (body) => ({ url: '/start-domain-verification', method: 'POST', body }),
    }),
    verifyDomain: build.mutation<OkResponse<'verifyDomain'>, RequestBody<'verifyDomain'>>({
      query: (body) => ({ url: '/verify-domain', method: 'POST', body }),
    }),
    setDomainAutoJoin: build.mutation<OkResponse<'setDomainAutoJoin'>, RequestBody<'setDomainAutoJoin'>>({
      query: (body) => ({ url: '/set-domain-auto-join', method: 'POST', body }),
    }),
    decideJoinRequest: build.mutation<OkResponse<'decideJoinRequest'>, RequestBody<'decideJoinRequest'>>({
      query: (body) => ({ url: '/decide-join-request', method: 'POST', body }),
    }),
    getJoinOption: build.query<OkResponse<'getJoinOption'>, void>({
      query: () => ({ url: '/get-join-option' }),
    }),
    requestToJoin: build.mutation<OkResponse<'requestToJoin'>, void>({
      query: () => ({ url: '/request-to-join', method: 'POST', body: {} }),
    }),
    listAuditEvents: build.query<OkResponse<'listAuditEvents'>, QueryParams<'listAuditEvents'>>({
      query: (params) => ({ url: '/list-audit-events', params }),
    }),
    exportAuditEvents: build.query<OkResponse<'exportAuditEvents'>, QueryParams<'exportAuditEvents'>>({
      query: (params) => ({ url: '/export-audit-events', params }),
    }),
    listSessions: build.query<OkResponse<'listSessions'>, void>({
      query: () => ({ url: '/list-sessions' }),
    }),
    endSession: build.mutation<OkResponse<'endSession'>, RequestBody<'endSession'>>({
      query: (body) => ({ url: '/end-session', method: 'POST', body }),
    }),
    endOtherSessions: build.mutation<OkResponse<'endOtherSessions'>, void>({
      query: () => ({ url: '/end-other-sessions', method: 'POST', body: {} }),
    }),
    endMemberSessions: build.mutation<OkResponse<'endMemberSessions'>, RequestBody<'endMemberSessions'>>({
      query: (body) => ({ url: '/end-member-sessions', method: 'POST', body }),
    }),
    changePassword: build.mutation<OkResponse<'changePassword'>, RequestBody<'changePassword'>>({
      query: (body) => ({ url: '/change-password', method: 'POST', body }),
    }),
    verifyTwoFactor: build.mutation<OkResponse<'verifyTwoFactor'>, RequestBody<'verifyTwoFactor'>>({
      query: (body) => ({ url: '/verify-two-factor', method: 'POST', body }),
    }),
    getTwoFactor: build.query<OkResponse<'getTwoFactor'>, void>({
      query: () => ({ url: '/get-two-factor' }),
    }),
    startTwoFactorSetup: build.mutation<
      OkResponse<'startTwoFactorSetup'>,
      RequestBody<'startTwoFactorSetup'>
    >({
      query: (body) => ({ url: '/start-two-factor-setup', method: 'POST', body }),
    }),
    confirmTwoFactorSetup: build.mutation<
      OkResponse<'confirmTwoFactorSetup'>,
      RequestBody<'confirmTwoFactorSetup'>
    >({
      query: (body) => ({ url: '/confirm-two-factor-setup', method: 'POST', body }),
    }),
    disableTwoFactor: build.mutation<OkResponse<'disableTwoFactor'>, RequestBody<'disableTwoFactor'>>({
      query: (body) => ({ url: '/disable-two-factor', method: 'POST', body }),
    }),
    setTwoFactorRequirement: build.mutation<
      OkResponse<'setTwoFactorRequirement'>,
      RequestBody<'setTwoFactorRequirement'>
    >({
      query: (body) => ({ url: '/set-two-factor-requirement', method: 'POST', body }),
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
  useInviteUsersMutation,
  useResendInvitationMutation,
  useAcceptInviteMutation,
  useRemoveOrganizationUserMutation,
  useSetUserProductMutation,
  useMoveSeatMutation,
  useGetCompanyDomainQuery,
  useLazyGetCompanyDomainQuery,
  useStartDomainVerificationMutation,
  useVerifyDomainMutation,
  useSetDomainAutoJoinMutation,
  useDecideJoinRequestMutation,
  useGetJoinOptionQuery,
  useLazyGetJoinOptionQuery,
  useRequestToJoinMutation,
  useListAuditEventsQuery,
  useLazyListAuditEventsQuery,
  useExportAuditEventsQuery,
  useLazyExportAuditEventsQuery,
  useListSessionsQuery,
  useLazyListSessionsQuery,
  useEndSessionMutation,
  useEndOtherSessionsMutation,
  useEndMemberSessionsMutation,
  useChangePasswordMutation,
  useVerifyTwoFactorMutation,
  useGetTwoFactorQuery,
  useLazyGetTwoFactorQuery,
  useStartTwoFactorSetupMutation,
  useConfirmTwoFactorSetupMutation,
  useDisableTwoFactorMutation,
  useSetTwoFactorRequirementMutation,
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
