/**
 * Date display of the whole app (docs/product.md#what-it-is-and-for-whom, docs/product.md#constants-and-limits), the one home of date formats: relative dates such as
 * 'Joined' and absolute dates, in the UI's language (English or Simplified Chinese, i18n/). Timestamps of
 * the API are seconds since the epoch, multiplied by 1000 for display. Times are 24-hour in both
 * languages; Chinese dates are numeric ('2026-11-27 05:49') as Chinese business tools write them.
 *
 * The locale is applied per call (`dayjs(...).locale(...)`), never globally, so a test or a page can
 * format in either language without leaking into the rest of the app.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import utc from 'dayjs/plugin/utc';
import 'dayjs/locale/zh-cn';
import { pickLocale } from '../../shared/locale';
import { activeLocale } from '../i18n';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);
dayjs.extend(utc);

/** The day and the day with its time, per language: short, 24-hour, never 'PM'. */
const FORMATS: Record<DateLocale, { day: string; dayTime: string }> = {
  en: { day: 'LL', dayTime: 'MMM D, YYYY HH:mm' },
  'zh-cn': { day: 'YYYY-MM-DD', dayTime: 'YYYY-MM-DD HH:mm' },
};

export type DateLocale = 'en' | 'zh-cn';

/** What an absent or unusable timestamp shows (docs/product.md#members: 'N/A' if absent). */
export const MISSING_DATE = 'N/A';

/**
 * 'zh-cn' when the UI is in Simplified Chinese, else 'en': the active language of the app (i18n), or,
 * when `languages` are given, the language those would choose (shared/locale.ts: zh-TW is not zh-CN).
 */
export function preferredDateLocale(languages?: readonly string[]): DateLocale {
  const locale = languages ? pickLocale(null, languages) : activeLocale();
  return locale === 'zh-CN' ? 'zh-cn' : 'en';
}

/** Seconds since the epoch to milliseconds, or null when absent or not a finite number. */
export function secondsToMillis(seconds: number | null | undefined): number | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return null;
  return seconds * 1000;
}

/** An absolute date such as 'March 5, 2024' or '2024-03-05'; 'N/A' when absent. */
export function formatDate(
  seconds: number | null | undefined,
  locale: DateLocale = preferredDateLocale(),
): string {
  const millis = secondsToMillis(seconds);
  if (millis === null) return MISSING_DATE;
  return dayjs(millis).locale(locale).format(FORMATS[locale].day);
}

/** An absolute date and time such as 'Mar 5, 2024 14:30' or '2024-03-05 14:30'; 'N/A' when absent. */
export function formatDateTime(
  seconds: number | null | undefined,
  locale: DateLocale = preferredDateLocale(),
): string {
  const millis = secondsToMillis(seconds);
  if (millis === null) return MISSING_DATE;
  return dayjs(millis).locale(locale).format(FORMATS[locale].dayTime);
}

/**
 * A date relative to `now` such as '3 months ago' or '3 个月前'; 'N/A' when absent.
 * `now` is in milliseconds (defaults to the current time) so tests can pin it.
 */
export function formatRelative(
  seconds: number | null | undefined,
  locale: DateLocale = preferredDateLocale(),
  now: number = Date.now(),
): string {
  const millis = secondsToMillis(seconds);
  if (millis === null) return MISSING_DATE;
  return dayjs(millis).locale(locale).from(dayjs(now));
}

/**
 * A UTC day such as 'Dec 23, 2026' or '2026-12-23': the credit report's days are UTC days, so the day
 * shown is the same wherever the reader is.
 */
export function formatUtcDay(seconds: number, locale: DateLocale = preferredDateLocale()): string {
  return dayjs
    .utc(seconds * 1000)
    .locale(locale)
    .format(locale === 'en' ? 'MMM D, YYYY' : FORMATS[locale].day);
}
