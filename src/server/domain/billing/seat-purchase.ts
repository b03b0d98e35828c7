/**
 * Seats bought on the account's live subscription at a provider that changes it in place (Stripe): the
 * provider is asked first, and the seats are ours only once it accepted them.
 */
import type { Organization, User } from '../../db/schema.js';
import { personOf } from '../../repositories/audit.js';
import type { Repositories } from '../../repositories/index.js';
import { ensureOrganization } from '../organizations.js';
import { applyProviderQuantities } from './provider-quantities.js';
import { intervalOf } from './quote.js';
import { sameSeats } from './seat-drift.js';
import { booksOf, followBooks, type SeatServices } from './seat-sync.js';
import { saveSubscription } from './subscription-record.js';

/**
 * Seats bought on the account's live subscription, changed at the provider at once (Stripe: invoiced at
 * once, see the README). The seats exist in our records only once the provider accepted them: under the
 * subscription's lock, the provider is asked for what it should carry now plus the added seats, and only
 * then are they added to the purchased seats (under the organization's lock). A refusal (a declined
 * payment) therefore adds no seats here and needs no undo, so no member can have been given a seat that
 * is then taken back; only a solo buyer's organization, created first (see below), stays. Purchases at
 * the same time take turns on the lock, each adding to what the one before committed, so both count.
 */
export async function addSeatsInPlace(
  services: SeatServices,
  buyer: User,
  subscriptionId: string,
  added: { standard: number; pro: number },
  ip: string | null,
  /** Who bought (the billing admin who pays, or a billing manager for them): the audit's actor. */
  actor: User = buyer,
): Promise<void> {
  const { repos } = services;
  await services.seatLock.run(subscriptionId, async () => {
    // The organization the seats belong to exists before the provider is asked (a buyer paying for their
    // own plan gets it now, with that plan as its one seat, tied to this subscription), so that whatever
    // the provider ends up billing has an organization to land on.
    const before = await organizationForSeats(repos, buyer);
    const record = await repos.billing.findSubscription(subscriptionId);
    const target = {
      standard: before.seats_standard + added.standard,
      pro: before.seats_pro + added.pro,
    };
    // Throws when the provider refuses: nothing was recorded, the error reaches the customer.
    const answered = await services.billing.setQuantities(
      subscriptionId,
      target,
      intervalOf(record?.interval ?? buyer.stripe_interval),
    );
    // Paid: now the seats are ours. Should this commit fail (a database outage), the provider bills more
    // seats than we record until its quantities come back to us: Stripe sends customer.subscription.updated
    // for the change and retries the delivery until we answer, and its handler makes the purchased seats
    // the provider's quantities (applyProviderQuantities), as the reconciliation's --fix does for any
    // provider (the organization is tied to this subscription, see above).
    const updated = await addPurchasedSeats(repos, buyer, subscriptionId, added, { actor, ip });
    if (!sameSeats(answered.quantities, target)) {
      // The provider holds something else (changed elsewhere meanwhile): that is what the customer pays for.
      await applyProviderQuantities(repos, answered);
    } else if (!sameSeats({ standard: updated.seats_standard, pro: updated.seats_pro }, target)) {
      // A change committed while the provider was asked (its own push waits for this lock): send it now.
      await followBooks(services, subscriptionId, await booksOf(repos, subscriptionId));
    }
    return updated;
  });
}

/** The organization seats bought by this buyer belong to, created on first need (ensureOrganization). */
async function organizationForSeats(repos: Repositories, buyer: User): Promise<Organization> {
  return repos.transaction((tx) => ensureOrganization(tx, buyer));
}

/**
 * Seats bought on the account's live subscription at a provider that changes it in place (Stripe), once
 * the provider accepted them (addSeatsInPlace): added to the purchased seats under the organization's
 * lock, so a change committed meanwhile is kept (the caller then sends the sum to the provider).
 */
async function addPurchasedSeats(
  repos: Repositories,
  buyer: User,
  subscriptionId: string,
  added: { standard: number; pro: number },
  audit: { actor: User; ip: string | null },
): Promise<Organization> {
  return repos.transaction(async (tx) => {
    // A buyer paying for their own plan only gets the organization the seats belong to.
    const { id } = await ensureOrganization(tx, buyer);
    const org = (await tx.organizations.findById(id, { forUpdate: true }))!;
    const updated = await tx.organizations.setSeats(org.id, {
      standard: Math.max(0, org.seats_standard + added.standard),
      pro: Math.max(0, org.seats_pro + added.pro),
      subscriptionId,
    });
    const record = await tx.billing.findSubscription(subscriptionId);
    const payer = (await tx.users.findById(buyer.id))!;
    await saveSubscription(
      tx,
      payer,
      updated,
      subscriptionId,
      intervalOf(record?.interval ?? buyer.stripe_interval),
      record?.status ?? 'active',
    );
    // In the transaction of the seats it records (docs/product.md#audit-log).
    await tx.audit.record({
      type: 'billing.seats_purchased',
      organizationId: updated.id,
      actor: personOf(audit.actor),
      target: personOf(buyer),
      ip: audit.ip,
      details: { standard: added.standard, pro: added.pro },
    });
    return updated;
  });
}
