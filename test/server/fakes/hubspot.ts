/**
 * A fake of the part of HubSpot's CRM v3 API the HubSpot adapter calls (src/server/crm/hubspot-records.ts),
 * answering as HubSpot documents: contact properties, search (EQ filters, the properties asked for),
 * batch upsert keyed by email, create (409 "Contact already exists. Existing ID: N" for a taken email),
 * update, owners by email and the account's details; an unknown or expired token answers 401
 * EXPIRED_AUTHENTICATION, an invalid email or unknown property 400 VALIDATION_ERROR with the property named
 * in the message. `unindexed` contacts exist but are not found by search yet, as just after a write.
 */
import { bearerOf, looksLikeEmail, startFakeApi, type FakeAnswer, type FakeApi } from './fake-api.js';

export const HUBSPOT_TOKEN = 'hubspot-test-access-token';
export const HUBSPOT_PORTAL = 62515;
export const HUBSPOT_OWNER = { id: '41629779', email: 'owner@example.com' };

const PROPERTIES = [
  ['firstname', 'First Name', 'string', 'text'],
  ['lastname', 'Last Name', 'string', 'text'],
  ['jobtitle', 'Job Title', 'string', 'text'],
  ['company', 'Company Name', 'string', 'text'],
  ['city', 'City', 'string', 'text'],
  ['hs_linkedin_url', 'LinkedIn URL', 'string', 'text'],
  ['email', 'Email', 'string', 'text'],
  ['phone', 'Phone Number', 'string', 'phonenumber'],
  ['message', 'Message', 'string', 'textarea'],
  ['lifecyclestage', 'Lifecycle Stage', 'enumeration', 'radio'],
  ['hubspot_owner_id', 'Contact owner', 'enumeration', 'select'],
  ['createdate', 'Create Date', 'datetime', 'date'],
  ['hs_object_id', 'Record ID', 'number', 'number'],
].map(([name, label, type, fieldType]) => ({
  name: name!,
  label: label!,
  type: type!,
  fieldType: fieldType!,
  groupName: 'contactinformation',
  description: '',
  options: [],
  displayOrder: -1,
  calculated: false,
  externalOptions: name === 'hubspot_owner_id',
  hasUniqueValue: false,
  hidden: false,
  formField: true,
  modificationMetadata: {
    archivable: true,
    readOnlyDefinition: true,
    readOnlyValue: name === 'createdate' || name === 'hs_object_id',
  },
}));

export interface FakeContact {
  id: string;
  properties: Record<string, string>;
  /** False until HubSpot's search index has it. */
  indexed: boolean;
}

export interface FakeHubspot extends FakeApi {
  contacts: FakeContact[];
  /** A contact already in HubSpot; `indexed: false` keeps it out of search results. */
  seed(properties: Record<string, string>, options?: { indexed?: boolean }): FakeContact;
}

const error = (status: number, category: string, message: string): FakeAnswer => ({
  status,
  body: { status: 'error', message, correlationId: 'aeb5f871-7f07-4993-9211-075dc63e7cbf', category },
});

/** HubSpot's answer to a write whose property values it refuses, or undefined when it takes them. */
function invalidProperties(properties: Record<string, string>): FakeAnswer | undefined {
  const results = Object.entries(properties).flatMap(([name, value]) => {
    if (!PROPERTIES.some((p) => p.name === name))
      return [
        {
          isValid: false,
          message: `Property "${name}" does not exist`,
          error: 'PROPERTY_DOESNT_EXIST',
          name,
        },
      ];
    if (name === 'email' && !looksLikeEmail(value))
      return [{ isValid: false, message: `Email address ${value} is invalid`, error: 'INVALID_EMAIL', name }];
    return [];
  });
  if (results.length === 0) return undefined;
  return error(400, 'VALIDATION_ERROR', `Property values were not valid: ${JSON.stringify(results)}`);
}

