/**
 * The Usage page's view (docs/product.md#usage), kept in the URL (lib/url-view.ts): a UTC period, an optional member
 * and feature, the members' page: `?from=2026-01-01&to=2026-01-31&member=u1&member_name=Ada&feature=
 * email_lookup&page=2&size=50`. The page asks get-usage-report with it, and the route's loader starts the
 * same request before the page's chunk has arrived (app/route-data.ts).
 */
import { downloadLink } from '../../../lib/download-link';
import {
  dayField,
  numberField,
  pageField,
  readView,
  textField,
  type ViewField,
  type ViewSchema,
} from '../../../lib/url-view';

export interface UsageFilters {
  from: string;
  to: string;
  /** A member of the team (admins), by id, '' for everyone; with the name shown on the filter chip. */
  member: string;
  memberName: string;
  feature: string;
}

export const USAGE_PAGE_SIZES = [10, 25, 50] as const;

export interface UsageView extends UsageFilters {
  /** The members' page, 0-based. */
  page: number;
  size: (typeof USAGE_PAGE_SIZES)[number];
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** This month so far (UTC), the period a page opens on. */
export function defaultFilters(now = new Date()): UsageFilters {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { from: day(first), to: day(now), member: '', memberName: '', feature: '' };
}

/** What a feature's name may be (the contract's CreditFeature). */
const featureField: ViewField<string> = {
  param: 'feature',
  fallback: '',
  read: (raw) => (/^[a-z0-9][a-z0-9_.-]{0,63}$/.test(raw) ? raw : undefined),
  write: String,
};

/** The view's schema: its defaults are this month so far, so it is made for `now`. */
export function usageViewSchema(now = new Date()): ViewSchema<UsageView> {
  const defaults = defaultFilters(now);
  return {
    from: dayField('from', defaults.from),
    to: dayField('to', defaults.to),
    member: textField('member', 64),
    memberName: textField('member_name', 200),
    feature: featureField,
    page: pageField('page', 100_000),
    size: numberField('size', USAGE_PAGE_SIZES, 25),
  };
}

/** The URL's view; a period the server would refuse (reversed, too long) is this month so far. */
export function readUsageView(schema: ViewSchema<UsageView>, params: URLSearchParams): UsageView {
  const view = readView(schema, params);
  if (periodProblem(view.from, view.to) === null) return view;
  return { ...view, from: schema.from.fallback, to: schema.to.fallback };
}

/** What the filters ask of the server (get-usage-report and export-credit-ledger take the same). */
function reportQuery(filters: UsageFilters): {
  from: string;
  to: string;
  user_id?: string;
  feature?: string;
} {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.member ? { user_id: filters.member } : {}),
    ...(filters.feature ? { feature: filters.feature } : {}),
  };
}

/** The get-usage-report request of a view: its filters and its page of members. */
export function usageReportQuery(view: UsageView) {
  return { ...reportQuery(view), page: String(view.page + 1), page_size: String(view.size) };
}

/** The CSV download of the ledger entries the filters select (a plain link: the browser downloads it). */
export function exportUrl(filters: UsageFilters): string {
  return downloadLink('/export-credit-ledger', reportQuery(filters));
}

/** Why a period cannot be asked for, or null. Mirrors the server (real days, in order, at most 366). */
export function periodProblem(from: string, to: string): string | null {
  const valid = (text: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
  if (!valid(from) || !valid(to)) return 'Pick a start and an end date.';
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000 + 1;
  if (days < 1) return 'The period ends before it starts.';
  if (days > 366) return 'Pick a period of at most 366 days.';
  return null;
}
