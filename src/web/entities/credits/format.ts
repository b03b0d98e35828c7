/**
 * Display of credit dates and amounts in the UI's language: UTC days (the report's days are UTC), US
 * dollars from cents.
 */
import { intlTag } from '../../i18n';
import { formatMoney } from '../../i18n/format';

/** Seconds since the epoch as a UTC day, e.g. 'Dec 23, 2026'. */
export function formatDay(epochSeconds: number): string {
  return new Intl.DateTimeFormat(intlTag(), { dateStyle: 'medium', timeZone: 'UTC' }).format(
    epochSeconds * 1000,
  );
}

export function formatPrice(cents: number): string {
  return formatMoney(cents / 100);
}
