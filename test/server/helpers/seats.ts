/**
 * Seats against the payment provider (docs/decisions/0002-seat-sync-policy.md): after every seat or billing test, each organization's
 * purchased seats (assigned + free) must equal the quantities of its subscription at the sandbox
 * provider; and tests that need seats get them through the provider, as a purchase would.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { TestApp } from './app.js';

/** Fails when any organization's purchased seats differ from its subscription's quantities. */
export async function assertSeatsMatchProvider(testApp: Pick<TestApp, 'app'>): Promise<void> {
  const { db, billing } = testApp.app.services;
  assert.equal(billing.name, 'sandbox', 'the seat check reads the sandbox provider');
  const orgs = await db
    .selectFrom('organizations')
    .select(['id', 'seats_standard', 'seats_pro', 'subscription_id'])
    .orderBy('id')
    .execute();
  for (const org of orgs) {
    const provider = org.subscription_id
      ? await billing.retrieveSubscription(org.subscription_id)
      : undefined;
    assert.deepEqual(
      { organization: org.id, seats: provider?.quantities ?? { standard: 0, pro: 0 } },
      { organization: org.id, seats: { standard: org.seats_standard, pro: org.seats_pro } },
      `organization ${org.id}: the sandbox subscription ${org.subscription_id ?? '(none)'} bills other quantities than the purchased seats`,
    );
  }
}

/** Gives an organization purchased seats the way a payment does: on its subscription at the provider too. */
export async function setPurchasedSeats(
  testApp: Pick<TestApp, 'app'>,
  organizationId: number,
  seats: { standard: number; pro: number },
): Promise<void> {
  const { repos, billing } = testApp.app.services;
  const org = await repos.organizations.get(organizationId);
  const subscriptionId = org.subscription_id ?? `sub_sandbox_test_${randomBytes(6).toString('hex')}`;
  await billing.setQuantities(subscriptionId, seats, 'yearly');
  await repos.organizations.setSeats(organizationId, { ...seats, subscriptionId });
}
