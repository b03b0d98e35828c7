/** Saves text as a file through a temporary link (the export answer carries the CSV itself). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** 'YYYY-MM-DD' of a date input → seconds since the epoch at the start (or end) of that day, local time. */
export function dayToSeconds(day: string, endOfDay = false): number | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${endOfDay ? '23:59:59' : '00:00:00'}`);
  const millis = date.getTime();
  return Number.isNaN(millis) ? undefined : Math.floor(millis / 1000);
}
