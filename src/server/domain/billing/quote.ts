/** Prices a checkout from the plans table: line items, coupon discount and total, in cents. */
import type { Plan } from '../../db/schema.js';

export type Interval = 'monthly' | 'yearly';

export interface LineItem {
  description: string;
  price_id: string;
  product: string;
  unit_amount: number;
  quantity: number;
}

export interface Quote {
  lineItems: LineItem[];
  subtotal: number;
  discount: number;
  total: number;
}

/** The plan and schedule a price id stands for, or undefined. */
export function planOfPrice(
  plans: Map<string, Plan>,
  priceId: string,
): { plan: Plan; interval: Interval } | undefined {
  for (const plan of plans.values()) {
    if (plan.monthly_price_id === priceId) return { plan, interval: 'monthly' };
    if (plan.yearly_price_id === priceId) return { plan, interval: 'yearly' };
  }
  return undefined;
}

export function priceOf(plan: Plan, interval: Interval): { priceId: string; amount: number } {
  return interval === 'yearly'
    ? { priceId: plan.yearly_price_id, amount: plan.yearly_price }
    : { priceId: plan.monthly_price_id, amount: plan.monthly_price };
}

/**
 * What a checkout line sells, as its payment page and the invoice list show it: English that the app
 * reads in the user's language (src/web/i18n/zh-CN/stored-values.ts has these forms).
 */
export function lineDescription(name: string, what: 'plan' | 'seat', interval: Interval): string {
  const period = interval === 'yearly' ? 'yearly' : 'monthly';
  return what === 'plan' ? `${name} plan (${period})` : `${name} seat (${period})`;
}

/** A credit pack's line: its credits never expire (DESIGN.md). */
export function packLineDescription(packName: string): string {
  return `${packName} (one-off, never expire)`;
}

export function lineItem(plan: Plan, interval: Interval, quantity: number, what: 'plan' | 'seat'): LineItem {
  const { priceId, amount } = priceOf(plan, interval);
  return {
    description: lineDescription(plan.name, what, interval),
    price_id: priceId,
    product: plan.slug,
    unit_amount: amount,
    quantity,
  };
}

export function quote(lineItems: LineItem[], percentOff: number | undefined): Quote {
  const subtotal = lineItems.reduce((sum, item) => sum + item.unit_amount * item.quantity, 0);
  const discount = percentOff ? Math.round((subtotal * percentOff) / 100) : 0;
  return { lineItems, subtotal, discount, total: subtotal - discount };
}

/** The schedule a stored interval names: anything but 'monthly' is yearly (the records' default). */
export function intervalOf(value: string | null | undefined): Interval {
  return value === 'monthly' ? 'monthly' : 'yearly';
}
