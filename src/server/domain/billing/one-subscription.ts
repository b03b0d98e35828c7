/**
 * One live subscription per paying account: a user's own plan and their organization's seats are
 * items of the same subscription, and a second one would bill the customer twice (README "Billing").
 *
 * - Checkout is for an account that pays for nothing yet (spec: a Free admin gets the plan cards; a
 *   paying one changes plan in the billing portal). A plan checkout while the provider still bills a
 *   subscription of the account is refused with 409, saying where to change the plan.
 * - A checkout that was opened before (two tabs) and paid anyway creates a second subscription at
 *   Stripe. The newest checkout (by when it was opened, whatever order the payments arrive in) wins: it
 *   becomes the account's one recorded subscription, takes over the seats, and the older one is
 *   cancelled with a credit for its unused time, and logged (paid-checkout.ts, then
 *   cancelReplacedSubscriptions below). Keeping
 *   the older one instead would leave the customer paying for a checkout that changed nothing.
 */
import type { CheckoutSession, User } from '../../db/schema.js';
import { REPLACED } from '../../db/subscription-status.js';
import { subscriptionIdsOf } from '../account-subscriptions.js';
import { conflict } from '../errors.js';
import type { InTransaction, Repositories } from '../../repositories/index.js';
import type { BillingProvider, ProviderSubscription } from '../../billing/provider.js';
import { isLive } from './provider-subscription.js';
import type { Interval } from './quote.js';
import { message } from '../../../contract/messages.js';

const ALREADY_SUBSCRIBED = message('subscription_already_active');

/** Where a rule reports what an operator should know (the request's log); domain/ knows no Fastify. */
export interface WarnLog {
  warn(details: object, message: string): void;
}

interface Providers {
  repos: Repositories;
  billing: BillingProvider;
}

/** The account's subscription the provider still bills, if any: the provider is asked, our record may lag. */
export async function liveSubscriptionOf(
  services: Providers,
  user: Pick<User, 'organization_id' | 'stripe_subscription_id'>,
): Promise<ProviderSubscription | undefined> {
  for (const id of await subscriptionIdsOf(services.repos, user)) {
    const subscription = await services.billing.retrieveSubscription(id);
    if (isLive(subscription)) return subscription;
  }
  return undefined;
}

export async function refuseSecondSubscription(services: Providers, user: User): Promise<void> {
  if (await liveSubscriptionOf(services, user)) throw conflict(ALREADY_SUBSCRIBED);
}

/**
 * Ends at the provider every subscription of the buyer's account that a paid checkout replaced (our
 * records say 'replaced'), once the replacing one carries the seats. Safe to repeat: a webhook retried
 * after a failure here finds the same records.
 */
export async function cancelReplacedSubscriptions(
  services: Providers & { log?: WarnLog },
  buyer: User,
): Promise<void> {
  const { repos, billing } = services;
  for (const id of await repos.billing.subscriptionsWithStatus(buyer, REPLACED)) {
    const replaced = await billing.retrieveSubscription(id);
    if (isLive(replaced)) {
      services.log?.warn(
        {
          userId: buyer.id,
          organizationId: buyer.organization_id,
          replaced: id,
          by: buyer.stripe_subscription_id,
        },
        'A paid checkout started a second subscription for an account that had one: the older one is cancelled, with a credit for its unused time',
      );
      await billing.cancelReplacedSubscription(id);
    }
    await repos.billing.setSubscriptionStatus(id, 'canceled');
  }
}

/**
 * Two checkouts paid from two tabs each start a subscription at the provider (Stripe), and their webhook
 * events may arrive in any order: the newest checkout, by when it was opened, wins whatever the order.
 * True when the account's current subscription (still live in our records) came from a checkout opened
 * after this one. A current subscription no known checkout made (paid before migration 0050) loses, as
 * the payment being applied is then the newest we know of.
 */
export async function madeByNewerCheckout(
  tx: InTransaction,
  current: string,
  session: CheckoutSession,
): Promise<boolean> {
  const record = await tx.billing.findSubscription(current);
  if (!record || record.status === 'canceled' || record.status === REPLACED) return false;
  return tx.billing.paidCheckoutNewerThan(current, session.id);
}

/** The subscription of a checkout that lost to a newer one, recorded as replaced (see markReplaced). */
export async function recordReplaced(
  tx: InTransaction,
  buyer: User,
  subscriptionId: string,
  interval: Interval,
): Promise<void> {
  if (await tx.billing.findSubscription(subscriptionId)) return markReplaced(tx, [subscriptionId]);
  await tx.billing.saveSubscription({
    id: subscriptionId,
    user_id: buyer.id,
    organization_id: buyer.organization_id,
    interval,
    status: REPLACED,
    items: [],
  });
}

/**
 * A checkout paid at the provider with a subscription of its own (Stripe; opened before the account
 * had one, so the checkout guard did not see it): the account's other subscriptions in our records are
 * no longer what it pays for. They are marked replaced here, in the payment's transaction, so there is
 * never a second active record; cancelReplacedSubscriptions ends them at the provider afterwards.
 */
export async function markReplaced(tx: InTransaction, subscriptionIds: readonly string[]): Promise<void> {
  for (const id of subscriptionIds) {
    const record = await tx.billing.findSubscription(id);
    if (record && record.status !== 'canceled') await tx.billing.setSubscriptionStatus(id, REPLACED);
  }
}
