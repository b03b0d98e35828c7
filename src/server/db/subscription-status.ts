/**
 * The statuses of a subscription record: the provider's own (Stripe's words, which the sandbox uses too)
 * plus ours for one that another subscription replaced (domain/billing/one-subscription.ts). Here, beside the
 * schema, because the repositories' queries, the billing rules and the adapters all read them.
 */

/** Our record's status of a subscription that another one replaced, until the provider has ended it. */
export const REPLACED = 'replaced';

/** Whether a provider's subscription status means it has ended (nothing is billed any more). */
export function subscriptionEnded(status: string): boolean {
  return status === 'canceled' || status === 'incomplete_expired';
}
