/**
 * @jest-environment node
 */
import {
  formatDate,
  formatDateTime,
  formatRelative,
  formatUtcDay,
  preferredDateLocale,
  secondsToMillis,
} from '../../../src/web/lib/dates';
import { activateLocaleWith } from '../../../src/web/i18n';

// 2024-03-05T12:00:00Z, in seconds as the API sends join timestamps.
const JOINED = 1709640000;
const DAY = 24 * 60 * 60 * 1000;

describe('preferredDateLocale', () => {
  test.each([
    [['zh-CN'], 'zh-cn'],
    [['zh'], 'zh-cn'],
    [['zh-TW', 'en'], 'en'],
    [['zh-Hant-TW'], 'en'],
    [['zh-SG'], 'zh-cn'],
    [['fr-FR', 'zh-CN'], 'zh-cn'],
    [['ZH_cn'], 'zh-cn'],
    [['en-US', 'zh-CN'], 'en'],
    [['fr-FR'], 'en'],
    [['zhx'], 'en'],
    [[], 'en'],
  ])('%j gives %s', (languages, expected) => {
    expect(preferredDateLocale(languages)).toBe(expected);
  });

  test("follows the UI's active language by default", () => {
    try {
      activateLocaleWith('zh-CN', {});
      expect(preferredDateLocale()).toBe('zh-cn');
    } finally {
      activateLocaleWith('en', {});
    }
    expect(preferredDateLocale()).toBe('en');
  });
});

describe('secondsToMillis', () => {
  test('multiplies seconds by 1000 (docs/product.md#constants-and-limits)', () => {
    expect(secondsToMillis(JOINED)).toBe(1709640000000);
    expect(secondsToMillis(0)).toBe(0);
  });

  test.each([null, undefined, Number.NaN, Number.POSITIVE_INFINITY])('%p is absent', (value) => {
    expect(secondsToMillis(value)).toBeNull();
  });
});

describe('formatDate', () => {
  test('formats seconds since the epoch as a date in English', () => {
    expect(formatDate(JOINED, 'en')).toBe('March 5, 2024');
  });

  test('formats in Chinese with the zh-cn locale', () => {
    expect(formatDate(JOINED, 'zh-cn')).toBe('2024-03-05');
  });

  test("shows 'N/A' when the timestamp is absent", () => {
    expect(formatDate(null, 'en')).toBe('N/A');
    expect(formatDate(undefined, 'zh-cn')).toBe('N/A');
  });

  test('includes the time in formatDateTime', () => {
    expect(formatDateTime(null, 'en')).toBe('N/A');
  });
});

describe('formatDateTime: short, 24-hour in both languages', () => {
  // Local time, as shown: 2026-11-27 05:49 and 17:05 wherever the test runs.
  const morning = new Date(2026, 10, 27, 5, 49).getTime() / 1000;
  const afternoon = new Date(2026, 0, 3, 17, 5).getTime() / 1000;

  test('Chinese reads as Chinese business tools write it', () => {
    expect(formatDateTime(morning, 'zh-cn')).toBe('2026-11-27 05:49');
    expect(formatDateTime(afternoon, 'zh-cn')).toBe('2026-01-03 17:05');
  });

  test('English is short, without AM/PM', () => {
    expect(formatDateTime(morning, 'en')).toBe('Nov 27, 2026 05:49');
    expect(formatDateTime(afternoon, 'en')).toBe('Jan 3, 2026 17:05');
  });

  test('follows the active language by default', () => {
    try {
      activateLocaleWith('zh-CN', {});
      expect(formatDateTime(afternoon)).toBe('2026-01-03 17:05');
    } finally {
      activateLocaleWith('en', {});
    }
    expect(formatDateTime(afternoon)).toBe('Jan 3, 2026 17:05');
  });
});

describe('formatUtcDay', () => {
  // 2026-12-23T23:30:00Z: still the 23rd in UTC whatever the reader's zone.
  const lateUtc = Date.UTC(2026, 11, 23, 23, 30) / 1000;

  test('shows the UTC day in each language', () => {
    expect(formatUtcDay(lateUtc, 'en')).toBe('Dec 23, 2026');
    expect(formatUtcDay(lateUtc, 'zh-cn')).toBe('2026-12-23');
  });
});

describe('formatRelative', () => {
  const now = JOINED * 1000;

  test.each([
    [now + 30 * 1000, 'a few seconds ago', '几秒前'],
    [now + 3 * DAY, '3 days ago', '3 天前'],
    [now + 95 * DAY, '3 months ago', '3 个月前'],
    [now + 400 * DAY, 'a year ago', '1 年前'],
  ])('at %p reads %s in English and %s in Chinese', (at, english, chinese) => {
    expect(formatRelative(JOINED, 'en', at)).toBe(english);
    expect(formatRelative(JOINED, 'zh-cn', at)).toBe(chinese);
  });

  test('does not change the global dayjs locale', () => {
    formatRelative(JOINED, 'zh-cn', now + 3 * DAY);
    expect(formatRelative(JOINED, 'en', now + 3 * DAY)).toBe('3 days ago');
    expect(formatDate(JOINED, 'en')).toBe('March 5, 2024');
  });

  test("shows 'N/A' when the timestamp is absent", () => {
    expect(formatRelative(null, 'en', now)).toBe('N/A');
  });
});
