import { useGetOrganizationMembersQuery } from '../../../api/endpoints/organization';
import { SEARCH_DEBOUNCE_MS } from '../lib/members-view';
import { seatMoveTargets, type OrganizationMember } from '../lib/members';
import { useDebouncedValue } from './use-debounced-value';

/** How many members on Free one search offers: enough to choose from, small whatever the organization's size. */
const SEAT_MOVE_TARGETS_PER_SEARCH = 20;

const NONE: OrganizationMember[] = [];

/**
 * docs/product.md#seats: who can take `from`'s seat, searched by the server among all members on Free whose role may
 * hold a seat (the right colleague of an organization of 10,000 is rarely on the loaded page; filtering
 * roles in the browser would leave a page of billing managers empty). The server is asked once the
 * typing pauses.
 */
export function useSeatMoveTargets(from: OrganizationMember, search: string) {
  const typed = search.trim();
  const settled = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const answer = useGetOrganizationMembersQuery({
    product: 'free',
    seat_holders: true,
    search: settled || undefined,
    per_page: SEAT_MOVE_TARGETS_PER_SEARCH,
  });
  const members = answer.data?.data.users ?? NONE;
  return {
    targets: answer.isError ? NONE : seatMoveTargets(from, members),
    /** Typing has not settled yet, or the server has not answered it. */
    searching: typed !== settled || answer.isFetching,
    /** What the shown targets were searched with ('' for none). */
    searchedFor: settled,
    error: answer.isError ? answer.error : undefined,
    retry: () => void answer.refetch(),
  };
}
