/**
 * @jest-environment node
 */
import {
  MAX_SEATS,
  normalizeSeats,
  seatsHint,
  seatsProblem,
} from '../../../src/web/features/billing/lib/seats-input';

test.each([
  ['3', 3],
  ['1', 1],
  ['0', 1],
  ['-4', 1],
  ['2.9', 2],
  ['  7 ', 7],
  ['', 1],
  ['abc', 1],
  [12, 12],
  [0.5, 1],
  [-1, 1],
  [Number.NaN, 1],
  [Number.POSITIVE_INFINITY, 1],
])('seats typed as %p become %i', (typed, seats) => {
  expect(normalizeSeats(typed)).toBe(seats);
});

test('the maximum is the contract’s, said in words', () => {
  expect(MAX_SEATS).toBe(1000);
  expect(seatsHint()).toBe('1 to 1,000 seats per order.');
  expect(seatsProblem('1000')).toBeNull();
  expect(seatsProblem('1')).toBeNull();
  expect(seatsProblem('0')).toBeNull();
  expect(seatsProblem('1001')).toBe('You can buy at most 1,000 seats in one order.');
  expect(seatsProblem(25_000)).toBe('You can buy at most 1,000 seats in one order.');
});
