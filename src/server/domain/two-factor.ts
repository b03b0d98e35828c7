/** Two-factor rules shared by sign-in and the Settings operations. */
import type { SignInMethod, User } from '../db/schema.js';
import { forbidden } from './errors.js';
import { looksLikeRecoveryCode } from '../../shared/second-factor.js';
import { acceptTotp, recoveryCodeHash } from '../security/totp.js';
import type { Repositories } from '../repositories/index.js';
import type { SecretBox } from '../security/secret-box.js';
import { message } from '../../contract/messages.js';

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
 * API's gate (enforceRequiredTwoFactor) and what the app is told (the user's `must_set_up_two_factor`) ask.
 */
export function meetsRequiredTwoFactor(
  user: Pick<User, 'totp_secret'>,
  signInMethod: SignInMethod | null,
): boolean {
  return user.totp_secret !== null || signInMethod === 'sso';
}

/**
 * Refuses (403) the operations of a signed-in user whose organization requires two-factor sign-in and
 * whose session does not meet it, except those needed to set it up (the app sends them to Settings).
 */
export function enforceRequiredTwoFactor(
  user: User,
  organizationRequiresIt: boolean,
  signInMethod: SignInMethod | null,
  operationId: string,
  allowsAnonymous: boolean,
): void {
  if (meetsRequiredTwoFactor(user, signInMethod) || user.organization_id === null) return;
  if (allowsAnonymous || REACHABLE_BEFORE_SET_UP.has(operationId)) return;
  if (organizationRequiresIt) throw forbidden(TWO_FACTOR_REQUIRED);
}
