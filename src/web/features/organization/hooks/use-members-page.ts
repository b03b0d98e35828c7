import { useEffect } from 'react';
import { useGetOrganizationMembersQuery } from '../../../api/endpoints/organization';
import { useUrlView } from '../../../components/paged-table';
import { lastPageIndex } from '../lib/members';
import { INVITATIONS_PAGE_SIZE, membersQuery, membersViewSchema } from '../lib/members-view';

/**
 * The Organization page's members and invitations as its URL's view asks them (lib/members-view.ts).
 * Every section of the page calls it: they share one request (and its cache entry).
 */
export function useMembersPage() {
  const { view, update } = useUrlView(membersViewSchema);
  const members = useGetOrganizationMembersQuery(membersQuery(view));
  const data = members.data?.data;
  return {
    view,
    update,
    members,
    data,
    /** The last pages there are (0-based), 0 before the answer. */
    lastPage: data ? lastPageIndex(data.total, view.size) : 0,
    lastInvitationsPage: data ? lastPageIndex(data.invitations_total, INVITATIONS_PAGE_SIZE) : 0,
  };
}

/**
 * A page past the end (after removals, or typed into the URL) shows the last page instead, in place of
 * the URL's (no new history entry).
 */
export function useClampedPages({ view, update, members, lastPage, lastInvitationsPage }: MembersPage) {
  const settled = !members.isFetching && members.data !== undefined;
  useEffect(() => {
    if (!settled || (view.page <= lastPage && view.invitationsPage <= lastInvitationsPage)) return;
    update(
      {
        page: Math.min(view.page, lastPage),
        invitationsPage: Math.min(view.invitationsPage, lastInvitationsPage),
      },
      { replace: true },
    );
  }, [settled, view.page, lastPage, view.invitationsPage, lastInvitationsPage, update]);
}

export type MembersPage = ReturnType<typeof useMembersPage>;
