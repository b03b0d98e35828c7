/**
 * Every change of purchased seats goes through the payment provider (issue 15): a paid checkout, a
 * cancelled plan and seats bought on an existing subscription end with the provider's subscription
 * carrying the organization's purchased seats, and what the provider answers (re-read) is stored.
 */
import type { CheckoutSession, User } from '../../db/schema.js';
import { personOf } from '../../repositories/audit.js';
import type { Repositories } from '../../repositories/index.js';
import { assignedSeats } from '../../../shared/seats.js';
import { driftReport, sameSeats, seatDrift, type SeatBooks, type SeatDrift } from './seat-drift.js';
import {
  addPurchasedSeats,
  applyPaidCheckout,
  applyProviderQuantities,
  cancelPlan,
  lowerPurchasedSeats,
  organizationForSeats,
  type ApplyOptions,
} from './payments.js';
import type { BillingProvider, SubscriptionLock } from '../../billing/provider.js';
import { quantitiesOf } from './provider-subscription.js';
import { cancelReplacedSubscriptions, type WarnLog } from './one-subscription.js';
import type { Interval } from './quote.js';

export interface SeatServices {
  repos: Repositories;
  billing: BillingProvider;
  /** One push to the provider per subscription at a time (subscription-lock.ts). */
  seatLock: SubscriptionLock;
  /** Where a replaced second subscription is reported (the request's log). */
  log?: WarnLog;
}

const intervalOf = (value: string | null | undefined): Interval =>
  value === 'monthly' ? 'monthly' : 'yearly';

interface PushTarget {
  seats: { standard: number; pro: number };
  interval: Interval;
}

/**
 * What the provider's subscription should carry now: the purchased seats of the organization it pays for
 * (or, for a single plan, our record of it).
 */
async function booksOf(repos: Repositories, subscriptionId: string): Promise<PushTarget | undefined> {
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
async function followBooks(
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
async function pushSubscription(services: SeatServices, subscriptionId: string): Promise<void> {
  // Under the subscription's lock, what to send is read and sent as one step: two pushes never cross,
  // so the provider never goes down and back up (which Stripe would invoice twice). A change committed
  // meanwhile is picked up by reading again after the push.
  await services.seatLock.run(subscriptionId, async () =>
    followBooks(services, subscriptionId, await booksOf(services.repos, subscriptionId)),
  );
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
 * once, see the README). The seats exist in our records only once the provider accepted them: under the
 * subscription's lock, the provider is asked for what it should carry now plus the added seats, and only
 * then are they added to the purchased seats (under the organization's lock). A refusal (a declined
 * payment) therefore adds no seats here and needs no undo, so no member can have been given a seat that
 * is then taken back; only a solo buyer's organization, created first (see below), stays. Purchases at
 * the same time take turns on the lock, each adding to what the one before committed, so both count.
 */
export async function addSeatsInPlace(
  services: SeatServices,
  buyer: User,
  subscriptionId: string,
  added: { standard: number; pro: number },
  ip: string | null,
): Promise<void> {
  const { repos } = services;
  const org = await services.seatLock.run(subscriptionId, async () => {
    // The organization the seats belong to exists before the provider is asked (a buyer paying for their
    // own plan gets it now, with that plan as its one seat, tied to this subscription), so that whatever
    // the provider ends up billing has an organization to land on.
    const before = await organizationForSeats(repos, buyer);
    const record = await repos.billing.findSubscription(subscriptionId);
    const target = {
      standard: before.seats_standard + added.standard,
      pro: before.seats_pro + added.pro,
    };
    // Throws when the provider refuses: nothing was recorded, the error reaches the customer.
    const answered = await services.billing.setQuantities(
      subscriptionId,
      target,
      intervalOf(record?.interval ?? buyer.stripe_interval),
    );
    // Paid: now the seats are ours. Should this commit fail (a database outage), the provider bills more
    // seats than we record until its quantities come back to us: Stripe sends customer.subscription.updated
    // for the change and retries the delivery until we answer, and its handler makes the purchased seats
    // the provider's quantities (applyProviderQuantities), as the reconciliation's --fix does for any
    // provider (the organization is tied to this subscription, see above).
    const updated = await addPurchasedSeats(repos, buyer, subscriptionId, added);
    if (!sameSeats(answered.quantities, target)) {
      // The provider holds something else (changed elsewhere meanwhile): that is what the customer pays for.
      await applyProviderQuantities(repos, answered);
    } else if (!sameSeats({ standard: updated.seats_standard, pro: updated.seats_pro }, target)) {
      // A change committed while the provider was asked (its own push waits for this lock): send it now.
      await followBooks(services, subscriptionId, await booksOf(repos, subscriptionId));
    }
    return updated;
  });
  await repos.audit.record({
    type: 'billing.seats_purchased',
    organizationId: org.id,
    actor: personOf(buyer),
    target: personOf(buyer),
    ip,
    details: { standard: added.standard, pro: added.pro },
  });
}

interface ReconcileResult {
  drift: SeatDrift[];
  fixed: boolean;
  report: string;
}

/**
 * Compares every organization's purchased seats with its subscription at the provider; with `fix`,
 * the purchased seats take the provider's quantities (the provider is what the customer pays for).
 */
async function reconcileSeats(services: SeatServices, { fix = false } = {}): Promise<ReconcileResult> {
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
      if (org.subscriptionId) {
        const subscriptionId = org.subscriptionId;
        // Under the subscription's lock, and the provider read again there: a purchase in place that the
        // provider accepted but we have not added yet would otherwise be counted twice (seat-sync above).
        await services.seatLock.run(subscriptionId, async () => {
          const provider = await services.billing.retrieveSubscription(subscriptionId);
          await applyProviderQuantities(services.repos, {
            id: subscriptionId,
            status: 'active',
            quantities: provider?.quantities ?? { standard: 0, pro: 0 },
          });
        });
      } else {
        const quantities = org.provider ?? { standard: 0, pro: 0 };
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
