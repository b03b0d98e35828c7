// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/** Reading CSV as RFC 4180 writes it (src/shared/csv.ts): quoted fields keep their commas, quotes and line breaks. */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import fc from 'fast-check';
import { csvCell, csvField, csvRecord, parseCsv } from '../../src/shared/csv.js';

/** Fields as people and spreadsheets write them: names with commas, quotes, line breaks, Chinese. */
const field = fc.string({
  unit: fc.constantFrom('a', 'Z', '7', ' ', ',', ';', '"', '\n', '\r\n', '@', '.', '张', '\t'),
  maxLength: 12,
});
const table = fc.array(fc.array(field, { minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 6 });

/** The table as RFC 4180 writes it; a record of one empty field is written "" so it is not a blank line. */
function write(rows: string[][], separator: string, lineBreak: string, quoted = separator): string {
  return rows
    .map((cells) =>
      cells.length === 1 && cells[0] === ''
        ? '""'
        : cells.map((cell) => csvField(cell, quoted)).join(separator),
    )
    .join(lineBreak);
}

const cellsOf = (text: string, separators: string) => parseCsv(text, { separators }).map((r) => r.cells);

describe('parseCsv', () => {
  it('reads back any table that RFC 4180 writes, with commas, semicolons or tabs and any line break', () => {
    fc.assert(
      fc.property(
        table,
        fc.constantFrom(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n', '\r'),
        fc.boolean(),
        (rows, separator, lineBreak, finalBreak) => {
          const text = write(rows, separator, lineBreak) + (finalBreak ? lineBreak : '');
          assert.deepEqual(cellsOf(text, separator), rows);
        },
      ),
    );
  });

  it('reads back a table written with one separator when all three separate fields', () => {
    fc.assert(
      fc.property(table, fc.constantFrom(',', ';', '\t'), (rows, separator) => {
        assert.deepEqual(cellsOf(write(rows, separator, '\n', ',;\t'), ',;\t'), rows);
      }),
    );
  });

  it('gives each record the line it starts on, counting the line breaks inside quoted fields', () => {
    fc.assert(
      fc.property(table, (rows) => {
        const text = write(rows, ',', '\n');
        const records = parseCsv(text);
        let line = 1;
        records.forEach((record, index) => {
          assert.equal(record.line, line);
          line += 1 + rows[index]!.join('').split(/\r\n|\r|\n/).length - 1;
        });
      }),
    );
  });

  it('never throws, and never loses a character that is not a quote, separator, space or line break', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '"', ',', '\n', ' ', 'b') }), (text) => {
        const letters = (s: string) => s.replace(/[^ab]/g, '');
        const read = parseCsv(text)
          .flatMap((record) => record.cells)
          .join('');
        assert.equal(letters(read), letters(text));
      }),
    );
  });

  it('keeps a quoted name with a comma in one cell', () => {
    assert.deepEqual(parseCsv('"Doe, Jane",jane@x.com\r\n"Say ""hi""", b@x.com'), [
      { line: 1, cells: ['Doe, Jane', 'jane@x.com'] },
      { line: 2, cells: ['Say "hi"', 'b@x.com'] },
    ]);
  });

  it('reads by hand-typed leniency: spaces around fields, a stray quote, an unclosed quote', () => {
    assert.deepEqual(cellsOf(' a , "b" ,c"d\n"open, x', ','), [
      ['a', 'b', 'c"d'],
      ['"open', 'x'],
    ]);
  });

  it('ignores a byte order mark and the last line break, and keeps blank lines as empty records', () => {
    assert.deepEqual(parseCsv('\uFEFFa\n\nb\n'), [
      { line: 1, cells: ['a'] },
      { line: 2, cells: [''] },
      { line: 3, cells: ['b'] },
    ]);
    assert.deepEqual(parseCsv(''), []);
    assert.deepEqual(cellsOf('a,', ','), [['a', '']]);
  });
});

describe('csvRecord (what the exports write)', () => {
  it('defuses what a spreadsheet would run as a formula, quotes as RFC 4180 needs, ends with CRLF', () => {
    assert.deepEqual(['=SUM(A1)', '+1', '-2', '@x', '\tt', 'a, "b"', 'plain'].map(csvCell), [
      "'=SUM(A1)",
      "'+1",
      "'-2",
      "'@x",
      "'\tt",
      '"a, ""b"""',
      'plain',
    ]);
    // Numbers are numbers (a negative amount is no formula); nothing is an empty cell.
    assert.equal(csvRecord([-1, null, undefined, 'x']), '-1,,,x\r\n');
  });

  it('reads back as the text it was given, formulas with their apostrophe', () => {
    fc.assert(
      fc.property(fc.array(field, { minLength: 2, maxLength: 5 }), (cells) => {
        const [record] = parseCsv(csvRecord(cells));
        const defused = cells.map((cell) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell));
        // The reader drops the spaces around an unquoted field; csvField quotes any it must keep.
        assert.deepEqual(record!.cells, defused);
      }),
    );
  });
});
