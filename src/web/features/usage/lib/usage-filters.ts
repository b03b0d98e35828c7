/** The Usage page's filters (docs/product.md#usage): a UTC period, an optional member and feature, the members' page. */
import { downloadLink } from '../../../lib/download-link';

export interface UsageFilters {
  from: string;
  to: string;
  /** A member of the team (admins), with the name shown on the filter chip. */
  member: { id: string; label: string } | null;
  feature: string;
}

const day = (date: Date) => date.toISOString().slice(0, 10);

/** This month so far (UTC), the period a page opens on. */
export function defaultFilters(now = new Date()): UsageFilters {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  return { from: day(first), to: day(now), member: null, feature: '' };
}

/** What the filters ask of the server (get-usage-report and export-credit-ledger take the same). */
export function reportQuery(filters: UsageFilters): {
  from: string;
  to: string;
  user_id?: string;
  feature?: string;
} {
  return {
    from: filters.from,
    to: filters.to,
    ...(filters.member ? { user_id: filters.member.id } : {}),
    ...(filters.feature ? { feature: filters.feature } : {}),
  };
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
