/**
 * A fake of the part of Salesforce's REST API the Salesforce adapter calls
 * (src/server/crm/salesforce-records.ts), under /services/data/vXX.X, answering as Salesforce documents:
 * the describe of Contact and Lead, SOQL queries of the form the adapter sends
 * (`SELECT a, b FROM X WHERE c = '...' AND ... LIMIT n`, over Contact, Lead and User; text compared without
 * letter case), create (201 `{ id, success, errors }`) and update (204). Failures are Salesforce's list of
 * `{ message, errorCode, fields }`: 401 INVALID_SESSION_ID for a token it does not know, 400
 * INVALID_EMAIL_ADDRESS, REQUIRED_FIELD_MISSING (LastName; a lead's Company) and INVALID_FIELD for a
 * column the object does not have.
 */
import { bearerOf, looksLikeEmail, startFakeApi, type FakeAnswer, type FakeApi } from './fake-api.js';

export const SALESFORCE_TOKEN = '00D5g000004FAKE!AQ4AQFAKE.token';
export const SALESFORCE_USER = { Id: '0055g00000AbCdEAAV', Email: 'owner@example.com' };

type Described = { name: string; label: string; type: string; createable: boolean; updateable: boolean };

const field = (name: string, label: string, type: string, writable = true): Described => ({
  name,
  label,
  type,
  createable: writable,
  updateable: writable,
});
const COMMON = [
  field('Id', 'Contact ID', 'id', false),
  field('FirstName', 'First Name', 'string'),
  field('LastName', 'Last Name', 'string'),
  field('Title', 'Title', 'string'),
  field('Email', 'Email', 'email'),
  field('Phone', 'Business Phone', 'phone'),
  field('Description', 'Description', 'textarea'),
  field('OwnerId', 'Owner ID', 'reference'),
  field('CreatedDate', 'Created Date', 'datetime', false),
  field('LinkedIn_URL__c', 'LinkedIn URL', 'url'),
];
const DESCRIBE: Record<string, Described[]> = {
  Contact: [
    ...COMMON,
    field('MailingCity', 'Mailing City', 'string'),
    field('AccountId', 'Account ID', 'reference'),
  ],
  Lead: [...COMMON, field('Company', 'Company', 'string'), field('City', 'City', 'string')],
};
const PREFIX: Record<string, string> = { Contact: '003', Lead: '00Q' };

export interface FakeSalesforce extends FakeApi {
  /** Records by object (Contact, Lead), each with its Id. */
  records: Record<string, Record<string, string>[]>;
}

const errors = (
  status: number,
  list: { message: string; errorCode: string; fields?: string[] }[],
): FakeAnswer => ({
  status,
  body: list,
});

/** Salesforce's answer when the org has used up its API requests (it sends no Retry-After). */
export function salesforceRequestLimit(): FakeAnswer {
  return errors(403, [{ message: 'TotalRequests Limit exceeded.', errorCode: 'REQUEST_LIMIT_EXCEEDED' }]);
}

