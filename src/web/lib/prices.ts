/**
 * Price display rules of spec §9 and the organization-subscription total of spec §7.
 * Pure: no React, no browser globals.
 */

export type BillingSchedule = 'monthly' | 'yearly';

/** The three plans in display order, keyed like the pricing data (spec §3 'Pricing data'). */
export const PLAN_KEYS = ['free', 'standard', 'pro'] as const;
export type PlanKey = (typeof PLAN_KEYS)[number];

export const PLAN_NAMES: Record<PlanKey, string> = { free: 'Free', standard: 'Standard', pro: 'Pro' };

/** Spec §9: Standard is the recommended plan. */
export const RECOMMENDED_PLAN: PlanKey = 'standard';

/**
 * The monthly price shown on a plan card, in whole currency units. Prices arrive in cents: a yearly
 * price covers twelve months, so it is divided by 1200 and rounded; a monthly price is divided by 100
 * and rounded down (spec §9).
 */
export function displayedMonthlyPrice(priceCents: number, schedule: BillingSchedule): number {
  return schedule === 'yearly' ? Math.round(priceCents / 1200) : Math.floor(priceCents / 100);
}

/** 'crm_sync' → 'Crm Sync', 'bulkExport' → 'Bulk Export'. */
export function titleCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join(' ');
}

const KNOWN_FEATURE_LABELS: Record<string, string> = {
  account_manager: 'Account Manager',
  credits: 'Credits',
  support: 'Support',
};

/** Spec §2.1: the known metadata keys have fixed labels; any other key is shown title-cased. */
export function featureLabel(key: string): string {
  return KNOWN_FEATURE_LABELS[key] ?? titleCase(key);
}

export interface PlanFeature {
  key: string;
  label: string;
  value: string | number | boolean;
}

/**
 * The feature list of a plan card: the known keys first in a fixed order (so every card lines up),
 * then the other metadata keys in the order the server sent them.
 */
export function planFeatures(metadata: Record<string, string | number | boolean | undefined>): PlanFeature[] {
  const known = Object.keys(KNOWN_FEATURE_LABELS);
  const keys = [
    ...known.filter((key) => key in metadata),
    ...Object.keys(metadata).filter((key) => !known.includes(key)),
  ];
  return keys.flatMap((key) => {
    const value = metadata[key];
    return value === undefined ? [] : [{ key, label: featureLabel(key), value }];
  });
}

export interface OrgSubscriptionItemLike {
  unitAmount: number;
  quantity: number;
}

/** Spec §7 /org-subscription: the total shown is sum(unitAmount × quantity) / 100. */
export function orgSubscriptionTotal(items: readonly OrgSubscriptionItemLike[]): number {
  return items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0) / 100;
}

/** '$39', '$1,234.50': whole amounts without cents, other amounts with two decimals. */
export function formatAmount(amount: number): string {
  const fractionDigits = Number.isInteger(amount) ? 0 : 2;
  return `$${amount.toLocaleString('en-US', { minimumFractionDigits: fractionDigits, maximumFractionDigits: 2 })}`;
}

/** Spec §3: the product is compared case-insensitively and defaults to Free. */
export function planKeyOf(product: string | null | undefined): PlanKey {
  const lower = (product ?? '').trim().toLowerCase();
  return lower === 'standard' || lower === 'pro' ? lower : 'free';
}

/** 'Monthly' or 'Yearly' for a subscription interval (spec §2.1 member view); null reads as Monthly. */
export function billingPeriodLabel(interval: string | null | undefined): 'Monthly' | 'Yearly' {
  return interval === 'yearly' ? 'Yearly' : 'Monthly';
}
