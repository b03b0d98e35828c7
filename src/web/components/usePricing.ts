import { useEffect } from 'react';
import { useGetPricingQuery } from '../api/catalogue';
import { errorMessage, errorStatus } from '../api/errors';
import type { BillingSchedule } from '../lib/prices';

/** Spec §8 'Pricing and coupons'. */
export const PRICING_FETCH_FAILED = 'Failed to fetch pricing data';
export const PRICING_ERROR = 'Error fetching pricing';
const PRICING_ERROR_LOGGED = 'Error fetching pricing data';

/** A get-pricing request cut short by a newer one (spec §7): not a failure worth showing. */
function isAborted(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, error: detail } = error as { status?: unknown; error?: unknown };
  return status === 'FETCH_ERROR' && typeof detail === 'string' && /abort/i.test(detail);
}

/** A non-OK answer reads 'Failed to fetch pricing data'; anything else (network...) 'Error fetching pricing'. */
export function pricingErrorText(error: unknown): string {
  const status = errorStatus(error);
  if (status !== undefined && (status < 200 || status >= 300)) return PRICING_FETCH_FAILED;
  return errorMessage(error, PRICING_ERROR);
}

/**
 * The prices of one schedule, for the plan cards of /pricing and /dashboard/billing. Only the answer
 * for the schedule asked is returned: a yearly price read with the monthly rule would show 12× too much.
 */
export function usePricing(schedule: BillingSchedule) {
  const { currentData, error, isError, isFetching } = useGetPricingQuery({ schedule });
  const failed = isError && !isAborted(error);

  useEffect(() => {
    if (failed) console.error(PRICING_ERROR_LOGGED, error);
  }, [failed, error]);

  return {
    pricing: currentData?.data ?? null,
    loading: isFetching || (!currentData && !failed),
    errorText: failed ? pricingErrorText(error) : null,
  };
}
