/** Pure rules of the Overview cards (spec §2.1 Overview, §3, §6). */
import { normalizeProduct, type Product } from '../../../../shared/seats';

const PRODUCT_NAMES: Record<Product, string> = { free: 'Free', standard: 'Standard', pro: 'Pro' };

/** The current product, compared case-insensitively and defaulting to Free (spec §3). */
export function productName(product: string | null | undefined): string {
  return PRODUCT_NAMES[normalizeProduct(product)];
}

/**
 * The badge beside the credits: 'Annual' for a yearly interval, otherwise 'Monthly'. The credits are
 * the plan's, so the interval counts only on a paid plan: a Free admin who bought seats yearly has a
 * yearly subscription (for the seats) but Free's monthly credits, and reads 'Monthly'.
 */
export function billingIntervalBadge(
  subscription: { stripe_product?: string | null; stripe_interval?: string | null } | null | undefined,
): 'Annual' | 'Monthly' {
  if (normalizeProduct(subscription?.stripe_product) === 'free') return 'Monthly';
  return subscription?.stripe_interval?.toLowerCase() === 'yearly' ? 'Annual' : 'Monthly';
}

/** Spec §6: the Admin label belongs only to the user whose id equals billing_admin_id. */
export function isBillingAdmin(
  userId: string,
  organization: { billing_admin_id: string | null } | null | undefined,
): boolean {
  const billingAdminId = organization?.billing_admin_id;
  return billingAdminId !== null && billingAdminId !== undefined && String(billingAdminId) === String(userId);
}
