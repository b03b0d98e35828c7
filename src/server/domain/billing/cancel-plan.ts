/**
 * A user cancels their own plan (the sandbox portal): back to Free, their seat in an organization
 * released, then the provider's subscription follows.
 */
import { PLAN_NAMES, planKeyOf } from '../../../shared/plans.js';
import { personOf } from '../../repositories/audit.js';
import type { User } from '../../db/schema.js';
import type { Repositories } from '../../repositories/index.js';
import { applyPlanChange } from '../credits.js';
import { intervalOf } from './quote.js';
import { pushSubscription, type SeatServices } from './seat-sync.js';
import { saveSubscription } from './subscription-record.js';

/**
 * Cancels the user's plan (their seat is released), then the provider's quantities follow. `actor` is who
 * cancelled it (the user, or a billing manager for the billing admin who pays): the audit's actor.
 */
export async function cancelPlanEverywhere(
  services: SeatServices,
  userId: number,
  actor?: User,
): Promise<void> {
  await cancelPlan(services.repos, userId, actor);
  const user = await services.repos.users.findById(userId);
  const org = user?.organization_id
    ? await services.repos.organizations.findById(user.organization_id)
    : undefined;
  const subscriptionId = org?.subscription_id ?? user?.stripe_subscription_id;
  if (subscriptionId) await pushSubscription(services, subscriptionId);
}

/** Cancels the user's own plan (portal): back to Free; in an organization their seat is released. */
async function cancelPlan(repos: Repositories, userId: number, actor: User | undefined): Promise<void> {
  await repos.transaction(async (tx) => {
    const user = await tx.users.findById(userId, { forUpdate: true });
    if (!user) throw new Error(`User ${userId} is missing`);
    const product = planKeyOf(user.stripe_product);
    if (product === 'free' && user.stripe_status !== 'active') return;
    await tx.audit.record({
      type: 'billing.plan_canceled',
      organizationId: user.organization_id,
      actor: personOf(actor ?? user),
      target: personOf(user),
      ip: null,
      details: { from: PLAN_NAMES[product] },
    });
    await tx.users.update(userId, {
      stripe_product: 'free',
      stripe_status: 'canceled',
      next_payment_date: null,
    });
    await applyPlanChange(tx, userId, 'free', userId);
    const updated = (await tx.users.findById(userId))!;
    const org =
      user.organization_id === null
        ? undefined
        : await tx.organizations.releaseSeat(user.organization_id, product);
    if (user.stripe_subscription_id) {
      const interval = intervalOf(user.stripe_interval);
      const hasSeats = org !== undefined && org.seats_standard + org.seats_pro > 0;
      await saveSubscription(
        tx,
        updated,
        org,
        user.stripe_subscription_id,
        interval,
        hasSeats ? 'active' : 'canceled',
      );
    }
  });
}
