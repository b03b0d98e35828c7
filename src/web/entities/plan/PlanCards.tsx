import Box from '@mui/material/Box';
import type { components } from '../../../contract/api';
import { PLAN_KEYS, PLAN_NAMES, recommendedPlanFor, type PlanKey } from '../../../shared/plans';
import { displayedMonthlyPrice, planFeatures, type BillingSchedule } from './prices';
import PlanCard, { type PlanCardAction } from './PlanCard';

type Pricing = components['schemas']['Pricing'];

export interface PlanCardsProps {
  pricing: Pricing;
  schedule: BillingSchedule;
  /** The signed-in user's product; its card is disabled and marked 'Current'. */
  currentPlan?: PlanKey | null;
  /** The button of each card (spec: checkout, /signup or the billing portal, depending on the page). */
  actionFor: (plan: PlanKey) => PlanCardAction;
  /** Plans to leave out (e.g. Free in the change-plan panel). */
  plans?: readonly PlanKey[];
  /** The plan whose action is in progress; the other buttons wait meanwhile. */
  busyPlan?: PlanKey | null;
  /** Every button waits (e.g. while it is not yet known who the visitor is). */
  disabled?: boolean;
  /** The plan marked RECOMMENDED with the primary button (default: relative to `currentPlan`). */
  recommended?: PlanKey | null;
}

/** Free, Standard and Pro side by side, stacked on a phone; Standard RECOMMENDED to a Free account. */
export default function PlanCards({
  pricing,
  schedule,
  currentPlan = null,
  actionFor,
  plans = PLAN_KEYS,
  busyPlan = null,
  disabled = false,
  recommended = recommendedPlanFor(currentPlan),
}: PlanCardsProps) {
  return (
    // A CSS grid rather than MUI's Grid (one less component in /pricing's first load: docs/performance.md#size-budgets).
    <Box
      sx={{
        display: 'grid',
        gap: 3,
        alignItems: 'stretch',
        gridTemplateColumns: { xs: '1fr', md: `repeat(${plans.length}, minmax(0, 1fr))` },
      }}
    >
      {plans.map((plan) => {
        const entry = pricing[plan];
        return (
          <Box key={plan} sx={{ minWidth: 0 }}>
            <PlanCard
              name={PLAN_NAMES[plan]}
              monthlyPrice={displayedMonthlyPrice(entry.price, schedule)}
              schedule={schedule}
              features={planFeatures(entry.metadata)}
              recommended={plan === recommended}
              current={plan === currentPlan}
              action={actionFor(plan)}
              busy={busyPlan === plan}
              disabled={disabled || (busyPlan !== null && busyPlan !== plan)}
            />
          </Box>
        );
      })}
    </Box>
  );
}
