/**
 * Reading CSV text as RFC 4180 writes it: a field in double quotes may hold separators, line breaks and
 * doubled quotes (`"Doe, Jane"`, `"say ""hi"""`), so a name with a comma never shifts the columns after
 * it. Spreadsheets in some languages save with semicolons or tabs, and people paste lists separated by
 * any of them, so every character of `separators` ends a field. Lenient where the RFC is strict, since
 * people type these by hand: spaces around a field are dropped, and a quote inside an unquoted field,
 * or an unclosed quoted field, is read as text rather than refused. Pure: no Node or browser imports.
 */

export interface CsvRecord {
  /** 1-based line of the text the record starts on (a quoted field may run over several lines). */
  line: number;
  cells: string[];
}

export interface CsvOptions {
  /** Characters that end a field outside quotes. RFC 4180 has only the comma. */
  separators?: string;
}

/** The records of `text`, a byte order mark and a last line break ignored; a blank line is a record of one empty cell. */
export function parseCsv(text: string, options: CsvOptions = {}): CsvRecord[] {
  const separators = options.separators ?? ',';
  const source = text.replace(/^\uFEFF/, '');
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let line = 1;
  let recordLine = 1;
  let i = 0;

  const endRecord = () => {
    records.push({ line: recordLine, cells });
    cells = [];
    recordLine = line;
  };
  /** Steps over a line break at `i` (CRLF, LF or CR); true when there was one. */
  const lineBreak = (): boolean => {
    if (source[i] === '\r') i += source[i + 1] === '\n' ? 2 : 1;
    else if (source[i] === '\n') i += 1;
    else return false;
    line += 1;
    return true;
  };

  while (i < source.length) {
    let start = i;
    while (source[start] === ' ' || (source[start] === '\t' && !separators.includes('\t'))) start += 1;
    let cell: string;
    const close = source[start] === '"' ? closingQuote(source, start) : -1;
    if (close >= 0) {
      const body = source.slice(start + 1, close);
      line += (body.match(/\r\n|\r|\n/g) ?? []).length;
      cell = body.replace(/""/g, '"');
      i = close + 1;
      // Whatever stands between the closing quote and the next separator is kept, not lost.
      let rest = '';
      while (
        i < source.length &&
        !separators.includes(source[i]!) &&
        source[i] !== '\r' &&
        source[i] !== '\n'
      ) {
        rest += source[i];
        i += 1;
      }
      cell += rest.trim();
    } else {
      i = start;
      while (
        i < source.length &&
        !separators.includes(source[i]!) &&
        source[i] !== '\r' &&
        source[i] !== '\n'
      ) {
        i += 1;
      }
      cell = source.slice(start, i).trim();
    }
    cells.push(cell);
    if (i >= source.length) break;
    if (separators.includes(source[i]!)) {
      i += 1;
      // A separator at the very end of the text still ends a field: the record has an empty last cell.
      if (i >= source.length) cells.push('');
      continue;
    }
    lineBreak();
    endRecord();
  }
  if (cells.length > 0) endRecord();
  return records;
}

/** The index of the quote that closes the quoted field opening at `open`, or -1 when none does. */
function closingQuote(source: string, open: number): number {
  let i = open + 1;
  while (i < source.length) {
    if (source[i] === '"') {
      if (source[i + 1] === '"') i += 2;
      else return i;
    } else i += 1;
  }
  return -1;
}

/** A field as RFC 4180 writes it: quoted when it holds a separator, a quote, a line break or outer spaces. */
export function csvField(value: string, separators = ','): string {
  const needsQuotes =
    value.includes('"') ||
    /[\r\n]/.test(value) ||
    [...separators].some((separator) => value.includes(separator)) ||
    value !== value.trim();
  return needsQuotes ? `"${value.replace(/"/g, '""')}"` : value;
}

/** A value of an exported row: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/**
 * A cell of a CSV file the product exports: quoted as RFC 4180 needs (csvField), and text a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return) kept as text with a
 * leading apostrophe, so opening an export never runs what a user typed (CSV injection).
 */
export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return String(value);
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

/** One record of an exported file, with the CRLF line end RFC 4180 gives every record. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}
