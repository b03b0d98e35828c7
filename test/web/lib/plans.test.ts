/**
 * @jest-environment node
 */
import { PLAN_KEYS, PLAN_NAMES, planKeyOf, planName, isSeatPlan } from '../../../src/shared/plans';

// docs/product.md#subscription: stripe_product is Free, Standard or Pro, compared case-insensitively and defaulting to Free.
describe('planKeyOf / planName', () => {
  test.each([
    ['Standard', 'standard', 'Standard'],
    ['STANDARD', 'standard', 'Standard'],
    [' pro ', 'pro', 'Pro'],
    ['Free', 'free', 'Free'],
    ['', 'free', 'Free'],
    [null, 'free', 'Free'],
    [undefined, 'free', 'Free'],
    ['enterprise', 'free', 'Free'],
  ])('%p reads as %p, shown as %p', (product, key, name) => {
    expect(planKeyOf(product)).toBe(key);
    expect(planName(product)).toBe(name);
  });
});

test('the plans are Free, Standard and Pro in that order; only the paid ones have seats', () => {
  expect(PLAN_KEYS.map((key) => PLAN_NAMES[key])).toEqual(['Free', 'Standard', 'Pro']);
  expect(PLAN_KEYS.filter(isSeatPlan)).toEqual(['standard', 'pro']);
});
