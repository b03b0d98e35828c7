/** Organizations: creation on first need, membership checks and seat assignment. */
import {
  canChangeProductOf,
  canChangeRole,
  canHoldProduct,
  canRemoveMember,
  type Role,
} from '../../shared/permissions.js';
import { PLAN_NAMES, planKeyOf, type PlanKey } from '../../shared/plans.js';
import { assignedSeats, canAssignProduct, type PurchasedSeats } from '../../shared/seats.js';
import type { Invitation, Organization, User } from '../db/schema.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import { applyPlanChange } from './credits.js';
import { returnGrantedOnLeaving } from './credit-pool.js';
import {
  conflict,
  forbidden,
  invalid,
  notFound,
  USER_NOT_IN_ORGANIZATION,
  type DomainError,
} from './errors.js';
import { parseId } from './present.js';
import { personOf } from '../repositories/audit.js';
import { message, type Message } from '../../contract/messages.js';

const ORGANIZATION_NAME_MAX = 100;
const ORGANIZATION_NAME_REFUSED = message('organization_name_invalid');

/**
 * docs/product.md#organization-settings: the name trimmed, 1 to 100 characters, audited with the old and
 * new names; the caller's organization is created when it has none yet, as the first invitation does.
 * Answers the name saved.
 */
export async function renameOrganization(
  repos: Repositories,
  admin: User,
  input: string,
  ip: string,
): Promise<string> {
  // Inner runs of spaces too: a name pasted from a document reads the same in a mail subject.
  const name = input.replace(/\s+/g, ' ').trim();
  if (name.length < 1 || name.length > ORGANIZATION_NAME_MAX) throw invalid(ORGANIZATION_NAME_REFUSED);
  await repos.transaction(async (tx) => {
    const org = await ensureOrganization(tx, admin);
    const locked = await tx.organizations.findById(org.id, { forUpdate: true });
    if (!locked || locked.name === name) return;
    await tx.organizations.rename(org.id, name);
    await tx.audit.record({
      type: 'organization.renamed',
      organizationId: org.id,
      actor: personOf(admin),
      target: null,
      ip,
      details: { from: locked.name, to: name },
    });
  });
  return name;
}

/**
 * The admin's organization, created on first need (first invitation, first seats) and named after
 * the admin, with the admin as billing admin. The admin's own paid plan counts as one purchased
 * seat, so "assigned <= purchased" holds from the start.
 */
export async function ensureOrganization(tx: InTransaction, admin: User): Promise<Organization> {
  const current = await tx.users.findById(admin.id, { forUpdate: true });
  if (!current) throw new Error(`User ${admin.id} is missing`);
  if (current.organization_id !== null) return tx.organizations.get(current.organization_id);
  const product = planKeyOf(current.stripe_product);
  const org = await tx.organizations.create({
    name: `${current.name}'s organization`,
    billing_admin_id: current.id,
    seats_standard: product === 'standard' ? 1 : 0,
    seats_pro: product === 'pro' ? 1 : 0,
    subscription_id: current.stripe_subscription_id,
  });
  await tx.users.update(current.id, { organization_id: org.id });
  if (current.stripe_subscription_id) {
    await tx.billing.moveSubscriptionTo(current.stripe_subscription_id, org.id);
  }
  return org;
}

/**
 * A member of the caller's organization by contract id, locked until the transaction ends; another
 * organization's ids are 404.
 */
async function lockMember(tx: InTransaction, caller: User, userId: string): Promise<User> {
  const id = parseId(userId);
  if (id === undefined || caller.organization_id === null) {
    if (id === caller.id) return caller;
    throw notFound(USER_NOT_IN_ORGANIZATION);
  }
  const member = await tx.users.findMember(caller.organization_id, id, { forUpdate: true });
  if (!member) throw notFound(USER_NOT_IN_ORGANIZATION);
  return member;
}

/**
 * Assigns a product and role inside one transaction. The organization row is locked first, so two
 * admins assigning the last free seat at the same time are serialized: exactly one succeeds.
 */
