/** Which subscriptions bill an account (one per paying account: billing/one-subscription.ts beside this). */
import type { User } from '../db/schema.js';
import type { Repositories } from '../repositories/index.js';

/** The subscriptions billed for this account: its organization's and its own (most often the same one). */
export async function subscriptionIdsOf(
  repos: Pick<Repositories, 'organizations'>,
  user: Pick<User, 'organization_id' | 'stripe_subscription_id'>,
): Promise<string[]> {
  const org =
    user.organization_id === null ? undefined : await repos.organizations.findById(user.organization_id);
  const ids = [org?.subscription_id, user.stripe_subscription_id].filter((id): id is string => !!id);
  return [...new Set(ids)];
}
