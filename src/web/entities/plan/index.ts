/** The plan entity: price display rules, the plan cards and toggle, the pricing and checkout hooks. */
export { default as BillingScheduleToggle } from './BillingScheduleToggle';
export { default as PlanCard, type PlanCardAction } from './PlanCard';
export { default as PlanCards } from './PlanCards';
export { CREDITS_TOOLTIP } from './PlanFeatureList';
export { default as SeatsSummary } from './SeatsSummary';
export * from './prices';
export { usePlanCheckout } from './use-plan-checkout';
export { usePricing } from './use-pricing';
