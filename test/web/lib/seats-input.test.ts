import { normalizeSeats } from '../../../src/web/lib/seats-input';

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
