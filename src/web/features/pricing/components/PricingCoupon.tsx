import { lazy, Suspense, useEffect } from 'react';
import { useGetCouponQuery } from '../../../api/endpoints/catalogue';

// Loaded with the coupon's answer, not with every visit to /pricing (docs/performance.md#size-budgets):
// only a link with ?coupon= shows it, and it waits for get-coupon anyway.
const CouponBanner = lazy(() => import(/* webpackChunkName: "coupon-banner" */ './CouponBanner'));

const COUPON_ERROR_LOGGED = 'Error fetching coupon data';

/** The coupon of ?coupon=: a banner when the code is valid; a failure is only logged (docs/product.md#pricing-and-coupon-texts). */
export default function PricingCoupon({ code }: { code: string }) {
  const { data, error } = useGetCouponQuery({ coupon: code });

  useEffect(() => {
    if (error) console.error(COUPON_ERROR_LOGGED, error);
  }, [error]);

  // Unknown or expired codes answer `data: null`: nothing to show.
  return data?.data ? (
    <Suspense fallback={null}>
      <CouponBanner coupon={data.data} />
    </Suspense>
  ) : null;
}
