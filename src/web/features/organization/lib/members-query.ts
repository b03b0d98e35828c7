/**
 * The get-organization-members query of the Organization page's first view, in one place: the page asks
 * it, and the app starts it before the page's chunk has arrived (app/route-data.ts), so the two must be
 * the same request for the second to find the first's answer.
 */
export const MEMBERS_FIRST_PAGE_SIZE = 25;

export const firstMembersQuery = { page: 1, per_page: MEMBERS_FIRST_PAGE_SIZE } as const;

/** A members search asks the server once the typing pauses this long, not on every keystroke. */
export const SEARCH_DEBOUNCE_MS = 300;
