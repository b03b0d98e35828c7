/**
 * Password strength rule (docs/product.md#password-strength), shared by the SPA (live meter, submit guard) and
 * the server (signup and reset-password), so both always agree. Pure: no Node or browser imports.
 */

export type PasswordStrength = 'Too weak' | 'Weak' | 'Medium' | 'Strong';

export type CharacterKind = 'lowercase' | 'uppercase' | 'number' | 'symbol';

/** The standard ASCII punctuation list (the 32 printable characters that are neither letters nor digits). */
/** The longest password any call takes (the contract's Password schema): forms stop typing there too. */
export const PASSWORD_MAX_LENGTH = 256;

export const PASSWORD_SYMBOLS = '!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~';

export function characterKinds(password: string): CharacterKind[] {
  const kinds: CharacterKind[] = [];
  if (/[a-z]/.test(password)) kinds.push('lowercase');
  if (/[A-Z]/.test(password)) kinds.push('uppercase');
  if (/[0-9]/.test(password)) kinds.push('number');
  if ([...password].some((c) => PASSWORD_SYMBOLS.includes(c))) kinds.push('symbol');
  return kinds;
}

export function passwordStrength(password: string): PasswordStrength {
  const kinds = characterKinds(password).length;
  // Length counts code points, so an emoji is one character, as a person would count it.
  const length = [...password].length;
  if (kinds === 4 && length >= 10) return 'Strong';
  if (kinds === 4 && length >= 8) return 'Medium';
  if (kinds >= 2 && length >= 6) return 'Weak';
  return 'Too weak';
}

/** Signup and reset both require at least Medium (docs/product.md#signing-up blocks Too weak and Weak). */
export function isAcceptablePassword(password: string): boolean {
  const strength = passwordStrength(password);
  return strength === 'Medium' || strength === 'Strong';
}

export const SIGNUP_PASSWORD_MESSAGE =
  'Please pick a stronger password (it must have 8+ characters and include 1+ lowercase, 1+ uppercase, 1+ digit, 1+ symbol).';

export const RESET_PASSWORD_MESSAGE =
  'Please pick a stronger password (at least Medium) - requires at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 digit, and 1 symbol.';
