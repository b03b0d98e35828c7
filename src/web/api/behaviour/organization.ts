/** The `organization` endpoints' tags: what the Organization page and the user's seats show changes with them. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
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
  // The name shows through the user's organization; the audit log records the rename.
  renameOrganization: { invalidatesTags: onSuccess('User', 'Audit') },
  // A signed-in invitee who joins becomes a member.
  acceptInvite: {
    // 'member' too: another tab may have joined, which this tab's session does not know yet.
    invalidatesTags: (result) =>
      result?.data.outcome === 'joined' || result?.data.outcome === 'member' ? ['User', 'Members'] : [],
  },
  // Joining by an invitation link makes the user a member.
  acceptInviteLink: { invalidatesTags: onSuccess('Members', 'User') },
} satisfies Behaviours;
