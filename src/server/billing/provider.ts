/** Payment behind one interface: the sandbox (default) or Stripe (STRIPE_SECRET_KEY set). */
import type { User } from '../db/schema.js';
import { unavailable } from '../domain/errors.js';
import type { LineItem } from './quote.js';

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

export interface BillingProvider {
  /** 'none': neither Stripe nor the sandbox (SANDBOXES off); every payment call answers 503. */
  readonly name: 'sandbox' | 'stripe' | 'none';
  /** The URL of the payment page the browser goes to. A provider failure throws upstreamFailed (502). */
  createCheckout(request: CheckoutRequest): Promise<string>;
  /** The URL of the billing portal for this user. */
  createPortal(user: User, returnUrl: string): Promise<string>;
}

/**
 * No payment provider: STRIPE_SECRET_KEY is not set and the sandboxes are off (a non-local PUBLIC_URL
 * without SANDBOXES=true). Paying is refused rather than simulated, so nobody gets a plan for free.
 */
export function createUnavailableBilling(): BillingProvider {
  const refuse = async (): Promise<never> => {
    throw unavailable('Payments are not available on this server yet. Please try again later.');
  };
  return { name: 'none', createCheckout: refuse, createPortal: refuse };
}
