/**
 * Salesforce's contacts and leads through its REST API (docs/product.md#crm-sync-rules), with the
 * connection's OAuth token at the org's `instance_url` (kept as the connection's `api_domain`):
 * - fields: `GET /services/data/vXX.X/sobjects/{Contact|Lead}/describe`, the createable and updateable
 *   text fields;
 * - find: a SOQL query, `GET /services/data/vXX.X/query?q=SELECT Id, ... WHERE a = '...' AND ... LIMIT 1`
 *   (SOQL compares text without letter case);
 * - create: `POST /sobjects/{Contact|Lead}`; update: `PATCH /sobjects/{Contact|Lead}/{id}`;
 * - the owner of a create: the active User with that email, by SOQL (none found leaves Salesforce's default);
 * - the record's page: `{instance_url}/lightning/r/{Contact|Lead}/{id}/view`.
 * Salesforce's errors are a list of `{ message, errorCode, fields }`; it answers its org's API request limit
 * with 403 REQUEST_LIMIT_EXCEEDED and no Retry-After, which waits here as an hour's 429.
 */
import { message } from '../../contract/messages.js';
import type { CrmObject } from '../../shared/crm-sync-rules.js';
import { rejected } from '../domain/errors.js';
import { checkApiHost } from './api-hosts.js';
import { createCrmApi, type Refusal } from './crm-http.js';
import {
  CrmRateLimited,
  CrmRefusedField,
  type CrmAccess,
  type CrmField,
  type CrmRecord,
  type CrmRecordApi,
} from './provider.js';

const API_VERSION = 'v62.0';
/** The daily limit rolls over 24 hours; an hour is a fair first wait. */
const REQUEST_LIMIT_WAIT_SECONDS = 3600;
const WRITABLE_TYPES: Record<string, CrmField['type']> = {
  string: 'text',
  email: 'email',
  phone: 'phone',
  url: 'url',
  textarea: 'textarea',
};
/** A field's API name: SOQL takes names, never values, where they stand, so nothing else passes. */
const FIELD_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

interface SalesforceError {
  message?: string;
  errorCode?: string;
  fields?: string[];
}

interface DescribedField {
  name: string;
  label: string;
  type: string;
  createable: boolean;
  updateable: boolean;
}

const firstError = (body: unknown): SalesforceError | undefined =>
  Array.isArray(body) ? (body[0] as SalesforceError) : undefined;

/** The field Salesforce names (`fields`, else "No such column 'X'"), and its message without "X: ". */
function salesforceRefusal(body: unknown): Refusal | null {
  const error = firstError(body);
  const said = error?.message ?? '';
  const field = error?.fields?.[0] ?? /column '(\w+)'/.exec(said)?.[1];
  if (!field) return null;
  return { field, reason: said.startsWith(`${field}: `) ? said.slice(field.length + 2) : said };
}

function salesforceFailure(status: number, body: unknown): Error | undefined {
  return status === 403 && firstError(body)?.errorCode === 'REQUEST_LIMIT_EXCEEDED'
    ? new CrmRateLimited(REQUEST_LIMIT_WAIT_SECONDS)
    : undefined;
}

/** A SOQL string literal: quotes and backslashes escaped, as are the control characters SOQL escapes. */
function soqlString(value: string): string {
  const escapes: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' };
  return `'${value.replace(/[\\'"\n\r\t\b\f]/g, (c) => escapes[c] ?? `\\${c}`)}'`;
}

function fieldName(name: string): string {
  if (!FIELD_NAME.test(name)) throw new CrmRefusedField(name, 'no such field');
  return name;
}

const sobjectOf = (object: CrmObject) => (object === 'lead' ? 'Lead' : 'Contact');

export function createSalesforceRecordApi(access: CrmAccess, apiUrl: string | undefined): CrmRecordApi {
  const instance = access.credentials.api_domain ?? undefined;
  const base = apiUrl ?? instance;
  // A Salesforce token is good only at its org's instance: a connection without one is made again.
  if (!base) throw rejected(message('crm_reconnect', { crm: 'Salesforce' }));
  // A connection stored before hosts were checked at the exchange never sends its token elsewhere either.
  checkApiHost('salesforce', 'Salesforce', instance, apiUrl);
  const api = createCrmApi({
    crm: 'Salesforce',
    baseUrl: `${base}/services/data/${API_VERSION}`,
    headers: { authorization: `Bearer ${access.credentials.access_token ?? ''}` },
    refusal: salesforceRefusal,
    failure: salesforceFailure,
  });
  const toRecord = (sobject: string, id: string, fields: Record<string, string>): CrmRecord => ({
    id,
    fields,
    url: `${instance ?? base}/lightning/r/${sobject}/${id}/view`,
  });
  const query = (soql: string) =>
    api<{ records: Record<string, unknown>[] }>('/query', { query: { q: soql } }).then((r) => r.records);

  return {
    async listFields(object) {
      const described = await api<{ fields: DescribedField[] }>(`/sobjects/${sobjectOf(object)}/describe`);
      return described.fields.flatMap((field) => {
        const type = WRITABLE_TYPES[field.type];
        return type && field.createable && field.updateable
          ? [{ name: field.name, label: field.label, type }]
          : [];
      });
    },

    async findRecord(object, match, fields) {
      const sobject = sobjectOf(object);
      const columns = [...new Set(['Id', ...fields.map(fieldName)])];
      const where = Object.entries(match)
        .map(([name, value]) => `${fieldName(name)} = ${soqlString(value)}`)
        .join(' AND ');
      const [found] = await query(`SELECT ${columns.join(', ')} FROM ${sobject} WHERE ${where} LIMIT 1`);
      if (!found) return null;
      const values: Record<string, string> = {};
      for (const name of columns) if (typeof found[name] === 'string') values[name] = found[name];
      return toRecord(sobject, String(found.Id), values);
    },

    async createRecord(object, values, owner) {
      const sobject = sobjectOf(object);
      const [user] = await query(
        `SELECT Id FROM User WHERE Email = ${soqlString(owner)} AND IsActive = true LIMIT 1`,
      );
      const body = user ? { ...values, OwnerId: user.Id } : values;
      const created = await api<{ id: string }>(`/sobjects/${sobject}`, { method: 'POST', body });
      return toRecord(sobject, created.id, values);
    },

    async updateRecord(object, id, values) {
      const sobject = sobjectOf(object);
      await api(`/sobjects/${sobject}/${encodeURIComponent(id)}`, { method: 'PATCH', body: values });
      return toRecord(sobject, id, values);
    },
  };
}
