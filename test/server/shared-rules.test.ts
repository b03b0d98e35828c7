// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/** The pure rules of src/shared that the server enforces too: password strength, plans and seats. */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, it } from './helpers/node-test.js';
import {
  PASSWORD_MAX_LENGTH,
  PASSWORD_SYMBOLS,
  characterKinds,
  isAcceptablePassword,
  passwordStrength,
} from '../../src/shared/password-strength.js';
import { planKeyOf } from '../../src/shared/plans.js';
import { mailboxOf } from '../../src/shared/email.js';
import { assignedSeats, availableSeats, canAssignProduct, seatOptionLabel } from '../../src/shared/seats.js';

describe('password strength (docs/product.md#password-strength)', () => {
  it('grades by kinds and length', () => {
    assert.equal(passwordStrength(''), 'Too weak');
    assert.equal(passwordStrength('abcdef'), 'Too weak'); // one kind
    assert.equal(passwordStrength('abcde1'), 'Weak'); // 2 kinds, 6 chars
    assert.equal(passwordStrength('abc1'), 'Too weak'); // 2 kinds, too short
    assert.equal(passwordStrength('Abcdef1!'), 'Medium'); // 4 kinds, 8
    assert.equal(passwordStrength('Abcdefg1'), 'Weak'); // 3 kinds, 8
    assert.equal(passwordStrength('Abcdefgh1!'), 'Strong'); // 4 kinds, 10
    assert.equal(passwordStrength('Abcdef1!x'), 'Medium'); // 4 kinds, 9
  });
  it('knows the ASCII punctuation set as symbols', () => {
    assert.equal(PASSWORD_SYMBOLS.length, 32);
    for (const c of PASSWORD_SYMBOLS) assert.deepEqual(characterKinds(c), ['symbol']);
    assert.deepEqual(characterKinds('é €'), []);
  });
  it('accepts Medium and Strong only', () => {
    assert.equal(isAcceptablePassword('Abcdef1!'), true);
    assert.equal(isAcceptablePassword('abcde1'), false);
  });
  it("holds every call's password to the one length the forms allow", () => {
    const contract = parse(readFileSync('openapi.yaml', 'utf8')) as {
      components: { schemas: Record<string, { maxLength?: number }> };
    };
    assert.equal(contract.components.schemas.Password!.maxLength, PASSWORD_MAX_LENGTH);
  });
});

describe('seats (docs/product.md#seats)', () => {
  const purchased = { standard: 2, pro: 1 };
  it('normalizes products case-insensitively with Free as default', () => {
    assert.equal(planKeyOf('PRO'), 'pro');
    assert.equal(planKeyOf(undefined), 'free');
    assert.equal(planKeyOf('gold'), 'free');
  });
  it('counts available seats with the member own seat counted back, never below 0', () => {
    const assigned = assignedSeats(['standard', 'Standard', 'pro', null, 'free']);
    assert.deepEqual(assigned, { standard: 2, pro: 1 });
    assert.equal(availableSeats('standard', purchased, assigned, 'free'), 0);
    assert.equal(availableSeats('standard', purchased, assigned, 'standard'), 1);
    assert.equal(availableSeats('pro', { standard: 0, pro: 0 }, assigned, 'free'), 0);
  });
  it('allows Free always, a held product, or a free seat', () => {
    const assigned = { standard: 2, pro: 0 };
    assert.equal(canAssignProduct('free', purchased, assigned, 'pro'), true);
    assert.equal(canAssignProduct('standard', purchased, assigned, 'free'), false);
    assert.equal(canAssignProduct('standard', purchased, assigned, 'standard'), true);
    assert.equal(canAssignProduct('pro', purchased, assigned, 'standard'), true);
  });
  it('labels options as the spec words them, singular for one seat', () => {
    assert.equal(seatOptionLabel('standard', 2), 'Standard (2 seats available)');
    assert.equal(seatOptionLabel('standard', 1), 'Standard (1 seat available)');
    assert.equal(seatOptionLabel('pro', -1), 'Pro (0 seats available)');
  });
});

describe('the mailbox an address reaches', () => {
  it('drops a +tag and letter case, nothing else', () => {
    assert.equal(mailboxOf('Ada+news@Example.com'), 'ada@example.com');
    assert.equal(mailboxOf('ada@example.com'), 'ada@example.com');
    assert.equal(mailboxOf('a.da@example.com'), 'a.da@example.com');
    assert.equal(mailboxOf('+only@example.com'), '+only@example.com');
  });
});
