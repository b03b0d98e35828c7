/** Which billing view a user gets (docs/product.md#billing-views). Pure. */
import { managesBilling } from '../../../../shared/permissions';
import { planKeyOf } from '../../../../shared/plans';
import type { Subscription, User } from '../../../api/contract-types';
import { type BillingSchedule } from '../../../entities/plan';

export type BillingLayout = 'member' | 'team' | 'purchase' | 'details';

/**
 * docs/product.md#billing-views, in its order: a team (more than one member) gets team billing; otherwise a Free account
 * gets the product purchase view; otherwise the subscription details. Everyone else sees the member view.
 */
export function billingLayout(user: User): BillingLayout {
  if (!managesBilling(user)) return 'member';
  if ((user.organization?.member_count ?? 0) > 1) return 'team';
  if (planKeyOf(user.subscription.stripe_product) === 'free') return 'purchase';
  return 'details';
}

/** docs/product.md#displayed-prices: with a paid account the period is the subscription's interval; otherwise the user picks. */
export function fixedSchedule(subscription: Subscription): BillingSchedule | null {
  if (planKeyOf(subscription.stripe_product) === 'free') return null;
  return subscription.stripe_interval ?? null;
}
