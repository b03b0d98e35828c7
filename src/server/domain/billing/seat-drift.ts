/**
 * The comparison behind `npm run reconcile:seats` (docs/product.md#seats-and-the-payment-provider): an organization's purchased seats against
 * the quantities of its subscription at the payment provider. Pure: no database, no provider.
 *
 * Source of truth: the provider's subscription, because it is what the customer pays for. A fix sets
 * the organization's purchased seats to the provider's quantities; it never unassigns anyone, so an
 * organization left with more assigned than purchased seats is reported for its admin to settle.
 */
import { SEAT_PLAN_KEYS, type SeatPlanKey } from '../../../shared/plans.js';
import type { PurchasedSeats } from '../../../shared/seats.js';

export function sameSeats(a: PurchasedSeats, b: PurchasedSeats): boolean {
  return SEAT_PLAN_KEYS.every((product) => a[product] === b[product]);
}

export interface SeatBooks {
  organizationId: number;
  name: string;
  subscriptionId: string | null;
  /** What the organization believes it bought (organizations.seats_*). */
  purchased: PurchasedSeats;
  /** Members holding each product. */
  assigned: PurchasedSeats;
  /** The provider's quantities; undefined when the provider has no such subscription (or none is set). */
  provider: PurchasedSeats | undefined;
}

export interface SeatDrift {
  organizationId: number;
  name: string;
  subscriptionId: string | null;
  product: SeatPlanKey;
  ours: number;
  provider: number;
  assigned: number;
}

/** Every product whose purchased seats differ from the provider's quantity (no subscription counts as 0). */
export function seatDrift(books: readonly SeatBooks[]): SeatDrift[] {
  const drift: SeatDrift[] = [];
  for (const org of books) {
    const provider = org.provider ?? { standard: 0, pro: 0 };
    for (const product of SEAT_PLAN_KEYS) {
      if (org.purchased[product] === provider[product]) continue;
      drift.push({
        organizationId: org.organizationId,
        name: org.name,
        subscriptionId: org.subscriptionId,
        product,
        ours: org.purchased[product],
        provider: provider[product],
        assigned: org.assigned[product],
      });
    }
  }
  return drift;
}

/** One line per drift, and the warning when the provider pays for fewer seats than members hold. */
export function driftReport(drift: readonly SeatDrift[], fixed: boolean): string {
  if (drift.length === 0) return 'Seats are in step with the payment provider: no drift.';
  const lines = drift.map((d) => {
    const line = `Organization ${d.organizationId} (${d.name}), ${d.product}: ${d.ours} purchased here, ${d.provider} at the provider (subscription ${d.subscriptionId ?? 'none'})`;
    const over =
      d.assigned > d.provider
        ? `; ${d.assigned} assigned: ${d.assigned - d.provider} more than the provider bills, for the admin to settle`
        : '';
    return `${line}${over}${fixed ? ` -> set to ${d.provider}` : ''}`;
  });
  const summary = fixed
    ? `Fixed ${drift.length} drift(s): purchased seats now follow the provider.`
    : `${drift.length} drift(s). Run with --fix to make purchased seats follow the provider.`;
  return [...lines, summary].join('\n');
}
