/**
 * @jest-environment node
 */
import { capState, parseCapInput } from '../../../src/shared/credits';
import { defaultFilters, periodProblem } from '../../../src/web/features/usage/lib/usage-filters';

// docs/product.md#monthly-caps: the warning states of usage against a cap, the cap input, the report's period.

test.each([
  [0, null, 'unlimited'],
  [74, 100, 'ok'],
  [75, 100, 'warning'],
  [99, 100, 'warning'],
  [100, 100, 'reached'],
  [3, 0, 'reached'],
] as const)('%i spent of a cap of %p is %s', (spent, cap, state) => {
  expect(capState(spent, cap)).toBe(state);
});

test.each([
  ['', null],
  ['  ', null],
  ['0', 0],
  ['250', 250],
  ['1000000', 1_000_000],
  ['1000001', undefined],
  ['-1', undefined],
  ['2.5', undefined],
  ['ten', undefined],
])('the cap field %p reads as %p', (text, cap) => {
  expect(parseCapInput(text)).toBe(cap);
});

test('a period is real days, in order, at most 366 of them', () => {
  expect(periodProblem('2026-01-01', '2026-01-31')).toBeNull();
  expect(periodProblem('2026-02-01', '2026-01-31')).toBe('The period ends before it starts.');
  expect(periodProblem('2025-01-01', '2026-01-02')).toBe('Pick a period of at most 366 days.');
  expect(periodProblem('', '2026-01-02')).toBe('Pick a start and an end date.');
});

test('the Usage page opens on this month so far (UTC)', () => {
  expect(defaultFilters(new Date('2026-03-17T23:30:00Z'))).toEqual({
    from: '2026-03-01',
    to: '2026-03-17',
    member: '',
    memberName: '',
    feature: '',
  });
});