/** A SOQL string literal's value, its escapes undone. */
const unescape = (literal: string) =>
  literal.replace(/\\(.)/g, (_, c: string) => ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' })[c] ?? c);

export async function startFakeSalesforce(): Promise<FakeSalesforce> {
  const records: FakeSalesforce['records'] = { Contact: [], Lead: [] };
  const users = [{ ...SALESFORCE_USER, IsActive: 'true' }];
  let nextId = 1;
  const noSuchColumn = (name: string, object: string) =>
    errors(400, [
      { message: `No such column '${name}' on sobject of type ${object}`, errorCode: 'INVALID_FIELD' },
    ]);

  /** Why Salesforce refuses the values, or undefined when it takes them. */
  const refusal = (
    object: string,
    values: Record<string, string>,
    creating: boolean,
  ): FakeAnswer | undefined => {
    for (const [name, value] of Object.entries(values)) {
      const described = DESCRIBE[object]!.find((f) => f.name === name);
      if (!described) return noSuchColumn(name, object);
      if (described.type === 'email' && !looksLikeEmail(value))
        return errors(400, [
          {
            message: `Email: invalid email address: ${value}`,
            errorCode: 'INVALID_EMAIL_ADDRESS',
            fields: ['Email'],
          },
        ]);
    }
    const required = ['LastName', ...(object === 'Lead' ? ['Company'] : [])];
    const missing = creating ? required.filter((name) => !values[name]) : [];
    if (missing.length > 0)
      return errors(400, [
        {
          message: `Required fields are missing: [${missing.join(', ')}]`,
          errorCode: 'REQUIRED_FIELD_MISSING',
          fields: missing,
        },
      ]);
    return undefined;
  };

  const query = (soql: string): FakeAnswer => {
    const parsed = /^SELECT (.+) FROM (\w+) WHERE (.+) LIMIT (\d+)$/.exec(soql);
    if (!parsed) return errors(400, [{ message: `unexpected token: ${soql}`, errorCode: 'MALFORMED_QUERY' }]);
    const [, select, object, where, limit] = parsed as unknown as [string, string, string, string, string];
    const columns = select.split(',').map((c) => c.trim());
    const conditions = [...where.matchAll(/(\w+) = (?:'((?:[^'\\]|\\.)*)'|(true|false))/g)].map(
      ([, name, literal, bool]) => ({
        name: name!,
        value: literal === undefined ? bool! : unescape(literal),
      }),
    );
    const table = object === 'User' ? users : records[object];
    if (!table)
      return errors(400, [
        { message: `sObject type '${object}' is not supported.`, errorCode: 'INVALID_TYPE' },
      ]);
    const known = object === 'User' ? ['Id', 'Email', 'IsActive'] : DESCRIBE[object]!.map((f) => f.name);
    const unknown = [...columns, ...conditions.map((c) => c.name)].find((name) => !known.includes(name));
    if (unknown)
      return errors(400, [
        { message: `No such column '${unknown}' on entity '${object}'.`, errorCode: 'INVALID_FIELD' },
      ]);
    const found = table
      .filter((row: Record<string, string>) =>
        conditions.every((c) => (row[c.name] ?? '').toLowerCase() === c.value.toLowerCase()),
      )
      .slice(0, Number(limit));
    return {
      status: 200,
      body: {
        totalSize: found.length,
        done: true,
        records: found.map((row: Record<string, string>) => ({
          attributes: { type: object, url: `/services/data/v62.0/sobjects/${object}/${row.Id}` },
          ...Object.fromEntries(columns.map((c) => [c, row[c] ?? null])),
        })),
      },
    };
  };

  const api = await startFakeApi({
    authorized: (request) => bearerOf(request) === SALESFORCE_TOKEN,
    unauthorized: errors(401, [{ message: 'Session expired or invalid', errorCode: 'INVALID_SESSION_ID' }]),
    routes: ({ method, path, query: params, body }) => {
      const rest = /^\/services\/data\/v\d+\.\d\/(.+)$/.exec(path)?.[1];
      if (rest === undefined) return undefined;
      if (method === 'GET' && rest === 'query') return query(params.get('q') ?? '');
      const sobject = /^sobjects\/(\w+)(?:\/(\w+))?$/.exec(rest);
      const object = sobject?.[1];
      if (!object || !DESCRIBE[object]) return undefined;
      if (method === 'GET' && sobject[2] === 'describe')
        return {
          status: 200,
          body: { name: object, label: object, createable: true, fields: DESCRIBE[object] },
        };
      const values = body as Record<string, string>;
      if (method === 'POST' && sobject[2] === undefined) {
        const refused = refusal(object, values, true);
        if (refused) return refused;
        const Id = `${PREFIX[object]}5g00000${String(nextId++).padStart(8, '0')}`;
        records[object]!.push({ ...values, Id });
        return { status: 201, body: { id: Id, success: true, errors: [] } };
      }
      if (method === 'PATCH' && sobject[2] !== undefined) {
        const record = records[object]!.find((r) => r.Id === sobject[2]);
        if (!record)
          return errors(404, [{ message: 'The requested resource does not exist', errorCode: 'NOT_FOUND' }]);
        const refused = refusal(object, values, false);
        if (refused) return refused;
        Object.assign(record, values);
        return { status: 204 };
      }
      return undefined;
    },
  });
  return { ...api, records };
}
