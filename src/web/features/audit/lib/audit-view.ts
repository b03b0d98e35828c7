/**
 * The Audit page's view, kept in the URL (lib/url-view.ts): `?event=member.removed&person=ada&from=2026-01-01
 * &to=2026-01-31&page=2&size=50`. The page asks list-audit-events with it, and the route's loader starts the
 * same request before the page's chunk has arrived (app/route-data.ts).
 */
import type { QueryParams } from '../../../../contract/types';
import { AUDIT_EVENT_TYPES, type AuditEventType } from '../../../../shared/audit-events';
import {
  choiceField,
  dayField,
  numberField,
  pageField,
  readView,
  textField,
  type ViewSchema,
} from '../../../lib/url-view';
import { readDay } from './day-filter';

export const AUDIT_PAGE_SIZES = [25, 50, 100] as const;

export interface AuditView {
  /** An event type, or '' for all. */
  type: AuditEventType | '';
  /** Who acted or was acted on (an address, or part of one). */
  person: string;
  /** The period's first and last days (YYYY-MM-DD, local time), '' for no limit. */
  from: string;
  to: string;
  page: number;
  size: (typeof AUDIT_PAGE_SIZES)[number];
}

export const auditViewSchema: ViewSchema<AuditView> = {
  type: choiceField<AuditEventType | ''>('event', ['', ...AUDIT_EVENT_TYPES], ''),
  person: textField('person', 200),
  from: dayField('from'),
  to: dayField('to'),
  page: pageField('page', 100_000),
  size: numberField('size', AUDIT_PAGE_SIZES, 25),
};

export function readAuditView(params: URLSearchParams): AuditView {
  return readView(auditViewSchema, params);
}

export type AuditFilters = Omit<QueryParams<'listAuditEvents'>, 'page' | 'page_size'>;

/** What the view filters by (the list and the CSV export take the same). */
export function auditFilters(view: AuditView): AuditFilters {
  const from = readDay(view.from);
  const to = readDay(view.to, true);
  return {
    ...(view.type ? { type: view.type } : {}),
    ...(view.person ? { person: view.person } : {}),
    ...(from.kind === 'day' ? { from: from.seconds } : {}),
    ...(to.kind === 'day' ? { to: to.seconds } : {}),
  };
}

/** The list-audit-events request of a view. */
export function auditQuery(view: AuditView): QueryParams<'listAuditEvents'> {
  return { ...auditFilters(view), page: view.page + 1, page_size: view.size };
}
