/**
 * The Stripe adapter (STRIPE_SECRET_KEY set): Checkout Sessions for plans and seats, the Customer
 * Portal, seat quantities changed on the subscription itself, and the webhook's events read in the
 * port's terms (readStripeEvent): verified on the raw body, then applied by
 * domain/billing/provider-events.ts, which handles each once, skips late ones and re-reads the
 * subscription through this adapter rather than trusting the payload.
 *
 * Proration policy (docs/product.md#seats-and-the-payment-provider): more seats are invoiced at once for the rest of the
 * period (`always_invoice`, and the change fails unless that invoice is paid: `error_if_incomplete`);
 * fewer seats take effect at once without a credit (`none`): the customer keeps what they paid for
 * until the period ends and the next invoice is smaller.
 */
import Stripe from 'stripe';
import type { Config } from '../config.js';
import type { Plan } from '../db/schema.js';
import { SEAT_PLAN_KEYS } from '../../shared/plans.js';
import { invalid, upstreamFailed } from '../domain/errors.js';
import type { Repositories } from '../repositories/index.js';
import { recordCheckout } from './checkout-record.js';
import { INVOICES_LISTED } from '../domain/billing/invoices.js';
import { subscriptionEnded } from '../db/subscription-status.js';
import type { BillingProvider, ProviderChange, ProviderEvent, ProviderSubscription } from './provider.js';
import { planOfPrice, priceOf, type LineItem } from '../domain/billing/quote.js';
import { sameSeats } from '../domain/billing/seat-drift.js';
import { message } from '../../contract/messages.js';

export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

const UNKNOWN_SUBSCRIPTION = message('stripe_subscription_unknown');

/** A subscription has one item per price: the plan and the seats of one product are one item. */
function mergeByPrice(items: readonly LineItem[]): { price: string; quantity: number }[] {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.price_id, (merged.get(item.price_id) ?? 0) + item.quantity);
  return [...merged].map(([price, quantity]) => ({ price, quantity }));
}

/** Stripe's subscription in our terms; a cancelled one pays for nothing. */
function asProviderSubscription(
  plans: Map<string, Plan>,
  subscription: Stripe.Subscription,
): ProviderSubscription {
  const quantities = { standard: 0, pro: 0 };
  const ended = subscriptionEnded(subscription.status);
  if (!ended) {
    for (const item of subscription.items.data) {
      const product = planOfPrice(plans, item.price.id)?.plan.slug;
      if (product === 'standard' || product === 'pro') quantities[product] += item.quantity ?? 0;
    }
  }
  const periodEnd = subscription.items.data[0]?.current_period_end;
  return {
    id: subscription.id,
    status: subscription.status,
    quantities,
    ...(!ended && periodEnd ? { currentPeriodEnd: new Date(periodEnd * 1000) } : {}),
  };
}

/**
 * Stripe's subscription now, or undefined when Stripe does not know it. Stripe unreachable or failing is
 * an upstream failure (502), so a webhook delivery is retried by Stripe rather than answered as our bug.
 */
async function readSubscription(stripe: Stripe, id: string): Promise<Stripe.Subscription | undefined> {
  try {
    return await stripe.subscriptions.retrieve(id);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404)
      return undefined;
    throw upstreamFailed(message('stripe_subscription_failed'));
  }
}

