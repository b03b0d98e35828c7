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
 * The dot-atom form of RFC 5322 that the contract's `format: email` takes: letters, digits and
 * !#$%&'*+/=?^_`{|}~- in dot-separated runs, then a domain of at least two labels (letters, digits,
 * inner hyphens). No comments, quotes, display names or group syntax: a mail library reads
 * `(1)ada@example.com` or `team:ada@example.com` as ada@example.com's mailbox, so an address in such a
 * form would count as another target than the mailbox it reaches (docs/invariants.md's per-target mail
 * limits).
 */
const ADDRESS =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

/**
 * An address as every form, API field and configuration that takes one checks it (the invitation list,
 * SCIM's userName, the support form's reply address, SUPPORT_EMAIL, the sandboxes' sign-in pages): the
 * form above, within 254 characters, no trailing dot ("name@company.com." would be another address at no
 * domain the organization verified).
 */
export function isEmailAddress(email: string): boolean {
  return email.length >= 3 && email.length <= 254 && ADDRESS.test(email);
}

/**
 * The mailbox an address reaches, as the per-address mail limits count it: `name+tag@domain` is delivered
 * to `name@domain` by most mail servers (Gmail, Outlook.com, iCloud, Fastmail, most company servers), so a
 * tag is no new target (docs/invariants.md#every-mail-to-an-address-the-caller-chose-is-rate-limited-per-target).
 */
export function mailboxOf(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return normalizeEmail(address);
  const local = address.slice(0, at);
  const plus = local.indexOf('+');
  return normalizeEmail(`${plus > 0 ? local.slice(0, plus) : local}${address.slice(at)}`);
}
