import { useEffect } from 'react';
import { useGetPricingQuery } from '../../api/endpoints/catalogue';
import { classifyFailure, errorMessage, isFailedAnswer } from '../../api/errors';
import type { BillingSchedule } from './prices';

/** docs/product.md#pricing-and-coupon-texts. */
const PRICING_FETCH_FAILED = 'Failed to fetch pricing data';
const PRICING_ERROR = 'Error fetching pricing';
const PRICING_ERROR_LOGGED = 'Error fetching pricing data';

/** A non-OK answer reads 'Failed to fetch pricing data'; anything else (network...) 'Error fetching pricing'. */
function pricingErrorText(error: unknown): string {
  if (isFailedAnswer(error)) return PRICING_FETCH_FAILED;
  return errorMessage(error, PRICING_ERROR);
}

/**
 * The prices of one schedule, for the plan cards of /pricing and /dashboard/billing. Only the answer
 * for the schedule asked is returned: a yearly price read with the monthly rule would show 12× too much.
 */
export function usePricing(schedule: BillingSchedule) {
  const { currentData, error, isError, isFetching, refetch } = useGetPricingQuery({ schedule });
  // A request cut short by a newer one (docs/product.md#the-pricing-page) is not a failure worth showing.
  const failed = isError && classifyFailure(error).kind !== 'aborted';

  useEffect(() => {
    if (failed) console.error(PRICING_ERROR_LOGGED, error);
  }, [failed, error]);

  return {
    pricing: currentData?.data ?? null,
    loading: isFetching || (!currentData && !failed),
    errorText: failed ? pricingErrorText(error) : null,
    retry: () => void refetch(),
  };
}
