/**
 * The one way the API answers a CSV file (export-credit-ledger, export-audit-events): streamed in batches
 * read by keyset, so an export of any size holds one batch in memory and is never cut short; a download
 * (Content-Disposition: attachment) that a plain link in the app saves; every cell written by csvRecord
 * (RFC 4180, formulas defused). Refusals happen before the first batch, so they answer the usual JSON.
 */
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { csvRecord, type CsvValue } from '../../shared/csv.js';

/** Rows fetched per query: large enough that a year of entries is a few queries. */
const CSV_BATCH = 5000;

export interface CsvDownload<Row> {
  filename: string;
  header: readonly string[];
  /** The file's rows a batch at a time, in the file's order (`keyset` reads a table's). */
  batches: AsyncIterable<Row[]>;
  cells(row: Row): readonly CsvValue[];
}

/**
 * A query's rows by keyset: `batch` answers the rows after `last` (undefined: from the start), at most
 * `limit`; fewer than `limit` ends it.
 */
export async function* keyset<Row>(
  batch: (last: Row | undefined, limit: number) => Promise<Row[]>,
): AsyncIterable<Row[]> {
  let last: Row | undefined;
  for (;;) {
    const rows = await batch(last, CSV_BATCH);
    if (rows.length > 0) yield rows;
    if (rows.length < CSV_BATCH) return;
    last = rows.at(-1);
  }
}

export async function sendCsv<Row>(reply: FastifyReply, download: CsvDownload<Row>): Promise<never> {
  async function* records() {
    yield csvRecord(download.header);
    for await (const rows of download.batches) {
      if (rows.length > 0) yield rows.map((row) => csvRecord(download.cells(row))).join('');
    }
  }
  await reply
    .type('text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${download.filename}"`)
    .send(Readable.from(records()));
  // The handler's answer is the stream, already sent: nothing for the API layer to serialise.
  return undefined as never;
}
