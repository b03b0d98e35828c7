import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import type { Pricing } from '../../../api/contract-types';
import { BillingScheduleToggle, usePricing, type BillingSchedule } from '../../../entities/plan';
import ErrorAlert from '../../../components/ErrorAlert';
import { ContentSkeleton } from '../../../components/skeletons';

export interface PlanPricingProps {
  /** The subscription's interval for a paid account (docs/product.md#displayed-prices); null lets the user toggle. */
  fixed: BillingSchedule | null;
  children: (pricing: Pricing, schedule: BillingSchedule) => ReactNode;
}

/**
 * The monthly/annual toggle of docs/product.md#billing-views, worded Monthly / Yearly like /pricing (default yearly, hidden
 * when the period is fixed) and the prices of the
 * chosen schedule, handed to the plan cards below it.
 */
export default function PlanPricing({ fixed, children }: PlanPricingProps) {
  const [chosen, setChosen] = useState<BillingSchedule>('yearly');
  const schedule = fixed ?? chosen;
  const { pricing, loading, errorText, retry } = usePricing(schedule);
  return (
    <Stack spacing={2}>
      {fixed === null && (
        <Box>
          <BillingScheduleToggle value={schedule} onChange={setChosen} />
        </Box>
      )}
      <ErrorAlert error={errorText} onRetry={retry} />
      {loading && <ContentSkeleton shape="cards" cardHeight={420} text="Loading prices" />}
      {pricing && !loading && children(pricing, schedule)}
    </Stack>
  );
}
