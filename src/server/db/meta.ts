/** Values the database keeps about itself (its creation time, a generated key) in the `meta` table. */
import type { Kysely } from 'kysely';
import type { Database } from './schema.js';

/**
 * The value stored under `key`, storing `initial` first when there is none. `initial` runs only then (it
 * may make a key: an RSA one costs ~100 ms a start), and the insert yields to one that won meanwhile, so
 * when several processes start at once every one of them gets the value that won.
 */
export async function metaValue(db: Kysely<Database>, key: string, initial: () => string): Promise<string> {
  const stored = () => db.selectFrom('meta').select('value').where('key', '=', key).executeTakeFirst();
  const found = await stored();
  if (found) return found.value;
  await db
    .insertInto('meta')
    .values({ key, value: initial() })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return (await stored())!.value;
}
