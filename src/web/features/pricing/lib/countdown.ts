/**
 * The coupon banner countdown (docs/product.md#coupons): days, hours and minutes left until the coupon's redeem_by
 * (seconds since the epoch), 'Expired' at zero. Pure: the current time is passed in.
 */
import { t } from '../../../i18n';

export const COUPON_REFRESH_MS = 60_000;

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/** Whole days, hours and minutes left, or null once the coupon has expired. */
export function timeLeft(redeemBySeconds: number, nowMs: number): TimeLeft | null {
  const totalMinutes = Math.floor((redeemBySeconds * 1000 - nowMs) / 60_000);
  if (totalMinutes <= 0) return null;
  return {
    days: Math.floor(totalMinutes / (24 * 60)),
    hours: Math.floor(totalMinutes / 60) % 24,
    minutes: totalMinutes % 60,
  };
}

/** '6 days 23 hours 59 minutes', or 'Expired' at zero. */
export function formatCountdown(redeemBySeconds: number, nowMs: number): string {
  const left = timeLeft(redeemBySeconds, nowMs);
  if (!left) return t('Expired');
  return t(
    '{days, plural, one {# day} other {# days}} {hours, plural, one {# hour} other {# hours}} {minutes, plural, one {# minute} other {# minutes}}',
    { ...left },
  );
}
