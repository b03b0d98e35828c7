/** Prices a checkout from the plans table: line items, coupon discount and total, in cents. */
import type { Plan } from '../db/schema.js';

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

export function lineItem(plan: Plan, interval: Interval, quantity: number, what: 'plan' | 'seat'): LineItem {
  const { priceId, amount } = priceOf(plan, interval);
  const period = interval === 'yearly' ? 'yearly' : 'monthly';
  return {
    description: what === 'plan' ? `${plan.name} plan (${period})` : `${plan.name} seat (${period})`,
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
