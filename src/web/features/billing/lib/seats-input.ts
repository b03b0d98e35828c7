/**
 * docs/product.md#buying-seats, seats to add: an integer with a minimum of 1; smaller values become 1.
 * The input keeps what the user typed and this rule is applied on blur and on submit, so typing
 * "12" over an emptied field is not turned into "112".
 * The maximum is the contract's (the server refuses more in one order): it is said before sending,
 * never applied silently, so nobody orders 1,000 seats having typed 10,000.
 */
import { schemaLimits } from '../../../../contract/limits';
import { t } from '../../../i18n';
import { formatNumber } from '../../../i18n/format';

export const MIN_SEATS = 1;
export const MAX_SEATS = schemaLimits.SeatCount.maximum;

/** The hint under the input, in the UI's language. */
export function seatsHint(): string {
  return t('{min} to {max} seats per order.', { min: formatNumber(MIN_SEATS), max: formatNumber(MAX_SEATS) });
}

/** Whole seats from a typed value; fractions are dropped, anything below 1 or unreadable becomes 1. */
export function normalizeSeats(value: string | number): number {
  const parsed = typeof value === 'number' ? value : Number.parseFloat(value.trim());
  if (!Number.isFinite(parsed)) return MIN_SEATS;
  return Math.max(MIN_SEATS, Math.trunc(parsed));
}

/** Why the typed number of seats cannot be ordered, or null when it can. */
export function seatsProblem(value: string | number): string | null {
  return normalizeSeats(value) > MAX_SEATS
    ? t('You can buy at most {max} seats in one order.', { max: formatNumber(MAX_SEATS) })
    : null;
}
