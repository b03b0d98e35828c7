/**
 * A fake of the part of Pipedrive's API the Pipedrive adapter calls (src/server/crm/pipedrive-records.ts),
 * answering as Pipedrive documents: `GET /v1/users/me` (the API-key check), `GET /v1/personFields`,
 * `GET /v1/users/find`, and the v2 persons: search (`items[].item`), get, add and update. A person's name
 * is split into first and last name as Pipedrive does; emails and phones are lists of
 * `{ value, primary, label }`; custom fields sit in `custom_fields` by their 40-character hash. A token or
 * key it does not know answers 401 "unauthorized access"; a person without a name, or a number field with
 * text, answers 400 `{ success: false, error }`.
 */
import { bearerOf, startFakeApi, type FakeAnswer, type FakeApi } from './fake-api.js';

export const PIPEDRIVE_TOKEN = 'pipedrive-test-access-token';
export const PIPEDRIVE_API_KEY = 'pipedrive-test-api-key';
export const PIPEDRIVE_OWNER = { id: 11500, email: 'owner@example.com' };
/** The custom fields of the fake's company: a text field and a number field. */
export const LINKEDIN_FIELD = 'd4de1c1518b4531717c676029a45911c340390a5';
export const SCORE_FIELD = '9dc80c50d78a15643bfc4ca79d76156a73a1a3b0';

const FIELDS = [
  { key: 'name', name: 'Name', field_type: 'varchar', edit_flag: false, mandatory_flag: true },
  { key: 'first_name', name: 'First name', field_type: 'varchar', edit_flag: false, mandatory_flag: false },
  { key: 'last_name', name: 'Last name', field_type: 'varchar', edit_flag: false, mandatory_flag: false },
  { key: 'org_id', name: 'Organization', field_type: 'org', edit_flag: false, mandatory_flag: false },
  { key: 'email', name: 'Email', field_type: 'varchar', edit_flag: false, mandatory_flag: false },
  { key: 'phone', name: 'Phone', field_type: 'phone', edit_flag: false, mandatory_flag: false },
  { key: 'owner_id', name: 'Owner', field_type: 'user', edit_flag: false, mandatory_flag: false },
  {
    key: LINKEDIN_FIELD,
    name: 'LinkedIn profile',
    field_type: 'varchar',
    edit_flag: true,
    mandatory_flag: false,
  },
  { key: SCORE_FIELD, name: 'Lead score', field_type: 'double', edit_flag: true, mandatory_flag: false },
].map((field, i) => ({ id: 9000 + i, order_nr: i, active_flag: true, add_visible_flag: true, ...field }));

interface Labelled {
  value: string;
  primary: boolean;
  label: string;
}

export interface FakePerson {
  id: number;
  name: string;
  first_name: string;
  last_name: string | null;
  owner_id: number;
  org_id: null;
  emails: Labelled[];
  phones: Labelled[];
  custom_fields: Record<string, string | number | null>;
  add_time: string;
  update_time: string;
  visible_to: number;
  label_ids: number[];
  is_deleted: boolean;
}

export interface FakePipedrive extends FakeApi {
  persons: FakePerson[];
}

const failure = (status: number, error: string): FakeAnswer => ({
  status,
  body: {
    success: false,
    error,
    errorCode: status,
    error_info: 'Please check developers.pipedrive.com for more information about Pipedrive API.',
    data: null,
    additional_data: null,
  },
});

/** Pipedrive's 429: its rate limit headers, and how long to wait. */
export function pipedriveRateLimited(retryAfterSeconds: number): FakeAnswer {
  return {
    ...failure(429, 'Request over limit'),
    headers: {
      'retry-after': String(retryAfterSeconds),
      'x-ratelimit-limit': '40',
      'x-ratelimit-remaining': '0',
      'x-ratelimit-reset': String(retryAfterSeconds),
    },
  };
}

