/** Display of credit dates and amounts: UTC days (the report's days are UTC), US dollars from cents. */
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);

/** Seconds since the epoch as a UTC day, e.g. 'Dec 23, 2026'. */
export function formatDay(epochSeconds: number): string {
  return dayjs.unix(epochSeconds).utc().format('MMM D, YYYY');
}

export function formatPrice(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}
