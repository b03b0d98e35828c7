/**
 * TOTP (RFC 6238) through otpauth: 6 digits, 30-second steps, SHA-1 (what every authenticator app
 * reads), one step of drift either way. A code is accepted once: the caller keeps the last step.
 */
import { Secret, TOTP } from 'otpauth';
import { randomBytes } from 'node:crypto';
import { recoveryCodeCharacters, totpDigits } from '../../shared/second-factor.js';
import { hashToken } from './tokens.js';

const ISSUER = 'CRM Sync';
const PERIOD = 30;

function totpOf(secret: string, label = 'account') {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret, base32 (160 bits). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// URI authenticator apps import (also as a QR code). */
export function totpUri(secret: string, email: string): string {
  return totpOf(secret, email).toString();
}

/**
 * The time step of a valid code newer than `lastStep`, or null. Only 6 digits are tried (anything else
 * is not a code), so a wrong guess costs no more than the comparison.
 */
export function acceptTotp(
  secret: string,
  code: string,
  lastStep: number | null,
  now = Date.now(),
): number | null {
  const digits = totpDigits(code);
  if (digits === null) return null;
  const delta = totpOf(secret).validate({ token: digits, window: 1, timestamp: now });
  if (delta === null) return null;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  return lastStep !== null && step <= lastStep ? null : step;
}

const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** Ten recovery codes such as "k7m2-x9qp-4tdw", shown once; only their hashes are stored. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(12);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
  });
}

/** The stored form of a recovery code: letter case, spaces and dashes do not matter. */
export function recoveryCodeHash(code: string): string {
  return hashToken(recoveryCodeCharacters(code));
}
