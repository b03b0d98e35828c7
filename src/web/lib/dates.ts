/**
 * Date display of the dashboard (spec §1 and §9): relative dates such as 'Joined' and absolute dates,
 * in the UI's language (English or Simplified Chinese, i18n/). Timestamps of the API are seconds since
 * the epoch, multiplied by 1000 for display.
 *
 * The locale is applied per call (`dayjs(...).locale(...)`), never globally, so a test or a page can
 * format in either language without leaking into the rest of the app.
 */
import dayjs from 'dayjs';
import localizedFormat from 'dayjs/plugin/localizedFormat';
import relativeTime from 'dayjs/plugin/relativeTime';
import 'dayjs/locale/zh-cn';
import { pickLocale } from '../../shared/locale';
import { activeLocale } from '../i18n';

dayjs.extend(relativeTime);
dayjs.extend(localizedFormat);

export type DateLocale = 'en' | 'zh-cn';

/** What an absent or unusable timestamp shows (spec §2.1: 'N/A' if absent). */
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

/** An absolute date such as 'March 5, 2024' or '2024年3月5日'; 'N/A' when absent. */
export function formatDate(
  seconds: number | null | undefined,
  locale: DateLocale = preferredDateLocale(),
): string {
  const millis = secondsToMillis(seconds);
  if (millis === null) return MISSING_DATE;
  return dayjs(millis).locale(locale).format('LL');
}

/** An absolute date and time such as 'March 5, 2024 2:30 PM'; 'N/A' when absent. */
export function formatDateTime(
  seconds: number | null | undefined,
  locale: DateLocale = preferredDateLocale(),
): string {
  const millis = secondsToMillis(seconds);
  if (millis === null) return MISSING_DATE;
  return dayjs(millis).locale(locale).format('LLL');
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
