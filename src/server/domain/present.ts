/**
 * Turns database rows into the contract's shapes (ids as strings, times in epoch seconds, plan names
 * canonical), in one place so every answer presents a user the same way. Pure: the rows come from
 * the repositories.
 */
import type { components } from '../../contract/api.js';
import { roleOf } from '../../shared/permissions.js';
import { planName } from '../../shared/plans.js';
import type { Invitation, Organization, User } from '../db/schema.js';
import type { UserViewExtras } from '../repositories/users.js';
import { meetsRequiredTwoFactor } from './two-factor.js';

type Schemas = components['schemas'];
export type UserView = Schemas['User'];

export function epochSeconds(date: Date | string | null | undefined): number | null {
  if (date === null || date === undefined) return null;
  return Math.floor(new Date(date).getTime() / 1000);
}

type SubscriptionColumns = Pick<
  User,
  | 'stripe_product'
  | 'stripe_interval'
  | 'stripe_status'
  | 'stripe_subscription_id'
  | 'next_payment_date'
  | 'payment_method'
>;

function presentSubscription(user: SubscriptionColumns): Schemas['Subscription'] {
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

/**
 * A member as the members table shows them. Whether they sign in with two factors is for those who set the
 * organization's security (docs/product.md#members): to the others, who lacks a second factor
 * only says whom to phish.
 */
export function presentMember(
  user: SubscriptionColumns &
    Pick<User, 'id' | 'name' | 'email' | 'role' | 'created_at'> & { two_factor: boolean },
  { withTwoFactor }: { withTwoFactor: boolean },
): Schemas['OrganizationMember'] {
  return {
    id: String(user.id),
    name: user.name,
    email: user.email,
    role: roleOf(user.role),
    subscription: presentSubscription(user),
    join_timestamp: epochSeconds(user.created_at),
    ...(withTwoFactor ? { two_factor: user.two_factor } : {}),
  };
}

export function presentInvitation(invitation: Invitation): Schemas['Invitation'] {
  return {
    id: String(invitation.id),
    email: invitation.email,
    role: roleOf(invitation.role),
    product: planName(invitation.product),
    created_at: epochSeconds(invitation.created_at)!,
    expires_at: epochSeconds(invitation.expires_at)!,
  };
}

function presentOrganization(
  org: Pick<Organization, 'id' | 'name' | 'billing_admin_id' | 'seats_standard' | 'seats_pro'> &
    Partial<Pick<Organization, 'require_two_factor'>>,
  memberCount: number,
): Schemas['Organization'] {
  return {
    id: String(org.id),
    name: org.name,
    billing_admin_id: org.billing_admin_id === null ? null : String(org.billing_admin_id),
    seats: { standard: org.seats_standard, pro: org.seats_pro },
    member_count: Math.max(1, memberCount),
    require_two_factor: org.require_two_factor === true,
  };
}

/** The user with their organization and CRM connection ids (see UsersRepository.viewExtras). */
export function presentUser(user: User, extras: UserViewExtras): UserView {
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
            require_two_factor: extras.org_require_two_factor === true,
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
    // The one the extension's syncs go through (connections.forSync): the member's own, else the shared one.
    connection_id:
      personalId ??
      (organization !== null && extras.org_connection_id !== null ? String(extras.org_connection_id) : null),
    connection_status:
      extras.connection_needs_attention === null
        ? null
        : extras.connection_needs_attention
          ? 'needs_attention'
          : 'connected',
    join_timestamp: epochSeconds(user.created_at)!,
    software: user.software ? { slug: user.software } : null,
    subscription: presentSubscription(user),
    organization,
    two_factor_enabled: user.totp_secret !== null,
    must_set_up_two_factor:
      extras.org_require_two_factor === true &&
      !meetsRequiredTwoFactor(user, extras.session_sign_in_method ?? null),
  };
}

/** Parses an id of the contract ('42'); anything else matches no row (answered as 404 by callers). */
export function parseId(id: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(id)) return undefined;
  const n = Number(id);
  return n <= 2147483647 ? n : undefined;
}
