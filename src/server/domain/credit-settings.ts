/**
 * An organization's credit settings (docs/product.md#credit-alerts): the alerts its admins chose, saved and
 * audited here, and the cap members start with, set on whoever joins, whatever the way in.
 */
import type { User } from '../db/schema.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import type { CreditSettings } from '../repositories/credit-settings.js';
import { personOf } from '../repositories/audit.js';
import { ensureOrganization } from './organizations.js';

/** The cap a member joining the organization starts with (any way in: createAccount, joinOrganization). */
export async function applyDefaultCap(tx: InTransaction, userId: number, organizationId: number) {
  const { default_monthly_cap: cap } = await tx.creditSettings.of(organizationId);
  if (cap !== null) await tx.users.update(userId, { monthly_cap: cap });
}

/** Saves an admin's choice, audited with what it now is; creates the organization as a rename does. */
export async function saveCreditSettings(
  repos: Repositories,
  admin: User,
  settings: CreditSettings,
  ip: string,
): Promise<void> {
  await repos.transaction(async (tx) => {
    const org = await ensureOrganization(tx, admin);
    await tx.creditSettings.save(org.id, settings);
    await tx.audit.record({
      type: 'credits.alerts_changed',
      organizationId: org.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: {
        cap_warning: settings.cap_warning_alert,
        cap_reached: settings.cap_reached_alert,
        pool_below: settings.pool_below_alert,
        credit_requests: settings.credit_request_alert,
        default_cap: settings.default_monthly_cap,
      },
    });
  });
}
