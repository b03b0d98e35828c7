/**
 * @jest-environment node
 */
import { normalizeEmail, sameEmail } from '../../../src/shared/email';

test('docs/product.md#email-addresses: an address is stored trimmed and in lower case', () => {
  expect(normalizeEmail('  Alice@Example.COM ')).toBe('alice@example.com');
});

test.each([
  ['Alice@Example.com', 'alice@example.com', true],
  ['BOB@x.com', ' bob@x.com', true],
  ['bob@x.com', 'bob@y.com', false],
  ['bob@x.com', null, false],
])('sameEmail(%j, %j) is %j', (a, b, expected) => {
  expect(sameEmail(a, b)).toBe(expected);
});
