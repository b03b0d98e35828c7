/**
 * Pipedrive's persons (docs/product.md#crm-sync-rules), with the connection's OAuth token (Bearer, at the
 * company's `api_domain` from the token exchange) or API token (`x-api-token`, at api.pipedrive.com):
 * - fields: `GET /v1/personFields` (paged), the name parts, email, phone and the text custom fields
 *   (keyed by their 40-character hash);
 * - find: `GET /api/v2/persons/search` on one value (the email first), then `GET /api/v2/persons/{id}` of
 *   each hit, kept when it holds every match value (search answers neither every field nor exact names);
 * - create: `POST /api/v2/persons`; update: `PATCH /api/v2/persons/{id}` (Pipedrive retired the v1
 *   persons endpoints: search, add and update are v2's);
 * - the owner of a create: `GET /v1/users/find?search_by_email=1` (none found leaves Pipedrive's default).
 * Pipedrive writes a person's `name` (first and last name are read from it) and whole email and phone
 * lists, so a write of first_name or last_name sends the whole name, and a new email or phone becomes the
 * primary one with the others kept. Its errors say in words which field they refuse.
 */
import type { CrmObject } from '../../shared/crm-sync-rules.js';
import { checkApiHost } from './api-hosts.js';
import { createCrmApi, type Refusal } from './crm-http.js';
import {
  CrmRefusedField,
  type CrmAccess,
  type CrmField,
  type CrmRecord,
  type CrmRecordApi,
} from './provider.js';

export const PIPEDRIVE_API = 'https://api.pipedrive.com';
/** Opens a person in whichever company the browser is signed in to (API-token connections know no domain). */
const PIPEDRIVE_APP = 'https://app.pipedrive.com';

/** A custom field's key: a 40-character hash. */
const CUSTOM_FIELD = /^[0-9a-f]{40}$/;
const NAME_PARTS = ['name', 'first_name', 'last_name'];

interface Labelled {
  value: string;
  primary?: boolean;
  label?: string;
}

interface Person {
  id: number;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  emails?: Labelled[];
  phones?: Labelled[];
  custom_fields?: Record<string, unknown>;
}

interface PersonField {
  key: string;
  name: string;
  field_type: string;
}

/** Pipedrive's words name the field: a custom field's hash, else email, phone or name. */
function pipedriveRefusal(body: unknown): Refusal | null {
  const text = String((body as { error?: unknown } | null)?.error ?? '');
  const field =
    /[0-9a-f]{40}/.exec(text)?.[0] ??
    ['email', 'phone', 'name'].find((word) => text.toLowerCase().includes(word));
  return field ? { field, reason: text } : null;
}

function fieldOf(field: PersonField): CrmField | null {
  if (NAME_PARTS.includes(field.key)) return { name: field.key, label: field.name, type: 'text' };
  if (field.key === 'email') return { name: 'email', label: field.name, type: 'email' };
  if (field.key === 'phone') return { name: 'phone', label: field.name, type: 'phone' };
  if (!CUSTOM_FIELD.test(field.key)) return null;
  const type = { varchar: 'text', varchar_auto: 'text', text: 'textarea', phone: 'phone' }[field.field_type];
  return type ? { name: field.key, label: field.name, type: type as CrmField['type'] } : null;
}

const primaryOf = (list: Labelled[] | undefined) => (list?.find((e) => e.primary) ?? list?.[0])?.value;

/** A person's values by the names of its field list. */
function valuesOf(person: Person): Record<string, string> {
  const values: Record<string, string> = {};
  const put = (name: string, value: unknown) => {
    if (typeof value === 'string' && value !== '') values[name] = value;
    else if (typeof value === 'number') values[name] = String(value);
  };
  put('name', person.name);
  put('first_name', person.first_name);
  put('last_name', person.last_name);
  put('email', primaryOf(person.emails));
  put('phone', primaryOf(person.phones));
  for (const [key, value] of Object.entries(person.custom_fields ?? {})) put(key, value);
  return values;
}

/** Whether the person holds the value: any of its emails or phones counts, letter case aside. */
function holds(person: Person, name: string, value: string): boolean {
  const wanted = value.toLowerCase();
  const list = name === 'email' ? person.emails : name === 'phone' ? person.phones : undefined;
  if (list) return list.some((entry) => entry.value.toLowerCase() === wanted);
  return valuesOf(person)[name]?.toLowerCase() === wanted;
}

/** The new value first and primary, the others kept. */
function withPrimary(value: string, current: Labelled[] | undefined): Labelled[] {
  const others = (current ?? [])
    .filter((entry) => entry.value.toLowerCase() !== value.toLowerCase())
    .map((entry) => ({ ...entry, primary: false }));
  return [{ value, primary: true, label: 'work' }, ...others];
}

