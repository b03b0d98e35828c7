/**
 * The Stripe adapter (STRIPE_SECRET_KEY set): Checkout Sessions for plans and seats, the Customer
 * Portal, and a webhook that applies payments and renewals (invoice.paid). Webhook events are verified on the raw body, handled
 * once each (processed_events), and subscription updates older than what we stored are ignored,
 * because Stripe may repeat events and deliver them out of order.
 */
import Stripe from 'stripe';
import type { Config } from '../config.js';
import { invalid, upstreamFailed } from '../domain/errors.js';
import { renewBillingPeriod } from '../domain/credits.js';
import { applyPaidCheckout } from '../domain/payments.js';
import type { Repositories } from '../repositories/index.js';
import { recordCheckout } from './checkout-record.js';
import type { BillingProvider } from './provider.js';

export function createStripeClient(secretKey: string): Stripe {
  return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000 });
}

export function createStripeBilling(repos: Repositories, config: Config, stripe: Stripe): BillingProvider {
  return {
    name: 'stripe',
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
                line_items: request.lineItems.map((item) => ({
                  price: item.price_id,
                  quantity: item.quantity,
                })),
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
        throw upstreamFailed('Failed to create checkout session');
      }
      if (!session.url) throw upstreamFailed('No checkout URL returned');
      return session.url;
    },
    async createPortal(user, returnUrl) {
      if (!user.stripe_customer_id) throw invalid('There is no billing account yet: buy a plan first.');
      try {
        const session = await stripe.billingPortal.sessions.create({
          customer: user.stripe_customer_id,
          return_url: returnUrl,
        });
        return session.url;
      } catch {
        throw upstreamFailed('Could not load billing portal URL');
      }
    },
  };
}

/** Verifies and applies one webhook delivery. Throws on a bad signature (answered 400). */
export async function handleStripeWebhook(
  repos: Repositories,
  stripe: Stripe,
  webhookSecret: string,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<void> {
  if (!signature) throw invalid('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signature, webhookSecret);
  } catch {
    throw invalid('Invalid webhook signature.');
  }
  // Already handled: Stripe retries deliveries.
  if (!(await repos.billing.markEventProcessed(event.id, event.type))) return;

  try {
    await applyEvent(repos, event);
  } catch (error) {
    // Let Stripe retry later: forget that we saw it.
    await repos.billing.forgetEvent(event.id);
    throw error;
  }
}

async function applyEvent(repos: Repositories, event: Stripe.Event): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const checkoutId = session.metadata?.checkout_id;
      if (!checkoutId || session.payment_status === 'unpaid') return;
      await applyPaidCheckout(repos, checkoutId, {
        subscriptionId:
          typeof session.subscription === 'string' ? session.subscription : session.subscription?.id,
        customerId: typeof session.customer === 'string' ? session.customer : session.customer?.id,
        paymentMethod: 'Card on file',
      });
      return;
    }
    case 'invoice.paid': {
      // Issue 13: a renewal invoice starts the next billing period: plan credits are granted again (unused
      // ones expire, top-ups stay) for everyone the subscription covers. The event is handled once.
      const invoice = event.data.object;
      if (invoice.billing_reason !== 'subscription_cycle') return;
      const details = invoice.parent?.subscription_details?.subscription;
      const subscriptionId = typeof details === 'string' ? details : details?.id;
      if (!subscriptionId) return;
      const payer = await repos.users.findPayerOf(subscriptionId);
      if (payer) await renewBillingPeriod(repos, payer);
      return;
    }
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const eventTime = new Date(event.created * 1000);
      // Out-of-order delivery: an event older than our last update of this subscription is stale.
      const storedAt = await repos.billing.subscriptionUpdatedAt(subscription.id);
      if (storedAt && storedAt > eventTime) return;
      const deleted = event.type === 'customer.subscription.deleted';
      const periodEnd = subscription.items.data[0]?.current_period_end;
      await repos.transaction(async (tx) => {
        await tx.users.updatePayersOf(subscription.id, {
          stripe_status: deleted ? 'canceled' : subscription.status,
          next_payment_date: !deleted && periodEnd ? new Date(periodEnd * 1000) : null,
          ...(deleted ? { stripe_product: 'free' } : {}),
        });
        await tx.billing.setSubscriptionStatus(subscription.id, deleted ? 'canceled' : subscription.status);
      });
      return;
    }
    default:
      return;
  }
}
