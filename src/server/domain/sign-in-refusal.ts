/**
 * A sign-in an organization's policy refuses ("Require SSO", docs/product.md#require-sso; the IP allow-list,
 * docs/product.md#session-and-network-policies): audited as `auth.sign_in_failed` with the method and the
 * refusal's code as reason, then answered 403 with its sentence.
 */
import type { Message } from '../../contract/messages.js';
import type { SignInMethod, User } from '../db/schema.js';
import { personOf } from '../repositories/audit.js';
import type { Repositories } from '../repositories/index.js';
import { forbidden } from './errors.js';

export async function refuseSignIn(
  repos: Pick<Repositories, 'audit'>,
  user: User,
  { method, ip }: { method: SignInMethod; ip: string | null },
  refusal: Message,
): Promise<never> {
  await repos.audit.record({
    type: 'auth.sign_in_failed',
    organizationId: user.organization_id,
    actor: null,
    target: personOf(user),
    ip,
    details: { method, reason: refusal.code },
  });
  throw forbidden(refusal);
}
