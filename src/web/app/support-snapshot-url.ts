/**
 * Where the user was, as a support snapshot and the store keep it: an allow-list, not a deny-list. A path
 * keeps only route words (and the one parameter that is no secret, a member's id); a query keeps the
 * values of the parameters listed here and shows any other one as `[redacted]`. A link that carries a
 * credential (`/join/<token>`, `?token=`, `?code=`...) is thus left out whatever its parameter is called,
 * and a new parameter stays hidden until someone decides support needs it.
 */
import { REDACTED } from './devtools-sanitizer';

/** Query parameters whose values support may read: flags, choices and campaign words, never credentials. */
const SHOWN_PARAMETERS = new Set([
  'reauth',
  'software',
  'coupon',
  'error',
  'first_install',
  'installed',
  'dark_mode',
  'clear',
  'schedule',
  'plan',
  'seats',
  'page',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'utm_term',
  'utm_content',
]);

/** A parameter whose value is an in-app path: shown by the same rules. */
const PATH_PARAMETERS = new Set(['next']);

/** A route word: lower-case letters and hyphens (`dashboard`, `forgot-password`), never a token. */
const ROUTE_WORD = /^[a-z]+(?:-[a-z]+)*$/;

/** `/dashboard/member/edit/<user id>`: the id names a member, it opens nothing by itself. */
function isShownParameterSegment(segments: readonly string[], index: number): boolean {
  return index === 4 && segments[1] === 'dashboard' && segments[2] === 'member' && segments[3] === 'edit';
}

/** The path with every segment that is not a route word (a token, an id, a typo) replaced. */
function shownPath(pathname: string): string {
  const segments = pathname.split('/');
  return segments
    .map((segment, index) =>
      segment === '' ||
      (ROUTE_WORD.test(segment) && segments[index - 1] !== 'join') ||
      isShownParameterSegment(segments, index)
        ? segment
        : REDACTED,
    )
    .join('/');
}

/** The query (with its `?`, or '') keeping only the values of the parameters support may read. */
function shownSearch(search: string): string {
  const params = new URLSearchParams(search);
  const shown = new URLSearchParams();
  for (const [key, value] of params) {
    if (SHOWN_PARAMETERS.has(key)) shown.append(key, value);
    else if (PATH_PARAMETERS.has(key) && value.startsWith('/')) shown.append(key, shownUrl(value));
    else shown.append(key, REDACTED);
  }
  const query = shown.toString();
  return query ? `?${query}` : '';
}

/** An in-app URL (path and query; a fragment is dropped: OAuth answers put tokens there). */
function shownUrl(url: string): string {
  const parsed = new URL(url, 'http://app.invalid');
  return `${shownPath(parsed.pathname)}${shownSearch(parsed.search)}`;
}

/** A location as the store keeps it. */
export function shownLocation(location: { pathname: string; search: string }): {
  pathname: string;
  search: string;
} {
  return { pathname: shownPath(location.pathname), search: shownSearch(location.search) };
}
