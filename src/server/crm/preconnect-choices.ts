/**
 * Pre-connect fields whose value is restricted to a fixed list. Zoho's data centre goes into the
 * host of its token URL (accounts.zoho.{data_centre}), where the client secret is sent, so any other
 * value would let a user point the server at a host of their choosing (SSRF, secret leak).
 */

/** The Zoho data centres (accounts.zoho.<dc>). The one list of them. */
export const ZOHO_DATA_CENTRES = ['com', 'eu', 'in', 'com.au', 'jp', 'ca', 'com.cn', 'sa'] as const;

/** Allowed values of restricted pre-connect fields, by CRM slug and field id. */
const CHOICES: Partial<Record<string, Record<string, readonly string[]>>> = {
  zoho: { data_centre: ZOHO_DATA_CENTRES },
};

const listOf = (values: readonly string[]) =>
  `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`;

/** The value as it is stored (restricted values are case-insensitive), or an error message. */
export function checkPreconnectValue(
  slug: string,
  field: { id: string; name?: string },
  value: string,
): { value: string } | { error: string } {
  const allowed = CHOICES[slug]?.[field.id];
  if (!allowed) return { value };
  const normalized = value.trim().toLowerCase();
  if (allowed.includes(normalized)) return { value: normalized };
  return { error: `${field.name ?? field.id} must be one of ${listOf(allowed)}.` };
}
