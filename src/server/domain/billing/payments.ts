/**
 * Applies a paid checkout to the accounts, in one transaction: the buyer's plan (product, interval,
 * status, next payment date, payment method, credits) and/or the organization's seats, plus the
 * subscription record that /org-subscription reads. Used by the sandbox's Pay button, the sandbox
 * portal's plan change and the Stripe webhook. Idempotent: a session applies once.
 */
import { randomBytes } from 'node:crypto';
import { PLAN_NAMES, SEAT_PLAN_KEYS, planKeyOf } from '../../../shared/plans.js';
import { assignedSeats } from '../../../shared/seats.js';
import { personOf } from '../../repositories/audit.js';
import { priceOf, type Interval } from './quote.js';
import type { CheckoutSession, Organization, SubscriptionItem, User } from '../../db/schema.js';
import { REPLACED } from '../../db/subscription-status.js';
import type { InTransaction, Repositories } from '../../repositories/index.js';
import { subscriptionIdsOf } from '../account-subscriptions.js';
import { creditEvent } from '../credit-events.js';
import { applyPlanChange, startCreditPeriod } from '../credits.js';
import { conflict, invalid, notFound } from '../errors.js';
import { ensureOrganization } from '../organizations.js';

const SANDBOX_PAYMENT_METHOD = 'Visa .... 4242';

function newSubscriptionId(): string {
  return `sub_sandbox_${randomBytes(12).toString('hex')}`;
}

