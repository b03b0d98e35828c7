/**
 * How long the audit log is kept (docs/product.md#audit-log): an organization's choice of at least 365
 * days (the contract's AuditRetentionDays; 365 when it chose none, and for entries of no organization),
 * applied by the hourly purge. Nothing younger than 365 days is ever deleted: the rule here, the table's
 * check and the audit table's trigger (migration 0064) all hold it.
 */
import { message } from '../../contract/messages.js';
import { schemaLimits } from '../../contract/limits.js';
import type { User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { Repositories } from '../repositories/index.js';
import { requirePermission } from './authorization.js';
import { invalid } from './errors.js';
import { ensureOrganization } from './organizations.js';

const { minimum: MIN_DAYS, maximum: MAX_DAYS } = schemaLimits.AuditRetentionDays;

/** Entries deleted per statement: a first purge of years of entries goes in bounded steps. */
const PURGE_BATCH = 5000;

/** The organization's retention in days. */
export async function auditRetentionOf(repos: Repositories, organizationId: number | null): Promise<number> {
  if (organizationId === null) return MIN_DAYS;
  return (await repos.auditStream.retentionOf(organizationId)) ?? MIN_DAYS;
}

export async function saveAuditRetention(
  repos: Repositories,
  admin: User,
  days: number,
  ip: string | null,
): Promise<void> {
  requirePermission(admin, 'audit.manage');
  // The contract refuses these first; the rule holds for any other caller too.
  if (!Number.isInteger(days) || days < MIN_DAYS || days > MAX_DAYS) {
    throw invalid(
      message(days < MIN_DAYS ? 'field_below_minimum' : 'field_above_maximum', {
        label: 'Retention days',
        limit: String(days < MIN_DAYS ? MIN_DAYS : MAX_DAYS),
      }),
    );
  }
  await repos.transaction(async (tx) => {
    const org = await ensureOrganization(tx, admin);
    await tx.organizations.findById(org.id, { forUpdate: true });
    const before = (await tx.auditStream.retentionOf(org.id)) ?? MIN_DAYS;
    if (before === days) return;
    await tx.auditStream.saveRetention(org.id, days);
    await tx.audit.record({
      type: 'audit.retention_changed',
      organizationId: org.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: { from: before, to: days },
    });
  });
}

/**
 * Deletes every entry past its organization's retention at `now`, and records in each organization's
 * log how many went (`audit.entries_purged`). Answers the number deleted.
 */
export async function purgeAuditLog(repos: Repositories, now: Date): Promise<number> {
  const purged = new Map<number | null, number>();
  let total = 0;
  for (;;) {
    const organizations = await repos.transaction((tx) => tx.audit.purgeBatch(now, MIN_DAYS, PURGE_BATCH));
    for (const id of organizations) purged.set(id, (purged.get(id) ?? 0) + 1);
    total += organizations.length;
    if (organizations.length < PURGE_BATCH) break;
  }
  for (const [organizationId, entries] of purged) {
    if (organizationId === null) continue;
    await repos.audit.record({
      type: 'audit.entries_purged',
      organizationId,
      actor: null,
      target: null,
      ip: null,
      details: { entries, days: await auditRetentionOf(repos, organizationId) },
    });
  }
  return total;
}
