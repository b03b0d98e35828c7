/**
 * The session policies form's rules (docs/product.md#session-and-network-policies): the minutes fields and
 * the allow-list as typed, read into what set-session-policies takes. The list's entries are read by the
 * same rules as the server's (shared/ip-allow-list.ts), so the form names a malformed entry or warns of a
 * lock-out before saving; the server checks both again.
 */
import { firstInvalidEntry, isAddressAllowed, normalizeAllowList } from '../../../../shared/ip-allow-list';

/** The contract's bounds (SessionPolicies). */
export const IDLE_MINUTES = { min: 5, max: 10080 } as const;
export const LIFETIME_MINUTES = { min: 15, max: 43200 } as const;

/** Minutes as typed: null when empty (no limit of the organization's own), undefined when not within bounds. */
export function parseMinutes(text: string, bounds: { min: number; max: number }): number | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^[0-9]{1,6}$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= bounds.min && value <= bounds.max ? value : undefined;
}

/** The list as typed, one entry per line (commas too), with what is wrong with it for the admin at `ip`. */
export function readAllowList(
  text: string,
  ip: string,
): { entries: string[]; malformed: string | undefined; locksOut: boolean } {
  const entries = normalizeAllowList(text.split(/[\n,]/));
  const malformed = firstInvalidEntry(entries);
  return { entries, malformed, locksOut: malformed === undefined && !isAddressAllowed(entries, ip) };
}
