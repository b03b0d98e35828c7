/**
 * Display of credit dates and amounts in the UI's language: UTC days (the report's days are UTC), US
 * dollars from cents.
 */
import { formatMoney } from '../../i18n/format';

/** Seconds since the epoch as a UTC day, e.g. 'Dec 23, 2026' or '2026-12-23'. */
export { formatUtcDay as formatDay } from '../../lib/dates';

export function formatPrice(cents: number): string {
  return formatMoney(cents / 100);
}
