/**
 * The CRM sync rules (docs/product.md#crm-sync-rules), pure: the defaults per CRM, the check of an admin's
 * settings, the duplicate searches a profile asks for, and what a sync writes into a new or an existing
 * record. sync-profile on the server and the settings page's live preview both call these, so the preview
 * shows what a sync does.
 */
import type { components } from '../contract/api.js';

type Schemas = components['schemas'];
export type SyncSettings = Schemas['SyncSettings'];
export type SyncProfile = Schemas['SyncProfile'];
export type ProfileField = Schemas['ProfileField'];
export type SyncRule = Schemas['SyncRule'];
export type DuplicateKey = Schemas['DuplicateKey'];
export type CrmObject = Schemas['CrmObject'];
type FieldAction = Schemas['SyncResult']['fields'][number]['action'];
type Mapping = SyncSettings['mapping'][number];

const PROFILE_FIELDS: readonly ProfileField[] = [
  'first_name',
  'last_name',
  'title',
  'company',
  'location',
  'profile_url',
  'email',
  'phone',
  'notes',
];
export const SYNC_RULES: readonly SyncRule[] = ['fill_empty', 'overwrite', 'never'];
export const DUPLICATE_KEYS: readonly DuplicateKey[] = ['email', 'profile_url', 'name_company'];

/** A record's fields as the CRM holds them, by the CRM's field names. */
export type CrmValues = Readonly<Record<string, string | null | undefined>>;

/** The CRM field each profile field goes to by default, per CRM (the names of its own API). */
const DEFAULT_FIELDS: Record<string, Partial<Record<ProfileField, string>>> = {
  'demo-crm': {
    first_name: 'firstname',
    last_name: 'lastname',
    title: 'jobtitle',
    company: 'company',
    location: 'city',
    profile_url: 'linkedin_url',
    email: 'email',
    phone: 'phone',
    notes: 'notes',
  },
  hubspot: {
    first_name: 'firstname',
    last_name: 'lastname',
    title: 'jobtitle',
    company: 'company',
    location: 'city',
    profile_url: 'hs_linkedin_url',
    email: 'email',
    phone: 'phone',
  },
  pipedrive: { first_name: 'first_name', last_name: 'last_name', email: 'email', phone: 'phone' },
  // A Contact's fields (the default object): its city is MailingCity, and its company is an Account, not
  // text, so the company is left for an admin who syncs to leads (Company, City) to map.
  salesforce: {
    first_name: 'FirstName',
    last_name: 'LastName',
    title: 'Title',
    location: 'MailingCity',
    email: 'Email',
    phone: 'Phone',
    notes: 'Description',
  },
};

/** The CRM objects a profile can become in each CRM: lead only where the CRM has leads. */
export function crmObjects(software: string): CrmObject[] {
  return software === 'salesforce' || software === 'demo-crm' ? ['contact', 'lead'] : ['contact'];
}

/**
 * What a team gets before an admin chooses: the CRM's usual fields; what a rep typed by hand in the CRM is
 * never overwritten (fill when empty) except the title, which changes with the job; duplicates found by
 * email, then profile URL, then name and company; phones not looked up, so nobody pays for them unasked.
 */
export function defaultSyncSettings(software: string): SyncSettings {
  const fields = DEFAULT_FIELDS[software] ?? {};
  return {
    object: 'contact',
    mapping: PROFILE_FIELDS.map((profileField) => {
      const crmField = fields[profileField] ?? null;
      return {
        profile_field: profileField,
        crm_field: crmField,
        rule: crmField === null ? 'never' : profileField === 'title' ? 'overwrite' : 'fill_empty',
      };
    }),
    duplicate_keys: [...DUPLICATE_KEYS],
    owner: { kind: 'syncing_member', crm_user: null },
    look_up_emails: true,
    look_up_phones: false,
  };
}

/** Why settings cannot be saved, as a message code and its params; null when they can. */
export type SettingsProblem =
  | { code: 'sync_field_twice'; params: { field: string } }
  | { code: 'sync_key_twice'; params: { key: string } }
  | { code: 'sync_owner_missing'; params: Record<string, never> }
  | { code: 'sync_object_unsupported'; params: { object: string } };

export function settingsProblem(software: string, settings: SyncSettings): SettingsProblem | null {
  if (!crmObjects(software).includes(settings.object))
    return { code: 'sync_object_unsupported', params: { object: settings.object } };
  const seen = new Set<string>();
  for (const row of settings.mapping) {
    if (seen.has(row.profile_field))
      return { code: 'sync_field_twice', params: { field: row.profile_field } };
    seen.add(row.profile_field);
  }
  const keys = new Set<string>();
  for (const key of settings.duplicate_keys) {
    if (keys.has(key)) return { code: 'sync_key_twice', params: { key } };
    keys.add(key);
  }
  if (settings.owner.kind === 'fixed' && !settings.owner.crm_user?.trim())
    return { code: 'sync_owner_missing', params: {} };
  return null;
}

