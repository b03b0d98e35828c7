/**
 * What each call provides and what each mutation refreshes, in one place (Grafana style): when a screen
 * shows stale data after a change, this is the file to read. Importing it also makes sure every domain
 * file has injected its endpoints (the store imports it).
 */
import { authApi } from './auth';
import { baseApi } from './baseApi';
import { billingApi } from './billing';
// Catalogue data (CRM records, prices, coupons) changes with nothing the app does: no tags, but its
// endpoints are injected here too, so importing this file registers every endpoint.
import './catalogue';
import { crmApi } from './crm';
import { organizationApi } from './organization';
import { userApi } from './user';

export const tagTypes = ['User', 'Members', 'OrgSubscription'] as const;
export type TagType = (typeof tagTypes)[number];

/** Invalidate only when the call succeeded: a failed mutation changed nothing worth refetching. */
function onSuccess(...tags: TagType[]) {
  return (result: unknown) => (result === undefined ? [] : tags);
}

// Another person's session must not see the previous one's cached members or subscription.
const sessionChange = onSuccess('User', 'Members', 'OrgSubscription');

userApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    getUser: { providesTags: ['User'] },
    setSettings: { invalidatesTags: onSuccess('User') },
    setUserBoolean: { invalidatesTags: onSuccess('User') },
  },
});

authApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    login: { invalidatesTags: sessionChange },
    signup: { invalidatesTags: sessionChange },
    googleAuth: { invalidatesTags: sessionChange },
    logout: { invalidatesTags: sessionChange },
  },
});

crmApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    // The user's connection ids change.
    verifySettings: { invalidatesTags: onSuccess('User') },
    accessToken: { invalidatesTags: onSuccess('User') },
    disconnect: { invalidatesTags: onSuccess('User') },
  },
});

organizationApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    getOrganizationMembers: { providesTags: ['Members'] },
    // The first invitation creates the organization, which the user record carries.
    inviteUser: { invalidatesTags: onSuccess('Members', 'User') },
    resendInvitation: { invalidatesTags: onSuccess('Members') },
    // Member count and seats in use are part of the user's organization.
    removeOrganizationUser: { invalidatesTags: onSuccess('Members', 'User') },
    setUserProduct: { invalidatesTags: onSuccess('Members', 'User') },
  },
});

billingApi.enhanceEndpoints({
  addTagTypes: tagTypes,
  endpoints: {
    getOrgSubscription: { providesTags: ['OrgSubscription'] },
    checkout: { invalidatesTags: onSuccess('User', 'Members', 'OrgSubscription') },
    buyMoreSeats: { invalidatesTags: onSuccess('User', 'Members', 'OrgSubscription') },
  },
});

/** The API typed with its tag types, e.g. for `api.util.invalidateTags(['User'])`. */
export const taggedApi = baseApi.enhanceEndpoints({ addTagTypes: tagTypes });