export async function assignProduct(
  repos: Repositories,
  caller: User,
  userId: string,
  productInput: string,
  role: Role,
  ip: string | null,
): Promise<void> {
  const product = planKeyOf(productInput);
  // docs/product.md#roles-and-permissions: a billing manager uses no seat, so the role and a paid product never go together.
  if (!canHoldProduct(role, product)) throw invalid(message('billing_manager_no_seat'));
  await repos.transaction(async (tx) => {
    const org =
      caller.organization_id === null
        ? undefined
        : await tx.organizations.findById(caller.organization_id, { forUpdate: true });
    const member = await lockMember(tx, caller, userId);
    if (!canChangeRole(member) && role !== member.role) throw invalid(message('admin_role_unchangeable'));

    const current = planKeyOf(member.stripe_product);
    if (product !== current && !canChangeProductOf(caller.id, member.id, org)) {
      throw forbidden(message('billing_admin_plan_protected'));
    }
    if (product !== current && product !== 'free') {
      const purchased = org ? { standard: org.seats_standard, pro: org.seats_pro } : { standard: 0, pro: 0 };
      const products = org ? await tx.users.productsOf(org.id) : [member.stripe_product];
      if (!canAssignProduct(product, purchased, assignedSeats(products), member.stripe_product)) {
        throw conflict(message('no_seat_available', { plan: PLAN_NAMES[product] }));
      }
    }

    const audit = {
      organizationId: caller.organization_id,
      actor: personOf(caller),
      target: personOf(member),
      ip,
    };
    if (role !== member.role) {
      await tx.audit.record({
        ...audit,
        type: 'member.role_changed',
        details: { from: member.role, to: role },
      });
    }
    if (product !== current) {
      await tx.audit.record({
        ...audit,
        type: 'member.product_changed',
        details: { from: PLAN_NAMES[current], to: PLAN_NAMES[product] },
      });
    }
    await tx.users.update(member.id, {
      role,
      ...(product === current ? {} : await productFields(tx, org, member, product)),
    });
    // Credits follow the seat through the ledger (docs/product.md#the-ledger): a plan change never refills a period.
    if (product !== current) await applyPlanChange(tx, member.id, product, caller.id);
  });
}

/** The subscription fields of a member who is given `product` (Free gives the seat back). */
async function productFields(
  tx: InTransaction,
  org: Organization | undefined,
  member: User,
  product: PlanKey,
) {
  if (product === 'free') {
    return { stripe_product: 'free', stripe_status: null, stripe_interval: null, next_payment_date: null };
  }
  const billingAdmin = org?.billing_admin_id ? await tx.users.findById(org.billing_admin_id) : undefined;
  return {
    stripe_product: product,
    stripe_status: 'active',
    stripe_interval: billingAdmin?.stripe_interval ?? 'yearly',
    stripe_subscription_id: org?.subscription_id ?? member.stripe_subscription_id,
  };
}

/**
 * docs/product.md#accepting-an-invitation: seats are checked again when an invitation carrying a product is accepted, with the organization
 * locked, so parallel acceptances never seat more members than were bought. Without a free seat the invitee
 * still joins (on Free): turning a colleague away for a billing detail helps nobody, the admin can assign a
 * seat later. Answers the notice the invitee reads, or null when seated (or nothing was to seat).
 */
export async function seatFromInvitation(
  tx: InTransaction,
  userId: number,
  invitation: Pick<Invitation, 'organization_id' | 'product' | 'invited_by'>,
): Promise<Message | null> {
  const product = planKeyOf(invitation.product);
  if (product === 'free') return null;
  const org = await tx.organizations.findById(invitation.organization_id, { forUpdate: true });
  const member = await tx.users.findById(userId, { forUpdate: true });
  if (!org || !member) return null;
  const purchased = { standard: org.seats_standard, pro: org.seats_pro };
  const assigned = assignedSeats(await tx.users.productsOf(org.id));
  if (
    !canHoldProduct(member.role, product) ||
    !canAssignProduct(product, purchased, assigned, member.stripe_product)
  ) {
    return noSeatNotice(org.name, product);
  }
  await tx.users.update(member.id, await productFields(tx, org, member, product));
  await applyPlanChange(tx, member.id, product, invitation.invited_by);
  return null;
}

function noSeatNotice(organizationName: string, product: PlanKey): Message {
  return message('joined_without_seat', { organization: organizationName, plan: PLAN_NAMES[product] });
}

