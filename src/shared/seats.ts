/**
 * Seat availability (docs/product.md#seats), shared by the SPA (the Product select of
 * the member edit page) and the server (set-user-product), so the rule is written once.
 * Pure: no Node or browser imports. Plan keys, names and normalization live in plans.ts.
 */
import { PLAN_NAMES, planKeyOf, type PlanKey, type SeatPlanKey } from './plans.js';

export interface PurchasedSeats {
  standard: number;
  pro: number;
}

/** How many members hold each paid product. */
export function assignedSeats(memberProducts: Iterable<string | null | undefined>): PurchasedSeats {
  const counts = { standard: 0, pro: 0 };
  for (const product of memberProducts) {
    const plan = planKeyOf(product);
    if (plan !== 'free') counts[plan] += 1;
  }
  return counts;
}

/**
 * Seats of `product` still free for `memberProduct`'s holder: purchased minus assigned, with the
 * member's own seat counted back, never below 0.
 */
export function availableSeats(
  product: SeatPlanKey,
  purchased: PurchasedSeats,
  assigned: PurchasedSeats,
  memberProduct: string | null | undefined,
): number {
  const ownSeat = planKeyOf(memberProduct) === product ? 1 : 0;
  return Math.max(0, purchased[product] - assigned[product] + ownSeat);
}

/** Free is always allowed; a paid product needs a free seat or the member already holding it. */
export function canAssignProduct(
  product: PlanKey,
  purchased: PurchasedSeats,
  assigned: PurchasedSeats,
  memberProduct: string | null | undefined,
): boolean {
  if (product === 'free') return true;
  if (planKeyOf(memberProduct) === product) return true;
  return availableSeats(product, purchased, assigned, memberProduct) > 0;
}

/**
 * The label of a Product option, e.g. 'Standard (2 seats available)' (spec wording, never below 0),
 * singular for one: 'Standard (1 seat available)'.
 */
export function seatOptionLabel(product: SeatPlanKey, available: number): string {
  const count = Math.max(0, available);
  return `${PLAN_NAMES[product]} (${count} ${count === 1 ? 'seat' : 'seats'} available)`;
}
