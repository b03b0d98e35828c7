/**
 * A paid checkout (the sandbox's Pay button, the sandbox portal's plan change, the provider's webhook):
 * applied to the accounts in one transaction, then the provider's subscription made to carry the seats.
 * The buyer's plan (product, interval, status, next payment date, payment method, credits) and/or the
 * organization's seats change, and the subscription record that /org-subscription reads follows; a
 * credit pack adds top-up credits. Idempotent: a checkout applies once.
 */
import { randomBytes } from 'node:crypto';
import { PLAN_NAMES, planKeyOf, type PlanKey } from '../../../shared/plans.js';
import type { CheckoutSession, Organization, User } from '../../db/schema.js';
import { personOf } from '../../repositories/audit.js';
import type { InTransaction, Repositories } from '../../repositories/index.js';
import { subscriptionIdsOf } from '../account-subscriptions.js';
import { creditEvent } from '../credit-events.js';
import { startCreditPeriod } from '../credits.js';
import { conflict, invalid, notFound } from '../errors.js';
import { ensureOrganization } from '../organizations.js';
import {
  cancelReplacedSubscriptions,
  madeByNewerCheckout,
  markReplaced,
  recordReplaced,
} from './one-subscription.js';
import { intervalOf, type Interval } from './quote.js';
import { pushSubscription, type SeatServices } from './seat-sync.js';
import { saveSubscription } from './subscription-record.js';
import { message } from '../../../contract/messages.js';

const SANDBOX_PAYMENT_METHOD = 'Visa .... 4242';

export interface ApplyOptions {
  paymentMethod?: string;
  /** The paying browser's address (the sandbox checkout page); none for provider webhooks. */
  ip?: string;
  /** Provider ids (Stripe) to record instead of sandbox ones. */
  subscriptionId?: string;
  customerId?: string;
}

/** A paid checkout, then the provider's quantities; the subscription it replaced ends last. */
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

/** Our side of a paid checkout, in one transaction (completeCheckout then tells the provider). */
export async function applyPaidCheckout(
  repos: Repositories,
  sessionId: string,
  options: ApplyOptions = {},
): Promise<CheckoutSession> {
  return repos.transaction(async (tx) => {
    const session = await tx.billing.lockCheckout(sessionId);
    if (!session) throw notFound(message('checkout_session_not_found'));
    if (session.status === 'paid') return session;
    if (session.status !== 'open') throw invalid(message('checkout_session_cancelled'));
    if (session.kind === 'top_up') {
      await applyTopUp(tx, session);
      return tx.billing.markCheckoutPaid(session.id);
    }
    return applySubscriptionCheckout(tx, session, options);
  });
}

/** A plan and/or seats: the buyer's plan, the organization's seats, the audit log, our record. */
async function applySubscriptionCheckout(
  tx: InTransaction,
  session: CheckoutSession,
  options: ApplyOptions,
): Promise<CheckoutSession> {
  const interval = intervalOf(session.interval);
  const buyer = await tx.users.findById(session.user_id, { forUpdate: true });
  if (!buyer) throw new Error(`User ${session.user_id} of checkout ${session.id} is missing`);
  if (!(await openedForBuyersOrganization(tx, buyer, session))) {
    // Opened for the organization the buyer was in then (or none): paid after they joined, left or changed
    // organizations, it would land on another organization's seats and subscription, or give a member a
    // plan of their own beside them. The sandbox's Pay refuses it before any payment; a provider's payment
    // made a subscription of its own, which is recorded as replaced (cancelled at the provider after this
    // transaction, as a late older checkout's is), and nothing else changes.
    if (!options.subscriptionId) throw conflict(message('checkout_organization_changed'));
    await recordReplaced(tx, buyer, options.subscriptionId, interval);
    return tx.billing.markCheckoutPaid(session.id, options.subscriptionId);
  }
  // One subscription per account (one-subscription.ts): the organization's, else the buyer's.
  const accountSubscriptions = await subscriptionIdsOf(tx, buyer);
  const current = accountSubscriptions[0];
  if (
    options.subscriptionId &&
    current &&
    options.subscriptionId !== current &&
    (await madeByNewerCheckout(tx, current, session))
  ) {
    // A late payment of an older checkout: its subscription is the one replaced (and cancelled after
    // this transaction); the account's plan and seats stay the newer checkout's.
    await recordReplaced(tx, buyer, options.subscriptionId, interval);
    return tx.billing.markCheckoutPaid(session.id, options.subscriptionId);
  }
  const subscriptionId = options.subscriptionId ?? current ?? newSubscriptionId();
  await markReplaced(
    tx,
    accountSubscriptions.filter((id) => id !== subscriptionId),
  );
  const previousProduct = planKeyOf(buyer.stripe_product);
  const user = await applyToBuyer(tx, buyer, session, {
    subscriptionId,
    interval,
    paymentMethod: options.paymentMethod ?? buyer.payment_method ?? SANDBOX_PAYMENT_METHOD,
    customerId: options.customerId,
  });
  const org = await applySeats(tx, user, session, {
    previousProduct,
    wasInOrganization: buyer.organization_id !== null,
    subscriptionId,
  });
  await auditPurchase(tx, session, { user, org, previousProduct, interval, ip: options.ip ?? null });
  await saveSubscription(tx, user, org, subscriptionId, interval, 'active');
  return tx.billing.markCheckoutPaid(session.id, subscriptionId);
}

/**
 * Whether a plan or seat checkout is for the organization its buyer is in now: the one they were in when
 * it was opened, or, opened with none, the organization they have made since (naming it, a first
 * invitation: ensureOrganization makes them its billing admin). Not one they joined, nor one they left.
 */
