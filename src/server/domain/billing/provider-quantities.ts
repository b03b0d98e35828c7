/**
 * The provider's subscription is what the customer pays for (docs/decisions/0002-seat-sync-policy.md):
 * its quantities become the purchased seats of the organization it pays for. Used when the provider
 * answers other quantities than we sent, when it tells us of a change (webhook), and by the seat
 * reconciliation's --fix.
 */
import type { Organization } from '../../db/schema.js';
import type { Repositories } from '../../repositories/index.js';
import { intervalOf } from './quote.js';
import { recordSeatChange, saveSubscription } from './subscription-record.js';

/**
 * The organization the subscription pays for gets exactly its seats, and our record follows. Members
 * already holding more seats than that keep them; the seat reconciliation reports it. Answers the
 * organization, or undefined when the subscription pays for none (a single plan).
 */
export async function applyProviderQuantities(
  repos: Repositories,
  subscription: { id: string; status: string; quantities: { standard: number; pro: number } },
): Promise<Organization | undefined> {
  return repos.transaction(async (tx) => {
    const record = await tx.billing.findSubscription(subscription.id);
    const found = await tx.organizations.findBySubscription(subscription.id);
    if (!found) return undefined;
    const before = (await tx.organizations.findById(found.id, { forUpdate: true }))!;
    await recordSeatChange(tx, before, subscription.quantities, { actor: null, by: 'payment provider' });
    const org = await tx.organizations.setSeats(found.id, {
      standard: subscription.quantities.standard,
      pro: subscription.quantities.pro,
      subscriptionId: subscription.id,
    });
    const payer =
      (record ? await tx.users.findById(record.user_id) : undefined) ??
      (org.billing_admin_id === null ? undefined : await tx.users.findById(org.billing_admin_id));
    if (payer) {
      await saveSubscription(
        tx,
        payer,
        org,
        subscription.id,
        intervalOf(record?.interval),
        record?.status ?? subscription.status,
      );
    }
    return org;
  });
}
