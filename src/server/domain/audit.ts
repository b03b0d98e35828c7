/** The audit log's presentation: entries as the contract's AuditEvent and as CSV rows. Pure. */
import type { components } from '../../contract/api.js';
import { AUDIT_EVENT_LABELS, auditDetailsText, isAuditEventType } from '../../shared/audit-events.js';
import type { AuditRow } from '../repositories/audit.js';
import { epochSeconds } from './present.js';

type AuditEvent = components['schemas']['AuditEvent'];

/** The audit export's columns (export-audit-events; the file is written by http/csv-download.ts). */
export const AUDIT_CSV_HEADER = ['time', 'event', 'actor', 'target', 'address', 'details'];

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

/** An entry as a row of the export, in AUDIT_CSV_HEADER's order: the event by its English label. */
export function auditCsvCells(row: AuditRow): (string | null)[] {
  return [
    new Date(row.created_at).toISOString(),
    isAuditEventType(row.type) ? AUDIT_EVENT_LABELS[row.type] : row.type,
    row.actor_email,
    row.target_email,
    row.ip,
    auditDetailsText(row.details),
  ];
}