export function createStripeBilling(repos: Repositories, config: Config, stripe: Stripe): BillingProvider {
  const read = (id: string) => readSubscription(stripe, id);

  return {
    name: 'stripe',
    updatesSeatsInPlace: true,
    async retrieveSubscription(id) {
      const subscription = await read(id);
      return subscription && asProviderSubscription(await repos.catalogue.plans(), subscription);
    },
    async setQuantities(id, quantities, interval) {
      const plans = await repos.catalogue.plans();
      const current = await read(id);
      if (!current) throw upstreamFailed(UNKNOWN_SUBSCRIPTION);
      const have = asProviderSubscription(plans, current);
      if (sameSeats(have.quantities, quantities)) return have;
      const increases = SEAT_PLAN_KEYS.some((product) => quantities[product] > have.quantities[product]);
      try {
        if (quantities.standard + quantities.pro === 0) {
          // A subscription cannot lose its last item: no seats left means it ends, without a credit.
          await stripe.subscriptions.cancel(id, { prorate: false });
        } else {
          const items: Stripe.SubscriptionUpdateParams.Item[] = [];
          for (const product of SEAT_PLAN_KEYS) {
            const item = current.items.data.find(
              (i) => planOfPrice(plans, i.price.id)?.plan.slug === product,
            );
            if (item) {
              items.push(
                quantities[product] > 0
                  ? { id: item.id, quantity: quantities[product] }
                  : { id: item.id, deleted: true },
              );
            } else if (quantities[product] > 0) {
              items.push({
                price: priceOf(plans.get(product)!, interval).priceId,
                quantity: quantities[product],
              });
            }
          }
          await stripe.subscriptions.update(id, {
            items,
            ...(increases
              ? { proration_behavior: 'always_invoice', payment_behavior: 'error_if_incomplete' }
              : { proration_behavior: 'none' }),
          });
        }
      } catch {
        throw upstreamFailed(message('stripe_seats_failed'));
      }
      // What Stripe holds now, not what we asked for.
      const after = await read(id);
      if (!after) throw upstreamFailed(UNKNOWN_SUBSCRIPTION);
      return asProviderSubscription(plans, after);
    },
    async listInvoices(user) {
      if (!user.stripe_customer_id) return [];
      let invoices: Stripe.ApiList<Stripe.Invoice>;
      try {
        invoices = await stripe.invoices.list({ customer: user.stripe_customer_id, limit: INVOICES_LISTED });
      } catch {
        throw upstreamFailed(message('stripe_invoices_failed'));
      }
      return invoices.data.map((invoice) => ({
        id: invoice.number ?? invoice.id ?? '',
        date: invoice.created,
        items: invoice.lines.data.map((line) => ({
          description: line.description ?? '',
          quantity: Math.max(1, line.quantity ?? 1),
        })),
        amount: invoice.status === 'paid' ? invoice.amount_paid : invoice.amount_due,
        status: invoice.status ?? 'draft',
      }));
    },
    async cancelReplacedSubscription(id) {
      try {
        // The unused time of the replaced subscription becomes a credit on the customer's balance,
        // which Stripe takes off their next invoice (of the subscription that replaced it).
        await stripe.subscriptions.cancel(id, { prorate: true, invoice_now: true });
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return;
        throw upstreamFailed(message('stripe_cancel_failed'));
      }
    },
    async createCheckout(request) {
      const checkoutId = await recordCheckout(repos.billing, request);
      let session: Stripe.Checkout.Session;
      try {
        session = await stripe.checkout.sessions.create({
          // A credit pack is a one-off payment: priced here (packs are our seeded data, not Stripe prices).
          ...(request.kind === 'top_up'
            ? {
                mode: 'payment' as const,
                line_items: request.lineItems.map((item) => ({
                  quantity: item.quantity,
                  price_data: {
                    currency: 'usd',
                    unit_amount: item.unit_amount,
                    product_data: { name: item.description },
                  },
                })),
              }
            : {
                mode: 'subscription' as const,
                line_items: mergeByPrice(request.lineItems),
              }),
          ...(request.coupon ? { discounts: [{ coupon: request.coupon.code }] } : {}),
          success_url: request.successUrl,
          cancel_url: request.cancelUrl,
          client_reference_id: String(request.user.id),
          ...(request.user.stripe_customer_id
            ? { customer: request.user.stripe_customer_id }
            : { customer_email: request.user.email }),
          metadata: { checkout_id: checkoutId },
        });
      } catch {
        throw upstreamFailed(message('checkout_failed'));
      }
      if (!session.url) throw upstreamFailed(message('no_checkout_url_returned'));
      return session.url;
    },
    async createPortal(user, returnUrl) {
      if (!user.stripe_customer_id) throw invalid(message('no_billing_account'));
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: user.stripe_customer_id,
          return_url: returnUrl,
        });
        return session.url;
      } catch {
        throw upstreamFailed(message('billing_portal_failed'));
      }
    },
  };
}

/**
 * Reads one webhook delivery: its signature checked over the raw body (a bad one throws, answered 400),
 * and the event said in the port's terms, for domain/billing/provider-events.ts to apply. Only reads:
 * the subscription an event names is re-read through the port when the event is applied.
 */
export function readStripeEvent(
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): ProviderEvent {
  if (!signature) throw invalid(message('stripe_signature_missing'));
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw invalid(message('invalid_webhook_signature'));
  }
  return {
    id: event.id,
    type: event.type,
    createdAt: new Date(event.created * 1000),
    change: changeOf(event),
  };
}

function changeOf(event: Stripe.Event): ProviderChange {
  switch (event.type) {
    // A delayed payment method (SEPA or Bacs Direct Debit, ACH) completes the session unpaid; the money
    // arriving is an event of its own, and only then is the checkout paid.
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const session = event.data.object;
      const checkoutId = session.metadata?.checkout_id;
      if (!checkoutId || session.payment_status === 'unpaid') return { kind: 'none' };
      return {
        kind: 'checkout_paid',
        checkoutId,
        subscriptionId:
          typeof session.subscription === 'string' ? session.subscription : session.subscription?.id,
        customerId: typeof session.customer === 'string' ? session.customer : session.customer?.id,
        paymentMethod: 'Card on file',
      };
    }
    case 'invoice.paid': {
      // Only a renewal invoice starts the next billing period (a checkout's first invoice does not).
      const invoice = event.data.object;
      if (invoice.billing_reason !== 'subscription_cycle') return { kind: 'none' };
      const details = invoice.parent?.subscription_details?.subscription;
      const subscriptionId = typeof details === 'string' ? details : details?.id;
      return subscriptionId ? { kind: 'renewal_paid', subscriptionId } : { kind: 'none' };
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return { kind: 'subscription_changed', subscriptionId: event.data.object.id };
    default:
      return { kind: 'none' };
  }
}
