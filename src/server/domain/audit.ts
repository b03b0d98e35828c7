/** The audit log's presentation: entries as the contract's AuditEvent and as CSV rows. Pure. */
import type { components } from '../../contract/api.js';
import { AUDIT_EVENT_LABELS, auditDetailsText, isAuditEventType } from '../../shared/audit-events.js';
import type { AuditRow } from '../repositories/audit.js';
import { epochSeconds } from './present.js';

type AuditEvent = components['schemas']['AuditEvent'];

const AUDIT_CSV_HEADER = ['time', 'event', 'actor', 'target', 'address', 'details'];
/** The export's cap: a year of a busy organization's log fits; the page says when more matched. */
export const AUDIT_EXPORT_LIMIT = 10_000;

export function presentAuditEvent(row: AuditRow): AuditEvent {
  return {
    id: String(row.id),
    // Rows are written only through recordAuditEvent, whose type is an AuditEventType.
    type: row.type as AuditEvent['type'],
    created_at: epochSeconds(row.created_at)!,
    actor_email: row.actor_email,
    target_email: row.target_email,
    ip: row.ip,
    details: row.details,
  };
}

/** RFC 4180: a cell is quoted when it holds a quote, comma or line break. Formula-like cells are defused. */
function csvCell(value: string | null): string {
  let text = value ?? '';
  // A spreadsheet would run "=...", "+...", "-...", "@..." as a formula (CSV injection).
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function auditCsv(rows: AuditRow[]): string {
  const lines = [AUDIT_CSV_HEADER.join(',')];
  for (const row of rows) {
    lines.push(
      [
        new Date(row.created_at).toISOString(),
        isAuditEventType(row.type) ? AUDIT_EVENT_LABELS[row.type] : row.type,
        row.actor_email,
        row.target_email,
        row.ip,
        auditDetailsText(row.details),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
