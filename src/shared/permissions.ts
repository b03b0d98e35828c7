/**
 * Who may do what (docs/product.md#roles-and-permissions): one table the server enforces and the SPA reads to decide
 * what to show. Pure: no Node or browser imports. Ids are compared as strings because the server holds
 * numbers and the contract strings.
 */

export const ROLES = ['admin', 'member', 'billing_manager', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** How each role reads in the app (the English text is also the message id of its translation). */
export const ROLE_NAMES: Record<Role, string> = {
  admin: 'Admin',
  member: 'Member',
  billing_manager: 'Billing manager',
  viewer: 'Viewer',
};

export type Permission =
  /** See the Organization page: members, invitations, seats. */
  | 'organization.view'
  /** Invite people and resend invitations. */
  | 'members.invite'
  /** Change a member's product and role. */
  | 'members.edit'
  /** Remove a member (never an admin: see canRemoveMember). */
  | 'members.remove'
  /** Buy plans and seats, open the billing portal: also needs to be the billing admin (managesBilling). */
  | 'billing.manage'
  /**
   * Manage the organization's billing whoever its billing admin is (a billing manager): payments go
   * through the billing admin's subscription.
   */
  | 'billing.delegate'
  /** Hold a paid product, that is use one of the organization's seats. */
  | 'seat.hold'
  /** Choose an organization-wide CRM connection (docs/product.md#connecting-on-the-public-pages, pre-connect). */
  | 'connection.organization'
  /** Read and export the organization's audit log. */
  | 'audit.view'
  /**
   * Stream the organization's audit log to a SIEM and choose how long it is kept
   * (docs/product.md#audit-log-streaming).
   */
  | 'audit.manage'
  /** End every session of a member of the organization. */
  | 'members.sessions'
  /** Require two-factor sign-in of everyone in the organization. */
  | 'organization.security'
  /** Set members' monthly credit caps and see the team's usage (docs/product.md#monthly-caps). */
  | 'credits.govern'
  /** Buy credit packs for one's own balance (docs/product.md#top-ups). */
  | 'credits.buy'
  /**
   * Verify the organization's email domain, answer requests to join and manage the invitation link for
   * that domain (docs/product.md#company-domain-and-join-requests).
   */
  | 'organization.domain'
  /** Rename the organization (docs/product.md#organization-settings). */
  | 'organization.settings'
  /** Manage the SCIM tokens and group mappings of the organization's identity provider (docs/scim.md). */
  | 'organization.provisioning'
  /** Set up and test the organization's single sign-on connection (docs/product.md#single-sign-on). */
  | 'organization.sso';

const PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: [
    'organization.view',
    'members.invite',
    'members.edit',
    'members.remove',
    'billing.manage',
    'connection.organization',
    'audit.view',
    'audit.manage',
    'members.sessions',
    'organization.security',
    'credits.govern',
    'credits.buy',
    'seat.hold',
    'organization.domain',
    'organization.settings',
    'organization.provisioning',
    'organization.sso',
  ],
  member: ['seat.hold'],
  // Lusha's Manager: billing only, never a seat, no say over members.
  billing_manager: ['organization.view', 'billing.manage', 'billing.delegate'],
  // Read-only: sees what the organization looks like, changes nothing org-wide; may use the extension.
  viewer: ['organization.view', 'seat.hold'],
};

/**
 * The roles someone may give by inviting (docs/product.md#invitations): an inviter gives any role, admin
 * included, and nobody else gives one. The invite form offers these and the server refuses any other.
 */
export function rolesGrantableBy(role: string | null | undefined): readonly Role[] {
  return roleCan(role, 'members.invite') ? ROLES : [];
}

/** The permissions of a role, for the SPA and the tests that walk the table. */
export function permissionsOf(role: string | null | undefined): readonly Permission[] {
  return PERMISSIONS[roleOf(role)];
}

/** Any other stored value reads as the least privileged role. */
export function roleOf(role: string | null | undefined): Role {
  return (ROLES as readonly string[]).includes(role ?? '') ? (role as Role) : 'member';
}

export function roleCan(role: string | null | undefined, permission: Permission): boolean {
  return PERMISSIONS[roleOf(role)].includes(permission);
}

/** The roles a permission is not given to, for a database filter (any other stored value reads as a member). */
export function rolesWithout(permission: Permission): Role[] {
  return ROLES.filter((role) => !roleCan(role, permission));
}

type Id = string | number;

interface OrganizationRef {
  billing_admin_id: Id | null;
}

export interface Actor {
  id: Id;
  role: string | null | undefined;
  organization?: OrganizationRef | null;
}

/** docs/product.md#roles-and-permissions: the Admin label belongs only to the user whose id equals billing_admin_id. */
export function isBillingAdmin(userId: Id, organization: OrganizationRef | null | undefined): boolean {
  const billingAdminId = organization?.billing_admin_id;
  return billingAdminId !== null && billingAdminId !== undefined && String(billingAdminId) === String(userId);
}

/**
 * docs/product.md#billing-views: billing belongs to an admin who is the billing admin, or to any admin while the
 * organization has none (or there is no organization).
 */
export function managesBilling(actor: Actor): boolean {
  if (!roleCan(actor.role, 'billing.manage')) return false;
  if (roleCan(actor.role, 'billing.delegate') && actor.organization) return true;
  const billingAdminId = actor.organization?.billing_admin_id ?? null;
  return billingAdminId === null || String(billingAdminId) === String(actor.id);
}

/** docs/product.md#member-edit: the Admin role of a member cannot be changed. */
export function canChangeRole(member: { role: string | null | undefined }): boolean {
  return roleOf(member.role) !== 'admin';
}

/** A role without `seat.hold` (billing manager) only ever has the Free product. */
export function canHoldProduct(role: string | null | undefined, product: string | null | undefined): boolean {
  return roleCan(role, 'seat.hold') || (product ?? 'free').trim().toLowerCase() === 'free';
}

/** docs/product.md#member-edit: an admin cannot be removed. */
export function canRemoveMember(member: { role: string | null | undefined }): boolean {
  return roleOf(member.role) !== 'admin';
}

/** What the member page says where the billing admin's plan cannot be changed (the server's refusal is by code). */
export const BILLING_ADMIN_PLAN_LOCKED = "Only the billing admin can change the billing admin's plan.";

/**
 * The billing admin's own account is theirs alone to act on; any admin acts on everyone else's. Their
 * plan is the one they pay for (to Free it would drop their credits). Their sessions likewise: a
 * co-admin signing the payer out everywhere is a takeover step, not member management.
 */
function canActOnAccountOf(
  actorId: Id,
  memberId: Id,
  organization: OrganizationRef | null | undefined,
): boolean {
  return !isBillingAdmin(memberId, organization) || String(actorId) === String(memberId);
}

type AccountRule = (actorId: Id, memberId: Id, organization: OrganizationRef | null | undefined) => boolean;

/** Changing a member's product: see canActOnAccountOf. */
export const canChangeProductOf: AccountRule = (...args) => canActOnAccountOf(...args);

/** Ending every session of a member (end-member-sessions): see canActOnAccountOf. */
export const canEndSessionsOf: AccountRule = (...args) => canActOnAccountOf(...args);

/** Setting a member's monthly credit cap (set-member-caps): see canActOnAccountOf. */
export const canSetCapOf: AccountRule = (...args) => canActOnAccountOf(...args);
