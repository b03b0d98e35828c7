/**
 * Every change of purchased seats goes through the payment provider (docs/decisions/0002-seat-sync-policy.md):
 * a paid checkout (paid-checkout.ts), a cancelled plan (cancel-plan.ts), seats lowered (seat-reduction.ts)
 * or bought on an existing subscription (seat-purchase.ts) end with the provider's subscription carrying
 * the organization's purchased seats, and what the provider answers (re-read) is stored. This is the push
 * they share: our books, sent through the port under the subscription's lock.
 */
import type { BillingProvider, SubscriptionLock } from '../../billing/provider.js';
import type { Repositories } from '../../repositories/index.js';
import type { WarnLog } from './one-subscription.js';
import { applyProviderQuantities } from './provider-quantities.js';
import { quantitiesOf } from './provider-subscription.js';
import { intervalOf, type Interval } from './quote.js';
import { sameSeats } from './seat-drift.js';

export interface SeatServices {
  repos: Repositories;
  billing: BillingProvider;
  /** One push to the provider per subscription at a time (subscription-lock.ts). */
  seatLock: SubscriptionLock;
  /** Where a replaced second subscription is reported (the request's log). */
  log?: WarnLog;
}

interface PushTarget {
  seats: { standard: number; pro: number };
  interval: Interval;
}

/**
 * What the provider's subscription should carry now: the purchased seats of the organization it pays for
 * (or, for a single plan, our record of it).
 */
export async function booksOf(repos: Repositories, subscriptionId: string): Promise<PushTarget | undefined> {
  const org = await repos.organizations.findBySubscription(subscriptionId);
  const record = await repos.billing.findSubscription(subscriptionId);
  const seats = org
    ? { standard: org.seats_standard, pro: org.seats_pro }
    : record && quantitiesOf(record.items);
  return seats && { seats, interval: intervalOf(record?.interval) };
}

/**
 * Sends `target`, then whatever was committed meanwhile, until the provider carries our books; when the
 * provider answers other quantities, those are what the customer pays for and they are stored instead.
 * Only under the subscription's lock.
 */
export async function followBooks(
  services: SeatServices,
  subscriptionId: string,
  target: PushTarget | undefined,
): Promise<void> {
  for (let attempt = 0; target && attempt < 5; attempt += 1) {
    const answered = await services.billing.setQuantities(subscriptionId, target.seats, target.interval);
    if (!sameSeats(answered.quantities, target.seats)) {
      await applyProviderQuantities(services.repos, answered);
      return;
    }
    const now = await booksOf(services.repos, subscriptionId);
    if (!now || sameSeats(now.seats, target.seats)) return;
    target = now;
  }
}

/**
 * Makes the provider's subscription carry the purchased seats of the organization it pays for (or, for
 * a single plan, our record of it); called after our change committed.
 */
export async function pushSubscription(services: SeatServices, subscriptionId: string): Promise<void> {
  // Under the subscription's lock, what to send is read and sent as one step: two pushes never cross,
  // so the provider never goes down and back up (which Stripe would invoice twice). A change committed
  // meanwhile is picked up by reading again after the push.
  await services.seatLock.run(subscriptionId, async () =>
    followBooks(services, subscriptionId, await booksOf(services.repos, subscriptionId)),
  );
}