/** The body of a create or update: Pipedrive's name, lists and custom fields from the values. */
function bodyOf(values: Record<string, string>, current: Person | null): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  const custom: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) {
    if (key === 'email') body.emails = withPrimary(value, current?.emails);
    else if (key === 'phone') body.phones = withPrimary(value, current?.phones);
    else if (CUSTOM_FIELD.test(key)) custom[key] = value;
    else if (!NAME_PARTS.includes(key)) throw new CrmRefusedField(key, 'no such field');
  }
  if (values.name !== undefined) body.name = values.name;
  else if (values.first_name !== undefined || values.last_name !== undefined) {
    body.name = [values.first_name ?? current?.first_name, values.last_name ?? current?.last_name]
      .filter((part) => part)
      .join(' ');
  }
  if (Object.keys(custom).length > 0) body.custom_fields = custom;
  return body;
}

/** The search the match asks for: its email, else a custom field, else a name part (never exact). */
function searchOf(match: Record<string, string>): Record<string, string> {
  const [name, term] =
    Object.entries(match).find(([key]) => key === 'email') ??
    Object.entries(match).find(([key]) => CUSTOM_FIELD.test(key) || key === 'phone') ??
    Object.entries(match)[0]!;
  const fields =
    name === 'email' || name === 'phone' ? name : CUSTOM_FIELD.test(name) ? 'custom_fields' : 'name';
  // A first or last name is a part of the person's name: only a whole name is searched exactly.
  const exact = name !== 'first_name' && name !== 'last_name';
  return { term, fields, exact_match: String(exact), limit: '10' };
}

function objectPath(object: CrmObject): string {
  if (object !== 'contact') throw new CrmRefusedField('object', `Pipedrive has no ${object} records`);
  return 'persons';
}

export function createPipedriveRecordApi(access: CrmAccess, apiUrl: string | undefined): CrmRecordApi {
  const { access_token: token, api_domain: domain, api_keys: keys } = access.credentials;
  // A connection stored before hosts were checked at the exchange never sends its token elsewhere either.
  checkApiHost('pipedrive', 'Pipedrive', domain, apiUrl);
  const api = createCrmApi({
    crm: 'Pipedrive',
    baseUrl: apiUrl ?? domain ?? PIPEDRIVE_API,
    headers: token ? { authorization: `Bearer ${token}` } : { 'x-api-token': keys?.[0] ?? '' },
    refusal: pipedriveRefusal,
  });
  const toRecord = (person: Person): CrmRecord => ({
    id: String(person.id),
    fields: valuesOf(person),
    url: `${domain ?? PIPEDRIVE_APP}/person/${person.id}`,
  });
  const person = async (path: string, id: string | number) =>
    (await api<{ data: Person }>(`/api/v2/${path}/${encodeURIComponent(id)}`)).data;

  return {
    async listFields(object) {
      objectPath(object);
      const fields: CrmField[] = [];
      for (let start = 0; ;) {
        const page = await api<{
          data: PersonField[] | null;
          additional_data?: { pagination?: { more_items_in_collection?: boolean; next_start?: number } };
        }>('/v1/personFields', { query: { start: String(start), limit: '500' } });
        fields.push(...(page.data ?? []).flatMap((field) => fieldOf(field) ?? []));
        const pagination = page.additional_data?.pagination;
        if (!pagination?.more_items_in_collection) return fields;
        start = pagination.next_start ?? start + 500;
      }
    },

    async findRecord(object, match) {
      const path = objectPath(object);
      const found = await api<{ data: { items: { item: { id: number } }[] } | null }>(
        `/api/v2/${path}/search`,
        {
          query: searchOf(match),
        },
      );
      for (const { item } of found.data?.items ?? []) {
        const candidate = await person(path, item.id);
        if (Object.entries(match).every(([name, value]) => holds(candidate, name, value)))
          return toRecord(candidate);
      }
      return null;
    },

    async createRecord(object, values, owner) {
      const path = objectPath(object);
      const body = bodyOf(values, null);
      const users = await api<{ data: { id: number }[] | null }>('/v1/users/find', {
        query: { term: owner, search_by_email: '1' },
      });
      const ownerId = users.data?.[0]?.id;
      if (ownerId !== undefined) body.owner_id = ownerId;
      const created = await api<{ data: Person }>(`/api/v2/${path}`, { method: 'POST', body });
      return toRecord(created.data);
    },

    async updateRecord(object, id, values) {
      const path = objectPath(object);
      // The name and the lists are written whole: what the person holds now completes them.
      const whole = ['first_name', 'last_name', 'email', 'phone'].some((key) => key in values);
      const body = bodyOf(values, whole ? await person(path, id) : null);
      const updated = await api<{ data: Person }>(`/api/v2/${path}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body,
      });
      return toRecord(updated.data);
    },
  };
}
