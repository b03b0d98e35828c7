/**
 * @jest-environment node
 */
import { formatCountdown, timeLeft } from '../../../src/web/features/pricing/lib/countdown';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const inSeconds = (seconds: number) => NOW / 1000 + seconds;
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

test.each([
  [7 * DAY, { days: 7, hours: 0, minutes: 0 }, '7 days 0 hours 0 minutes'],
  [6 * DAY + 23 * HOUR + 59 * MINUTE, { days: 6, hours: 23, minutes: 59 }, '6 days 23 hours 59 minutes'],
  [DAY + HOUR + MINUTE, { days: 1, hours: 1, minutes: 1 }, '1 day 1 hour 1 minute'],
  [2 * HOUR + 30 * MINUTE + 59, { days: 0, hours: 2, minutes: 30 }, '0 days 2 hours 30 minutes'],
  [MINUTE, { days: 0, hours: 0, minutes: 1 }, '0 days 0 hours 1 minute'],
])('%i seconds left: %j, shown as %s', (seconds, parts, text) => {
  expect(timeLeft(inSeconds(seconds), NOW)).toEqual(parts);
  expect(formatCountdown(inSeconds(seconds), NOW)).toBe(text);
});

test.each([
  ['less than a minute left', 59],
  ['exactly zero', 0],
  ['in the past', -DAY],
])('%s reads Expired', (_case, seconds) => {
  expect(timeLeft(inSeconds(seconds), NOW)).toBeNull();
  expect(formatCountdown(inSeconds(seconds), NOW)).toBe('Expired');
});