/** Refuses inviting with a product that has no free seat now (it is checked again on acceptance). */
export async function requireSeatForInvitation(
  tx: InTransaction,
  org: Organization,
  role: string,
  productInput: string,
): Promise<PlanKey> {
  const product = planKeyOf(productInput);
  if (product === 'free') return product;
  const locked = canHoldProduct(role, product)
    ? ((await tx.organizations.findById(org.id, { forUpdate: true })) ?? org)
    : org;
  const assigned = assignedSeats(await tx.users.productsOf(org.id));
  const refusal = invitationSeatRefusal(role, product, locked, assigned);
  if (refusal) throw refusal;
  return product;
}

/**
 * Why an invitation with this role and product cannot be sent now, if it cannot: the one rule that
 * requireSeatForInvitation enforces and the bulk-invitation preview reports. An invitation
 * holds no seat until accepted, so every invitation only needs one free seat now.
 */
export function invitationSeatRefusal(
  role: string,
  product: PlanKey,
  org: Pick<Organization, 'seats_standard' | 'seats_pro'> | undefined,
  assigned: PurchasedSeats,
): DomainError | undefined {
  if (product === 'free') return undefined;
  if (!canHoldProduct(role, product)) return invalid(message('billing_manager_no_seat'));
  const purchased = { standard: org?.seats_standard ?? 0, pro: org?.seats_pro ?? 0 };
  if (!canAssignProduct(product, purchased, assigned, 'free')) {
    return conflict(message('no_seat_available', { plan: PLAN_NAMES[product] }));
  }
  return undefined;
}

export interface SeatMove {
  product: string;
  fromUserId: string;
  toUserId: string;
}

/**
 * docs/product.md#seats: moves a paid seat from one member to another in one transaction. The organization row is
 * locked first (as every seat change does), then both members in id order, so the move is serialized with
 * assignments, removals and acceptances: nobody sees both or neither holding the seat, and the number of
 * assigned seats never changes.
 */
export async function moveSeat(
  repos: Repositories,
  caller: User,
  move: SeatMove,
  ip: string | null,
): Promise<{ from: User; to: User; product: PlanKey }> {
  const product = planKeyOf(move.product);
  if (product === 'free') throw invalid(message('seat_move_free_plan'));
  if (parseId(move.fromUserId) === parseId(move.toUserId)) {
    throw invalid(message('seat_move_same_member'));
  }
  return repos.transaction(async (tx) => {
    if (caller.organization_id === null) throw notFound(USER_NOT_IN_ORGANIZATION);
    const org = await tx.organizations.findById(caller.organization_id, { forUpdate: true });
    const [firstId, secondId] = [move.fromUserId, move.toUserId].sort(
      (a, b) => (parseId(a) ?? 0) - (parseId(b) ?? 0),
    );
    const locked = [await lockMember(tx, caller, firstId!), await lockMember(tx, caller, secondId!)];
    const from = locked.find((m) => m.id === parseId(move.fromUserId))!;
    const to = locked.find((m) => m.id === parseId(move.toUserId))!;
    const name = (user: User) => user.name || user.email;
    if (planKeyOf(from.stripe_product) !== product) {
      throw conflict(message('seat_not_held', { member: name(from), plan: PLAN_NAMES[product] }));
    }
    const held = planKeyOf(to.stripe_product);
    if (held !== 'free')
      throw conflict(message('seat_already_held', { member: name(to), plan: PLAN_NAMES[held] }));
    if (!canHoldProduct(to.role, product)) throw invalid(message('billing_manager_no_seat'));
    for (const member of [from, to]) {
      if (!canChangeProductOf(caller.id, member.id, org))
        throw forbidden(message('billing_admin_plan_protected'));
    }

    await tx.users.update(from.id, await productFields(tx, org, from, 'free'));
    await tx.users.update(to.id, await productFields(tx, org, to, product));
    for (const [member, before, after] of [
      [from, product, 'free'],
      [to, 'free', product],
    ] as const) {
      await tx.audit.record({
        type: 'member.product_changed',
        organizationId: caller.organization_id,
        actor: personOf(caller),
        target: personOf(member),
        ip,
        details: { from: PLAN_NAMES[before], to: PLAN_NAMES[after], seat_moved: true },
      });
      await applyPlanChange(tx, member.id, after, caller.id);
    }
    return { from, to, product };
  });
}

