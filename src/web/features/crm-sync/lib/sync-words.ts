/**
 * The words of the CRM sync pages (docs/product.md#crm-sync-rules), English ids translated by t() where
 * they are shown, and the sample profile the live preview writes.
 */
import type {
  DuplicateKey,
  ProfileField,
  SyncProfile,
  SyncRule,
  CrmValues,
} from '../../../../shared/crm-sync-rules';
import type { Schemas } from '../../../api/contract-types';

export const FIELD_LABELS: Record<ProfileField, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  title: 'Title',
  company: 'Company',
  location: 'Location',
  profile_url: 'Profile URL',
  email: 'Email',
  phone: 'Phone',
  notes: 'Notes',
};

export const RULE_LABELS: Record<SyncRule, string> = {
  fill_empty: 'Fill when empty',
  overwrite: 'Always overwrite',
  never: 'Never',
};

export const KEY_LABELS: Record<DuplicateKey, string> = {
  email: 'Email',
  profile_url: 'Profile URL',
  name_company: 'Name and company',
};

export const OUTCOME_LABELS: Record<Schemas['SyncOutcome'], string> = {
  created: 'Created',
  updated: 'Updated',
  duplicate_skipped: 'Duplicate skipped',
  refused: 'Refused by the CRM',
  failed: 'Failed',
};

export const ACTION_LABELS: Record<Schemas['SyncResult']['fields'][number]['action'], string> = {
  written: 'Written',
  kept: 'Kept',
  skipped: 'Not synced',
};

/** The profile the preview syncs. */
export const SAMPLE_PROFILE: SyncProfile = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  title: 'Head of Analytics',
  company: 'Analytical Engines',
  location: 'London',
  profile_url: 'https://www.linkedin.com/in/ada-lovelace',
  email: 'ada@example.com',
  phone: '+44 20 7946 0000',
  notes: 'Met at the expo',
};

/** The record already in the CRM, by profile field, that the preview's update meets. */
const SAMPLE_EXISTING: Partial<Record<ProfileField, string>> = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  title: 'Analyst',
  company: 'Babbage & Co',
  email: 'ada@example.com',
};

/** The sample record by the CRM field names of the settings' mapping. */
export function existingRecord(mapping: Schemas['SyncSettings']['mapping']): CrmValues {
  const record: Record<string, string> = {};
  for (const row of mapping) {
    const value = SAMPLE_EXISTING[row.profile_field];
    if (row.crm_field !== null && value !== undefined) record[row.crm_field] = value;
  }
  return record;
}