function nextPaymentDate(interval: Interval, from = new Date()): Date {
  const next = new Date(from);
  if (interval === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export interface ApplyOptions {
  paymentMethod?: string;
  /** The paying browser's address (the sandbox checkout page); none for provider webhooks. */
  ip?: string;
  /** Provider ids (Stripe) to record instead of sandbox ones. */
  subscriptionId?: string;
  customerId?: string;
}

export async function applyPaidCheckout(
  repos: Repositories,
  sessionId: string,
  options: ApplyOptions = {},
): Promise<CheckoutSession> {
  return repos.transaction(async (tx) => {
    const session = await tx.billing.lockCheckout(sessionId);
    if (!session) throw notFound('Checkout session not found');
    if (session.status === 'paid') return session;
    if (session.status !== 'open') throw invalid('This checkout session was cancelled.');
    if (session.kind === 'top_up') {
      await applyTopUp(tx, session);
      return tx.billing.markCheckoutPaid(session.id);
    }

    const interval: Interval = session.interval === 'monthly' ? 'monthly' : 'yearly';
    const plans = await tx.catalogue.plans();
    let user = await tx.users.findById(session.user_id, { forUpdate: true });
    if (!user) throw new Error(`User ${session.user_id} of checkout ${session.id} is missing`);
    // One subscription per account (billing/one-subscription.ts): the organization's, else the buyer's.
    const accountSubscriptions = await subscriptionIdsOf(tx, user);
    const current = accountSubscriptions[0];
    if (options.subscriptionId && current && options.subscriptionId !== current) {
      if (await madeByNewerCheckout(tx, current, session)) {
        // A late payment of an older checkout: its subscription is the one replaced (and cancelled after
        // this transaction); the account's plan and seats stay the newer checkout's.
        await recordReplaced(tx, user, options.subscriptionId, interval);
        return tx.billing.markCheckoutPaid(session.id, options.subscriptionId);
      }
    }
    const subscriptionId = options.subscriptionId ?? current ?? newSubscriptionId();
    await markReplaced(
      tx,
      accountSubscriptions.filter((id) => id !== subscriptionId),
    );
    const paymentMethod = options.paymentMethod ?? user.payment_method ?? SANDBOX_PAYMENT_METHOD;
    const previousProduct = planKeyOf(user.stripe_product);
    const wasInOrganization = user.organization_id !== null;

    if (session.kind === 'plan' && session.product) {
      const plan = plans.get(session.product);
      if (!plan) throw invalid('This plan no longer exists.');
      user = await tx.users.updateAndGet(user.id, {
        stripe_product: plan.slug,
        stripe_interval: interval,
        stripe_status: 'active',
        stripe_subscription_id: subscriptionId,
        next_payment_date: nextPaymentDate(interval),
        payment_method: paymentMethod,
        ...(options.customerId ? { stripe_customer_id: options.customerId } : {}),
      });
      // A paid plan starts a new credit period: the plan's credits, unused plan credits expire.
      await startCreditPeriod(tx, user.id, new Date(), `${plan.name} plan purchased`);
      user = (await tx.users.findById(user.id))!;
    } else {
      user = await tx.users.updateAndGet(user.id, {
        stripe_subscription_id: subscriptionId,
        stripe_interval: user.stripe_interval ?? interval,
        stripe_status: 'active',
        next_payment_date: user.next_payment_date ?? nextPaymentDate(interval),
        payment_method: paymentMethod,
        ...(options.customerId ? { stripe_customer_id: options.customerId } : {}),
      });
    }

    let org: Organization | undefined;
    const buysSeats = session.standard_seats + session.pro_seats > 0;
    if (wasInOrganization || buysSeats) {
      // A new organization starts with the buyer's (new) plan as one seat, see ensureOrganization.
      org = await ensureOrganization(tx, user);
      let standard = org.seats_standard + session.standard_seats;
      let pro = org.seats_pro + session.pro_seats;
      if (wasInOrganization && session.kind === 'plan') {
        // The buyer moves from their old seat to one of the new product.
        const next = planKeyOf(user.stripe_product);
        if (previousProduct === 'standard') standard -= 1;
        if (previousProduct === 'pro') pro -= 1;
        if (next === 'standard') standard += 1;
        if (next === 'pro') pro += 1;
      }
      org = await tx.organizations.setSeats(org.id, {
        standard: Math.max(0, standard),
        pro: Math.max(0, pro),
        subscriptionId,
      });
    }

    const audit = {
      organizationId: org?.id ?? user.organization_id,
      actor: personOf(user),
      target: personOf(user),
      ip: options.ip ?? null,
    };
    if (session.kind === 'plan' && session.product) {
      await tx.audit.record({
        ...audit,
        type: 'billing.plan_changed',
        details: {
          from: PLAN_NAMES[previousProduct],
          to: PLAN_NAMES[planKeyOf(user.stripe_product)],
          interval,
        },
      });
    }
    if (buysSeats) {
      await tx.audit.record({
        ...audit,
        type: 'billing.seats_purchased',
        details: { standard: session.standard_seats, pro: session.pro_seats },
      });
    }
    await saveSubscription(tx, user, org, subscriptionId, interval, 'active');
    return tx.billing.markCheckoutPaid(session.id, subscriptionId);
  });
}

/**
 * Two checkouts paid from two tabs each start a subscription at the provider (Stripe), and their webhook
 * events may arrive in any order: the newest checkout, by when it was opened, wins whatever the order.
 * True when the account's current subscription (still live in our records) came from a checkout opened
 * after this one. A current subscription no known checkout made (paid before migration 0050) loses, as
 * the payment being applied is then the newest we know of.
 */
async function madeByNewerCheckout(
  tx: InTransaction,
  current: string,
  session: CheckoutSession,
): Promise<boolean> {
  const record = await tx.billing.findSubscription(current);
  if (!record || record.status === 'canceled' || record.status === REPLACED) return false;
  return tx.billing.paidCheckoutNewerThan(current, session.id);
}

/** The subscription of a checkout that lost to a newer one, recorded as replaced (see markReplaced). */
async function recordReplaced(
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
async function markReplaced(tx: InTransaction, subscriptionIds: readonly string[]): Promise<void> {
  for (const id of subscriptionIds) {
    const record = await tx.billing.findSubscription(id);
    if (record && record.status !== 'canceled') await tx.billing.setSubscriptionStatus(id, REPLACED);
  }
}

/** A paid credit pack: top-up credits (they never expire) for the buyer, through the ledger. */
async function applyTopUp(tx: InTransaction, session: CheckoutSession): Promise<void> {
  const buyer = await tx.users.findById(session.user_id, { forUpdate: true });
  if (!buyer) throw new Error(`User ${session.user_id} of checkout ${session.id} is missing`);
  if (session.credits <= 0) throw new Error(`Checkout ${session.id} has no credits`);
  await tx.credits.record({
    user_id: buyer.id,
    organization_id: buyer.organization_id,
    kind: 'top_up',
    amount: session.credits,
    top_up_amount: session.credits,
    reference: session.id,
    reason: `Credit pack ${session.credit_pack ?? ''} purchased`.trim(),
  });
  await creditEvent(tx, {
    type: 'credits.top_up',
    actor: buyer,
    organizationId: buyer.organization_id,
    target: buyer,
    details: { pack: session.credit_pack, credits: session.credits, checkout: session.id },
  });
}

/** Writes the subscription record: the organization's seats, or the buyer's single plan. */
async function saveSubscription(
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

/** Cancels the user's own plan (portal): back to Free; in an organization their seat is released. */
export async function cancelPlan(repos: Repositories, userId: number): Promise<void> {
  await repos.transaction(async (tx) => {
    const user = await tx.users.findById(userId, { forUpdate: true });
    if (!user) throw new Error(`User ${userId} is missing`);
    const product = planKeyOf(user.stripe_product);
    if (product === 'free' && user.stripe_status !== 'active') return;
    await tx.audit.record({
      type: 'billing.plan_canceled',
      organizationId: user.organization_id,
      actor: personOf(user),
      target: personOf(user),
      ip: null,
      details: { from: PLAN_NAMES[product] },
    });
    await tx.users.update(userId, {
      stripe_product: 'free',
      stripe_status: 'canceled',
      next_payment_date: null,
    });
    await applyPlanChange(tx, userId, 'free', userId);
    const updated = (await tx.users.findById(userId))!;
    const org =
      user.organization_id === null
        ? undefined
        : await tx.organizations.releaseSeat(user.organization_id, product);
    if (user.stripe_subscription_id) {
      const interval: Interval = user.stripe_interval === 'monthly' ? 'monthly' : 'yearly';
      const hasSeats = org !== undefined && org.seats_standard + org.seats_pro > 0;
      await saveSubscription(
        tx,
        updated,
        org,
        user.stripe_subscription_id,
        interval,
        hasSeats ? 'active' : 'canceled',
      );
    }
  });
}

/**
 * The provider's subscription is what the customer pays for (issue 15): the organization it pays for
 * gets exactly those seats, and our record follows. Members already holding more seats than that keep
 * them; the seat reconciliation reports it. Answers the organization, or undefined when the
 * subscription pays for none (a single plan).
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
      const interval: Interval = record?.interval === 'monthly' ? 'monthly' : 'yearly';
      await saveSubscription(
        tx,
        payer,
        org,
        subscription.id,
        interval,
        record?.status ?? subscription.status,
      );
    }
    return org;
  });
}

/** Purchased seats that changed other than by a purchase, in the audit log (nothing when they did not). */
async function recordSeatChange(
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

/**
 * The billing admin lowers the organization's purchased seats (the sandbox portal). Never below the
 * seats members hold: under the organization's lock, so no assignment slips in between. Raising goes
 * through a purchase instead. Our side changes first; the caller then pushes it to the provider.
 */
export async function lowerPurchasedSeats(
  repos: Repositories,
  admin: User,
  target: { standard: number; pro: number },
  ip: string | null,
): Promise<Organization> {
  return repos.transaction(async (tx) => {
    if (admin.organization_id === null) throw invalid('There are no seats to change: buy seats first.');
    const org = await tx.organizations.findById(admin.organization_id, { forUpdate: true });
    if (!org?.subscription_id) throw invalid('There are no seats to change: buy seats first.');
    const assigned = assignedSeats(await tx.users.productsOf(org.id));
    for (const product of SEAT_PLAN_KEYS) {
      const purchased = product === 'standard' ? org.seats_standard : org.seats_pro;
      if (target[product] > purchased) throw invalid('To add seats, use "Buy seats" on the billing page.');
      if (target[product] < assigned[product]) {
        throw conflict(
          `Members hold ${assigned[product]} ${PLAN_NAMES[product]} seats: set some of them to Free before going below that.`,
        );
      }
    }
    await recordSeatChange(tx, org, target, { actor: admin, by: 'billing admin', ip });
    const updated = await tx.organizations.setSeats(org.id, {
      ...target,
      subscriptionId: org.subscription_id,
    });
    const record = await tx.billing.findSubscription(org.subscription_id);
    const interval: Interval = record?.interval === 'monthly' ? 'monthly' : 'yearly';
    await saveSubscription(tx, admin, updated, org.subscription_id, interval, record?.status ?? 'active');
    return updated;
  });
}

/** The organization seats bought by this buyer belong to, created on first need (ensureOrganization). */
export async function organizationForSeats(repos: Repositories, buyer: User): Promise<Organization> {
  return repos.transaction((tx) => ensureOrganization(tx, buyer));
}

/**
 * Seats bought on the account's live subscription at a provider that changes it in place (Stripe), once
 * the provider accepted them (addSeatsInPlace): added to the purchased seats under the organization's
 * lock, so a change committed meanwhile is kept (the caller then sends the sum to the provider).
 */
export async function addPurchasedSeats(
  repos: Repositories,
  buyer: User,
  subscriptionId: string,
  added: { standard: number; pro: number },
): Promise<Organization> {
  return repos.transaction(async (tx) => {
    // A buyer paying for their own plan only gets the organization the seats belong to.
    const { id } = await ensureOrganization(tx, buyer);
    const org = (await tx.organizations.findById(id, { forUpdate: true }))!;
    const updated = await tx.organizations.setSeats(org.id, {
      standard: Math.max(0, org.seats_standard + added.standard),
      pro: Math.max(0, org.seats_pro + added.pro),
      subscriptionId,
    });
    const record = await tx.billing.findSubscription(subscriptionId);
    const interval: Interval =
      (record?.interval ?? buyer.stripe_interval) === 'monthly' ? 'monthly' : 'yearly';
    const payer = (await tx.users.findById(buyer.id))!;
    await saveSubscription(tx, payer, updated, subscriptionId, interval, record?.status ?? 'active');
    return updated;
  });
}
