/**
 * The words of the sandbox payment pages that come from stored billing data: plan names, billing
 * periods, subscription states and what a checkout line bought (billing/quote.ts writes them in
 * English), in the visitor's language. A value these do not know is shown as stored.
 */
import type { PageText } from '../http/page-i18n.js';

/** 'Standard' → '标准版'. */
export function planWord(t: PageText, name: string): string {
  const words: Record<string, string> = { Free: t('Free'), Standard: t('Standard'), Pro: t('Pro') };
  return words[name] ?? name;
}

/** 'monthly' → '按月'. */
export function intervalWord(t: PageText, interval: string): string {
  const words: Record<string, string> = { monthly: t('monthly'), yearly: t('yearly') };
  return words[interval] ?? interval;
}

/** A subscription's provider status ('active', 'canceled'), or 'none'. */
export function statusWord(t: PageText, status: string | null): string {
  const words: Record<string, string> = { active: t('active'), canceled: t('canceled') };
  return status === null ? t('none') : (words[status] ?? status);
}

/**
 * What a checkout line bought, as billing/quote.ts describes it: 'Pro seat (yearly)', 'Standard plan
 * (monthly)', '2,000 credits (one-off, never expire)'.
 */
export function lineItemText(t: PageText, description: string): string {
  const subscription = /^(\w+) (plan|seat) \((monthly|yearly)\)$/.exec(description);
  if (subscription) {
    const [, plan, what, interval] = subscription;
    const values = { plan: planWord(t, plan!), period: intervalWord(t, interval!) };
    return what === 'plan' ? t('{plan} plan ({period})', values) : t('{plan} seat ({period})', values);
  }
  const pack = /^([\d,]+) credits \(one-off, never expire\)$/.exec(description);
  if (pack) return t('{credits} credits (one-off, never expire)', { credits: pack[1]! });
  return description;
}
