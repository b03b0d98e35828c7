/** Organizations: creation on first need, membership checks and seat assignment. */
import { sql, type Transaction } from 'kysely';
import { canChangeRole, canRemoveMember, isBillingAdmin } from '../../shared/permissions.js';
import { PLAN_NAMES, planKeyOf, type PlanKey } from '../../shared/plans.js';
import { assignedSeats, canAssignProduct } from '../../shared/seats.js';
import type { Db } from '../db/index.js';
import type { Database, Organization, User } from '../db/schema.js';
import { conflict, forbidden, invalid, notFound } from '../domain/errors.js';
import { parseId } from './present.js';

export const USER_NOT_IN_ORGANIZATION = 'User not found in your organization';

/**
 * The admin's organization, created on first need (first invitation, first seats) and named after
 * the admin, with the admin as billing admin. The admin's own paid plan counts as one purchased
 * seat, so "assigned <= purchased" holds from the start.
 */
export async function ensureOrganization(trx: Transaction<Database>, admin: User): Promise<Organization> {
  const current = await trx
    .selectFrom('users')
    .selectAll()
    .where('id', '=', admin.id)
    .forUpdate()
    .executeTakeFirstOrThrow();
  if (current.organization_id !== null) {
    return trx
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', current.organization_id)
      .executeTakeFirstOrThrow();
  }
  const product = planKeyOf(current.stripe_product);
  const org = await trx
    .insertInto('organizations')
    .values({
      name: `${current.name}'s organization`,
      billing_admin_id: current.id,
      seats_standard: product === 'standard' ? 1 : 0,
      seats_pro: product === 'pro' ? 1 : 0,
      subscription_id: current.stripe_subscription_id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  await trx.updateTable('users').set({ organization_id: org.id }).where('id', '=', current.id).execute();
  if (current.stripe_subscription_id) {
    await trx
      .updateTable('subscriptions')
      .set({ organization_id: org.id })
      .where('id', '=', current.stripe_subscription_id)
      .execute();
  }
  return org;
}

/** A member of the caller's organization by contract id; another organization's ids are 404. */
export async function findMember(db: Db, caller: User, userId: string, forUpdate = false): Promise<User> {
  const id = parseId(userId);
  if (id === undefined || caller.organization_id === null) {
    if (id === caller.id) return caller;
    throw notFound(USER_NOT_IN_ORGANIZATION);
  }
  let query = db
    .selectFrom('users')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', caller.organization_id);
  if (forUpdate) query = query.forUpdate();
  const member = await query.executeTakeFirst();
  if (!member) throw notFound(USER_NOT_IN_ORGANIZATION);
  return member;
}

/**
 * Assigns a product and role inside one transaction. The organization row is locked first, so two
 * admins assigning the last free seat at the same time are serialized: exactly one succeeds.
 */
export async function assignProduct(
  db: Db,
  caller: User,
  userId: string,
  productInput: string,
  role: 'admin' | 'member',
  credits: (product: PlanKey) => Promise<number>,
): Promise<void> {
  const product = planKeyOf(productInput);
  const productCredits = await credits(product);
  await db.transaction().execute(async (trx) => {
    const org =
      caller.organization_id === null
        ? undefined
        : await trx
            .selectFrom('organizations')
            .selectAll()
            .where('id', '=', caller.organization_id)
            .forUpdate()
            .executeTakeFirst();
    const member = await findMember(trx, caller, userId, true);
    if (!canChangeRole(member) && role !== member.role) throw invalid('The admin role cannot be changed.');

    const current = planKeyOf(member.stripe_product);
    // The billing admin's plan is the one they pay for: nobody else changes it (to Free it drops their credits).
    if (product !== current && isBillingAdmin(member.id, org) && caller.id !== member.id) {
      throw forbidden("Only the billing admin can change the billing admin's plan.");
    }
    if (product !== current && product !== 'free') {
      const purchased = org ? { standard: org.seats_standard, pro: org.seats_pro } : { standard: 0, pro: 0 };
      const members = org
        ? await trx
            .selectFrom('users')
            .select('stripe_product')
            .where('organization_id', '=', org.id)
            .execute()
        : [member];
      const assigned = assignedSeats(members.map((m) => m.stripe_product));
      if (!canAssignProduct(product, purchased, assigned, member.stripe_product)) {
        throw conflict(`No ${PLAN_NAMES[product]} seats available. Buy more seats first.`);
      }
    }

    const billingAdmin = org?.billing_admin_id
      ? await trx
          .selectFrom('users')
          .select(['stripe_interval'])
          .where('id', '=', org.billing_admin_id)
          .executeTakeFirst()
      : undefined;
    await trx
      .updateTable('users')
      .set({
        role,
        ...(product === current
          ? {}
          : product === 'free'
            ? {
                stripe_product: 'free',
                stripe_status: null,
                stripe_interval: null,
                next_payment_date: null,
                credits: productCredits,
              }
            : {
                stripe_product: product,
                stripe_status: 'active',
                stripe_interval: billingAdmin?.stripe_interval ?? 'yearly',
                stripe_subscription_id: org?.subscription_id ?? member.stripe_subscription_id,
                credits: productCredits,
              }),
      })
      .where('id', '=', member.id)
      .execute();
  });
}

/** Removes a non-admin member: their seat returns to the pool and they keep a Free account of their own. */
export async function removeMember(db: Db, caller: User, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (caller.organization_id !== null) {
      await trx
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', caller.organization_id)
        .forUpdate()
        .execute();
    }
    const member = await findMember(trx, caller, userId, true);
    if (!canRemoveMember(member)) throw forbidden('Cannot remove admin');
    const free = await trx
      .selectFrom('plans')
      .select('credits')
      .where('slug', '=', 'free')
      .executeTakeFirst();
    await trx
      .updateTable('users')
      .set({
        organization_id: null,
        role: 'admin',
        stripe_product: 'free',
        stripe_status: null,
        stripe_interval: null,
        stripe_subscription_id: null,
        next_payment_date: null,
        credits: sql`least(credits, ${free?.credits ?? 10})`,
      })
      .where('id', '=', member.id)
      .execute();
  });
}
