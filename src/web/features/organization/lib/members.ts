/**
 * Pure rules of the Organization screens: plan badge colours, searching and paging the
 * members (an organization may have thousands), and the Product options of the member edit page
 * (docs/product.md#member-edit, on top of the shared seat rule).
 */
import type { components, operations } from '../../../../contract/api';
import { canChangeRole, canHoldProduct, ROLE_NAMES, roleOf } from '../../../../shared/permissions';
import { PLAN_NAMES, planKeyOf, SEAT_PLAN_KEYS, type PlanKey } from '../../../../shared/plans';
import {
  availableSeats,
  canAssignProduct,
  seatOptionLabel,
  type PurchasedSeats,
} from '../../../../shared/seats';

export type OrganizationMember = components['schemas']['OrganizationMember'];
export type Invitation = components['schemas']['Invitation'];
export type Role = components['schemas']['Role'];

export type PlanBadgeColor = 'default' | 'primary' | 'secondary';

/** Each plan gets its own badge colour (docs/product.md#members). */
export function planBadgeColor(product: string | null | undefined): PlanBadgeColor {
  const colors: Record<PlanKey, PlanBadgeColor> = { free: 'default', standard: 'primary', pro: 'secondary' };
  return colors[planKeyOf(product)];
}

/** The English name of a role (its message id): 'Admin', 'Billing manager'... */
export function roleName(role: string): string {
  return ROLE_NAMES[roleOf(role)];
}

/** 'Grace Hopper (grace@example.com)', or the email alone for a member without a name. */
export function memberLabel(member: Pick<OrganizationMember, 'name' | 'email'>): string {
  return member.name ? `${member.name} (${member.email})` : member.email;
}

/** docs/product.md#member-edit: making a member an admin is for good (the Admin role cannot be changed afterwards). */
export function isPromotionToAdmin(member: Pick<OrganizationMember, 'role'>, role: Role): boolean {
  return canChangeRole(member) && role === 'admin';
}

/** docs/product.md#seats: whether a member holds a paid seat that can be moved to someone else. */
export function holdsSeat(member: Pick<OrganizationMember, 'subscription'>): boolean {
  return memberProduct(member) !== 'free';
}

/** Whether `member` can take `from`'s seat: another member on Free whose role may hold a product (not a billing manager). */
export function canTakeSeatOf(
  from: Pick<OrganizationMember, 'id' | 'subscription'>,
  member: Pick<OrganizationMember, 'id' | 'role' | 'subscription'>,
): boolean {
  return (
    member.id !== from.id &&
    memberProduct(member) === 'free' &&
    canHoldProduct(member.role, memberProduct(from))
  );
}

/** Who among `members` (e.g. the server's answer to a search) can take `from`'s seat. */
export function seatMoveTargets<M extends Pick<OrganizationMember, 'id' | 'role' | 'subscription'>>(
  from: Pick<OrganizationMember, 'id' | 'subscription'>,
  members: readonly M[],
): M[] {
  return members.filter((member) => canTakeSeatOf(from, member));
}

export function memberProduct(member: Pick<OrganizationMember, 'subscription'>): PlanKey {
  return planKeyOf(member.subscription?.stripe_product);
}

type MembersQuery = NonNullable<operations['getOrganizationMembers']['parameters']['query']>;
export type MemberSort = NonNullable<MembersQuery['sort']>;
export type SortOrder = NonNullable<MembersQuery['order']>;

/** A click on the sorted column flips its order; another column sorts ascending. */
export function nextSort(
  current: { sort: MemberSort; order: SortOrder },
  clicked: MemberSort,
): { sort: MemberSort; order: SortOrder } {
  if (current.sort !== clicked) return { sort: clicked, order: 'asc' };
  return { sort: clicked, order: current.order === 'asc' ? 'desc' : 'asc' };
}

/** The index of the last page (0-based), 0 when there are no rows. */
export function lastPageIndex(count: number, rowsPerPage: number): number {
  return Math.max(0, Math.ceil(count / rowsPerPage) - 1);
}

export function findMember<M extends Pick<OrganizationMember, 'id'>>(
  members: readonly M[],
  userId: string | undefined,
): M | null {
  if (!userId) return null;
  return members.find((member) => String(member.id) === userId) ?? null;
}

export interface ProductOption {
  value: PlanKey;
  label: string;
  disabled: boolean;
}

/**
 * The Product options for `member` (docs/product.md#member-edit): Free always; Standard and Pro enabled only with a free
 * seat or when the member already holds that product, labelled '(N seats available)'.
 */
export function productOptions(
  member: Pick<OrganizationMember, 'subscription'>,
  /** How many members of the whole organization hold each paid product (get-organization-members). */
  assigned: PurchasedSeats,
  purchased: PurchasedSeats,
): ProductOption[] {
  const own = memberProduct(member);
  return [
    { value: 'free', label: PLAN_NAMES.free, disabled: false },
    ...SEAT_PLAN_KEYS.map((product) => ({
      value: product,
      label: seatOptionLabel(product, availableSeats(product, purchased, assigned, own)),
      disabled: !canAssignProduct(product, purchased, assigned, own),
    })),
  ];
}
