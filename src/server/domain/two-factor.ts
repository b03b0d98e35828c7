/** Two-factor rules shared by sign-in and the Settings operations. */
import type { SignInMethod, User } from '../db/schema.js';
import { looksLikeRecoveryCode } from '../../shared/second-factor.js';
import { acceptTotp, recoveryCodeHash } from '../security/totp.js';
import type { InTransaction, Repositories } from '../repositories/index.js';
import { personOf } from '../repositories/audit.js';
import type { SecretBox } from '../security/secret-box.js';
import { message, type Message } from '../../contract/messages.js';

/**
 * Two-factor sign-in off for `user`, in the caller's transaction: its secret, a setup in progress and the
 * recovery codes are forgotten, and `two_factor.disabled` is audited when it was on. The one way it goes off:
 * its owner turning it off (with a code), and Google's proof of the address, which distrusts a second
 * factor set up by whoever held the account before, as it does their password. Ending the sessions and
 * pending sign-ins is the caller's (endSignInsOf).
 */
export async function forgetSecondFactor(
  tx: InTransaction,
  user: User,
  { ip }: { ip: string | null },
): Promise<void> {
  await tx.users.update(user.id, { totp_secret: null, totp_pending_secret: null, totp_last_step: null });
  await tx.twoFactor.forgetRecoveryCodes(user.id);
  if (user.totp_secret === null) return;
  await tx.audit.record({
    type: 'two_factor.disabled',
    organizationId: user.organization_id,
    actor: personOf(user),
    target: personOf(user),
    ip,
  });
}

/** The user's TOTP secret (base32), opened from its sealed form. */
export function totpSecretOf(services: { secretBox: SecretBox }, sealed: string): string {
  return services.secretBox.open<string>(sealed);
}

/**
 * Checks a second factor of a user with two-factor sign-in: a TOTP code (each accepted once) or an
 * unused recovery code (spent). Answers which one worked, or null.
 */
export async function checkSecondFactor(
  services: { secretBox: SecretBox; repos: Pick<Repositories, 'twoFactor'> },
  user: User,
  code: string,
): Promise<'code' | 'recovery code' | null> {
  if (user.totp_secret === null) return null;
  const step = acceptTotp(totpSecretOf(services, user.totp_secret), code, user.totp_last_step);
  if (step !== null) return (await services.repos.twoFactor.acceptStep(user.id, step)) ? 'code' : null;
  if (looksLikeRecoveryCode(code)) {
    return (await services.repos.twoFactor.useRecoveryCode(user.id, recoveryCodeHash(code)))
      ? 'recovery code'
      : null;
  }
  return null;
}

/**
 * The way in a second factor of this shape would make, known before the code is tried: what a refusal
 * before it (the IP allow-list's) is audited as.
 */
export function methodOfSecondFactor(code: string): 'password+code' | 'password+recovery code' {
  return looksLikeRecoveryCode(code) ? 'password+recovery code' : 'password+code';
}

/** The refusal of a wrong, reused or spent code (sign-in and turning two-factor sign-in off). */
export const INVALID_CODE = message('two_factor_code_invalid');

const TWO_FACTOR_REQUIRED = message('two_factor_required');

/** What a user whose organization requires two-factor sign-in may still do before setting it up. */
export const REACHABLE_BEFORE_SET_UP = new Set([
  'getUser',
  'logout',
  'getTwoFactor',
  'startTwoFactorSetup',
  'confirmTwoFactorSetup',
  'setTwoFactorRequirement',
  'listSessions',
  'endSession',
  'endOtherSessions',
  'changePassword',
]);

/**
 * Whether a session meets its organization's requirement of two-factor sign-in
 * (docs/product.md#two-factor-sign-in): the account has the product's own second factor, or the session was
 * signed in through the organization's identity provider, whose sign-in applies its own. The one rule the
 * session resolver (twoFactorRefusal, http/session-user.ts) and what the app is told (the user's `must_set_up_two_factor`) ask.
 */
export function meetsRequiredTwoFactor(
  user: Pick<User, 'totp_secret'>,
  signInMethod: SignInMethod | null,
): boolean {
  return user.totp_secret !== null || signInMethod === 'sso';
}

/**
 * Why the organization's two-factor requirement refuses a signed-in user's session here, or undefined:
 * their organization requires it and the session does not meet it. `operationId`: the API operation called,
 * those needed to set it up let through (the app sends them to Settings); undefined for a page of the server's
 * (the sandboxes', support), which is none of them.
 */
export function twoFactorRefusal(
  user: User,
  organizationRequiresIt: boolean,
  signInMethod: SignInMethod | null,
  operationId?: string,
): Message | undefined {
  if (meetsRequiredTwoFactor(user, signInMethod) || user.organization_id === null) return undefined;
  if (operationId !== undefined && REACHABLE_BEFORE_SET_UP.has(operationId)) return undefined;
  return organizationRequiresIt ? TWO_FACTOR_REQUIRED : undefined;
}
