/**
 * The Audit page's period: days typed as YYYY-MM-DD, the one form that reads the same in English and
 * Chinese (a native date input shows the browser's format, mm/dd/yyyy, whatever the UI's language).
 */

/** The day a text names, or null when it is not a real YYYY-MM-DD day ('2026-02-30' is not). */
function parseDay(text: string): { year: number; month: number; day: number } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  const real = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day;
  return real ? { year, month, day } : null;
}

/** What a typed day means for the filter: no limit (empty), a day, or a mistake to point out. */
type DayInput = { kind: 'empty' } | { kind: 'day'; seconds: number } | { kind: 'invalid' };

/** A typed day as seconds since the epoch at the start (or the end) of that day, local time. */
export function readDay(text: string, endOfDay = false): DayInput {
  if (text.trim() === '') return { kind: 'empty' };
  const day = parseDay(text);
  if (!day) return { kind: 'invalid' };
  const date = endOfDay
    ? new Date(day.year, day.month - 1, day.day, 23, 59, 59)
    : new Date(day.year, day.month - 1, day.day);
  return { kind: 'day', seconds: Math.floor(date.getTime() / 1000) };
}

/** Today as YYYY-MM-DD, local time: the example a day field shows. */
export function today(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