/** Removes a non-admin member: their seat returns to the pool and they keep a Free account of their own. */
export async function removeMember(
  repos: Repositories,
  caller: User,
  userId: string,
  ip: string | null,
): Promise<void> {
  await repos.transaction(async (tx) => {
    if (caller.organization_id !== null) {
      await tx.organizations.findById(caller.organization_id, { forUpdate: true });
    }
    const member = await lockMember(tx, caller, userId);
    if (!canRemoveMember(member)) throw forbidden(message('cannot_remove_admin'));
    const { creditsReturned } = await dischargeMember(tx, member, caller.id);
    await tx.audit.record({
      type: 'member.removed',
      organizationId: caller.organization_id,
      actor: personOf(caller),
      target: personOf(member),
      ip,
      details: {
        product: PLAN_NAMES[planKeyOf(member.stripe_product)],
        ...(creditsReturned > 0 ? { credits_returned: creditsReturned } : {}),
      },
    });
  });
}

/**
 * What removing a member does, in the caller's transaction, the organization's row and the member's
 * locked first (in that order, as every seat change): the member leaves with a Free account of their own
 * (their seat returns to the pool), is signed out everywhere (sessions and pending sign-ins end together)
 * and their plan change goes to the ledger, which keeps its history. Answers how many sessions ended.
 * member removal and SCIM deprovisioning (domain/scim-provisioning.ts) both come here; the audit entry is
 * theirs.
 */
export async function dischargeMember(
  tx: InTransaction,
  member: User,
  actorId: number | null,
): Promise<{ sessions: number; creditsReturned: number }> {
  const creditsReturned = await returnGrantedOnLeaving(tx, member, actorId);
  await tx.users.update(member.id, {
    organization_id: null,
    role: 'admin',
    stripe_product: 'free',
    stripe_status: null,
    stripe_interval: null,
    stripe_subscription_id: null,
    next_payment_date: null,
    // Every cap the organization set goes with it (its own credits are the former member's to spend).
    monthly_cap: null,
    email_cap: null,
    phone_cap: null,
  });
  // Signed out at once: their next call answers 401, whatever they had open.
  const sessions = await tx.sessions.endSignInsOf(member.id);
  await applyPlanChange(tx, member.id, 'free', actorId);
  return { sessions, creditsReturned };
}

/**
 * docs/scim.md#groups: the role and product an identity provider's group mapping gives a member, in the
 * caller's transaction (organization row locked by the caller). Seat rules as for any assignment: without a
 * free seat, or for a role that holds no seat, the product stays as it is; an admin's role is never
 * changed. Audited as any change of role or product, by the identity provider (no actor).
 */
export async function applyMappedAccess(
  tx: InTransaction,
  org: Organization,
  memberId: number,
  target: { role?: Role; product?: PlanKey },
  ip: string | null,
): Promise<void> {
  const member = await tx.users.findMember(org.id, memberId, { forUpdate: true });
  if (!member) return;
  const audit = { organizationId: org.id, actor: null, target: personOf(member), ip };
  let role = member.role;
  if (target.role && target.role !== member.role && canChangeRole(member)) {
    if (canHoldProduct(target.role, member.stripe_product)) {
      role = target.role;
      await tx.users.update(member.id, { role });
      await tx.audit.record({
        ...audit,
        type: 'member.role_changed',
        details: { from: member.role, to: role, by: 'identity provider' },
      });
    }
  }
  const current = planKeyOf(member.stripe_product);
  const product = target.product;
  if (product === undefined || product === current || !canHoldProduct(role, product)) return;
  if (!canChangeProductOf(0, member.id, org)) return; // never the billing admin's own plan
  if (product !== 'free') {
    const purchased = { standard: org.seats_standard, pro: org.seats_pro };
    const assigned = assignedSeats(await tx.users.productsOf(org.id));
    if (!canAssignProduct(product, purchased, assigned, member.stripe_product)) return;
  }
  await tx.users.update(member.id, await productFields(tx, org, member, product));
  await tx.audit.record({
    ...audit,
    type: 'member.product_changed',
    details: { from: PLAN_NAMES[current], to: PLAN_NAMES[product], by: 'identity provider' },
  });
  await applyPlanChange(tx, member.id, product, null);
}
