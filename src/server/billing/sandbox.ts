/**
 * The sandbox payment provider: checkout sessions live in our database and the payment page is
 * served by this server (/sandbox/checkout/:id), so every billing flow completes without internet.
 */
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { SEAT_PLAN_KEYS } from '../../shared/plans.js';
import { isLocalUrl, type Config } from '../config.js';
import type { Db } from '../db/index.js';
import type { Repositories } from '../repositories/index.js';
import { recordCheckout } from './checkout-record.js';
import type { BillingProvider, ProviderSubscription } from './provider.js';
import { quantitiesOf } from '../domain/billing/provider-subscription.js';
import { INVOICES_LISTED } from '../domain/billing/invoices.js';
import { priceOf } from '../domain/billing/quote.js';

/**
 * The provider's side of the sandbox's subscriptions lives in its own table (sandbox_subscription_items,
 * one row per product), apart from our record (subscriptions), as Stripe's would: tests and the seat
 * reconciliation compare the two.
 */
export function createSandboxBilling(
  db: Db,
  repos: Pick<Repositories, 'billing' | 'catalogue'>,
  config: Config,
): BillingProvider {
  const { billing } = repos;

  async function retrieveSubscription(id: string): Promise<ProviderSubscription | undefined> {
    const items = await db
      .selectFrom('sandbox_subscription_items')
      .select(['product', 'quantity'])
      .where('subscription_id', '=', id)
      .execute();
    if (items.length === 0) return undefined;
    const quantities = quantitiesOf(items);
    return { id, status: quantities.standard + quantities.pro > 0 ? 'active' : 'canceled', quantities };
  }

  return {
    name: 'sandbox',
    updatesSeatsInPlace: false,
    retrieveSubscription,
    async setQuantities(subscriptionId, quantities, interval) {
      const plans = await repos.catalogue.plans();
      await db.transaction().execute(async (trx) => {
        for (const product of SEAT_PLAN_KEYS) {
          await trx
            .insertInto('sandbox_subscription_items')
            .values({
              subscription_id: subscriptionId,
              product,
              price_id: priceOf(plans.get(product)!, interval).priceId,
              quantity: quantities[product],
            })
            .onConflict((oc) =>
              oc.columns(['subscription_id', 'product']).doUpdateSet((eb) => ({
                quantity: eb.ref('excluded.quantity'),
                price_id: eb.ref('excluded.price_id'),
                updated_at: sql`now()`,
              })),
            )
            .execute();
        }
      });
      return (await retrieveSubscription(subscriptionId))!;
    },
    async listInvoices(user) {
      // Each paid sandbox checkout is what a provider would have invoiced.
      const paid = await billing.paidCheckoutsOf(user.id, INVOICES_LISTED);
      return paid.map((checkout) => ({
        id: checkout.id,
        date: Math.floor((checkout.completed_at ?? checkout.created_at).getTime() / 1000),
        items: checkout.line_items.map(({ description, quantity }) => ({ description, quantity })),
        amount: checkout.amount_total,
        status: 'paid' as const,
      }));
    },
    async cancelReplacedSubscription(subscriptionId) {
      // The sandbox charges nobody, so there is no credit to give: the subscription just pays for nothing.
      await db
        .updateTable('sandbox_subscription_items')
        .set({ quantity: 0, updated_at: sql`now()` })
        .where('subscription_id', '=', subscriptionId)
        .execute();
    },
    async createCheckout(request) {
      const id = await recordCheckout(billing, request);
      return `${config.publicUrl}/sandbox/checkout/${id}`;
    },
    async createPortal(_user, returnUrl) {
      const url = new URL('/sandbox/billing/portal', config.publicUrl);
      url.searchParams.set('return_url', returnUrl);
      return url.toString();
    },
  };
}

/**
 * Every sandbox payment (Pay, a portal plan change) is logged; as a warning when PUBLIC_URL is not local,
 * where sandboxes run only because SANDBOXES=true says so and a plan is being handed out without payment.
 */
export function logSandboxPayment(
  log: FastifyBaseLogger,
  config: Pick<Config, 'publicUrl'>,
  details: { userId: number; checkoutId: string; what: string },
): void {
  const message = `Sandbox payment: ${details.what} applied without charging anyone (SANDBOXES is on)`;
  if (isLocalUrl(config.publicUrl)) log.info(details, message);
  else log.warn(details, message);
}
