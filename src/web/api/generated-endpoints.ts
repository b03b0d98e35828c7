/**
 * Generated from openapi.yaml by scripts/gen-api-endpoints.mjs (`npm run gen:api`): do not edit.
 * One endpoint per operation, named by its operationId and typed from src/contract/api.ts. Import the
 * API and its hooks from './index' (src/web/api), where tags and behaviour are layered on top.
 */
import { baseApi } from './base-api';
import type { QueryParams, RequestBody, SuccessBody } from '../../contract/types';
import { get, post } from './endpoint-kinds';

export const generatedApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getUser: get<SuccessBody<'getUser'>>(build, '/get-user'),
    getSoftware: get<SuccessBody<'getSoftware'>, QueryParams<'getSoftware'>>(build, '/get-software'),
    getSoftwareOptions: get<SuccessBody<'getSoftwareOptions'>>(build, '/get-software-options'),
    getPricing: get<SuccessBody<'getPricing'>, QueryParams<'getPricing'>>(build, '/get-pricing'),
    getCoupon: get<SuccessBody<'getCoupon'>, QueryParams<'getCoupon'>>(build, '/get-coupon'),
    setSettings: post<SuccessBody<'setSettings'>, RequestBody<'setSettings'>>(build, '/set-settings'),
    setUserBoolean: post<SuccessBody<'setUserBoolean'>, RequestBody<'setUserBoolean'>>(
      build,
      '/set-user-boolean',
    ),
    login: post<SuccessBody<'login'>, RequestBody<'login'>>(build, '/login'),
    signup: post<SuccessBody<'signup'>, RequestBody<'signup'>>(build, '/signup'),
    googleAuth: post<SuccessBody<'googleAuth'>, RequestBody<'googleAuth'>>(build, '/google-auth'),
    logout: post<SuccessBody<'logout'>>(build, '/logout', true),
    forgotPassword: post<SuccessBody<'forgotPassword'>, RequestBody<'forgotPassword'>>(
      build,
      '/forgot-password',
    ),
    resetPassword: post<SuccessBody<'resetPassword'>, RequestBody<'resetPassword'>>(build, '/reset-password'),
    checkResetToken: post<SuccessBody<'checkResetToken'>, RequestBody<'checkResetToken'>>(
      build,
      '/check-reset-token',
    ),
    checkout: post<SuccessBody<'checkout'>, RequestBody<'checkout'>>(build, '/checkout'),
    buyMoreSeats: post<SuccessBody<'buyMoreSeats'>, RequestBody<'buyMoreSeats'>>(build, '/buy-more-seats'),
    billingPortal: post<SuccessBody<'billingPortal'>>(build, '/billing-portal', true),
    getOrgSubscription: get<SuccessBody<'getOrgSubscription'>, QueryParams<'getOrgSubscription'>>(
      build,
      '/org-subscription',
      true,
    ),
    getInvoices: get<SuccessBody<'getInvoices'>>(build, '/get-invoices'),
    quoteSeats: get<SuccessBody<'quoteSeats'>, QueryParams<'quoteSeats'>>(build, '/quote-seats'),
    verifySettings: post<SuccessBody<'verifySettings'>, RequestBody<'verifySettings'>>(
      build,
      '/verify-settings',
    ),
    preConnect: post<SuccessBody<'preConnect'>, RequestBody<'preConnect'>>(build, '/pre-connect'),
    accessToken: post<SuccessBody<'accessToken'>, RequestBody<'accessToken'>>(build, '/access-token'),
    disconnect: post<SuccessBody<'disconnect'>>(build, '/disconnect', true),
    getOrganizationMembers: get<SuccessBody<'getOrganizationMembers'>, QueryParams<'getOrganizationMembers'>>(
      build,
      '/get-organization-members',
    ),
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
    getInviteLink: get<SuccessBody<'getInviteLink'>, QueryParams<'getInviteLink'>>(build, '/get-invite-link'),
    acceptInviteLink: post<SuccessBody<'acceptInviteLink'>, RequestBody<'acceptInviteLink'>>(
      build,
      '/accept-invite-link',
    ),
    listAuditEvents: get<SuccessBody<'listAuditEvents'>, QueryParams<'listAuditEvents'>>(
      build,
      '/list-audit-events',
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
    verifyTwoFactor: post<SuccessBody<'verifyTwoFactor'>, RequestBody<'verifyTwoFactor'>>(
      build,
      '/verify-two-factor',
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
    spendCredits: post<SuccessBody<'spendCredits'>, RequestBody<'spendCredits'>>(build, '/spend-credits'),
    refundCredits: post<SuccessBody<'refundCredits'>, RequestBody<'refundCredits'>>(build, '/refund-credits'),
    getCreditUsage: get<SuccessBody<'getCreditUsage'>, QueryParams<'getCreditUsage'>>(
      build,
      '/get-credit-usage',
    ),
    setMemberCaps: post<SuccessBody<'setMemberCaps'>, RequestBody<'setMemberCaps'>>(
      build,
      '/set-member-caps',
    ),
    getUsageReport: get<SuccessBody<'getUsageReport'>, QueryParams<'getUsageReport'>>(
      build,
      '/get-usage-report',
    ),
    grantCredits: post<SuccessBody<'grantCredits'>, RequestBody<'grantCredits'>>(build, '/grant-credits'),
    takeBackCredits: post<SuccessBody<'takeBackCredits'>, RequestBody<'takeBackCredits'>>(
      build,
      '/take-back-credits',
    ),
    requestCredits: post<SuccessBody<'requestCredits'>, RequestBody<'requestCredits'>>(
      build,
      '/request-credits',
    ),
    getCreditPacks: get<SuccessBody<'getCreditPacks'>>(build, '/get-credit-packs'),
    buyCredits: post<SuccessBody<'buyCredits'>, RequestBody<'buyCredits'>>(build, '/buy-credits'),
  }),
});

