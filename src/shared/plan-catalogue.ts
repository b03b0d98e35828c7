/**
 * The plan catalogue as the reference data seeds it (DESIGN.md; src/server/db/seed.ts) and the pricing
 * answer of a catalogue (get-pricing): one home for both, so the prerendered /pricing
 * (scripts/prerender.ts) holds what the server answers while its plans are as seeded, and the server can
 * tell when they are not (docs/performance.md#prices-in-the-prerendered-pricing-page). Pure.
 */
import type { components } from '../contract/api.js';
import { PLAN_KEYS, PLAN_NAMES, type PlanKey } from './plans.js';

type Pricing = components['schemas']['Pricing'];
type PlanMetadata = components['schemas']['PlanMetadata'];

/** What a plan's row holds of its prices (the plans table, src/server/db/schema.ts). */
interface PlanPrices {
  monthly_price: number;
  yearly_price: number;
  monthly_price_id: string;
  yearly_price_id: string;
  metadata: PlanMetadata;
}

interface SeededPlan extends PlanPrices {
  slug: PlanKey;
  name: string;
  credits: number;
}

function plan(
  slug: PlanKey,
  monthly: number,
  yearly: number,
  metadata: PlanMetadata & { credits: number },
): SeededPlan {
  return {
    slug,
    name: PLAN_NAMES[slug],
    monthly_price: monthly,
    yearly_price: yearly,
    monthly_price_id: `price_${slug}_monthly`,
    yearly_price_id: `price_${slug}_yearly`,
    credits: metadata.credits,
    metadata,
  };
}

/** DESIGN.md's plans, in display order; prices in cents. */
export const SEEDED_PLANS: readonly SeededPlan[] = [
  plan('free', 0, 0, { credits: 10, support: 'Email', account_manager: false, crm_sync: true }),
  plan('standard', 3900, 31200, {
    credits: 250,
    support: 'Priority',
    account_manager: false,
    crm_sync: true,
    bulk_export: false,
  }),
  plan('pro', 7900, 63600, {
    credits: 1000,
    support: 'Priority',
    account_manager: true,
    crm_sync: true,
    bulk_export: true,
  }),
];

/** The pricing of `schedule` from plans by slug; throws when one of the three plans is missing. */
export function pricingOf(plans: ReadonlyMap<string, PlanPrices>, schedule: 'monthly' | 'yearly'): Pricing {
  const entry = (slug: PlanKey) => {
    const found = plans.get(slug);
    if (!found) throw new Error(`Plan ${slug} is missing from the database`);
    return {
      price: schedule === 'yearly' ? found.yearly_price : found.monthly_price,
      monthly_price_id: found.monthly_price_id,
      yearly_price_id: found.yearly_price_id,
      metadata: found.metadata,
    };
  };
  const [free, standard, pro] = PLAN_KEYS.map(entry);
  return { free: free!, standard: standard!, pro: pro! };
}

/** The pricing a catalogue still as seeded answers. */
export function seededPricing(schedule: 'monthly' | 'yearly'): Pricing {
  return pricingOf(new Map(SEEDED_PLANS.map((row) => [row.slug, row])), schedule);
}
