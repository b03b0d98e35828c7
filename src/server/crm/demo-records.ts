/**
 * The Demo CRM sandbox's records (docs/product.md#crm-sync-rules): its field list, and a record store in
 * this server's database, one account per organization (or per user outside one), so a whole sync runs on
 * a local install. It checks values as a CRM does (an email, a URL, a phone, lengths) and refuses the
 * first bad one by name; every create and update is one statement, so a refused write leaves nothing.
 * A create checks the duplicate searches again under a lock of the account's object, in its transaction, so
 * two syncs of one profile at once make one record, not two (docs/product.md#crm-sync-rules).
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { json } from '../db/json.js';
import type { CrmObject } from '../../shared/crm-sync-rules.js';
import { demoAccepts } from './demo.js';
import {
  CrmAccessRefused,
  CrmDuplicateAppeared,
  CrmRefusedField,
  type CrmAccess,
  type CrmField,
  type CrmRecord,
  type CrmRecordApi,
} from './provider.js';

const FIELDS: CrmField[] = [
  { name: 'firstname', label: 'First name', type: 'text' },
  { name: 'lastname', label: 'Last name', type: 'text' },
  { name: 'jobtitle', label: 'Job title', type: 'text' },
  { name: 'company', label: 'Company', type: 'text' },
  { name: 'city', label: 'City', type: 'text' },
  { name: 'linkedin_url', label: 'LinkedIn URL', type: 'url' },
  { name: 'email', label: 'Email', type: 'email' },
  { name: 'phone', label: 'Phone', type: 'phone' },
  { name: 'notes', label: 'Notes', type: 'textarea' },
];

/** The Demo CRM's fields of an object (contacts and leads have the same ones). */
export function demoCrmFields(_object: CrmObject): CrmField[] {
  return FIELDS;
}

/** Why the Demo CRM refuses a value, or null when it takes it. */
function refusal(field: CrmField | undefined, value: string): string | null {
  if (!field) return 'no such field';
  if (value.length > (field.type === 'textarea' ? 5000 : 255)) return 'too long';
  if (field.type === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value)) return 'not a valid email address';
  if (field.type === 'url' && !/^https?:\/\/\S+$/.test(value)) return 'not a valid URL';
  if (field.type === 'phone' && !/^\+?[0-9 ().-]{3,40}$/.test(value)) return 'not a valid phone number';
  return null;
}

function check(values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values)) {
    const reason = refusal(
      FIELDS.find((f) => f.name === name),
      value,
    );
    if (reason !== null) throw new CrmRefusedField(name, reason);
  }
}

/** The account's records of `object` whose fields equal every value of `match` (without letter case). */
function matching(db: Db, account: string, object: CrmObject, match: Record<string, string>) {
  let query = db
    .selectFrom('demo_crm_records')
    .select(['id', 'fields'])
    .where('account', '=', account)
    .where('object', '=', object);
  for (const [name, value] of Object.entries(match)) {
    query = query.where(sql<string>`lower(fields->>${name})`, '=', value.toLowerCase());
  }
  return query;
}

/** The page where a record of the Demo CRM opens. */
const demoRecordUrl = (publicUrl: string, id: string) => `${publicUrl}/sandbox/crm/records/${id}`;

export function createDemoRecordApi(db: Db, publicUrl: string, access: CrmAccess): CrmRecordApi {
  const toRecord = (row: { id: string; fields: Record<string, string> }): CrmRecord => ({
    id: String(row.id),
    fields: row.fields,
    url: demoRecordUrl(publicUrl, String(row.id)),
  });
  // Like a CRM's API: a token it did not issue, or that expired, and a key it refuses are answered 401.
  const guard = async () => {
    if (!(await demoAccepts(db, access.credentials))) throw new CrmAccessRefused('401');
  };
  return {
    async listFields(object) {
      await guard();
      return demoCrmFields(object);
    },

    async findRecord(object, match) {
      await guard();
      const row = await matching(db, access.account, object, match).orderBy('id').limit(1).executeTakeFirst();
      return row ? toRecord(row) : null;
    },

    async createRecord(object, values, owner, unlessMatching = []) {
      await guard();
      check(values);
      const row = await db.transaction().execute(async (trx) => {
        // Creates of one account's object take turns until commit: the second sees the first's record.
        await sql`select pg_advisory_xact_lock(hashtextextended(${`demo-crm:${access.account}:${object}`}, 0))`.execute(
          trx,
        );
        for (const match of unlessMatching) {
          if (await matching(trx, access.account, object, match).limit(1).executeTakeFirst())
            throw new CrmDuplicateAppeared();
        }
        return trx
          .insertInto('demo_crm_records')
          .values({ account: access.account, object, fields: json(values), owner })
          .returning(['id', 'fields'])
          .executeTakeFirstOrThrow();
      });
      return toRecord(row);
    },

    async updateRecord(object, id, values) {
      await guard();
      check(values);
      const row = await db
        .updateTable('demo_crm_records')
        .set({ fields: sql`fields || ${json(values)}::jsonb`, updated_at: sql`now()` })
        .where('id', '=', id)
        .where('account', '=', access.account)
        .where('object', '=', object)
        .returning(['id', 'fields'])
        .executeTakeFirst();
      if (!row) throw new CrmRefusedField('id', 'no such record');
      return toRecord(row);
    },
  };
}

/** A record of the account, for the sandbox's record page; undefined when it is not the account's. */
export async function demoRecordOf(db: Db, account: string, id: string) {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  return db
    .selectFrom('demo_crm_records')
    .select(['id', 'object', 'fields', 'owner', 'created_at', 'updated_at'])
    .where('id', '=', id)
    .where('account', '=', account)
    .executeTakeFirst();
}
