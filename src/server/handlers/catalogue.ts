/** catalogue: get-software, get-software-options, get-pricing, get-coupon. Public, read-only. */
import type { components } from '../../contract/api.js';
import { notFound } from '../domain/errors.js';
import { epochSeconds } from '../domain/present.js';
import { isOfferedSoftware, presentSoftware } from '../domain/software.js';
import type { Handlers } from '../http/api.js';
import type { Services } from '../services.js';
import { message } from '../../contract/messages.js';
import { pricingOf } from '../../shared/plan-catalogue.js';

type Coupon = components['schemas']['Coupon'];

export function catalogueHandlers(
  services: Services,
): Pick<Handlers, 'getSoftware' | 'getSoftwareOptions' | 'getPricing' | 'getCoupon'> {
  const { config } = services;
  const { catalogue } = services.repos;
  return {
    async getSoftware(ctx) {
      const row = await catalogue.findSoftware(ctx.query.software);
      if (!row || !isOfferedSoftware(config, row.slug)) throw notFound(message('software_not_found'));
      return { error: false, data: presentSoftware(row, config) };
    },

    async getSoftwareOptions() {
      const rows = await catalogue.listSoftware();
      return {
        error: false,
        data: rows
          .filter((row) => isOfferedSoftware(config, row.slug))
          .map((row) => presentSoftware(row, config)),
      };
    },

    async getPricing(ctx) {
      const schedule = ctx.query.schedule === 'yearly' ? 'yearly' : 'monthly';
      return { error: false, data: pricingOf(await catalogue.plans(), schedule) };
    },

    async getCoupon(ctx) {
      const code = (ctx.query.coupon ?? '').trim();
      if (!code) return { error: false, data: null };
      const row = await catalogue.findRedeemableCoupon(code);
      const coupon: Coupon | null = row
        ? {
            percent_off: row.percent_off,
            duration: row.duration as Coupon['duration'],
            name: row.name,
            redeem_by: epochSeconds(row.redeem_by),
          }
        : null;
      return { error: false, data: coupon };
    },
  };
}
