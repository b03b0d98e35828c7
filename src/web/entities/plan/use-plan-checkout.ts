import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useCheckoutMutation } from '../../api/endpoints/billing';
import type { PricingEntry } from '../../api/contract-types';
import { errorMessage } from '../../api/errors';
import type { PlanKey } from '../../../shared/plans';
import type { BillingSchedule } from './prices';
import { leaveAppTo, safeRedirectUrl } from '../../lib/safe-redirect';

/** docs/product.md#seats-and-checkout-texts. */
const CHECKOUT_FAILED = 'Failed to create checkout session';
const NO_CHECKOUT_URL = 'No checkout URL returned';

/**
 * Buying a plan from a plan card (/pricing and the dashboard's product purchase view): create the
 * checkout session, then leave for the payment page. The processing state stays while the browser
 * leaves and is cleared on error (docs/product.md#seats-and-checkout-texts).
 */
export function usePlanCheckout(couponCode: string | null) {
  const [checkout] = useCheckoutMutation();
  // The page the request was made from (the provider returns there on cancel); read from the router,
  // which is the source of truth for the current URL.
  const { pathname, search } = useLocation();
  const [processingPlan, setProcessingPlan] = useState<PlanKey | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function startCheckout(plan: PlanKey, entry: PricingEntry, schedule: BillingSchedule) {
    setProcessingPlan(plan);
    setError(null);
    const priceId = schedule === 'yearly' ? entry.yearly_price_id : entry.monthly_price_id;
    try {
      const { url } = await checkout({
        items: [{ price_id: priceId, quantity: 1 }],
        request_url: new URL(pathname + search, window.location.origin).href,
        coupon_code: couponCode || null,
      }).unwrap();
      if (!url) throw new Error(NO_CHECKOUT_URL);
      const target = safeRedirectUrl(url, window.location.origin);
      // A payment page outside the allow-list is never followed (DESIGN.md).
      if (!target) throw new Error(CHECKOUT_FAILED);
      leaveAppTo(target);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : errorMessage(caught, CHECKOUT_FAILED));
      setProcessingPlan(null);
    }
  }

  return { startCheckout, processingPlan, error };
}
