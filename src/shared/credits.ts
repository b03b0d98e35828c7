/**
 * Credit caps (docs/product.md#monthly-caps), one rule for the server's mail and the SPA's warning states: usage against a
 * member's monthly cap is 'warning' from 75% and 'reached' at 100%; no cap is 'unlimited'.
 */

const CAP_WARNING_RATIO = 0.75;

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
