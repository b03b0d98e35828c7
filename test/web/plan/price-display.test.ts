/**
 * @jest-environment node
 */
import {
  couponDiscountText,
  billingPeriodSuffix,
  billingPeriodLabel,
  displayedMonthlyPrice,
  featureLabel,
  formatAmount,
  orgSubscriptionTotal,
  planFeatures,
  titleCase,
} from '../../../src/web/entities/plan';
import { planKeyOf } from '../../../src/shared/plans';

describe('displayedMonthlyPrice (docs/product.md#displayed-prices)', () => {
  test.each([
    // yearly: price / 1200, rounded
    ['yearly', 0, 0],
    ['yearly', 31200, 26],
    ['yearly', 63600, 53],
    ['yearly', 1799, 1], // 1.499 rounds down
    ['yearly', 1800, 2], // 1.5 rounds up
    ['yearly', 30599, 25], // 25.499
    ['yearly', 30600, 26], // 25.5
    // monthly: price / 100, rounded down
    ['monthly', 0, 0],
    ['monthly', 3900, 39],
    ['monthly', 7900, 79],
    ['monthly', 3999, 39],
    ['monthly', 3950, 39],
    ['monthly', 99, 0],
  ] as const)('%s price of %i cents shows %i', (schedule, cents, expected) => {
    expect(displayedMonthlyPrice(cents, schedule)).toBe(expected);
  });
});

describe('feature labels', () => {
  test.each([
    ['account_manager', 'Account Manager'],
    ['credits', 'Credits'],
    ['support', 'Support'],
    ['crm_sync', 'CRM Sync'],
    ['crmSync', 'CRM Sync'],
    ['bulk_export', 'Bulk Export'],
    ['bulkExport', 'Bulk Export'],
    ['API-access', 'API Access'],
    ['APIAccess', 'API Access'],
    ['sso_login', 'SSO Login'],
    ['csv_export', 'CSV Export'],
    ['oauth_apps', 'OAuth Apps'],
    ['team_id', 'Team ID'],
    ['crmsync', 'Crmsync'], // not a known word: plain title case
  ])('%s is labelled %s', (key, label) => {
    expect(featureLabel(key)).toBe(label);
  });

  test('titleCase copes with repeated separators', () => {
    expect(titleCase('__team  seats__')).toBe('Team Seats');
  });

  test('planFeatures lists the known keys first, then the others in server order', () => {
    expect(
      planFeatures({
        crm_sync: true,
        support: 'Priority',
        credits: 250,
        account_manager: false,
        bulk_export: 'yes',
      }),
    ).toEqual([
      { key: 'account_manager', label: 'Account Manager', value: false },
      { key: 'credits', label: 'Credits', value: 250 },
      { key: 'support', label: 'Support', value: 'Priority' },
      { key: 'crm_sync', label: 'CRM Sync', value: true },
      { key: 'bulk_export', label: 'Bulk Export', value: 'yes' },
    ]);
  });
});

describe('orgSubscriptionTotal (docs/product.md#api-calls)', () => {
  test.each([
    [[], 0],
    [[{ unitAmount: 3900, quantity: 1 }], 39],
    [
      [
        { unitAmount: 31200, quantity: 2 },
        { unitAmount: 63600, quantity: 3 },
      ],
      2532,
    ],
    [[{ unitAmount: 1999, quantity: 3 }], 59.97],
    [[{ unitAmount: 7900, quantity: 0 }], 0],
  ])('%j totals %d', (items, total) => {
    expect(orgSubscriptionTotal(items)).toBeCloseTo(total, 10);
  });
});

test.each([
  [0, '$0'],
  [39, '$39'],
  [2532, '$2,532'],
  [59.97, '$59.97'],
  [12.5, '$12.50'],
])('formatAmount(%d) is %s', (amount, text) => {
  expect(formatAmount(amount)).toBe(text);
});

test.each([
  ['Standard', 'standard'],
  ['PRO', 'pro'],
  ['free', 'free'],
  [null, 'free'],
  [undefined, 'free'],
  ['enterprise', 'free'],
])('planKeyOf(%p) is %s', (product, key) => {
  expect(planKeyOf(product)).toBe(key);
});

test.each([
  ['yearly', 'Yearly'],
  ['monthly', 'Monthly'],
  [null, 'Monthly'],
])('billingPeriodLabel(%p) is %s', (interval, label) => {
  expect(billingPeriodLabel(interval)).toBe(label);
});

test.each([
  ['monthly', 'per month'],
  ['yearly', 'per year'],
  [null, null],
  [undefined, null],
])('a total billed %p is %p', (interval, suffix) => {
  expect(billingPeriodSuffix(interval)).toBe(suffix);
});

test.each([
  ['LAUNCH30', 30, '30% off.'],
  ['Launch offer: 30% off', 30, null],
  ['SPRING: 30% OFF today', 30, null],
  ['Launch offer: 30% off', 20, '20% off.'],
])('the coupon %p at %i% adds %p', (name, percent_off, text) => {
  expect(couponDiscountText({ name, percent_off })).toBe(text);
});
