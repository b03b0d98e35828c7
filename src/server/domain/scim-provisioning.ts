/**
 * docs/scim.md#deprovisioning: what an identity provider's changes do to the organization. A SCIM user
 * is linked to the account of its address (userName). Deactivating or deleting it discharges the member
 * as removing one does (dischargeMember: seat free, every session and pending sign-in ended, ledger and
 * audit history kept), revokes their pending invitations and records it, all in the caller's transaction.
 * Group mappings give members a role or a product (docs/scim.md#groups).
 */
import { domainOf } from '../../shared/company-domain.js';
import { canRemoveMember, ROLES, type Role } from '../../shared/permissions.js';
import { PLAN_KEYS, PLAN_NAMES, planKeyOf, type PlanKey } from '../../shared/plans.js';
import type { Organization, ScimUser, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { InTransaction } from '../repositories/index.js';
import { applyMappedAccess, dischargeMember } from './organizations.js';
import { ScimRefusal } from './scim-resources.js';
import { dnsProvenDomain } from './company-domain.js';
import { message } from '../../contract/messages.js';

/** Refuses a userName outside the organization's domain verified by DNS. */
export function requireProvisionable(org: Organization, userName: string): void {
  const domain = dnsProvenDomain(org);
  if (domain === null)
    throw new ScimRefusal('invalid', message('scim_needs_verified_domain'), 'invalidValue');
  if (domainOf(userName) !== domain) {
    throw new ScimRefusal('invalid', message('scim_user_not_at_domain', { domain }), 'invalidValue');
  }
}

/** The id of a SCIM user's account when it is a member of the organization. */
async function linkedMemberId(
  tx: InTransaction,
  org: Organization,
  user: Pick<ScimUser, 'user_name'>,
): Promise<number | undefined> {
  const account = await tx.users.findByEmail(user.user_name);
  return account?.organization_id === org.id ? account.id : undefined;
}

/** The account of a SCIM user when it is a member of the organization, locked until the transaction ends. */
async function lockLinkedMember(
  tx: InTransaction,
  org: Organization,
  user: Pick<ScimUser, 'user_name'>,
): Promise<User | undefined> {
  const id = await linkedMemberId(tx, org, user);
  return id === undefined ? undefined : tx.users.findMember(org.id, id, { forUpdate: true });
}

/**
 * Deprovisions the person of a SCIM user (its row is the caller's to change or delete): the organization's
 * row, then the member's, are locked (as every seat change). An admin is refused, as removing one is, when
 * the identity provider deactivates or deletes the user; an inactive user it only says again (or creates
 * inactive) leaves an admin where they are (`admins: 'stay'`), else every later change of it would be 409.
 */
export async function deprovisionWithin(
  tx: InTransaction,
  org: Organization,
  user: Pick<ScimUser, 'user_name'>,
  reason: 'deactivated' | 'deleted',
  ip: string | null,
  { admins = 'refused' }: { admins?: 'refused' | 'stay' } = {},
): Promise<void> {
  await tx.organizations.findById(org.id, { forUpdate: true });
  const member = await lockLinkedMember(tx, org, user);
  if (member && !canRemoveMember(member)) {
    if (admins === 'stay') return;
    throw new ScimRefusal('conflict', message('scim_admin_not_deprovisioned'), 'mutability');
  }
  const invitations = await tx.invitations.revokePendingOf(org.id, user.user_name);
  const { sessions, creditsReturned } = member
    ? await dischargeMember(tx, member, null)
    : { sessions: 0, creditsReturned: 0 };
  if (!member && invitations === 0) return;
  await tx.audit.record({
    type: 'scim.user_deprovisioned',
    organizationId: org.id,
    actor: null,
    target: member ? personOf(member) : { id: null, email: user.user_name },
    ip,
    details: {
      reason,
      sessions,
      ...(member ? { product: PLAN_NAMES[planKeyOf(member.stripe_product)] } : {}),
      ...(creditsReturned > 0 ? { credits_returned: creditsReturned } : {}),
    },
  });
}

export interface MappedAccess {
  role?: Role;
  product?: PlanKey;
}

/**
 * What the mappings of a user's groups give (pure): the first role in the order of ROLES, the highest
 * product. Nothing for what no group of theirs maps.
 */
export function mappedAccess(mappings: { role: string | null; product: string | null }[]): MappedAccess {
  const roles = ROLES.filter((role) => mappings.some((m) => m.role === role));
  const products = PLAN_KEYS.filter((key) =>
    mappings.some((m) => m.product !== null && planKeyOf(m.product) === key),
  );
  return {
    ...(roles.length > 0 ? { role: roles[0] } : {}),
    ...(products.length > 0 ? { product: products[products.length - 1] } : {}),
  };
}

/** What a user's group mappings give now. */
export async function accessOf(
  tx: InTransaction,
  org: Organization,
  scimUserId: string,
): Promise<MappedAccess> {
  return mappedAccess(await tx.scim.mappingsOfUser(org.id, scimUserId));
}

/**
 * After memberships changed: each user whose mapped access changed gets the new one, and what a group no
 * longer gives falls back (role member, product Free). `before` is accessOf each user before the change.
 */
export async function applyAccessChanges(
  tx: InTransaction,
  org: Organization,
  before: Map<string, MappedAccess>,
  ip: string | null,
): Promise<void> {
  if (before.size === 0) return;
  const locked = (await tx.organizations.findById(org.id, { forUpdate: true })) ?? org;
  const changes: { memberId: number; change: MappedAccess }[] = [];
  for (const [scimUserId, was] of before) {
    const now = await accessOf(tx, locked, scimUserId);
    const change: MappedAccess = {};
    if (now.role !== was.role) change.role = now.role ?? 'member';
    if (now.product !== was.product) change.product = now.product ?? 'free';
    if (change.role === undefined && change.product === undefined) continue;
    const user = await tx.scim.findUser(org.id, scimUserId);
    const memberId = user?.active ? await linkedMemberId(tx, locked, user) : undefined;
    if (memberId !== undefined) changes.push({ memberId, change });
  }
  // The members' rows in id order first, as every call that changes several members takes them (a bulk
  // cap, a grant: docs/product.md#the-team-pool), or the two could wait on each other; then each change in
  // the request's order, which decides who gets the last seat.
  const held = new Set<number>();
  for (const id of changes.map((c) => c.memberId).sort((a, b) => a - b)) {
    if (await tx.users.findMember(org.id, id, { forUpdate: true })) held.add(id);
  }
  for (const { memberId, change } of changes) {
    if (!held.has(memberId)) continue;
    await applyMappedAccess(tx, (await tx.organizations.findById(org.id)) ?? locked, memberId, change, ip);
  }
}
