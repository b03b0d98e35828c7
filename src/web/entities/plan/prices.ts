import { formatMoney } from '../../i18n/format';
/**
 * Price display rules (docs/product.md#displayed-prices) and the organization-subscription total (docs/product.md#api-calls). Plan keys and
 * names are src/shared/plans.ts'.
 * Pure: no React, no browser globals.
 */

export type BillingSchedule = 'monthly' | 'yearly';

/**
 * The monthly price shown on a plan card, in whole currency units. Prices arrive in cents: a yearly
 * price covers twelve months, so it is divided by 1200 and rounded; a monthly price is divided by 100
 * and rounded down (docs/product.md#displayed-prices).
 */
export function displayedMonthlyPrice(priceCents: number, schedule: BillingSchedule): number {
  return schedule === 'yearly' ? Math.round(priceCents / 1200) : Math.floor(priceCents / 100);
}

/** Words that keep their own spelling in a title: acronyms a plan's metadata key may contain. */
const KNOWN_WORDS = new Map(
  [
    'AI',
    'API',
    'BDR',
    'CRM',
    'CSV',
    'GDPR',
    'HTML',
    'ID',
    'IP',
    'JSON',
    'MFA',
    'OAuth',
    'PDF',
    'SAML',
    'SCIM',
    'SDR',
    'SLA',
    'SMS',
    'SSO',
    'URL',
    'UTM',
    '2FA',
  ].map((word) => [word.toLowerCase(), word]),
);

/** 'crm_sync' → 'CRM Sync', 'bulkExport' → 'Bulk Export', 'APIAccess' → 'API Access'. */
export function titleCase(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_-]+/)
    .filter(Boolean)
    .map(
      (word) =>
        KNOWN_WORDS.get(word.toLowerCase()) ?? word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(),
    )
    .join(' ');
}

const KNOWN_FEATURE_LABELS: Record<string, string> = {
  account_manager: 'Account Manager',
  credits: 'Credits',
  support: 'Support',
};

/** docs/product.md#plan-cards: the known metadata keys have fixed labels; any other key is shown title-cased. */
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

/** docs/product.md#api-calls /org-subscription: the total shown is sum(unitAmount × quantity) / 100. */
export function orgSubscriptionTotal(items: readonly OrgSubscriptionItemLike[]): number {
  return items.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0) / 100;
}

/** What a subscription total covers: 'per month' or 'per year'; null when the interval is unknown. */
export function billingPeriodSuffix(interval: string | null | undefined): 'per month' | 'per year' | null {
  if (interval === 'monthly') return 'per month';
  if (interval === 'yearly') return 'per year';
  return null;
}

/**
 * The discount line of the coupon banner: '30% off.', or nothing when the coupon's name already says
 * it ('Launch offer: 30% off'), so the banner never reads '30% off' twice.
 */
export function couponDiscountText(coupon: { name: string; percent_off: number }): string | null {
  const discount = `${coupon.percent_off}% off`;
  return coupon.name.toLowerCase().includes(discount) ? null : `${discount}.`;
}

/** '$39', '$1,234.50': whole amounts without cents, other amounts with two decimals (i18n/format.ts). */
export function formatAmount(amount: number): string {
  return formatMoney(amount);
}

/** 'Monthly' or 'Yearly' for a subscription interval (docs/product.md#billing-views, member view); null reads as Monthly. */
export function billingPeriodLabel(interval: string | null | undefined): 'Monthly' | 'Yearly' {
  return interval === 'yearly' ? 'Yearly' : 'Monthly';
}
