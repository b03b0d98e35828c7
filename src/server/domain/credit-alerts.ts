/**
 * Credit alerts and the default cap (docs/product.md#credit-alerts). Admins choose which alerts they get: a
 * member at 75 % or 100 % of their monthly cap, the team pool below N credits, a member asking for credits.
 * An alert is mailed once per event and period: inserting its row in credit_alerts claims the mail, in the
 * transaction of the spend that caused it, so a retried or concurrent spend never mails it twice.
 */
import type { User } from '../db/schema.js';
import type { InTransaction } from '../repositories/index.js';
import type { AlertRecipient } from '../repositories/credit-settings.js';
import { ROLES, roleCan } from '../../shared/permissions.js';
import { capState } from '../../shared/credits.js';

/** What an alert tells the admins. */
export type CreditAlert =
  | { event: 'cap_warning' | 'cap_reached'; member: User; cap: number; spent: number }
  | { event: 'pool_low'; pool: number; threshold: number };

/** Who gets the alerts: the roles that govern credits (set caps, grant from the pool). */
const GOVERNING_ROLES = ROLES.filter((role) => roleCan(role, 'credits.govern'));

/** The admins the organization's alerts and requests for credits go to, each with their language. */
export async function alertRecipients(
  tx: Pick<InTransaction, 'creditSettings'>,
  organizationId: number,
): Promise<AlertRecipient[]> {
  return tx.creditSettings.recipients(organizationId, GOVERNING_ROLES);
}

/**
 * The alerts a spend just caused, each claimed (mailed by the caller). `drewFromPool`: the spend took
 * credits from the team pool, whose row the transaction holds.
 */
export async function alertsAfterSpend(
  tx: InTransaction,
  member: User,
  drewFromPool: boolean,
): Promise<CreditAlert[]> {
  const organizationId = member.organization_id;
  const cap = member.monthly_cap;
  const state = capState(member.period_spent, cap);
  // Most spends are far from any threshold: they read no settings.
  const nearCap = state === 'warning' || state === 'reached';
  if (organizationId === null || (!nearCap && !drewFromPool)) return [];
  const settings = await tx.creditSettings.of(organizationId);
  const alerts: CreditAlert[] = [];
  if (cap !== null && nearCap) {
    const period = member.credit_period_start.toISOString();
    const claim = (event: 'cap_warning' | 'cap_reached') =>
      tx.creditSettings.claim(organizationId, event, String(member.id), period);
    const spent = member.period_spent;
    if (state === 'reached' && settings.cap_reached_alert) {
      const first = await claim('cap_reached');
      // One mail for a spend that passes both thresholds at once; the 75 % alert is then not news.
      await claim('cap_warning');
      if (first) alerts.push({ event: 'cap_reached', member, cap, spent });
    } else if (settings.cap_warning_alert) {
      if (await claim('cap_warning')) alerts.push({ event: 'cap_warning', member, cap, spent });
    }
  }
  const threshold = settings.pool_below_alert;
  if (drewFromPool && threshold !== null) {
    const pool = await tx.creditPool.balance(organizationId);
    if (pool < threshold) {
      // Each fall below the threshold is named by the last entry that left the pool at or above it: the
      // alert comes again only once the pool was topped back up to the threshold and fell again.
      const since = await tx.creditSettings.lastPoolEntryAtOrAbove(organizationId, threshold);
      if (await tx.creditSettings.claim(organizationId, 'pool_low', '', `${threshold}:${since}`)) {
        alerts.push({ event: 'pool_low', pool, threshold });
      }
    }
  }
  return alerts;
}
