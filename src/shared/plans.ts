/**
 * The plans (docs/product.md#plans): their keys, display names and how any spelling of a plan is read.
 * The one home of these names for the server and the SPA alike. Pure: no Node or browser imports.
 */

/** The plans in display order, keyed like the pricing data (docs/product.md#pricing-data). */
export const PLAN_KEYS = ['free', 'standard', 'pro'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

/** The plans an organization buys seats of (docs/product.md#organization-entity). */
export const SEAT_PLAN_KEYS = ['standard', 'pro'] as const satisfies readonly PlanKey[];
export type SeatPlanKey = (typeof SEAT_PLAN_KEYS)[number];

/** Display names; also the canonical names the contract's `Plan` carries. */
export const PLAN_NAMES = { free: 'Free', standard: 'Standard', pro: 'Pro' } as const satisfies Record<
  PlanKey,
  string
>;
export type PlanName = (typeof PLAN_NAMES)[PlanKey];

/** docs/product.md#plan-cards: Standard is the recommended plan. */
const RECOMMENDED_PLAN: PlanKey = 'standard';

/**
 * The plan to recommend to someone on `current`: the spec's Standard to a Free account, none to a
 * subscriber (whose other cards would only nudge them up or down a plan they chose).
 */
export function recommendedPlanFor(current: PlanKey | null | undefined): PlanKey | null {
  return !current || current === 'free' ? RECOMMENDED_PLAN : null;
}

/** docs/product.md#subscription: a product is compared case-insensitively and defaults to Free. */
export function planKeyOf(product: string | null | undefined): PlanKey {
  const lower = (product ?? '').trim().toLowerCase();
  return lower === 'standard' || lower === 'pro' ? lower : 'free';
}

/** The display name of any spelling of a product: 'STANDARD' → 'Standard', null → 'Free'. */
export function planName(product: string | null | undefined): PlanName {
  return PLAN_NAMES[planKeyOf(product)];
}

export function isSeatPlan(plan: PlanKey): plan is SeatPlanKey {
  return plan !== 'free';
}
