/**
 * HubSpot's contacts through its CRM v3 REST API (docs/product.md#crm-sync-rules), with the connection's
 * OAuth access token:
 * - fields: `GET /crm/v3/properties/contacts`, the writable text properties;
 * - find: `POST /crm/v3/objects/contacts/search`, every match value an `EQ` filter of one filter group;
 * - create: with an email, `POST /crm/v3/objects/contacts/batch/upsert` keyed by email (`idProperty: email`):
 *   HubSpot's search index lags its writes by seconds, so a contact made moments ago can be missed by the
 *   search and must not be created twice; without one, `POST /crm/v3/objects/contacts`. A 409 "Contact
 *   already exists. Existing ID: N" is that duplicate: it is updated instead;
 * - update: `PATCH /crm/v3/objects/contacts/{id}`;
 * - the owner of a create: `GET /crm/v3/owners?email=` (none found leaves HubSpot's default);
 * - the record's page: `https://{uiDomain}/contacts/{portalId}/record/0-1/{id}`, from
 *   `GET /account-info/v3/details`.
 * HubSpot's validation errors name the property inside their message
 * (`Property values were not valid: [{"name":"email","message":...}]`).
 */
import type { CrmObject } from '../../shared/crm-sync-rules.js';
import { createCrmApi, type Refusal } from './crm-http.js';
import {
  CrmRefusedField,
  type CrmAccess,
  type CrmField,
  type CrmRecord,
  type CrmRecordApi,
} from './provider.js';

const HUBSPOT_API = 'https://api.hubapi.com';

interface HubspotObject {
  id: string;
  properties: Record<string, string | null>;
}

interface HubspotProperty {
  name: string;
  label: string;
  type: string;
  fieldType: string;
  hidden?: boolean;
  calculated?: boolean;
  modificationMetadata?: { readOnlyValue?: boolean };
}

/** A 409 naming the contact HubSpot already has: the duplicate to update instead. */
class ExistingContact extends Error {
  constructor(
    readonly id: string,
    readonly said: string,
  ) {
    super(said);
  }
}

/** The property and reason of a VALIDATION_ERROR, single object (in the message) or batch (`errors`). */
function hubspotRefusal(body: unknown): Refusal | null {
  const answer = body as {
    message?: string;
    errors?: { message?: string; context?: { propertyName?: string[] } }[];
  } | null;
  const text = answer?.message ?? '';
  const start = text.indexOf('[');
  if (start >= 0) {
    try {
      const [first] = JSON.parse(text.slice(start)) as { name?: string; message?: string }[];
      if (first?.name) return { field: first.name, reason: first.message ?? text };
    } catch {
      // Not HubSpot's embedded list: the batch shape below, or no field.
    }
  }
  const error = answer?.errors?.[0];
  const name = error?.context?.propertyName?.[0];
  return name ? { field: name, reason: error.message ?? text } : null;
}

function hubspotFailure(status: number, body: unknown): Error | undefined {
  const said = (body as { message?: string } | null)?.message ?? '';
  const existing = /Existing ID: (\d+)/.exec(said);
  return status === 409 && existing ? new ExistingContact(existing[1]!, said) : undefined;
}

/** The field types the sync can write: HubSpot's text, long text and phone properties. */
function fieldOf(property: HubspotProperty): CrmField | null {
  if (property.hidden || property.calculated || property.modificationMetadata?.readOnlyValue) return null;
  const kind = { text: 'text', textarea: 'textarea', phonenumber: 'phone' }[property.fieldType];
  if (!kind || (property.type !== 'string' && property.type !== 'phone_number')) return null;
  const type =
    property.name === 'email'
      ? 'email'
      : kind === 'text' && /(_url|website)$/.test(property.name)
        ? 'url'
        : (kind as CrmField['type']);
  return { name: property.name, label: property.label, type };
}

/** HubSpot has contacts only (crmObjects in src/shared/crm-sync-rules.ts). */
function objectType(object: CrmObject): string {
  if (object !== 'contact') throw new CrmRefusedField('object', `HubSpot has no ${object} records`);
  return 'contacts';
}

export function createHubspotRecordApi(access: CrmAccess, apiUrl: string | undefined): CrmRecordApi {
  const api = createCrmApi({
    crm: 'HubSpot',
    baseUrl: apiUrl ?? HUBSPOT_API,
    headers: { authorization: `Bearer ${access.credentials.access_token ?? ''}` },
    refusal: hubspotRefusal,
    failure: hubspotFailure,
  });

  let account: Promise<{ portalId: number; uiDomain?: string }> | undefined;
  const accountDetails = () =>
    (account ??= api<{ portalId: number; uiDomain?: string }>('/account-info/v3/details').catch(
      (error: unknown) => {
        account = undefined;
        throw error;
      },
    ));
  const toRecord = async (found: HubspotObject): Promise<CrmRecord> => {
    const { portalId, uiDomain } = await accountDetails();
    const fields: Record<string, string> = {};
    for (const [name, value] of Object.entries(found.properties)) if (value !== null) fields[name] = value;
    return {
      id: found.id,
      fields,
      url: `https://${uiDomain ?? 'app.hubspot.com'}/contacts/${portalId}/record/0-1/${found.id}`,
    };
  };
  const ownerId = async (email: string): Promise<string | undefined> => {
    const owners = await api<{ results: { id: string }[] }>('/crm/v3/owners', {
      query: { email, limit: '1' },
    });
    return owners.results[0]?.id;
  };
  const update = async (type: string, id: string, properties: Record<string, string>) => {
    try {
      return await api<HubspotObject>(`/crm/v3/objects/${type}/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { properties },
      });
    } catch (error) {
      // The new email is another contact's: HubSpot keeps one contact per email.
      if (error instanceof ExistingContact) throw new CrmRefusedField('email', error.said);
      throw error;
    }
  };

  return {
    async listFields(object) {
      const answer = await api<{ results: HubspotProperty[] }>(`/crm/v3/properties/${objectType(object)}`);
      return answer.results.flatMap((property) => fieldOf(property) ?? []);
    },

    async findRecord(object, match, fields) {
      const answer = await api<{ results: HubspotObject[] }>(`/crm/v3/objects/${objectType(object)}/search`, {
        method: 'POST',
        body: {
          filterGroups: [
            {
              filters: Object.entries(match).map(([propertyName, value]) => ({
                propertyName,
                operator: 'EQ',
                value,
              })),
            },
          ],
          properties: fields,
          limit: 1,
        },
      });
      const [found] = answer.results;
      return found ? toRecord(found) : null;
    },

    async createRecord(object, values, owner) {
      const type = objectType(object);
      const ownedBy = await ownerId(owner);
      // One write, so the create stays all or nothing.
      const properties = ownedBy ? { ...values, hubspot_owner_id: ownedBy } : values;
      try {
        if (values.email === undefined) {
          return await toRecord(
            await api<HubspotObject>(`/crm/v3/objects/${type}`, { method: 'POST', body: { properties } }),
          );
        }
        const answer = await api<{ results: HubspotObject[] }>(`/crm/v3/objects/${type}/batch/upsert`, {
          method: 'POST',
          body: { inputs: [{ idProperty: 'email', id: values.email, properties }] },
        });
        return await toRecord(answer.results[0]!);
      } catch (error) {
        if (error instanceof ExistingContact) return toRecord(await update(type, error.id, values));
        throw error;
      }
    },

    async updateRecord(object, id, values) {
      return toRecord(await update(objectType(object), id, values));
    },
  };
}
