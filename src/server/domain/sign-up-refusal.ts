/**
 * May this signup join this organization? A password or Google signup that joins an organization at once
 * (an invitation, automatic joining: createAccount) is refused up front when the organization would refuse
 * the new member's sign-in: it requires single sign-on of them (docs/product.md#require-sso), or its IP
 * allow-list leaves out the caller's address (docs/product.md#session-and-network-policies). Asked first
 * in the account's transaction, so a refusal leaves no account, membership or spent invitation, only its
 * audit entry (SignUpRefused, written by auditRefusedSignUp once the transaction is undone).
 */
import type { SignInMethod, User } from '../db/schema.js';
import type { Repositories } from '../repositories/index.js';
import { ssoRequiredSignUpRefusal } from './require-sso.js';
import { networkRefusalOf } from './session-policies.js';
import { SignUpRefused } from './sign-in-refusal.js';

export async function refuseSignUpJoining(
  tx: Pick<Repositories, 'sso' | 'organizations' | 'sessionPolicies'>,
  user: User,
  method: SignInMethod,
  ip: string,
): Promise<void> {
  if (user.organization_id === null) return;
  const refusal =
    (await ssoRequiredSignUpRefusal(tx, user)) ?? (await networkRefusalOf(tx, user.organization_id, ip));
  if (refusal) throw new SignUpRefused(user.organization_id, user.email, { method, ip }, refusal);
}
