/**
 * The Organization page's view of its members and invitations, kept in the URL (lib/url-view.ts):
 * `?q=ada&sort=name&order=desc&page=3&size=10&invitations_page=2`. The page asks get-organization-members
 * with it, and the route's loader starts the same request before the page's chunk has arrived
 * (app/route-data.ts), so the two must be the same request for the second to find the first's answer.
 */
import type { QueryParams } from '../../../../contract/types';
import {
  choiceField,
  numberField,
  pageField,
  readView,
  textField,
  type ViewSchema,
} from '../../../lib/url-view';
import { dashboardPaths } from '../../../lib/paths';
import type { MemberSort, SortOrder } from './members';

/** Page sizes stay small so the DOM stays small whatever the size of the organization. */
export const MEMBER_PAGE_SIZES = [10, 25, 50] as const;

export const INVITATIONS_PAGE_SIZE = 10;

const SORTS: readonly MemberSort[] = ['name', 'email', 'role', 'product', 'joined'];
const ORDERS: readonly SortOrder[] = ['asc', 'desc'];

export interface MembersView {
  /** The search (name or email contains). */
  q: string;
  sort: MemberSort;
  order: SortOrder;
  /** The members' page, 0-based. */
  page: number;
  size: (typeof MEMBER_PAGE_SIZES)[number];
  /** The invitations' page, 0-based. */
  invitationsPage: number;
}

export const membersViewSchema: ViewSchema<MembersView> = {
  q: textField('q', 200),
  sort: choiceField('sort', SORTS, 'joined'),
  order: choiceField('order', ORDERS, 'asc'),
  page: pageField('page', 1_000_000),
  size: numberField('size', MEMBER_PAGE_SIZES, 25),
  invitationsPage: pageField('invitations_page', 1_000_000),
};

export function readMembersView(params: URLSearchParams): MembersView {
  return readView(membersViewSchema, params);
}

/** The get-organization-members request of a view; the default view asks only `page` and `per_page`. */
export function membersQuery(view: MembersView): QueryParams<'getOrganizationMembers'> {
  const sorted =
    view.sort !== membersViewSchema.sort.fallback || view.order !== membersViewSchema.order.fallback;
  return {
    page: view.page + 1,
    per_page: view.size,
    ...(view.q ? { search: view.q } : {}),
    ...(sorted ? { sort: view.sort, order: view.order } : {}),
    ...(view.invitationsPage > 0
      ? { invitations_page: view.invitationsPage + 1, invitations_per_page: INVITATIONS_PAGE_SIZE }
      : {}),
  };
}

/** A members search asks the server once the typing pauses this long, not on every keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * Where the member edit page returns to: the Organization page in the view its Edit link was clicked in
 * (the link's history state, lib/row-actions.ts), or the page's first view.
 */
export function organizationReturnPath(state: unknown): string {
  const returnTo = (state as { returnTo?: unknown } | null)?.returnTo;
  const inView =
    typeof returnTo === 'string' &&
    (returnTo === dashboardPaths.organization || returnTo.startsWith(`${dashboardPaths.organization}?`));
  return inView ? returnTo : dashboardPaths.organization;
}
