/**
 * The API of the app: the endpoints generated from openapi.yaml (generated-endpoints.ts), with what the
 * contract cannot say layered on top in this one file (Grafana's enhanceEndpoints): what each call
 * provides and what each mutation refreshes, and the behaviour of single calls. When a screen shows
 * stale data after a change, or a call goes out differently than the contract suggests, read this file.
 *
 *   import { api, useLoginMutation } from '../../../api';
 */
import type { ApiRequest } from './base-api';
import { generatedApi } from './generated-endpoints';

export const tagTypes = [
  'User',
  'Members',
  'OrgSubscription',
  'Sessions',
  'Audit',
  'TwoFactor',
  'Credits',
] as const;
export type TagType = (typeof tagTypes)[number];

/** Invalidate only when the call succeeded: a failed mutation changed nothing worth refetching. */
function onSuccess(...tags: TagType[]) {
  return (result: unknown) => (result === undefined ? [] : tags);
}

// Another person's session must not see the previous one's cached members or subscription.
const sessionChange = onSuccess('User', 'Members', 'OrgSubscription');

export const api = generatedApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    getUser: { providesTags: ['User'] },
    setSettings: { invalidatesTags: onSuccess('User') },
    setUserBoolean: { invalidatesTags: onSuccess('User') },

    login: { invalidatesTags: sessionChange },
    verifyTwoFactor: { invalidatesTags: sessionChange },
    signup: { invalidatesTags: sessionChange },
    googleAuth: { invalidatesTags: sessionChange },
    logout: { invalidatesTags: sessionChange },

    // The user's connection ids change.
    verifySettings: { invalidatesTags: onSuccess('User') },
    accessToken: { invalidatesTags: onSuccess('User') },
    disconnect: { invalidatesTags: onSuccess('User') },

    getOrganizationMembers: { providesTags: ['Members'] },
    // The first invitation creates the organization, which the user record carries.
    inviteUser: { invalidatesTags: onSuccess('Members', 'User') },
    inviteUsers: { invalidatesTags: onSuccess('Members', 'User') },
    resendInvitation: { invalidatesTags: onSuccess('Members') },
    // A revoked invitation frees the seat it reserved: the organization's seats are part of the user.
    revokeInvitation: { invalidatesTags: onSuccess('Members', 'User') },
    // Member count and seats in use are part of the user's organization.
    removeOrganizationUser: { invalidatesTags: onSuccess('Members', 'User') },
    setUserProduct: { invalidatesTags: onSuccess('Members', 'User') },
    moveSeat: { invalidatesTags: onSuccess('Members', 'User') },
    // A signed-in invitee who joins becomes a member.
    acceptInvite: {
      // 'member' too: another tab may have joined, which this tab's session does not know yet.
      invalidatesTags: (result) =>
        result?.data.outcome === 'joined' || result?.data.outcome === 'member' ? ['User', 'Members'] : [],
    },
    // Joining by an invitation link makes the user a member.
    acceptInviteLink: { invalidatesTags: onSuccess('Members', 'User') },

    // Sessions and the audit log (docs/product.md#sessions, docs/product.md#audit-log): what the Settings and Audit pages show changes with them.
    listSessions: { providesTags: ['Sessions'] },
    endSession: { invalidatesTags: onSuccess('Sessions', 'Audit') },
    endOtherSessions: { invalidatesTags: onSuccess('Sessions', 'Audit') },
    changePassword: { invalidatesTags: onSuccess('Sessions', 'Audit') },
    endMemberSessions: { invalidatesTags: onSuccess('Audit') },
    getTwoFactor: { providesTags: ['TwoFactor'] },
    // The user record says whether two-factor sign-in is on (and the organization whether it is required).
    confirmTwoFactorSetup: { invalidatesTags: onSuccess('TwoFactor', 'Sessions', 'Audit', 'User') },
    disableTwoFactor: { invalidatesTags: onSuccess('TwoFactor', 'Sessions', 'Audit', 'User') },
    setTwoFactorRequirement: { invalidatesTags: onSuccess('User', 'Audit') },
    listAuditEvents: { providesTags: ['Audit'] },

    getOrgSubscription: { providesTags: ['OrgSubscription'] },
    // A payment adds an invoice and changes the next one.
    getInvoices: { providesTags: ['OrgSubscription'] },
    // Credits (docs/product.md#credits-and-caps): usage and reports refresh when caps change or credits move.
    getCreditUsage: { providesTags: ['Credits'] },
    getUsageReport: { providesTags: ['Credits'] },
    setMemberCaps: { invalidatesTags: onSuccess('Credits') },
    // The team pool (docs/product.md#the-team-pool): balances of the pool and of members change together.
    grantCredits: { invalidatesTags: onSuccess('Credits', 'User') },
    takeBackCredits: { invalidatesTags: onSuccess('Credits', 'User') },
    spendCredits: { invalidatesTags: onSuccess('Credits', 'User') },
    refundCredits: { invalidatesTags: onSuccess('Credits', 'User') },
    checkout: { invalidatesTags: onSuccess('User', 'Members', 'OrgSubscription') },
    buyMoreSeats: { invalidatesTags: onSuccess('User', 'Members', 'OrgSubscription') },

    // Catalogue data (CRM records, prices, coupons) changes with nothing the app does: no tags.
    // Prices are public: sent without cookies, and a new request aborts the one in flight so a fast
    // monthly/yearly toggle never lets an older answer arrive last (docs/product.md#the-pricing-page).
    getPricing: (definition) => {
      const generated = definition.query;
      if (!generated) return;
      definition.query = (params) => {
        const request = generated(params) as ApiRequest;
        return { ...request, credentials: 'omit', supersedable: true };
      };
    },
  },
});

export * from './generated-endpoints';
