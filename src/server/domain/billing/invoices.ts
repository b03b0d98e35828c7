/**
 * What the billing page says about money before and after it moves: the next invoice, the price of seats
 * before they are bought, and a paid checkout as an invoice line. Pure: the handlers read the records.
 */
import type { SubscriptionItem } from '../../db/schema.js';
import type { Interval } from './quote.js';

/** One line of what was bought: the app translates the descriptions the server wrote (quote.ts). */
interface InvoiceItem {
  description: string;
  quantity: number;
}

export interface InvoiceLine {
  id: string;
  date: number;
  items: InvoiceItem[];
  amount: number;
  status: 'paid' | 'open' | 'void' | 'uncollectible' | 'draft';
}

/** At most this many past invoices are listed: two years of monthly payments. */
export const INVOICES_LISTED = 24;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/**
 * The next invoice: the whole subscription at its next payment date. None when nothing will be charged
 * (no live subscription, no date, or items that cost nothing).
 */
export function nextInvoice(
  subscription:
    | {
        status: string | null;
        interval: string | null;
        nextPaymentDate: Date | null;
        items: readonly SubscriptionItem[];
      }
    | undefined,
): { date: number; amount: number; interval: Interval } | null {
  if (!subscription?.nextPaymentDate || subscription.status !== 'active') return null;
  const amount = subscription.items.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  if (amount <= 0) return null;
  const interval: Interval = subscription.interval === 'monthly' ? 'monthly' : 'yearly';
  return { date: seconds(subscription.nextPaymentDate), amount, interval };
}

/** The start of the period that ends at `end`: one month or one year before it. */
function periodStart(end: Date, interval: Interval): Date {
  const start = new Date(end);
  if (interval === 'monthly') start.setUTCMonth(start.getUTCMonth() - 1);
  else start.setUTCFullYear(start.getUTCFullYear() - 1);
  return start;
}

export interface SeatQuote {
  lines: { product: 'standard' | 'pro'; quantity: number; unit_amount: number }[];
  interval: Interval;
  full_amount: number;
  amount_due_now: number;
  prorated: boolean;
  period_end: number | null;
}

/**
 * The price of an order of seats. `prorateUntil` is the end of the live subscription's period when the
 * provider adds seats to it in place (Stripe invoices the rest of the period at once, README "Seats and
 * the payment provider"); the sandbox's checkout charges a whole period, so it passes null. The prorated
 * amount is the share of the period left, rounded to the cent, as Stripe computes it to the second.
 */
export function seatQuote(options: {
  lines: SeatQuote['lines'];
  interval: Interval;
  prorateUntil: Date | null;
  now: Date;
}): SeatQuote {
  const { lines, interval, prorateUntil, now } = options;
  const full = lines.reduce((sum, line) => sum + line.unit_amount * line.quantity, 0);
  if (!prorateUntil || prorateUntil <= now) {
    return { lines, interval, full_amount: full, amount_due_now: full, prorated: false, period_end: null };
  }
  const start = periodStart(prorateUntil, interval);
  const share = Math.min(
    1,
    (prorateUntil.getTime() - now.getTime()) / (prorateUntil.getTime() - start.getTime()),
  );
  return {
    lines,
    interval,
    full_amount: full,
    amount_due_now: Math.round(full * share),
    prorated: true,
    period_end: seconds(prorateUntil),
  };
}
