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
 *   cancelled with a credit for its unused time, and logged (applyPaidCheckout). Keeping
 *   the older one instead would leave the customer paying for a checkout that changed nothing.
 */
import type { User } from '../../db/schema.js';
import { REPLACED } from '../../db/subscription-status.js';
import { subscriptionIdsOf } from '../account-subscriptions.js';
import { conflict } from '../errors.js';
import type { Repositories } from '../../repositories/index.js';
import type { BillingProvider, ProviderSubscription } from '../../billing/provider.js';
import { isLive } from './provider-subscription.js';

const ALREADY_SUBSCRIBED =
  'You already have an active subscription: change your plan in the billing portal (Manage Subscription on the billing page) instead of buying a second one.';

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
