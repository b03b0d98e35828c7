/**
 * Spec §5 'Seats to add': an integer with a minimum of 1; smaller values become 1.
 * The input keeps what the user typed and this rule is applied on blur and on submit, so typing
 * "12" over an emptied field is not turned into "112".
 */

export const MIN_SEATS = 1;

/** Whole seats from a typed value; fractions are dropped, anything below 1 or unreadable becomes 1. */
export function normalizeSeats(value: string | number): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value.trim());
  if (!Number.isFinite(parsed)) return MIN_SEATS;
  return Math.max(MIN_SEATS, Math.trunc(parsed));
}