type Endpoints = typeof generatedApi.endpoints;

/** A hook of an endpoint: pure, so the bundle keeps only the hooks the app uses. */
function hook<K extends keyof Endpoints, H extends keyof Endpoints[K]>(id: K, name: H): Endpoints[K][H] {
  return generatedApi.endpoints[id][name];
}

export const useGetUserQuery = /*#__PURE__*/ hook('getUser', 'useQuery');
export const useLazyGetUserQuery = /*#__PURE__*/ hook('getUser', 'useLazyQuery');
export const useGetSoftwareQuery = /*#__PURE__*/ hook('getSoftware', 'useQuery');
export const useLazyGetSoftwareQuery = /*#__PURE__*/ hook('getSoftware', 'useLazyQuery');
export const useGetSoftwareOptionsQuery = /*#__PURE__*/ hook('getSoftwareOptions', 'useQuery');
export const useLazyGetSoftwareOptionsQuery = /*#__PURE__*/ hook('getSoftwareOptions', 'useLazyQuery');
export const useGetPricingQuery = /*#__PURE__*/ hook('getPricing', 'useQuery');
export const useLazyGetPricingQuery = /*#__PURE__*/ hook('getPricing', 'useLazyQuery');
export const useGetCouponQuery = /*#__PURE__*/ hook('getCoupon', 'useQuery');
export const useLazyGetCouponQuery = /*#__PURE__*/ hook('getCoupon', 'useLazyQuery');
export const useSetSettingsMutation = /*#__PURE__*/ hook('setSettings', 'useMutation');
export const useSetUserBooleanMutation = /*#__PURE__*/ hook('setUserBoolean', 'useMutation');
export const useLoginMutation = /*#__PURE__*/ hook('login', 'useMutation');
export const useSignupMutation = /*#__PURE__*/ hook('signup', 'useMutation');
export const useGoogleAuthMutation = /*#__PURE__*/ hook('googleAuth', 'useMutation');
export const useLogoutMutation = /*#__PURE__*/ hook('logout', 'useMutation');
export const useForgotPasswordMutation = /*#__PURE__*/ hook('forgotPassword', 'useMutation');
export const useResetPasswordMutation = /*#__PURE__*/ hook('resetPassword', 'useMutation');
export const useCheckResetTokenMutation = /*#__PURE__*/ hook('checkResetToken', 'useMutation');
export const useCheckoutMutation = /*#__PURE__*/ hook('checkout', 'useMutation');
export const useBuyMoreSeatsMutation = /*#__PURE__*/ hook('buyMoreSeats', 'useMutation');
export const useBillingPortalMutation = /*#__PURE__*/ hook('billingPortal', 'useMutation');
export const useGetOrgSubscriptionQuery = /*#__PURE__*/ hook('getOrgSubscription', 'useQuery');
export const useLazyGetOrgSubscriptionQuery = /*#__PURE__*/ hook('getOrgSubscription', 'useLazyQuery');
export const useGetInvoicesQuery = /*#__PURE__*/ hook('getInvoices', 'useQuery');
export const useLazyGetInvoicesQuery = /*#__PURE__*/ hook('getInvoices', 'useLazyQuery');
export const useQuoteSeatsQuery = /*#__PURE__*/ hook('quoteSeats', 'useQuery');
export const useLazyQuoteSeatsQuery = /*#__PURE__*/ hook('quoteSeats', 'useLazyQuery');
export const useVerifySettingsMutation = /*#__PURE__*/ hook('verifySettings', 'useMutation');
export const usePreConnectMutation = /*#__PURE__*/ hook('preConnect', 'useMutation');
export const useAccessTokenMutation = /*#__PURE__*/ hook('accessToken', 'useMutation');
export const useDisconnectMutation = /*#__PURE__*/ hook('disconnect', 'useMutation');
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
export const useListAuditEventsQuery = /*#__PURE__*/ hook('listAuditEvents', 'useQuery');
export const useLazyListAuditEventsQuery = /*#__PURE__*/ hook('listAuditEvents', 'useLazyQuery');
export const useListSessionsQuery = /*#__PURE__*/ hook('listSessions', 'useQuery');
export const useLazyListSessionsQuery = /*#__PURE__*/ hook('listSessions', 'useLazyQuery');
export const useEndSessionMutation = /*#__PURE__*/ hook('endSession', 'useMutation');
export const useEndOtherSessionsMutation = /*#__PURE__*/ hook('endOtherSessions', 'useMutation');
export const useEndMemberSessionsMutation = /*#__PURE__*/ hook('endMemberSessions', 'useMutation');
export const useChangePasswordMutation = /*#__PURE__*/ hook('changePassword', 'useMutation');
export const useVerifyTwoFactorMutation = /*#__PURE__*/ hook('verifyTwoFactor', 'useMutation');
export const useGetTwoFactorQuery = /*#__PURE__*/ hook('getTwoFactor', 'useQuery');
export const useLazyGetTwoFactorQuery = /*#__PURE__*/ hook('getTwoFactor', 'useLazyQuery');
export const useStartTwoFactorSetupMutation = /*#__PURE__*/ hook('startTwoFactorSetup', 'useMutation');
export const useConfirmTwoFactorSetupMutation = /*#__PURE__*/ hook('confirmTwoFactorSetup', 'useMutation');
export const useDisableTwoFactorMutation = /*#__PURE__*/ hook('disableTwoFactor', 'useMutation');
export const useSetTwoFactorRequirementMutation = /*#__PURE__*/ hook(
  'setTwoFactorRequirement',
  'useMutation',
);
export const useSpendCreditsMutation = /*#__PURE__*/ hook('spendCredits', 'useMutation');
export const useRefundCreditsMutation = /*#__PURE__*/ hook('refundCredits', 'useMutation');
export const useGetCreditUsageQuery = /*#__PURE__*/ hook('getCreditUsage', 'useQuery');
export const useLazyGetCreditUsageQuery = /*#__PURE__*/ hook('getCreditUsage', 'useLazyQuery');
export const useSetMemberCapsMutation = /*#__PURE__*/ hook('setMemberCaps', 'useMutation');
export const useGetUsageReportQuery = /*#__PURE__*/ hook('getUsageReport', 'useQuery');
export const useLazyGetUsageReportQuery = /*#__PURE__*/ hook('getUsageReport', 'useLazyQuery');
export const useGrantCreditsMutation = /*#__PURE__*/ hook('grantCredits', 'useMutation');
export const useTakeBackCreditsMutation = /*#__PURE__*/ hook('takeBackCredits', 'useMutation');
export const useRequestCreditsMutation = /*#__PURE__*/ hook('requestCredits', 'useMutation');
export const useGetCreditPacksQuery = /*#__PURE__*/ hook('getCreditPacks', 'useQuery');
export const useLazyGetCreditPacksQuery = /*#__PURE__*/ hook('getCreditPacks', 'useLazyQuery');
export const useBuyCreditsMutation = /*#__PURE__*/ hook('buyCredits', 'useMutation');
