/**
 * A way in an organization's policy refuses ("Require SSO", docs/product.md#require-sso; the IP allow-list,
 * docs/product.md#session-and-network-policies): audited as `auth.sign_in_failed` with the method and the
 * refusal's code as reason, then answered 403 with its sentence. A sign-in is audited as it is refused; a
 * signup, refused inside its account's transaction, once that transaction is undone (SignUpRefused), so
 * the entry is all it leaves.
 */
import type { Message } from '../../contract/messages.js';
import type { SignInMethod, User } from '../db/schema.js';
import { personOf, type AuditEventInput } from '../repositories/audit.js';
import type { Repositories } from '../repositories/index.js';
import { DomainError, forbidden } from './errors.js';

interface WayIn {
  method: SignInMethod;
  ip: string | null;
}

/** The one entry of a refused way in: who (an account, or only an address), how, from where, and why. */
function refusalEntry(
  organizationId: number | null,
  target: { id: number | null; email: string },
  { method, ip }: WayIn,
  refusal: Message,
): AuditEventInput {
  return {
    type: 'auth.sign_in_failed',
    organizationId,
    actor: null,
    target,
    ip,
    details: { method, reason: refusal.code },
  };
}

export async function refuseSignIn(
  repos: Pick<Repositories, 'audit'>,
  user: User,
  wayIn: WayIn,
  refusal: Message,
): Promise<never> {
  await repos.audit.record(refusalEntry(user.organization_id, personOf(user), wayIn, refusal));
  throw forbidden(refusal);
}

/**
 * A signup refused inside its account's transaction (refuseSignUpJoining, domain/sign-up-refusal.ts): a 403
 * carrying its audit entry, which auditRefusedSignUp writes once the transaction is undone. The entry
 * names the address only: the account was never made.
 */
export class SignUpRefused extends DomainError {
  readonly entry: AuditEventInput;

  constructor(organizationId: number, email: string, wayIn: WayIn, refusal: Message) {
    super('forbidden', refusal);
    this.entry = refusalEntry(organizationId, { id: null, email }, wayIn, refusal);
  }
}

/** Runs a signup; a refusal of it (SignUpRefused) is audited after its transaction, on its own. */
export async function auditRefusedSignUp<T>(
  repos: Pick<Repositories, 'audit'>,
  signUp: () => Promise<T>,
): Promise<T> {
  try {
    return await signUp();
  } catch (error) {
    if (error instanceof SignUpRefused) await repos.audit.record(error.entry);
    throw error;
  }
}
