/**
 * The billing admin lowers the organization's purchased seats (the sandbox portal): our side first,
 * never below the seats members hold, then the provider's subscription follows.
 */
import { PLAN_NAMES, SEAT_PLAN_KEYS } from '../../../shared/plans.js';
import { assignedSeats } from '../../../shared/seats.js';
import type { Organization, User } from '../../db/schema.js';
import type { Repositories } from '../../repositories/index.js';
import { conflict, invalid } from '../errors.js';
import { intervalOf } from './quote.js';
import { pushSubscription, type SeatServices } from './seat-sync.js';
import { recordSeatChange, saveSubscription } from './subscription-record.js';
import { message } from '../../../contract/messages.js';

/** Fewer purchased seats (sandbox portal): our side under the organization's lock, then the provider. */
export async function reduceSeats(
  services: SeatServices,
  admin: User,
  target: { standard: number; pro: number },
  ip: string | null,
  /** Who lowered them (the billing admin, or a billing manager for them): the audit's actor. */
  actor: User = admin,
): Promise<void> {
  const org = await lowerPurchasedSeats(services.repos, admin, target, ip, actor);
  await pushSubscription(services, org.subscription_id!);
}

/**
 * The billing admin lowers the organization's purchased seats (the sandbox portal). Never below the
 * seats members hold: under the organization's lock, so no assignment slips in between. Raising goes
 * through a purchase instead. Our side changes first; the caller then pushes it to the provider.
 */
async function lowerPurchasedSeats(
  repos: Repositories,
  admin: User,
  target: { standard: number; pro: number },
  ip: string | null,
  actor: User,
): Promise<Organization> {
  return repos.transaction(async (tx) => {
    if (admin.organization_id === null) throw invalid(message('no_seats_to_change'));
    const org = await tx.organizations.findById(admin.organization_id, { forUpdate: true });
    if (!org?.subscription_id) throw invalid(message('no_seats_to_change'));
    const assigned = assignedSeats(await tx.users.productsOf(org.id));
    for (const product of SEAT_PLAN_KEYS) {
      const purchased = product === 'standard' ? org.seats_standard : org.seats_pro;
      if (target[product] > purchased) throw invalid(message('add_seats_with_buy_seats'));
      if (target[product] < assigned[product]) {
        throw conflict(
          message('seats_held_by_members', { count: assigned[product], plan: PLAN_NAMES[product] }),
        );
      }
    }
    await recordSeatChange(tx, org, target, {
      actor,
      by: actor.id === admin.id ? 'billing admin' : 'billing manager',
      ip,
    });
    const updated = await tx.organizations.setSeats(org.id, {
      ...target,
      subscriptionId: org.subscription_id,
    });
    const record = await tx.billing.findSubscription(org.subscription_id);
    await saveSubscription(
      tx,
      admin,
      updated,
      org.subscription_id,
      intervalOf(record?.interval),
      record?.status ?? 'active',
    );
    return updated;
  });
}
