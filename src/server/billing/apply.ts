/**
 * Applies a paid checkout to the accounts, in one transaction: the buyer's plan (product, interval,
 * status, next payment date, payment method, credits) and/or the organization's seats, plus the
 * subscription record that /org-subscription reads. Used by the sandbox's Pay button, the sandbox
 * portal's plan change and the Stripe webhook. Idempotent: a session applies once.
 */
import { randomBytes } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import { planKeyOf } from '../../shared/plans.js';
import type { Db } from '../db/index.js';
import { json } from '../db/json.js';
import type { CheckoutSession, Database, Organization, SubscriptionItem, User } from '../db/schema.js';
import { ensureOrganization } from '../domain/organizations.js';
import { invalid, notFound } from '../domain/errors.js';
import { loadPlans, priceOf, type Interval } from './quote.js';

export const SANDBOX_PAYMENT_METHOD = 'Visa .... 4242';

export function newSubscriptionId(): string {
  return `sub_sandbox_${randomBytes(12).toString('hex')}`;
}

export function nextPaymentDate(interval: Interval, from = new Date()): Date {
  const next = new Date(from);
  if (interval === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next;
}

export interface ApplyOptions {
  paymentMethod?: string;
  /** Provider ids (Stripe) to record instead of sandbox ones. */
  subscriptionId?: string;
  customerId?: string;
}

export async function applyPaidCheckout(
  db: Db,
  sessionId: string,
  options: ApplyOptions = {},
): Promise<CheckoutSession> {
  return db.transaction().execute(async (trx) => {
    const session = await trx
      .selectFrom('checkout_sessions')
      .selectAll()
      .where('id', '=', sessionId)
      .forUpdate()
      .executeTakeFirst();
    if (!session) throw notFound('Checkout session not found');
    if (session.status === 'paid') return session;
    if (session.status !== 'open') throw invalid('This checkout session was cancelled.');

    const interval: Interval = session.interval === 'monthly' ? 'monthly' : 'yearly';
    const plans = await loadPlans(trx);
    let user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', session.user_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const subscriptionId = options.subscriptionId ?? user.stripe_subscription_id ?? newSubscriptionId();
    const paymentMethod = options.paymentMethod ?? user.payment_method ?? SANDBOX_PAYMENT_METHOD;
    const previousProduct = planKeyOf(user.stripe_product);
    const wasInOrganization = user.organization_id !== null;

    if (session.kind === 'plan' && session.product) {
      const plan = plans.get(session.product);
      if (!plan) throw invalid('This plan no longer exists.');
      user = await trx
        .updateTable('users')
        .set({
          stripe_product: plan.slug,
          stripe_interval: interval,
          stripe_status: 'active',
          stripe_subscription_id: subscriptionId,
          next_payment_date: nextPaymentDate(interval),
          payment_method: paymentMethod,
          credits: plan.credits,
          ...(options.customerId ? { stripe_customer_id: options.customerId } : {}),
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    } else {
      user = await trx
        .updateTable('users')
        .set({
          stripe_subscription_id: subscriptionId,
          stripe_interval: user.stripe_interval ?? interval,
          stripe_status: 'active',
          next_payment_date: user.next_payment_date ?? nextPaymentDate(interval),
          payment_method: paymentMethod,
          ...(options.customerId ? { stripe_customer_id: options.customerId } : {}),
        })
        .where('id', '=', user.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }

    let org: Organization | undefined;
    const buysSeats = session.standard_seats + session.pro_seats > 0;
    if (wasInOrganization || buysSeats) {
      // A new organization starts with the buyer's (new) plan as one seat, see ensureOrganization.
      org = await ensureOrganization(trx, user);
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
      org = await trx
        .updateTable('organizations')
        .set({
          seats_standard: Math.max(0, standard),
          seats_pro: Math.max(0, pro),
          subscription_id: subscriptionId,
        })
        .where('id', '=', org.id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }

    await saveSubscription(trx, user, org, subscriptionId, interval, 'active');
    return trx
      .updateTable('checkout_sessions')
      .set({ status: 'paid', completed_at: sql`now()` })
      .where('id', '=', session.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

/** Writes the subscription record: the organization's seats, or the buyer's single plan. */
export async function saveSubscription(
  trx: Transaction<Database>,
  user: User,
  org: Organization | undefined,
  subscriptionId: string,
  interval: Interval,
  status: string,
): Promise<void> {
  const plans = await loadPlans(trx);
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
  await trx
    .insertInto('subscriptions')
    .values({
      id: subscriptionId,
      user_id: user.id,
      organization_id: org?.id ?? null,
      interval,
      status,
      items: json(items),
    })
    .onConflict((oc) =>
      oc.column('id').doUpdateSet({
        organization_id: org?.id ?? null,
        interval,
        status,
        items: json(items),
        updated_at: sql`now()`,
      }),
    )
    .execute();
}

/** Cancels the user's own plan (portal): back to Free; in an organization their seat is released. */
export async function cancelPlan(db: Db, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .selectAll()
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const product = planKeyOf(user.stripe_product);
    if (product === 'free' && user.stripe_status !== 'active') return;
    const free = await trx
      .selectFrom('plans')
      .select('credits')
      .where('slug', '=', 'free')
      .executeTakeFirst();
    const updated = await trx
      .updateTable('users')
      .set({
        stripe_product: 'free',
        stripe_status: 'canceled',
        next_payment_date: null,
        credits: sql`least(credits, ${free?.credits ?? 10})`,
      })
      .where('id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
    let org: Organization | undefined;
    if (user.organization_id !== null) {
      org = await trx
        .updateTable('organizations')
        .set({
          seats_standard: sql`greatest(0, seats_standard - ${product === 'standard' ? 1 : 0})`,
          seats_pro: sql`greatest(0, seats_pro - ${product === 'pro' ? 1 : 0})`,
        })
        .where('id', '=', user.organization_id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    if (user.stripe_subscription_id) {
      const interval: Interval = user.stripe_interval === 'monthly' ? 'monthly' : 'yearly';
      const hasSeats = org !== undefined && org.seats_standard + org.seats_pro > 0;
      await saveSubscription(
        trx,
        updated,
        org,
        user.stripe_subscription_id,
        interval,
        hasSeats ? 'active' : 'canceled',
      );
    }
  });
}
