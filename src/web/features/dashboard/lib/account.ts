/** Pure rules of the Overview cards (docs/product.md#overview). */
import { planKeyOf } from '../../../../shared/plans';

/**
 * The badge beside the credits: 'Annual' for a yearly interval, otherwise 'Monthly'. The credits are
 * the plan's, so the interval counts only on a paid plan: a Free admin who bought seats yearly has a
 * yearly subscription (for the seats) but Free's monthly credits, and reads 'Monthly'.
 */
export function billingIntervalBadge(
  subscription: { stripe_product?: string | null; stripe_interval?: string | null } | null | undefined,
): 'Annual' | 'Monthly' {
  if (planKeyOf(subscription?.stripe_product) === 'free') return 'Monthly';
  return subscription?.stripe_interval?.toLowerCase() === 'yearly' ? 'Annual' : 'Monthly';
}

export type OnboardingStep = 'install' | 'connect';

/**
 * What the user still has to do before the extension syncs anything, in the onboarding order
 * (lib/next-screen.ts: the extension first, then the CRM); null when both are done.
 */
export function nextOnboardingStep(user: {
  has_installed: boolean;
  connection_id?: string | null;
}): OnboardingStep | null {
  if (!user.has_installed) return 'install';
  if (!user.connection_id) return 'connect';
  return null;
}
