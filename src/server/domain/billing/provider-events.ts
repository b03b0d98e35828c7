/**
 * A payment provider's webhook event, applied (the Stripe adapter reads it: billing/stripe.ts): a paid
 * checkout, a paid renewal, a subscription changed at the provider. The path runs one way: the route
 * reads the event through the adapter, this applies it with the use cases beside it, and they reach the
 * provider only through the port (BillingProvider). Each event applies once (processed_events); a
 * subscription event older than the newest one applied is skipped, and the subscription is re-read from
 * the provider rather than taken from the payload, because providers repeat events and deliver them out
 * of order.
 */
import type { ProviderEvent } from '../../billing/provider.js';
import { subscriptionEnded } from '../../db/subscription-status.js';
import { renewBillingPeriod } from '../credits.js';
import { upstreamFailed } from '../errors.js';
import { applyProviderQuantities } from './provider-quantities.js';
import { completeCheckout } from './paid-checkout.js';
import type { SeatServices } from './seat-sync.js';
import { message } from '../../../contract/messages.js';

const UNKNOWN_SUBSCRIPTION = message('stripe_subscription_unknown');

/**
 * How long a delivery may apply an event before a retry takes it over: far longer than applying one takes
 * (a few calls to the provider), so only a process that died while applying it lets it go.
 */
const EVENT_CLAIM_MS = 10 * 60_000;

export async function applyProviderEvent(services: SeatServices, event: ProviderEvent): Promise<void> {
  const { repos } = services;
  // Applied already, or being applied by another delivery: providers retry deliveries.
  const now = new Date();
  const until = new Date(now.getTime() + EVENT_CLAIM_MS);
  if (!(await repos.billing.claimEvent(event.id, event.type, now, until))) return;
  try {
    await applyChange(services, event);
  } catch (error) {
    // Let the provider retry later: forget that we saw it.
    await repos.billing.forgetEvent(event.id, until);
    throw error;
  }
  await repos.billing.markEventDone(event.id, until);
}

async function applyChange(services: SeatServices, event: ProviderEvent): Promise<void> {
  const { change } = event;
  switch (change.kind) {
    case 'checkout_paid':
      await completeCheckout(services, change.checkoutId, {
        subscriptionId: change.subscriptionId,
        customerId: change.customerId,
        paymentMethod: change.paymentMethod,
      });
      return;
    case 'renewal_paid': {
      // A renewal starts the next billing period: plan credits are granted again (unused ones expire,
      // top-ups stay) for everyone the subscription covers (docs/product.md#renewal).
      const payer = await services.repos.users.findPayerOf(change.subscriptionId);
      if (payer) await renewBillingPeriod(services.repos, payer);
      return;
    }
    case 'subscription_changed':
      // Under the subscription's lock (seat-sync.ts): a purchase in place asks the provider first and
      // adds the seats here after; this event for that very change must not make our seats the
      // provider's new quantity in between, or the purchase would add its seats a second time (and the
      // push invoice them). So it waits for the purchase to commit, then re-reads the provider. Nothing
      // in here takes the lock again.
      await services.seatLock.run(change.subscriptionId, () =>
        applySubscriptionChange(services, change.subscriptionId, event.createdAt),
      );
      return;
    case 'none':
      return;
  }
}

/** A subscription's change at the provider becomes ours (only under its lock, see applyChange). */
async function applySubscriptionChange(
  services: SeatServices,
  subscriptionId: string,
  eventTime: Date,
): Promise<void> {
  const { repos } = services;
  // Out-of-order delivery: an event older than the newest one applied to this subscription is stale.
  const appliedAt = await repos.billing.providerEventAt(subscriptionId);
  if (appliedAt && appliedAt > eventTime) return;
  // The payload is a snapshot of when the event happened; the provider's subscription now is the truth.
  const subscription = await services.billing.retrieveSubscription(subscriptionId);
  if (!subscription) throw upstreamFailed(UNKNOWN_SUBSCRIPTION);
  const ended = subscriptionEnded(subscription.status);
  await repos.transaction(async (tx) => {
    await tx.users.updatePayersOf(subscription.id, {
      stripe_status: subscription.status,
      next_payment_date: subscription.currentPeriodEnd ?? null,
      ...(ended ? { stripe_product: 'free' } : {}),
    });
    await tx.billing.setSubscriptionStatus(subscription.id, subscription.status);
    await tx.billing.setProviderEventAt(subscription.id, eventTime);
  });
  // Seats changed in the provider's portal (or anywhere else) become the organization's purchased seats.
  await applyProviderQuantities(repos, subscription);
}
