/**
 * Credit caps (docs/product.md#monthly-caps), one rule for the server's mail and the SPA's warning states: usage against a
 * member's monthly cap is 'warning' from 75% and 'reached' at 100%; no cap is 'unlimited'.
 */

export const CAP_WARNING_RATIO = 0.75;

export type CapState = 'unlimited' | 'ok' | 'warning' | 'reached';

export function capState(spent: number, cap: number | null | undefined): CapState {
  if (cap === null || cap === undefined) return 'unlimited';
  if (spent >= cap) return 'reached';
  if (spent >= cap * CAP_WARNING_RATIO) return 'warning';
  return 'ok';
}

/** The cap field's text as a cap: empty is unlimited (null); undefined when it is not a whole number ≥ 0. */
export function parseCapInput(text: string): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^[0-9]{1,7}$/.test(trimmed)) return undefined;
  const cap = Number(trimmed);
  return cap <= 1_000_000 ? cap : undefined;
}

/** The kinds of lookup a member's cap may be set for, besides the monthly cap of every spend. */
const LOOKUP_KINDS = ['email', 'phone'] as const;
export type LookupKind = (typeof LOOKUP_KINDS)[number];

/**
 * The kind of lookup a spend's feature is: `email_lookup`, `email.verify` ... are email lookups, `phone_*`
 * phone lookups (the feature names the kind first); any other feature counts only against the monthly cap.
 */
export function lookupKindOf(feature: string): LookupKind | null {
  return LOOKUP_KINDS.find((kind) => feature.startsWith(kind)) ?? null;
}
