/**
 * docs/product.md#email-addresses: email addresses are compared ignoring case everywhere (signup, login, password reset, Google
 * sign-in, invitations). Every address is normalized here before it is stored or looked up, and the
 * database holds a unique index on lower(email) (migration 0042) so two spellings never make two accounts.
 * Pure: no Node or browser imports.
 */

/** The one form an address is stored and looked up in: trimmed, lower case. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Whether two addresses are the same mailbox as far as this product is concerned (case ignored). */
export function sameEmail(a: string | null | undefined, b: string | null | undefined): boolean {
  if (a == null || b == null) return false;
  return normalizeEmail(a) === normalizeEmail(b);
}

/**
 * A plausible address, as every form and API field that takes one checks it (the invitation list, SCIM's
 * userName): something@domain.tld, no spaces, within 254 characters, and a domain of non-empty labels (no
 * trailing dot: "name@company.com." would be another address at no domain the organization verified).
 */
export function isEmailAddress(email: string): boolean {
  return email.length >= 3 && email.length <= 254 && /^[^\s@]+@(?:[^\s@.]+\.)+[^\s@.]+$/.test(email);
}
