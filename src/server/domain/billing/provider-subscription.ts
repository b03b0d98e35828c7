/** What a provider's subscription means to the rules: whether it still bills, and the seats it carries. */
import type { ProviderSubscription } from '../../billing/provider.js';
import type { PurchasedSeats } from '../../../shared/seats.js';

/**
 * Statuses in which a subscription still bills the customer or will retry doing so: a second
 * subscription beside one of these bills twice. ('incomplete' is left out: its first payment failed and
 * it expires by itself within a day, so it must not block paying again.)
 */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

/** Whether a subscription in this status still bills its customer, or will retry (LIVE_STATUSES). */
export function stillBills(status: string | null): boolean {
  return status !== null && LIVE_STATUSES.has(status);
}

export function isLive(subscription: ProviderSubscription | undefined): subscription is ProviderSubscription {
  return (
    subscription !== undefined &&
    stillBills(subscription.status) &&
    subscription.quantities.standard + subscription.quantities.pro > 0
  );
}

/** Quantities of a subscription's items, per seat product (other products are not seats). */
export function quantitiesOf(items: readonly { product: string; quantity: number }[]): PurchasedSeats {
  const quantities = { standard: 0, pro: 0 };
  for (const item of items) {
    if (item.product === 'standard' || item.product === 'pro') quantities[item.product] += item.quantity;
  }
  return quantities;
}