export async function startFakeHubspot(): Promise<FakeHubspot> {
  const contacts: FakeContact[] = [];
  let nextId = 51;
  const now = () => new Date().toISOString();
  const seed = (properties: Record<string, string>, { indexed = true } = {}) => {
    const contact = { id: String(nextId++), properties: { ...properties }, indexed };
    contacts.push(contact);
    return contact;
  };
  const withEmail = (email: string) =>
    contacts.find((c) => c.properties.email?.toLowerCase() === email.toLowerCase());
  const answer = (contact: FakeContact, only?: string[]) => {
    const stamps = { hs_object_id: contact.id, createdate: now(), lastmodifieddate: now() };
    const properties = only
      ? Object.fromEntries(only.map((name) => [name, contact.properties[name] ?? null]))
      : contact.properties;
    return {
      id: contact.id,
      properties: { ...properties, ...stamps },
      createdAt: now(),
      updatedAt: now(),
      archived: false,
    };
  };

  const api = await startFakeApi({
    authorized: (request) => bearerOf(request) === HUBSPOT_TOKEN,
    unauthorized: error(
      401,
      'EXPIRED_AUTHENTICATION',
      'The OAuth token used to make this call expired 2 hour(s) ago.',
    ),
    routes: ({ method, path, query, body }) => {
      const input = body as Record<string, unknown>;
      if (method === 'GET' && path === '/crm/v3/properties/contacts')
        return { status: 200, body: { results: PROPERTIES } };
      if (method === 'GET' && path === '/account-info/v3/details')
        return {
          status: 200,
          body: {
            portalId: HUBSPOT_PORTAL,
            accountType: 'STANDARD',
            timeZone: 'US/Eastern',
            uiDomain: 'app.hubspot.com',
            dataHostingLocation: 'na1',
          },
        };
      if (method === 'GET' && path === '/crm/v3/owners') {
        const email = query.get('email');
        const results =
          email === HUBSPOT_OWNER.email
            ? [{ ...HUBSPOT_OWNER, firstName: 'Olive', lastName: 'Owner', userId: 9586504, archived: false }]
            : [];
        return { status: 200, body: { results } };
      }
      if (method === 'POST' && path === '/crm/v3/objects/contacts/search') {
        const [group] = input.filterGroups as {
          filters: { propertyName: string; operator: string; value: string }[];
        }[];
        const found = contacts.filter(
          (c) =>
            c.indexed &&
            group!.filters.every(
              (f) =>
                f.operator === 'EQ' && c.properties[f.propertyName]?.toLowerCase() === f.value.toLowerCase(),
            ),
        );
        const results = found
          .slice(0, Number(input.limit ?? 10))
          .map((c) => answer(c, input.properties as string[]));
        return { status: 200, body: { total: found.length, results } };
      }
      if (method === 'POST' && path === '/crm/v3/objects/contacts/batch/upsert') {
        const [item] = input.inputs as {
          idProperty: string;
          id: string;
          properties: Record<string, string>;
        }[];
        if (item!.idProperty !== 'email')
          return error(400, 'VALIDATION_ERROR', 'idProperty must be a unique property');
        const refused = invalidProperties({ ...item!.properties, email: item!.id });
        if (refused) return refused;
        const existing = withEmail(item!.id);
        const contact = existing ?? seed({ email: item!.id });
        Object.assign(contact.properties, item!.properties);
        const started = now();
        return {
          status: 200,
          body: {
            status: 'COMPLETE',
            results: [{ ...answer(contact), new: !existing }],
            startedAt: started,
            completedAt: now(),
          },
        };
      }
      if (method === 'POST' && path === '/crm/v3/objects/contacts') {
        const properties = input.properties as Record<string, string>;
        const refused = invalidProperties(properties);
        if (refused) return refused;
        const existing = properties.email ? withEmail(properties.email) : undefined;
        if (existing) return hubspotConflict(existing.id);
        return { status: 201, body: answer(seed(properties)) };
      }
      const one = /^\/crm\/v3\/objects\/contacts\/(\d+)$/.exec(path);
      if (method === 'PATCH' && one) {
        const contact = contacts.find((c) => c.id === one[1]);
        if (!contact) return error(404, 'OBJECT_NOT_FOUND', 'resource not found');
        const properties = input.properties as Record<string, string>;
        const refused = invalidProperties(properties);
        if (refused) return refused;
        const other = properties.email ? withEmail(properties.email) : undefined;
        if (other && other !== contact) return hubspotConflict(other.id);
        Object.assign(contact.properties, properties);
        return { status: 200, body: answer(contact) };
      }
      return undefined;
    },
  });
  return { ...api, contacts, seed };
}

/** HubSpot's 429, as its rate limiter answers a burst, with the wait it asks for. */
export function hubspotRateLimited(retryAfterSeconds: number): FakeAnswer {
  return {
    status: 429,
    headers: { 'retry-after': String(retryAfterSeconds) },
    body: {
      status: 'error',
      message: 'You have reached your ten_secondly_rolling limit.',
      errorType: 'RATE_LIMIT',
      correlationId: 'c033cdaa-2c40-4a64-ae48-b4cec88dad24',
      policyName: 'TEN_SECONDLY_ROLLING',
    },
  };
}

/** HubSpot's 409 to a create of a contact it already has. */
export function hubspotConflict(existingId: string): FakeAnswer {
  return {
    status: 409,
    body: {
      status: 'error',
      message: `Contact already exists. Existing ID: ${existingId}`,
      correlationId: '2dea5219-07f2-40ce-82ec-9c2e302317a4',
      category: 'CONFLICT',
    },
  };
}
