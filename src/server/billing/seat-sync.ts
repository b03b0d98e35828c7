/**
 * Every change of purchased seats goes through the payment provider (issue 15): a paid checkout, a
 * cancelled plan and seats bought on an existing subscription end with the provider's subscription
 * carrying the organization's purchased seats, and what the provider answers (re-read) is stored.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutSession, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { Repositories } from '../repositories/index.js';
import { assignedSeats } from '../../shared/seats.js';
import { driftReport, sameSeats, seatDrift, type SeatBooks, type SeatDrift } from './seat-drift.js';
import {
  addPurchasedSeats,
  applyPaidCheckout,
  applyProviderQuantities,
  cancelPlan,
  lowerPurchasedSeats,
  type ApplyOptions,
} from '../domain/payments.js';
import { quantitiesOf, type BillingProvider } from './provider.js';
import { cancelReplacedSubscriptions } from './one-subscription.js';
import type { Interval } from './quote.js';
import type { SubscriptionLock } from './subscription-lock.js';

export interface SeatServices {
  repos: Repositories;
  billing: BillingProvider;
  /** One push to the provider per subscription at a time (subscription-lock.ts). */
  seatLock: SubscriptionLock;
  /** Where a replaced second subscription is reported (the request's log). */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

const intervalOf = (value: string | null | undefined): Interval =>
  value === 'monthly' ? 'monthly' : 'yearly';

/**
 * Makes the provider's subscription carry the purchased seats of the organization it pays for (or, for
 * a single plan, our record of it); called after our change committed. When the provider answers
 * other quantities, those are what the customer pays for and they are stored instead.
 */
export async function pushSubscription(services: SeatServices, subscriptionId: string): Promise<void> {
  const { repos } = services;
  const wanted = async () => {
    const org = await repos.organizations.findBySubscription(subscriptionId);
    const record = await repos.billing.findSubscription(subscriptionId);
    const seats = org
      ? { standard: org.seats_standard, pro: org.seats_pro }
      : record && quantitiesOf(record.items);
    return seats && { seats, interval: intervalOf(record?.interval) };
  };
  // Under the subscription's lock, what to send is read and sent as one step: two pushes never cross,
  // so the provider never goes down and back up (which Stripe would invoice twice). A change committed
  // meanwhile is picked up by reading again after the push.
  await services.seatLock.run(subscriptionId, async () => {
    let target = await wanted();
    for (let attempt = 0; target && attempt < 5; attempt += 1) {
      const answered = await services.billing.setQuantities(subscriptionId, target.seats, target.interval);
      if (!sameSeats(answered.quantities, target.seats)) {
        await applyProviderQuantities(repos, answered);
        return;
      }
      const now = await wanted();
      if (!now || sameSeats(now.seats, target.seats)) return;
      target = now;
    }
  });
}

/** A paid checkout (sandbox Pay, sandbox portal, Stripe webhook), then the provider's quantities. */
export async function completeCheckout(
  services: SeatServices,
  checkoutId: string,
  options: ApplyOptions = {},
): Promise<CheckoutSession> {
  const session = await applyPaidCheckout(services.repos, checkoutId, options);
  if (session.kind !== 'top_up') {
    const buyer = await services.repos.users.findById(session.user_id);
    if (buyer?.stripe_subscription_id) await pushSubscription(services, buyer.stripe_subscription_id);
    // Only once the new subscription carries the seats does the one it replaced end.
    if (buyer) await cancelReplacedSubscriptions(services, buyer);
  }
  return session;
}

/** Cancels the user's plan (their seat is released), then the provider's quantities follow. */
export async function cancelPlanEverywhere(services: SeatServices, userId: number): Promise<void> {
  await cancelPlan(services.repos, userId);
  const user = await services.repos.users.findById(userId);
  const org = user?.organization_id
    ? await services.repos.organizations.findById(user.organization_id)
    : undefined;
  const subscriptionId = org?.subscription_id ?? user?.stripe_subscription_id;
  if (subscriptionId) await pushSubscription(services, subscriptionId);
}

