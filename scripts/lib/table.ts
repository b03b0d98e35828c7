/** Plain-text tables and byte sizes for the console reports of scripts/bench.ts and size-report.ts. */

/** 1 KB = 1024 bytes, the unit webpack prints, so the report and the build output agree. */
export const KB = 1024;

export function kb(bytes: number): string {
  return `${(bytes / KB).toFixed(1)} KB`;
}

/**
 * Columns padded to their widest cell. `align` has one letter per column, 'l' or 'r'; by default the
 * first column is left-aligned and the others, numbers, right-aligned.
 */
export function table(
  header: string[],
  rows: (string | number)[][],
  align = 'l'.padEnd(header.length, 'r'),
): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? '').length)));
  const line = (row: string[]) =>
    row
      .map((cell, i) => (align[i] === 'r' ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)].join('\n');
}
