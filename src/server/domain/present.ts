/**
 * Turns database rows into the contract's shapes (ids as strings, times in epoch seconds, plan names
 * canonical), in one place so every answer presents a user the same way.
 */
import { sql } from 'kysely';
import type { components } from '../../contract/api.js';
import { roleOf } from '../../shared/permissions.js';
import { planName } from '../../shared/plans.js';
import type { Db } from '../db/index.js';
import type { Invitation, Organization, User } from '../db/schema.js';

type Schemas = components['schemas'];
export type UserView = Schemas['User'];
export type SubscriptionView = Schemas['Subscription'];
export type OrganizationView = Schemas['Organization'];
export type MemberView = Schemas['OrganizationMember'];
export type InvitationView = Schemas['Invitation'];

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
    role: roleOf(user.role),
    subscription: presentSubscription(user),
    join_timestamp: epochSeconds(user.created_at),
  };
}

export function presentInvitation(invitation: Invitation): InvitationView {
  return {
    id: String(invitation.id),
    email: invitation.email,
    role: roleOf(invitation.role),
    created_at: epochSeconds(invitation.created_at)!,
    expires_at: epochSeconds(invitation.expires_at)!,
  };
}

export function presentOrganization(
  org: Pick<Organization, 'id' | 'name' | 'billing_admin_id' | 'seats_standard' | 'seats_pro'>,
  memberCount: number,
): OrganizationView {
  return {
    id: String(org.id),
    name: org.name,
    billing_admin_id: org.billing_admin_id === null ? null : String(org.billing_admin_id),
    seats: { standard: org.seats_standard, pro: org.seats_pro },
    member_count: Math.max(1, memberCount),
  };
}

/** What a user view needs besides the user row; null columns when the user has no organization. */
interface UserExtras {
  org_id: number | null;
  org_name: string | null;
  org_billing_admin_id: number | null;
  org_seats_standard: number | null;
  org_seats_pro: number | null;
  member_count: number | string | bigint | null;
  org_connection_id: number | null;
  personal_connection_id: number | null;
}

/**
 * The organization (o), its member count, its newest shared CRM connection and the user's newest
 * personal one, as columns of a query where o is joined and user_id identifies the user.
 */
function extrasColumns(userId: number | 'u.id') {
  return [
    sql<number | null>`o.id`.as('org_id'),
    sql<string | null>`o.name`.as('org_name'),
    sql<number | null>`o.billing_admin_id`.as('org_billing_admin_id'),
    sql<number | null>`o.seats_standard`.as('org_seats_standard'),
    sql<number | null>`o.seats_pro`.as('org_seats_pro'),
    sql<number | string | bigint | null>`(select count(*) from users m where m.organization_id = o.id)`.as(
      'member_count',
    ),
    sql<number | null>`(select c.id from crm_connections c where c.organization_id = o.id
      order by c.id desc limit 1)`.as('org_connection_id'),
    sql<number | null>`(select c.id from crm_connections c
      where c.user_id = ${userId === 'u.id' ? sql.ref('u.id') : userId} and c.organization_id is null
      order by c.id desc limit 1)`.as('personal_connection_id'),
  ] as const;
}

/** The user as get-user answers it, in one query; undefined when there is no such user. */
export async function loadUserView(db: Db, userId: number): Promise<UserView | undefined> {
  const row = await db
    .selectFrom('users as u')
    .leftJoin('organizations as o', 'o.id', 'u.organization_id')
    .selectAll('u')
    .select(extrasColumns('u.id'))
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? userView(row, row) : undefined;
}

/** The user with organization and CRM connection ids, loaded in one query. */
export async function presentUser(db: Db, user: User): Promise<UserView> {
  // Joined on the organization of the row given (not re-read), so the view matches that row.
  const orgId = user.organization_id;
  const extras = await db
    .selectFrom(sql<{ one: number }>`(select 1 as one)`.as('one'))
    .leftJoin('organizations as o', (join) =>
      orgId === null ? join.on(sql<boolean>`false`) : join.on('o.id', '=', orgId),
    )
    .select(extrasColumns(user.id))
    .executeTakeFirstOrThrow();
  return userView(user, extras);
}

function userView(user: User, extras: UserExtras): UserView {
  const organization =
    extras.org_id === null
      ? null
      : presentOrganization(
          {
            id: extras.org_id,
            name: extras.org_name!,
            billing_admin_id: extras.org_billing_admin_id,
            seats_standard: extras.org_seats_standard!,
            seats_pro: extras.org_seats_pro!,
          },
          Number(extras.member_count ?? 0),
        );
  const personalId = extras.personal_connection_id === null ? null : String(extras.personal_connection_id);
  return {
    id: String(user.id),
    email: user.email,
    name: user.name,
    role: roleOf(user.role),
    credits: Math.max(0, user.credits),
    has_installed: user.has_installed,
    has_onboarded: user.has_onboarded,
    personal_connection_id: personalId,
    // The organization's shared connection wins: it is the one the extension uses.
    connection_id:
      organization !== null && extras.org_connection_id !== null
        ? String(extras.org_connection_id)
        : personalId,
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
