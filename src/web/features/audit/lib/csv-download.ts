export { downloadText } from '../../../lib/download-text';

/** 'YYYY-MM-DD' of a date input → seconds since the epoch at the start (or end) of that day, local time. */
export function dayToSeconds(day: string, endOfDay = false): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${endOfDay ? '23:59:59' : '00:00:00'}`);
  const millis = date.getTime();
  return Number.isNaN(millis) ? undefined : Math.floor(millis / 1000);
}
