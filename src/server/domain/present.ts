/**
 * Turns database rows into the contract's shapes (ids as strings, times in epoch seconds, plan names
 * canonical), in one place so every answer presents a user the same way.
 */
import type { components } from '../../contract/api.js';
import { normalizeProduct } from '../../shared/seats.js';
import type { Db } from '../db/index.js';
import type { Invitation, Organization, User } from '../db/schema.js';

type Schemas = components['schemas'];
export type UserView = Schemas['User'];
export type SubscriptionView = Schemas['Subscription'];
export type OrganizationView = Schemas['Organization'];
export type MemberView = Schemas['OrganizationMember'];
export type InvitationView = Schemas['Invitation'];

const PLAN_NAMES = { free: 'Free', standard: 'Standard', pro: 'Pro' } as const;

export function planName(product: string | null | undefined): Schemas['Plan'] {
  return PLAN_NAMES[normalizeProduct(product)];
}

export function epochSeconds(date: Date | string | null | undefined): number | null {
  if (date === null || date === undefined) return null;
  return Math.floor(new Date(date).getTime() / 1000);
}

export function presentSubscription(user: User): SubscriptionView {
  return {
    stripe_product: planName(user.stripe_product),
    stripe_interval:
      user.stripe_interval === 'monthly' || user.stripe_interval === 'yearly' ? user.stripe_interval : null,
    stripe_status: user.stripe_status,
    stripe_subscription_id: user.stripe_subscription_id,
    next_payment_date: epochSeconds(user.next_payment_date),
    payment_method: user.payment_method,
  };
}

export function presentMember(user: User): MemberView {
  return {
    id: String(user.id),
    name: user.name,
    email: user.email,
    role: user.role === 'admin' ? 'admin' : 'member',
    subscription: presentSubscription(user),
    join_timestamp: epochSeconds(user.created_at),
  };
}

export function presentInvitation(invitation: Invitation): InvitationView {
  return {
    id: String(invitation.id),
    email: invitation.email,
    role: invitation.role === 'admin' ? 'admin' : 'member',
    created_at: epochSeconds(invitation.created_at)!,
    expires_at: epochSeconds(invitation.expires_at)!,
  };
}

export function presentOrganization(org: Organization, memberCount: number): OrganizationView {
  return {
    id: String(org.id),
    name: org.name,
    billing_admin_id: org.billing_admin_id === null ? null : String(org.billing_admin_id),
    seats: { standard: org.seats_standard, pro: org.seats_pro },
    member_count: Math.max(1, memberCount),
  };
}

/** The user as get-user answers it: with organization and CRM connection ids. */
export async function loadUserView(db: Db, userId: number): Promise<UserView> {
  const user = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  return presentUser(db, user);
}

export async function presentUser(db: Db, user: User): Promise<UserView> {
  let organization: OrganizationView | null = null;
  let orgConnectionId: number | undefined;
  if (user.organization_id !== null) {
    const org = await db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', user.organization_id)
      .executeTakeFirst();
    if (org) {
      const { count } = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('organization_id', '=', org.id)
        .executeTakeFirstOrThrow();
      organization = presentOrganization(org, Number(count));
      const shared = await db
        .selectFrom('crm_connections')
        .select('id')
        .where('organization_id', '=', org.id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      orgConnectionId = shared?.id;
    }
  }
  const personal = await db
    .selectFrom('crm_connections')
    .select('id')
    .where('user_id', '=', user.id)
    .where('organization_id', 'is', null)
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const personalId = personal ? String(personal.id) : null;
  return {
    id: String(user.id),
    email: user.email,
    name: user.name,
    role: user.role === 'admin' ? 'admin' : 'member',
    credits: Math.max(0, user.credits),
    has_installed: user.has_installed,
    has_onboarded: user.has_onboarded,
    personal_connection_id: personalId,
    // The organization's shared connection wins: it is the one the extension uses.
    connection_id: orgConnectionId !== undefined ? String(orgConnectionId) : personalId,
    join_timestamp: epochSeconds(user.created_at)!,
    software: user.software ? { slug: user.software } : null,
    subscription: presentSubscription(user),
    organization,
  };
}

/** Parses an id of the contract ('42'); anything else matches no row (answered as 404 by callers). */
export function parseId(id: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return undefined;
  const n = Number(id);
  return n <= 2147483647 ? n : undefined;
}
