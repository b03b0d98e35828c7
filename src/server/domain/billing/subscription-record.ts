/**
 * Our record of a subscription (what /org-subscription reads) and the audit line of seats that changed
 * other than by a purchase: written by every billing use case that changes seats or a plan.
 */
import { planKeyOf } from '../../../shared/plans.js';
import type { Organization, SubscriptionItem, User } from '../../db/schema.js';
import { personOf } from '../../repositories/audit.js';
import type { InTransaction } from '../../repositories/index.js';
import { priceOf, type Interval } from './quote.js';

/** Writes the subscription record: the organization's seats, or the buyer's single plan. */
export async function saveSubscription(
  tx: InTransaction,
  user: User,
  org: Organization | undefined,
  subscriptionId: string,
  interval: Interval,
  status: string,
): Promise<void> {
  const plans = await tx.catalogue.plans();
  const items: SubscriptionItem[] = [];
  const add = (slug: string, quantity: number) => {
    const plan = plans.get(slug);
    if (!plan || quantity <= 0) return;
    const { priceId, amount } = priceOf(plan, interval);
    items.push({ price_id: priceId, product: slug, unit_amount: amount, quantity });
  };
  if (org) {
    add('standard', org.seats_standard);
    add('pro', org.seats_pro);
  } else {
    add(planKeyOf(user.stripe_product), 1);
  }
  await tx.billing.saveSubscription({
    id: subscriptionId,
    user_id: user.id,
    organization_id: org?.id ?? null,
    interval,
    status,
    items,
  });
}

/** Purchased seats that changed other than by a purchase, in the audit log (nothing when they did not). */
export async function recordSeatChange(
  tx: InTransaction,
  before: Organization,
  after: { standard: number; pro: number },
  { actor, by, ip = null }: { actor: User | null; by: string; ip?: string | null },
): Promise<void> {
  if (before.seats_standard === after.standard && before.seats_pro === after.pro) return;
  await tx.audit.record({
    type: 'billing.seats_changed',
    organizationId: before.id,
    actor: actor && personOf(actor),
    target: null,
    ip,
    details: {
      standard: `${before.seats_standard} → ${after.standard}`,
      pro: `${before.seats_pro} → ${after.pro}`,
      by,
    },
  });
}