/**
 * Seats bought on the account's live subscription, changed at the provider at once (Stripe: invoiced at
 * once, see the README). Purchases at the same time both count: each adds to the purchased seats under
 * the organization's lock, and the pushes to the provider take turns (pushSubscription). When the
 * provider refuses (a declined payment), the seats are taken back and the error is rethrown.
 */
export async function addSeatsInPlace(
  services: SeatServices,
  buyer: User,
  subscriptionId: string,
  added: { standard: number; pro: number },
  ip: string | null,
): Promise<void> {
  const org = await addPurchasedSeats(services.repos, buyer, subscriptionId, added);
  try {
    await pushSubscription(services, subscriptionId);
  } catch (error) {
    await addPurchasedSeats(services.repos, buyer, subscriptionId, {
      standard: -added.standard,
      pro: -added.pro,
    });
    // The provider most likely still has what it had; if not, the next push or the reconciliation
    // brings it back in step, and the customer hears about the refusal that came first.
    await pushSubscription(services, subscriptionId).catch(() => undefined);
    throw error;
  }
  await services.repos.audit.record({
    type: 'billing.seats_purchased',
    organizationId: org.id,
    actor: personOf(buyer),
    target: personOf(buyer),
    ip,
    details: { standard: added.standard, pro: added.pro },
  });
}

export interface ReconcileResult {
  drift: SeatDrift[];
  fixed: boolean;
  report: string;
}

/**
 * Compares every organization's purchased seats with its subscription at the provider; with `fix`,
 * the purchased seats take the provider's quantities (the provider is what the customer pays for).
 */
export async function reconcileSeats(services: SeatServices, { fix = false } = {}): Promise<ReconcileResult> {
  const books: SeatBooks[] = [];
  for (const org of await services.repos.organizations.all()) {
    const provider = org.subscription_id
      ? await services.billing.retrieveSubscription(org.subscription_id)
      : undefined;
    books.push({
      organizationId: org.id,
      name: org.name,
      subscriptionId: org.subscription_id,
      purchased: { standard: org.seats_standard, pro: org.seats_pro },
      assigned: assignedSeats(await services.repos.users.productsOf(org.id)),
      provider: provider?.quantities,
    });
  }
  const drift = seatDrift(books);
  if (fix) {
    for (const org of books) {
      if (!drift.some((d) => d.organizationId === org.organizationId)) continue;
      const quantities = org.provider ?? { standard: 0, pro: 0 };
      if (org.subscriptionId) {
        await applyProviderQuantities(services.repos, {
          id: org.subscriptionId,
          status: 'active',
          quantities,
        });
      } else {
        // No subscription at all: nobody pays for these seats.
        await services.repos.organizations.setSeats(org.organizationId, {
          ...quantities,
          subscriptionId: null,
        });
      }
    }
  }
  return { drift, fixed: fix, report: driftReport(drift, fix) };
}

/**
 * `npm run reconcile:seats [--fix]`: prints the report; the exit code is 1 when drift was found and left
 * (so a scheduled run can alert), 0 when there was none or it was fixed, 2 on an unknown argument.
 */
export async function runReconcileCommand(
  services: SeatServices,
  args: readonly string[],
  print: (line: string) => void,
): Promise<number> {
  const unknown = args.filter((arg) => arg !== '--fix');
  if (unknown.length > 0) {
    print(`Unknown argument ${unknown.join(' ')}. Usage: npm run reconcile:seats [-- --fix]`);
    return 2;
  }
  const fix = args.includes('--fix');
  const { drift, report } = await reconcileSeats(services, { fix });
  print(report);
  return drift.length > 0 && !fix ? 1 : 0;
}

/** Fewer purchased seats (sandbox portal): our side under the organization's lock, then the provider. */
export async function reduceSeats(
  services: SeatServices,
  admin: User,
  target: { standard: number; pro: number },
  ip: string | null,
): Promise<void> {
  const org = await lowerPurchasedSeats(services.repos, admin, target, ip);
  await pushSubscription(services, org.subscription_id!);
}
