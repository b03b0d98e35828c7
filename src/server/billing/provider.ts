/** Payment behind one interface: the sandbox (default) or Stripe (STRIPE_SECRET_KEY set). */
import type { User } from '../db/schema.js';
import { unavailable } from '../domain/errors.js';
import type { PurchasedSeats } from '../../shared/seats.js';
import type { InvoiceLine } from '../domain/billing/invoices.js';
import type { Interval, LineItem } from '../domain/billing/quote.js';

export interface CheckoutRequest {
  user: User;
  /**
   * 'plan': the buyer's own plan (plus optional seats); 'seats': organization seats only; 'top_up': a credit
   * pack, a one-off payment.
   */
  kind: 'plan' | 'seats' | 'top_up';
  /** The pack of a top-up. */
  creditPack?: { slug: string; credits: number };
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
   * Ends a subscription another one replaced (see one-subscription.ts), crediting the time paid for
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
 * Statuses in which a subscription still bills the customer or will retry doing so: a second
 * subscription beside one of these bills twice. ('incomplete' is left out: its first payment failed and
 * it expires by itself within a day, so it must not block paying again.)
 */
const LIVE_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due', 'unpaid', 'paused']);

export function isLive(subscription: ProviderSubscription | undefined): subscription is ProviderSubscription {
  return (
    subscription !== undefined &&
    LIVE_STATUSES.has(subscription.status) &&
    subscription.quantities.standard + subscription.quantities.pro > 0
  );
}

/** Quantities of a subscription's items, per seat product (other products are not seats). */
export function quantitiesOf(items: readonly { product: string; quantity: number }[]): PurchasedSeats {
  const quantities = { standard: 0, pro: 0 };
  for (const item of items) {
    if (item.product === 'standard' || item.product === 'pro') quantities[item.product] += item.quantity;
  }
  return quantities;
}

/**
 * No payment provider: STRIPE_SECRET_KEY is not set and the sandboxes are off (a non-local PUBLIC_URL
 * without SANDBOXES=true). Paying is refused rather than simulated, so nobody gets a plan for free.
 */
export function createUnavailableBilling(): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw unavailable('Payments are not available on this server yet. Please try again later.');
  };
  return {
    name: 'none',
    createCheckout: refuse,
    createPortal: refuse,
    setQuantities: refuse,
    retrieveSubscription: async () => undefined,
    listInvoices: async () => [],
    cancelReplacedSubscription: refuse,
    updatesSeatsInPlace: false,
  };
}
