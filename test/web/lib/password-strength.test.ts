/**
 * @jest-environment node
 */
// Table tests of the shared rule (docs/product.md#password-strength) as the SPA uses it: the live meter and the submit guards.
import {
  isAcceptablePassword,
  passwordStrength,
  PASSWORD_SYMBOLS,
  RESET_PASSWORD_MESSAGE,
  SIGNUP_PASSWORD_MESSAGE,
} from '../../../src/shared/password-strength';

test.each([
  ['', 'Too weak'],
  ['abcdefghij', 'Too weak'], // one kind, however long
  ['aB1', 'Too weak'], // three kinds but under 6 characters
  ['abcde1', 'Weak'], // 2 kinds, 6 characters
  ['ABCDEF!', 'Weak'],
  ['abcDEF12', 'Weak'], // 3 kinds, 8 characters: Medium needs all 4
  ['aB1!aB1', 'Weak'], // 4 kinds but only 7 characters
  ['aB1!aB1!', 'Medium'], // 4 kinds, 8 characters
  ['aB1!aB1!a', 'Medium'],
  ['aB1!aB1!aB', 'Strong'], // 4 kinds, 10 characters
  ['Correct-Horse-9-Battery', 'Strong'],
])('%p is %s', (password, level) => {
  expect(passwordStrength(password)).toBe(level);
});

test('every character of the standard punctuation list counts as a symbol', () => {
  for (const symbol of PASSWORD_SYMBOLS) {
    expect(passwordStrength(`aB1${symbol}aB1x`)).toBe('Medium');
  }
  expect(passwordStrength('aB1 aB1x')).toBe('Weak'); // a space is not in the list
});

test('only Medium and Strong pass the submit guard', () => {
  expect(isAcceptablePassword('abcde1')).toBe(false);
  expect(isAcceptablePassword('aB1!aB1!')).toBe(true);
});

test('the blocking messages are the exact texts of docs/product.md#signing-up', () => {
  expect(SIGNUP_PASSWORD_MESSAGE).toBe(
    'Please pick a stronger password (it must have 8+ characters and include 1+ lowercase, 1+ uppercase, 1+ digit, 1+ symbol).',
  );
  expect(RESET_PASSWORD_MESSAGE).toBe(
    'Please pick a stronger password (at least Medium) - requires at least 8 characters, 1 lowercase letter, 1 uppercase letter, 1 digit, and 1 symbol.',
  );
});
