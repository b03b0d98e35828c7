/**
 * Pre-connect fields whose value is restricted to a fixed list. Zoho's data centre goes into the
 * host of its token URL (accounts.zoho.{data_centre}), where the client secret is sent, so any other
 * value would let a user point the server at a host of their choosing (SSRF, secret leak).
 */
import { message, type Message } from '../../contract/messages.js';

/** The Zoho data centres (accounts.zoho.<dc>). The one list of them. */
export const ZOHO_DATA_CENTRES = ['com', 'eu', 'in', 'com.au', 'jp', 'ca', 'com.cn', 'sa'] as const;

/** Where each Zoho data centre is, for the select the app shows. */
const ZOHO_REGIONS: Record<(typeof ZOHO_DATA_CENTRES)[number], string> = {
  com: 'United States',
  eu: 'Europe',
  in: 'India',
  'com.au': 'Australia',
  jp: 'Japan',
  ca: 'Canada',
  'com.cn': 'China',
  sa: 'Saudi Arabia',
};

/** Allowed values of restricted pre-connect fields, by CRM slug and field id. */
const CHOICES: Partial<Record<string, Record<string, readonly string[]>>> = {
  zoho: { data_centre: ZOHO_DATA_CENTRES },
};

const LABELS: Partial<Record<string, Record<string, Record<string, string>>>> = {
  zoho: { data_centre: ZOHO_REGIONS },
};

/** The allowed values of a restricted field as the app's select lists them; undefined for free text. */
export function preconnectOptions(
  slug: string,
  fieldId: string,
): { value: string; label: string }[] | undefined {
  const allowed = CHOICES[slug]?.[fieldId];
  if (!allowed) return undefined;
  const labels = LABELS[slug]?.[fieldId] ?? {};
  return allowed.map((value) => ({ value, label: labels[value] ? `${labels[value]} (${value})` : value }));
}

const listOf = (values: readonly string[]) =>
  `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/**
 * The value as it is stored (restricted values are case-insensitive), or the refusal with what it names
 * (for a caller that words it its own way).
 */
export function checkPreconnectValue(
  slug: string,
  field: { id: string; name?: string },
  value: string,
): { value: string } | { error: Message; choice: { field: string; allowed: string } } {
  const allowed = CHOICES[slug]?.[field.id];
  if (!allowed) return { value };
  const normalized = value.trim().toLowerCase();
  if (allowed.includes(normalized)) return { value: normalized };
  const choice = { field: field.name ?? field.id, allowed: listOf(allowed) };
  return { error: message('choice_not_allowed', choice), choice };
}