async function openedForBuyersOrganization(
  tx: InTransaction,
  buyer: User,
  session: CheckoutSession,
): Promise<boolean> {
  if (buyer.organization_id === session.buyer_organization_id) return true;
  if (session.buyer_organization_id !== null || buyer.organization_id === null) return false;
  return (await tx.organizations.get(buyer.organization_id)).billing_admin_id === buyer.id;
}

/** The buyer pays through the subscription now; a plan checkout also changes their plan and credits. */
async function applyToBuyer(
  tx: InTransaction,
  buyer: User,
  session: CheckoutSession,
  paid: { subscriptionId: string; interval: Interval; paymentMethod: string; customerId?: string },
): Promise<User> {
  const { subscriptionId, interval, paymentMethod, customerId } = paid;
  const paying = {
    stripe_subscription_id: subscriptionId,
    stripe_status: 'active',
    payment_method: paymentMethod,
    ...(customerId ? { stripe_customer_id: customerId } : {}),
  };
  if (session.kind !== 'plan' || !session.product) {
    return tx.users.updateAndGet(buyer.id, {
      ...paying,
      stripe_interval: buyer.stripe_interval ?? interval,
      next_payment_date: buyer.next_payment_date ?? nextPaymentDate(interval),
    });
  }
  const plan = (await tx.catalogue.plans()).get(session.product);
  if (!plan) throw invalid(message('plan_unknown'));
  const user = await tx.users.updateAndGet(buyer.id, {
    ...paying,
    stripe_product: plan.slug,
    stripe_interval: interval,
    next_payment_date: nextPaymentDate(interval),
  });
  // A paid plan starts a new credit period: the plan's credits, unused plan credits expire.
  await startCreditPeriod(tx, user.id, new Date(), `${plan.name} plan purchased`);
  return (await tx.users.findById(user.id))!;
}

/**
 * The organization's seats after the checkout: the seats bought, and a member's own seat moved to the
 * plan they bought. None when the buyer has no organization and buys no seats.
 */
async function applySeats(
  tx: InTransaction,
  user: User,
  session: CheckoutSession,
  {
    previousProduct,
    wasInOrganization,
    subscriptionId,
  }: { previousProduct: PlanKey; wasInOrganization: boolean; subscriptionId: string },
): Promise<Organization | undefined> {
  if (!wasInOrganization && session.standard_seats + session.pro_seats === 0) return undefined;
  // A new organization starts with the buyer's (new) plan as one seat, see ensureOrganization.
  const org = await ensureOrganization(tx, user);
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
  return tx.organizations.setSeats(org.id, {
    standard: Math.max(0, standard),
    pro: Math.max(0, pro),
    subscriptionId,
  });
}

/** The plan change and the seats bought, in the audit log. */
async function auditPurchase(
  tx: InTransaction,
  session: CheckoutSession,
  bought: {
    user: User;
    org: Organization | undefined;
    previousProduct: PlanKey;
    interval: Interval;
    ip: string | null;
  },
): Promise<void> {
  const { user, org, previousProduct, interval, ip } = bought;
  // Who bought: the payer, or the billing manager who opened the checkout for them.
  const opener =
    session.opened_by !== null && session.opened_by !== user.id
      ? await tx.users.findById(session.opened_by)
      : undefined;
  const audit = {
    organizationId: org?.id ?? user.organization_id,
    actor: personOf(opener ?? user),
    target: personOf(user),
    ip,
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
  if (session.standard_seats + session.pro_seats > 0) {
    await tx.audit.record({
      ...audit,
      type: 'billing.seats_purchased',
      details: { standard: session.standard_seats, pro: session.pro_seats },
    });
  }
}

/**
 * A paid credit pack, through a ledger: top-up credits (they never expire) for the buyer, or for their team
 * pool when they chose it at checkout and still belong to the organization (docs/product.md#the-team-pool).
 */
async function applyTopUp(tx: InTransaction, session: CheckoutSession): Promise<void> {
  const buyer = await tx.users.findById(session.user_id, { forUpdate: true });
  if (!buyer) throw new Error(`User ${session.user_id} of checkout ${session.id} is missing`);
  if (session.credits <= 0) throw new Error(`Checkout ${session.id} has no credits`);
  const reason = `Credit pack ${session.credit_pack ?? ''} purchased`.trim();
  // The pool of the organization it was bought for, while the buyer still belongs to it (sessions from
  // before migration 0074 name none: the buyer's organization, as then).
  const boughtFor = session.pool_organization_id ?? buyer.organization_id;
  const toPool =
    session.credits_to === 'pool' && buyer.organization_id !== null && buyer.organization_id === boughtFor;
  if (toPool) {
    await tx.creditPool.record({
      organization_id: buyer.organization_id!,
      kind: 'top_up',
      amount: session.credits,
      actor_id: buyer.id,
      reference: session.id,
      reason: `${reason} by ${buyer.email}`,
    });
  } else {
    await tx.credits.record({
      user_id: buyer.id,
      organization_id: buyer.organization_id,
      kind: 'top_up',
      amount: session.credits,
      top_up_amount: session.credits,
      reference: session.id,
      reason,
    });
  }
  await creditEvent(tx, {
    type: 'credits.top_up',
    actor: buyer,
    organizationId: buyer.organization_id,
    target: buyer,
    details: {
      pack: session.credit_pack,
      credits: session.credits,
      checkout: session.id,
      to: toPool ? 'pool' : 'own',
    },
  });
}

function newSubscriptionId(): string {
  return `sub_sandbox_${randomBytes(12).toString('hex')}`;
}

function nextPaymentDate(interval: Interval, from = new Date()): Date {
  const next = new Date(from);
  if (interval === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}
