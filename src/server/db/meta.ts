/** Values the database keeps about itself (its creation time, a generated key) in the `meta` table. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The value stored under `key`, storing `initial` first when there is none. Insert-then-read rather than
 * read-then-insert: when several processes start at once, every one of them gets the value that won.
 */
export async function metaValue(db: Kysely<Database>, key: string, initial: () => string): Promise<string> {
  await db
    .insertInto('meta')
    .values({ key, value: initial() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}
