/** The plan entity: price display rules, the plan cards and toggle, the pricing and checkout hooks. */
export { default as BillingScheduleToggle, type BillingScheduleToggleProps } from './BillingScheduleToggle';
export { default as PlanCard, type PlanCardAction, type PlanCardProps } from './PlanCard';
export { default as PlanCards, type PlanCardsProps } from './PlanCards';
export { CREDITS_TOOLTIP, default as PlanFeatureList } from './PlanFeatureList';
export { default as SeatsSummary } from './SeatsSummary';
export * from './prices';
export { CHECKOUT_FAILED, NO_CHECKOUT_URL, usePlanCheckout } from './use-plan-checkout';
export { PRICING_ERROR, PRICING_FETCH_FAILED, pricingErrorText, usePricing } from './use-pricing';
