/**
 * The `catalogue` endpoints: CRM records, prices and coupons change with nothing the app does, so they
 * carry no tags.
 */
import type { Behaviours } from './tags';

export const behaviour = {
  // Prices are public: sent without cookies, and a new request aborts the one in flight so a fast
  // monthly/yearly toggle never lets an older answer arrive last (docs/product.md#the-pricing-page).
  getPricing: (definition) => {
    const generated = definition.query;
    if (!generated) return;
    definition.query = (params) => {
      const request = generated(params);
      return {
        ...(typeof request === 'string' ? { url: request } : request),
        credentials: 'omit',
        supersedable: true,
      };
    };
  },
} satisfies Behaviours;
