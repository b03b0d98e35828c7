/** Every checkout is recorded in our database first, whichever provider takes the payment. */
import { randomBytes } from 'node:crypto';
import { json } from '../db/json.js';
import type { BillingRepository } from '../repositories/billing.js';
import type { CheckoutRequest } from './provider.js';
import { quote } from '../domain/billing/quote.js';

export async function recordCheckout(billing: BillingRepository, request: CheckoutRequest): Promise<string> {
  const id = `cs_${randomBytes(16).toString('hex')}`;
  const priced = quote(request.lineItems, request.coupon?.percentOff);
  await billing.recordCheckout({
    id,
    user_id: request.user.id,
    kind: request.kind,
    product: request.product,
    interval: request.interval,
    standard_seats: request.standardSeats,
    pro_seats: request.proSeats,
    coupon_code: request.coupon?.code ?? null,
    line_items: json(priced.lineItems),
    amount_subtotal: priced.subtotal,
    amount_discount: priced.discount,
    amount_total: priced.total,
    cancel_url: request.cancelUrl,
    credit_pack: request.creditPack?.slug ?? null,
    credits: request.creditPack?.credits ?? 0,
    credits_to: request.creditPack?.to ?? null,
    pool_organization_id: request.creditPack?.to === 'pool' ? request.user.organization_id : null,
    buyer_organization_id: request.user.organization_id,
    opened_by: (request.openedBy ?? request.user).id,
  });
  return id;
}
