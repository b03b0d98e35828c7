/** The `credits` endpoints' tags (docs/product.md#credits-and-caps): usage and reports refresh when caps change or credits move. */
import { onSuccess, type Behaviours } from './tags';

export const behaviour = {
  getCreditUsage: { providesTags: ['Credits'] },
  getUsageReport: { providesTags: ['Credits'] },
  setMemberCaps: { invalidatesTags: onSuccess('Credits') },
  // Credit alerts and the default cap (docs/product.md#credit-alerts).
  getCreditSettings: { providesTags: ['Credits'] },
  setCreditSettings: { invalidatesTags: onSuccess('Credits') },
  // The team pool (docs/product.md#the-team-pool): balances of the pool and of members change together.
  grantCredits: { invalidatesTags: onSuccess('Credits', 'User') },
  takeBackCredits: { invalidatesTags: onSuccess('Credits', 'User') },
  spendCredits: { invalidatesTags: onSuccess('Credits', 'User') },
  refundCredits: { invalidatesTags: onSuccess('Credits', 'User') },
} satisfies Behaviours;