export async function startFakePipedrive(): Promise<FakePipedrive> {
  const persons: FakePerson[] = [];
  let nextId = 701;
  const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

  /** Applies a create's or update's body, or answers why Pipedrive refuses it. */
  const write = (person: FakePerson, body: Record<string, unknown>): FakeAnswer | undefined => {
    if ('name' in body) {
      const name = String(body.name ?? '').trim();
      if (name === '') return failure(400, 'Name must be given.');
      const [first, ...rest] = name.split(' ');
      Object.assign(person, { name, first_name: first, last_name: rest.join(' ') || null });
    }
    const custom = (body.custom_fields ?? {}) as Record<string, string>;
    for (const [key, value] of Object.entries(custom)) {
      const field = FIELDS.find((f) => f.key === key);
      if (!field) return failure(400, `Custom field ${key} does not exist.`);
      if (field.field_type === 'double' && Number.isNaN(Number(value)))
        return failure(400, `Custom field ${key} (${field.name}) value must be a number.`);
    }
    Object.assign(person.custom_fields, custom);
    if (body.emails) person.emails = body.emails as Labelled[];
    if (body.phones) person.phones = body.phones as Labelled[];
    if (typeof body.owner_id === 'number') person.owner_id = body.owner_id;
    person.update_time = now();
    return undefined;
  };
  const ok = (data: unknown, status = 200): FakeAnswer => ({ status, body: { success: true, data } });

  const api = await startFakeApi({
    authorized: (request) =>
      bearerOf(request) === PIPEDRIVE_TOKEN || request.headers['x-api-token'] === PIPEDRIVE_API_KEY,
    unauthorized: failure(401, 'unauthorized access'),
    routes: ({ method, path, query, body }) => {
      if (method === 'GET' && path === '/v1/users/me')
        return ok({ id: 11499, name: 'Key Holder', email: 'key@example.com', company_domain: 'acme' });
      if (method === 'GET' && path === '/v1/personFields') {
        const start = Number(query.get('start') ?? 0);
        const limit = Math.min(Number(query.get('limit') ?? 100), 500);
        const page = FIELDS.slice(start, start + limit);
        const more = start + limit < FIELDS.length;
        return {
          status: 200,
          body: {
            success: true,
            data: page,
            additional_data: {
              pagination: {
                start,
                limit,
                more_items_in_collection: more,
                ...(more ? { next_start: start + limit } : {}),
              },
            },
          },
        };
      }
      if (method === 'GET' && path === '/v1/users/find') {
        const found = query.get('search_by_email') === '1' && query.get('term') === PIPEDRIVE_OWNER.email;
        return ok(found ? [{ ...PIPEDRIVE_OWNER, name: 'Olive Owner', active_flag: true }] : null);
      }
      if (method === 'GET' && path === '/api/v2/persons/search') {
        const term = (query.get('term') ?? '').toLowerCase();
        const exact = query.get('exact_match') === 'true';
        const values = (p: FakePerson) =>
          ({
            email: p.emails.map((e) => e.value),
            phone: p.phones.map((e) => e.value),
            name: [p.name],
            custom_fields: Object.values(p.custom_fields).map(String),
          })[query.get('fields') ?? 'name'] ?? [p.name];
        const hits = persons.filter((p) =>
          values(p).some((v) => (exact ? v.toLowerCase() === term : v.toLowerCase().includes(term))),
        );
        const items = hits.map((p) => ({
          result_score: 1,
          item: {
            id: p.id,
            type: 'person',
            name: p.name,
            phones: p.phones.map((e) => e.value),
            emails: p.emails.map((e) => e.value),
            visible_to: p.visible_to,
            owner: { id: p.owner_id },
            organization: null,
            custom_fields: [],
            notes: [],
          },
        }));
        return {
          status: 200,
          body: { success: true, data: { items }, additional_data: { next_cursor: null } },
        };
      }
      if (method === 'POST' && path === '/api/v2/persons') {
        const input = body as Record<string, unknown>;
        const person: FakePerson = {
          id: nextId,
          name: '',
          first_name: '',
          last_name: null,
          owner_id: 11499,
          org_id: null,
          emails: [],
          phones: [],
          custom_fields: Object.fromEntries(FIELDS.filter((f) => f.edit_flag).map((f) => [f.key, null])),
          add_time: now(),
          update_time: now(),
          visible_to: 3,
          label_ids: [],
          is_deleted: false,
        };
        const refused = write(person, { name: '', ...input });
        if (refused) return refused;
        nextId++;
        persons.push(person);
        return ok(person);
      }
      const one = /^\/api\/v2\/persons\/(\d+)$/.exec(path);
      const person = one && persons.find((p) => p.id === Number(one[1]));
      if (one && !person) return failure(404, 'Person not found');
      if (method === 'GET' && person) return ok(person);
      if (method === 'PATCH' && person) {
        const draft = structuredClone(person);
        const refused = write(draft, body as Record<string, unknown>);
        if (refused) return refused;
        Object.assign(person, draft);
        return ok(person);
      }
      return undefined;
    },
  });
  return { ...api, persons };
}
