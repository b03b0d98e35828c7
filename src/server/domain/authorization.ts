/**
 * The server's side of src/shared/permissions.ts: the same table decides, and these turn a "no" into the
 * refusal users read. The SPA reads the table to decide what to show; the server enforces it.
 */
import { managesBilling, roleCan, type Permission } from '../../shared/permissions.js';
import type { Repositories } from '../repositories/index.js';
import type { Organization, User } from '../db/schema.js';
import { forbidden } from './errors.js';
import { message } from '../../contract/messages.js';

export const ONLY_ADMINS = message('admin_only');

export function requirePermission(user: User, permission: Permission, refusal = ONLY_ADMINS): void {
  if (!roleCan(user.role, permission)) throw forbidden(refusal);
}

/**
 * The caller's organization (undefined when they have none yet), once the table lets them do `permission`
 * to it: the settings an admin keeps for the whole organization (SCIM, single sign-on).
 */
export async function permittedOrganization(
  repos: Repositories,
  user: User,
  permission: Permission,
): Promise<Organization | undefined> {
  requirePermission(user, permission);
  return user.organization_id === null ? undefined : repos.organizations.get(user.organization_id);
}

export const BILLING_ELSEWHERE = message('billing_by_billing_admin');

/**
 * Billing belongs to the billing admin, or to any admin while the organization has none
 * (docs/product.md#billing-views, enforced on the server too), and to billing managers.
 * Answers the payer: the account whose subscription the payment seam bills, which for a billing manager
 * is the organization's billing admin (the manager holds no product of their own).
 */
export async function requireBillingManager(repos: Repositories, user: User): Promise<User> {
  requirePermission(user, 'billing.manage');
  const organization =
    user.organization_id === null ? undefined : await repos.organizations.get(user.organization_id);
  if (!managesBilling({ id: user.id, role: user.role, organization })) throw forbidden(BILLING_ELSEWHERE);
  const payerId = organization?.billing_admin_id ?? null;
  if (payerId === null || payerId === user.id || !roleCan(user.role, 'billing.delegate')) return user;
  return (await repos.users.findById(payerId)) ?? user;
}
