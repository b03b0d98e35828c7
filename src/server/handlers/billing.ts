/** billing: checkout, buy-more-seats, billing-portal, /org-subscription. */
import type { CheckoutRequest } from '../billing/provider.js';
import { liveSubscriptionOf, refuseSecondSubscription } from '../domain/billing/one-subscription.js';
import { subscriptionIdsOf } from '../domain/account-subscriptions.js';
import { addSeatsInPlace } from '../domain/billing/seat-purchase.js';
import { nextInvoice, seatQuote, type SeatQuote } from '../domain/billing/invoices.js';
import { lineItem, planOfPrice, priceOf, type Interval, type LineItem } from '../domain/billing/quote.js';
import type { Plan } from '../db/schema.js';
import { PLAN_NAMES } from '../../shared/plans.js';
import { requireBillingManager } from '../domain/authorization.js';
import { invalid, notFound } from '../domain/errors.js';
import { safeRedirectUrl } from '../http/redirects.js';
import type { Handlers } from '../http/api.js';
import type { Services } from '../services.js';
import { message } from '../../contract/messages.js';

export function billingHandlers(
  services: Services,
): Pick<
  Handlers,
  'checkout' | 'buyMoreSeats' | 'billingPortal' | 'getOrgSubscription' | 'getInvoices' | 'quoteSeats'
> {
  const { config, repos } = services;
  const successUrl = `${config.publicUrl}/dashboard/billing/success`;
  const billingPage = `${config.publicUrl}/dashboard/billing`;

  /** An unknown or expired coupon is dropped, not refused: the checkout page shows no discount. */
  async function redeemableCoupon(code: string | null | undefined) {
    if (!code?.trim()) return undefined;
    const row = await repos.catalogue.findRedeemableCoupon(code);
    return row ? { code: row.code, percentOff: row.percent_off } : undefined;
  }

  function seatItems(
    plans: Map<string, Plan>,
    interval: Interval,
    standard: number,
    pro: number,
  ): LineItem[] {
    const items: LineItem[] = [];
    if (standard > 0) items.push(lineItem(plans.get('standard')!, interval, standard, 'seat'));
    if (pro > 0) items.push(lineItem(plans.get('pro')!, interval, pro, 'seat'));
    return items;
  }

  return {
    async checkout(ctx) {
      const caller = await ctx.user();
      const user = await requireBillingManager(repos, caller);
      const plans = await repos.catalogue.plans();
      const chosen = planOfPrice(plans, ctx.body.items[0]!.price_id);
      if (!chosen) throw invalid(message('price_unknown'));
      if (chosen.plan.slug === 'free')
        throw invalid(message('plan_needs_no_checkout', { plan: PLAN_NAMES.free }));
      // A paying account changes its plan in the billing portal (spec: the change-plan cards open it);
      // a checkout here would start a second subscription and bill the customer twice.
      await refuseSecondSubscription(services, user);
      const standardSeats = ctx.body.standard_seats ?? 0;
      const proSeats = ctx.body.pro_seats ?? 0;
      const request: CheckoutRequest = {
        user,
        openedBy: caller,
        kind: 'plan',
        product: chosen.plan.slug as 'standard' | 'pro',
        interval: chosen.interval,
        standardSeats,
        proSeats,
        lineItems: [
          lineItem(chosen.plan, chosen.interval, 1, 'plan'),
          ...seatItems(plans, chosen.interval, standardSeats, proSeats),
        ],
        coupon: await redeemableCoupon(ctx.body.coupon_code),
        cancelUrl: safeRedirectUrl(config, ctx.body.request_url) ?? billingPage,
        successUrl,
      };
      const url = await services.billing.createCheckout(request);
      return { error: false, ...message('checkout_created'), url };
    },

    async buyMoreSeats(ctx) {
      const caller = await ctx.user();
      const user = await requireBillingManager(repos, caller);
      const { standard_seats: standardSeats, pro_seats: proSeats } = ctx.body;
      if (standardSeats + proSeats < 1) throw invalid(message('seats_missing'));
      // A provider that changes quantities in place (Stripe) adds the seats to the account's live
      // subscription at once, invoiced at once: no second subscription, no checkout page.
      const live = services.billing.updatesSeatsInPlace
        ? await liveSubscriptionOf(services, user)
        : undefined;
      if (live) {
        const added = { standard: standardSeats, pro: proSeats };
        await addSeatsInPlace(services, user, live.id, added, ctx.ip, caller);
        return { error: false, ...message('seats_added'), url: null };
      }
      const plans = await repos.catalogue.plans();
      // Seats follow the schedule the organization already pays on; yearly by default (docs/product.md#displayed-prices).
      const interval: Interval = user.stripe_interval === 'monthly' ? 'monthly' : 'yearly';
      const url = await services.billing.createCheckout({
        user,
        openedBy: caller,
        kind: 'seats',
        product: null,
        interval,
        standardSeats,
        proSeats,
        lineItems: seatItems(plans, interval, standardSeats, proSeats),
        coupon: await redeemableCoupon(ctx.body.coupon_code),
        cancelUrl: safeRedirectUrl(config, ctx.body.request_url) ?? billingPage,
        successUrl,
      });
      return { error: false, ...message('checkout_created'), url };
    },

    async billingPortal(ctx) {
      const user = await requireBillingManager(repos, await ctx.user());
      const url = await services.billing.createPortal(user, billingPage);
      return { error: false, data: { url } };
    },

    async getInvoices(ctx) {
      const payer = await requireBillingManager(repos, await ctx.user());
      const [subscriptionId] = await subscriptionIdsOf(repos, payer);
      const record = subscriptionId
        ? await repos.billing.findSubscriptionVisibleTo(payer, subscriptionId)
        : undefined;
      const next = nextInvoice(
        record && {
          status: record.status,
          interval: record.interval,
          nextPaymentDate: payer.next_payment_date,
          items: record.items,
        },
      );
      const invoices = await services.billing.listInvoices(payer);
      return { error: false, data: { next_invoice: next, payment_method: payer.payment_method, invoices } };
    },

    async quoteSeats(ctx) {
      const payer = await requireBillingManager(repos, await ctx.user());
      const { standard_seats: standard, pro_seats: pro } = ctx.query;
      if (standard + pro < 1) throw invalid(message('seats_missing'));
      const plans = await repos.catalogue.plans();
      // The same schedule and the same path buy-more-seats takes: in place on a live subscription, or a checkout.
      const interval: Interval = payer.stripe_interval === 'monthly' ? 'monthly' : 'yearly';
      const live = services.billing.updatesSeatsInPlace
        ? await liveSubscriptionOf(services, payer)
        : undefined;
      const lines: SeatQuote['lines'] = [];
      for (const [product, quantity] of [
        ['standard', standard],
        ['pro', pro],
      ] as const) {
        if (quantity > 0)
          lines.push({ product, quantity, unit_amount: priceOf(plans.get(product)!, interval).amount });
      }
      const data = seatQuote({
        lines,
        interval,
        prorateUntil: live ? payer.next_payment_date : null,
        now: new Date(),
      });
      return { error: false, data };
    },

    async getOrgSubscription(ctx) {
      const user = await ctx.user();
      const subscription = await repos.billing.findSubscriptionVisibleTo(user, ctx.query.id);
      if (!subscription) throw notFound(message('subscription_not_found'));
      const plans = await repos.catalogue.plans();
      return {
        items: subscription.items.map((item) => ({
          unitAmount: item.unit_amount,
          quantity: item.quantity,
          description: `${plans.get(item.product)?.name ?? item.product} (${subscription.interval})`,
        })),
      };
    },
  };
}
