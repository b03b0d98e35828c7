/**
 * The payment port: what the billing use cases (domain/billing/) ask of a payment provider, and what a
 * provider tells them (its webhook events, read by the adapter). The adapters beside it implement it:
 * the sandbox (default), Stripe (STRIPE_SECRET_KEY set) and none (unavailable.ts); subscription-lock.ts
 * implements the lock the seat pushes take. Types only: the rules live in domain/billing/.
 */
import type { User } from '../db/schema.js';
import type { PurchasedSeats } from '../../shared/seats.js';
import type { InvoiceLine } from '../domain/billing/invoices.js';
import type { Interval, LineItem } from '../domain/billing/quote.js';

export interface CheckoutRequest {
  /** Who pays (the billing admin of an organization). */
  user: User;
  /** Who opened it, when not the payer (a billing manager): the audit log's actor. */
  openedBy?: User;
  /**
   * 'plan': the buyer's own plan (plus optional seats); 'seats': organization seats only; 'top_up': a credit
   * pack, a one-off payment.
   */
  kind: 'plan' | 'seats' | 'top_up';
  /** The pack of a top-up, and whether its credits go to the buyer's team pool or their own balance. */
  creditPack?: { slug: string; credits: number; to: 'pool' | 'own' };
  product: 'standard' | 'pro' | null;
  interval: 'monthly' | 'yearly';
  standardSeats: number;
  proSeats: number;
  lineItems: LineItem[];
  coupon: { code: string; percentOff: number } | undefined;
  /** Where Cancel returns to (already checked against the allow-list). */
  cancelUrl: string;
  /** Where a successful payment lands (/dashboard/billing/success). */
  successUrl: string;
}

/** A subscription as the payment provider has it: what the customer pays for, per product. */
export interface ProviderSubscription {
  id: string;
  status: string;
  quantities: PurchasedSeats;
  /** When the period paid for ends, where the provider says (Stripe); the sandbox has no periods. */
  currentPeriodEnd?: Date;
}

export interface BillingProvider {
  /** 'none': neither Stripe nor the sandbox (SANDBOXES off); every payment call answers 503. */
  readonly name: 'sandbox' | 'stripe' | 'none';
  /** The URL of the payment page the browser goes to. A provider failure throws upstreamFailed (502). */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** The URL of the billing portal for this user. */
  createPortal(user: User, returnUrl: string): Promise<string>;
  /**
   * Sets the subscription's quantity of each product (absolute numbers, so a retry is harmless) and
   * answers the subscription re-read from the provider afterwards. Proration: see the README's billing
   * section (increase: invoiced at once; decrease: no credit).
   */
  setQuantities(
    subscriptionId: string,
    quantities: PurchasedSeats,
    interval: Interval,
  ): Promise<ProviderSubscription>;
  /** The subscription as the provider has it; undefined when the provider does not know it. */
  retrieveSubscription(subscriptionId: string): Promise<ProviderSubscription | undefined>;
  /** The payments the provider took from this account, newest first (at most INVOICES_LISTED). */
  listInvoices(user: User): Promise<InvoiceLine[]>;
  /**
   * Ends a subscription another one replaced (see domain/billing/one-subscription.ts), crediting the time paid for
   * and not used (Stripe: a proration credit on the customer's balance). A provider failure throws
   * upstreamFailed (502).
   */
  cancelReplacedSubscription(subscriptionId: string): Promise<void>;
  /**
   * true: buying seats on an existing subscription changes its quantities at once (Stripe); false: every
   * purchase goes through the provider's checkout page (the sandbox, so the flow can be seen).
   */
  readonly updatesSeatsInPlace: boolean;
}

/**
 * One change of a subscription's quantities at the provider at a time (subscription-lock.ts says why):
 * the work runs once the pushes before it for the same subscription are done.
 */
export interface SubscriptionLock {
  run<T>(subscriptionId: string, work: () => Promise<T>): Promise<T>;
}

/** What a provider's webhook event means to us, as its adapter read it (after checking its signature). */
export type ProviderChange =
  /** A checkout we recorded was paid (Stripe: checkout.session.completed, not unpaid; or async_payment_succeeded). */
  | {
      kind: 'checkout_paid';
      checkoutId: string;
      subscriptionId: string | undefined;
      customerId: string | undefined;
      paymentMethod: string;
    }
  /** A subscription's renewal was paid: a new billing period starts (Stripe: invoice.paid, cycle). */
  | { kind: 'renewal_paid'; subscriptionId: string }
  /** A subscription changed at the provider (its portal, a cancellation, a failed payment). */
  | { kind: 'subscription_changed'; subscriptionId: string }
  /** Nothing we act on. */
  | { kind: 'none' };

export interface ProviderEvent {
  /** The provider's id of the event: it may deliver one more than once, and each applies once. */
  id: string;
  /** The provider's name for the event (kept with the id of each processed one). */
  type: string;
  /** When it happened at the provider: events may arrive out of order. */
  createdAt: Date;
  change: ProviderChange;
}