/** A profile's value, trimmed; empty is none. */
export function profileValue(profile: SyncProfile, field: ProfileField): string | null {
  const value = profile[field]?.trim();
  return value ? value : null;
}

/** The profile's name as the log shows it. */
export function profileName(profile: SyncProfile): string {
  return [profileValue(profile, 'first_name'), profileValue(profile, 'last_name')]
    .filter((part) => part !== null)
    .join(' ');
}

function mappingOf(settings: SyncSettings, field: ProfileField): Mapping | undefined {
  return settings.mapping.find((row) => row.profile_field === field && row.crm_field !== null);
}

/** Emails and phones are synced (and paid for) only when the settings look them up. */
function lookedUp(settings: SyncSettings, field: ProfileField): boolean {
  if (field === 'email') return settings.look_up_emails;
  if (field === 'phone') return settings.look_up_phones;
  return true;
}

/** One duplicate search: the key, and the CRM fields with the values a duplicate has. */
export interface DuplicateSearch {
  key: DuplicateKey;
  match: Record<string, string>;
}

/**
 * The searches for a duplicate, in the settings' order, each only when the profile has its values and the
 * values' fields are mapped (a key the CRM does not hold cannot find anything).
 */
export function duplicateSearches(settings: SyncSettings, profile: SyncProfile): DuplicateSearch[] {
  const fieldsOf: Record<DuplicateKey, ProfileField[]> = {
    email: ['email'],
    profile_url: ['profile_url'],
    name_company: ['first_name', 'last_name', 'company'],
  };
  return settings.duplicate_keys.flatMap((key) => {
    const match: Record<string, string> = {};
    for (const field of fieldsOf[key]) {
      const row = mappingOf(settings, field);
      const value = profileValue(profile, field);
      if (!row || value === null || !lookedUp(settings, field)) return [];
      match[row.crm_field!] = field === 'email' ? value.toLowerCase() : value;
    }
    return [{ key, match }];
  });
}

interface PlannedField {
  profile_field: ProfileField;
  crm_field: string;
  value: string;
  action: FieldAction;
}

export interface WritePlan {
  /** create: no duplicate; update: a duplicate and something to write; duplicate_skipped: nothing to write. */
  outcome: 'created' | 'updated' | 'duplicate_skipped';
  fields: PlannedField[];
  /** The fields and values to send to the CRM (every written field, none else). */
  values: Record<string, string>;
}

/** Whether the rule lets the profile's value replace the CRM's. */
function ruleWrites(rule: SyncRule, current: string | null | undefined, value: string): boolean {
  const empty = current === null || current === undefined || current.trim() === '';
  if (rule === 'never') return false;
  if (rule === 'fill_empty') return empty;
  return current !== value;
}

/**
 * What a sync writes: every mapped field the profile has a value for, by its rule, into `existing` (the
 * duplicate's fields; null when there is none, so the record is new and every rule but `never` writes).
 */
export function planWrite(
  settings: SyncSettings,
  profile: SyncProfile,
  existing: CrmValues | null,
): WritePlan {
  const fields: PlannedField[] = [];
  const values: Record<string, string> = {};
  for (const row of settings.mapping) {
    const value = profileValue(profile, row.profile_field);
    if (row.crm_field === null || value === null) continue;
    const base = { profile_field: row.profile_field, crm_field: row.crm_field, value };
    if (row.rule === 'never' || !lookedUp(settings, row.profile_field)) {
      fields.push({ ...base, action: 'skipped' });
      continue;
    }
    const writes = existing === null ? true : ruleWrites(row.rule, existing[row.crm_field], value);
    fields.push({ ...base, action: writes ? 'written' : 'kept' });
    if (writes) values[row.crm_field] = value;
  }
  const outcome =
    existing === null ? 'created' : Object.keys(values).length > 0 ? 'updated' : 'duplicate_skipped';
  return { outcome, fields, values };
}

/**
 * The data a sync pays for: an email and a phone it writes into the CRM, a credit each. A miss (the profile
 * has none), a value not looked up, and a value the CRM keeps cost nothing.
 */
export function chargeableKinds(plan: WritePlan): ('email' | 'phone')[] {
  return (['email', 'phone'] as const).filter((kind) =>
    plan.fields.some((field) => field.profile_field === kind && field.action === 'written'),
  );
}

/**
 * The key a profile is charged once by per period: its profile URL, else its email, else its name and
 * company (lower case, so the same person is one key however it was typed), else its phone.
 */
export function profileKey(profile: SyncProfile): string | null {
  const url = profileValue(profile, 'profile_url');
  if (url !== null) return `url:${url.toLowerCase().replace(/\/+$/, '')}`;
  const email = profileValue(profile, 'email');
  if (email !== null) return `email:${email.toLowerCase()}`;
  const name = profileName(profile);
  if (name !== '')
    return `name:${name.toLowerCase()}|${(profileValue(profile, 'company') ?? '').toLowerCase()}`;
  const phone = profileValue(profile, 'phone');
  return phone === null ? null : `phone:${phone.replace(/[^0-9+]/g, '')}`;
}
