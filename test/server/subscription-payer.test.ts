/**
 * Who a subscription's changes at the payment provider reach (docs/product.md#seats-and-the-payment-provider):
 * its payer, the admin our record of it names, never a co-admin who holds one of its seats (they carry the
 * organization's subscription id too), and not a payer who moved to a newer subscription. Runs on PGlite,
 * and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { invitedMember, signup } from './helpers/users.js';

const t = useTestApp();

describe('the payer of a subscription', () => {
  it('alone is dropped to Free when the provider deletes it; a seated co-admin keeps their seat', async () => {
    const { repos } = t.app.services;
    const payer = await signup(t.api);
    const coAdmin = await invitedMember(t, payer, { role: 'admin' });
    const payerId = Number(payer.id);
    const coAdminId = Number(coAdmin.id);
    const organizationId = (await repos.users.findById(payerId))!.organization_id;
    const active = { stripe_status: 'active', stripe_subscription_id: 'sub_shared' } as const;
    await repos.users.update(payerId, { ...active, stripe_product: 'pro' });
    await repos.users.update(coAdminId, { ...active, stripe_product: 'standard' });
    await repos.billing.saveSubscription({
      id: 'sub_shared',
      user_id: payerId,
      organization_id: organizationId,
      interval: 'monthly',
      status: 'active',
      items: [],
    });
    // The co-admin's id may come first: it is still not the payer.
    assert.equal((await repos.users.findPayerOf('sub_shared'))?.id, payerId);

    await repos.users.updatePayersOf('sub_shared', { stripe_product: 'free', stripe_status: 'canceled' });
    const [after, seated] = [await repos.users.findById(payerId), await repos.users.findById(coAdminId)];
    assert.deepEqual([after?.stripe_product, after?.stripe_status], ['free', 'canceled']);
    assert.deepEqual([seated?.stripe_product, seated?.stripe_status], ['standard', 'active']);

    // A payer on a newer subscription: the older one has no payer left to change.
    await repos.users.update(payerId, { stripe_subscription_id: 'sub_newer', stripe_product: 'pro' });
    assert.equal(await repos.users.findPayerOf('sub_shared'), undefined);
  });
});
