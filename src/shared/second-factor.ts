/**
 * What a second factor looks like: a 6-digit code of an authenticator app ("123 456" reads the same) or a
 * recovery code ("k7m2-x9qp-4tdw": letter case, spaces and dashes do not matter). The server tries only
 * codes of these shapes; the app checks the shape before sending. Pure: no Node or browser imports.
 */

/** The digits of an authenticator code, or null when it is not six digits. */
export function totpDigits(code: string): string | null {
  const digits = code.replace(/\s+/g, '');
  return /^\d{6}$/.test(digits) ? digits : null;
}

/** A recovery code's characters, as stored (hashed): lowercase, no spaces or dashes. */
export function recoveryCodeCharacters(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

export function looksLikeRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{12}$/.test(recoveryCodeCharacters(code));
}

/** Either kind of second factor. */
export function looksLikeSecondFactor(code: string): boolean {
  return totpDigits(code) !== null || looksLikeRecoveryCode(code);
}
