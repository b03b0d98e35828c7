/** catalogue: get-software, get-software-options, get-pricing, get-coupon. Public, read-only. */
import { sql } from 'kysely';
import type { components } from '../../contract/api.js';
import { epochSeconds } from '../domain/present.js';
import { isOfferedSoftware, presentSoftware } from '../domain/software.js';
import { notFound } from '../domain/errors.js';
import type { Handlers } from '../http/api.js';
import type { Services } from '../services.js';

type PricingEntry = components['schemas']['PricingEntry'];
type Coupon = components['schemas']['Coupon'];

export function catalogueHandlers(
  services: Services,
): Pick<Handlers, 'getSoftware' | 'getSoftwareOptions' | 'getPricing' | 'getCoupon'> {
  const { db, config } = services;
  return {
    async getSoftware(ctx) {
      const row = await db
        .selectFrom('software')
        .selectAll()
        .where('slug', '=', ctx.query.software)
        .executeTakeFirst();
      if (!row || !isOfferedSoftware(config, row.slug)) throw notFound('Software not found');
      return { error: false, data: presentSoftware(row, config) };
    },

    async getSoftwareOptions() {
      const rows = await db.selectFrom('software').selectAll().orderBy('software').execute();
      return {
        error: false,
        data: rows
          .filter((row) => isOfferedSoftware(config, row.slug))
          .map((row) => presentSoftware(row, config)),
      };
    },

    async getPricing(ctx) {
      const yearly = ctx.query.schedule === 'yearly';
      const plans = await db
        .selectFrom('plans')
        .selectAll()
        .where('slug', 'in', ['free', 'standard', 'pro'])
        .execute();
      const entry = (slug: string): PricingEntry => {
        const plan = plans.find((p) => p.slug === slug);
        if (!plan) throw new Error(`Plan ${slug} is missing from the database`);
        return {
          price: yearly ? plan.yearly_price : plan.monthly_price,
          monthly_price_id: plan.monthly_price_id,
          yearly_price_id: plan.yearly_price_id,
          metadata: plan.metadata,
        };
      };
      return { error: false, data: { free: entry('free'), standard: entry('standard'), pro: entry('pro') } };
    },

    async getCoupon(ctx) {
      const code = (ctx.query.coupon ?? '').trim();
      if (!code) return { error: false, data: null };
      const coupon = await findRedeemableCoupon(services, code);
      return { error: false, data: coupon ?? null };
    },
  };
}

/** A coupon that can still be redeemed (unknown or expired codes give undefined, not an error). */
export async function findRedeemableCoupon(services: Services, code: string): Promise<Coupon | undefined> {
  const row = await services.db
    .selectFrom('coupons')
    .selectAll()
    .where(sql`upper(code)`, '=', code.trim().toUpperCase())
    .where('redeem_by', '>', sql<Date>`now()`)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    percent_off: row.percent_off,
    duration: row.duration as Coupon['duration'],
    name: row.name,
    redeem_by: epochSeconds(row.redeem_by),
  };
}
