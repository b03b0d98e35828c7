/**
 * Invitation links (docs/product.md#invitation-links): an admin shares one link; people signed in with an address at the
 * organization's verified domain join through it as Free members. The texts both sides show and the rule of
 * who may use a link live here. Pure: no Node or browser imports.
 */
import { domainOf } from './company-domain.js';

/** A link works this many days after it is created. */
export const INVITE_LINK_DAYS = 7;

export type InviteLinkStatus = 'valid' | 'expired' | 'revoked' | 'unknown';

export const INVITE_LINK_EXPIRED =
  'This invitation link has expired. Ask an admin of the organization for a new one.';
export const INVITE_LINK_REVOKED =
  'This invitation link was revoked. Ask an admin of the organization for a new one.';
export const INVITE_LINK_UNKNOWN = 'This invitation link does not exist. Check that you copied all of it.';
export const INVITE_LINK_WRONG_DOMAIN =
  "This invitation link is only for addresses at the organization's verified domain.";
export const INVITE_LINK_NEEDS_DOMAIN = 'Verify your company domain before creating an invitation link.';

/** Why a link cannot be used, in the words users read; null when it can. */
export const INVITE_LINK_REFUSALS: Record<Exclude<InviteLinkStatus, 'valid'>, string> = {
  expired: INVITE_LINK_EXPIRED,
  revoked: INVITE_LINK_REVOKED,
  unknown: INVITE_LINK_UNKNOWN,
};

/** The app's page a link opens. */
export function inviteLinkPath(token: string): string {
  return `/join/${encodeURIComponent(token)}`;
}

/** Whether an address may use a link made for `domain` (letter case ignored). */
export function addressFitsDomain(email: string, domain: string | null | undefined): boolean {
  return !!domain && domainOf(email) === domain.trim().toLowerCase();
}

/**
 * What a stored link is now. A revoked link, a replaced one (revoked when the new one was made) and one
 * whose organization no longer has the domain it was made for all read as revoked.
 */
export function inviteLinkStatus(
  link: { domain: string; expires_at: Date | string; revoked_at: Date | string | null } | undefined,
  organizationDomain: string | null | undefined,
  now: Date,
): InviteLinkStatus {
  if (!link) return 'unknown';
  if (link.revoked_at !== null || link.domain !== organizationDomain) return 'revoked';
  if (new Date(link.expires_at).getTime() <= now.getTime()) return 'expired';
  return 'valid';
}
