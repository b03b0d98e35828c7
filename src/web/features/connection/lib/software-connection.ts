/**
 * What a CRM record offers for connecting (docs/product.md#software-the-crm-record, docs/product.md#connecting-on-the-public-pages). Pure.
 */
import type { components } from '../../../../contract/api';
import { roleCan } from '../../../../shared/permissions';

export type Software = components['schemas']['Software'];
export type PreconnectField = components['schemas']['PreconnectField'];

export const offersOAuth = (software: Pick<Software, 'auth_options'>): boolean =>
  software.auth_options === 'oauth' || software.auth_options === 'either';

export const offersApiKey = (software: Pick<Software, 'auth_options'>): boolean =>
  software.auth_options === 'api key' || software.auth_options === 'either';

export interface ApiKeyField {
  /** Which local-storage slot the value goes to: api_key_1..4. */
  storageKey: 'api_key_1' | 'api_key_2' | 'api_key_3' | 'api_key_4';
  label: string;
  placeholder: string;
}

const SLOTS = [1, 2, 3, 4] as const;

/**
 * The API key inputs of a CRM (at most 4, docs/product.md#constants-and-limits): slot N exists when the record names api_key_N or
 * labels it. The label falls back to the field name, then to 'API key N'.
 */
export function apiKeyFields(software: Software): ApiKeyField[] {
  const fields: ApiKeyField[] = [];
  for (const n of SLOTS) {
    const name = software[`api_key_${n}`];
    const label = software[`api_key_${n}_label`];
    if (!name && !label) continue;
    fields.push({
      storageKey: `api_key_${n}`,
      label: label || name || `API key ${n}`,
      placeholder: software[`api_key_${n}_placeholder`] ?? '',
    });
  }
  return fields;
}

export interface PreconnectContext {
  /** Only the dashboard offers the organization-wide choice (docs/product.md#connecting-on-the-public-pages). */
  allowOrganizationChoice: boolean;
  role: string | null | undefined;
  memberCount: number | null | undefined;
}

/** docs/product.md#connecting-on-the-public-pages: the is_organization_connection radio is for an admin whose organization has 2+ members. */
export function showsOrganizationChoice({
  allowOrganizationChoice,
  role,
  memberCount,
}: PreconnectContext): boolean {
  return allowOrganizationChoice && roleCan(role, 'connection.organization') && (memberCount ?? 0) > 1;
}

/** docs/product.md#connecting-on-the-public-pages: a form comes before the OAuth window when there are fields or the organization choice. */
export function needsPreconnect(
  software: Pick<Software, 'preconnect_fields'>,
  context: PreconnectContext,
): boolean {
  return (software.preconnect_fields?.length ?? 0) > 0 || showsOrganizationChoice(context);
}

/** The first letter of the CRM's display name, for the avatar shown when it has no logo. */
export function softwareInitial(name: string | null | undefined): string {
  const first = name?.trim().charAt(0);
  return first ? first.toUpperCase() : '?';
}
