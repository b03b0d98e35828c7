/**
 * @jest-environment node
 */
import {
  findMember,
  lastPageIndex,
  nextSort,
  planBadgeColor,
  productOptions,
  roleName,
} from '../../../src/web/features/organization/lib/members';
import { planName } from '../../../src/shared/plans';

function member(id: string, product: string | null, name = `Member ${id}`) {
  return {
    id,
    name,
    email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`,
    subscription: {
      stripe_product: product as 'Free' | 'Standard' | 'Pro',
      stripe_interval: null,
      stripe_status: null,
      stripe_subscription_id: null,
      next_payment_date: null,
      payment_method: null,
    },
  };
}

describe('plans', () => {
  test.each([
    ['Free', 'Free', 'default'],
    ['standard', 'Standard', 'primary'],
    ['PRO', 'Pro', 'secondary'],
    [null, 'Free', 'default'],
  ])('%p is shown as %s with the %s colour', (product, name, color) => {
    expect(planName(product)).toBe(name);
    expect(planBadgeColor(product)).toBe(color);
  });

  test('Free, Standard and Pro have three different colours', () => {
    expect(new Set(['Free', 'Standard', 'Pro'].map(planBadgeColor)).size).toBe(3);
  });

  test('role names are capitalised', () => {
    expect(roleName('admin')).toBe('Admin');
    expect(roleName('member')).toBe('Member');
  });
});

describe('paging and sorting', () => {
  test('the last page index', () => {
    expect(lastPageIndex(53, 25)).toBe(2);
    expect(lastPageIndex(50, 25)).toBe(1);
    expect(lastPageIndex(0, 25)).toBe(0);
  });

  test('a click on the sorted column flips the order; another column starts ascending', () => {
    expect(nextSort({ sort: 'joined', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort({ sort: 'name', order: 'asc' }, 'name')).toEqual({ sort: 'name', order: 'desc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc' });
    expect(nextSort({ sort: 'name', order: 'desc' }, 'product')).toEqual({ sort: 'product', order: 'asc' });
  });
});

describe('findMember', () => {
  const members = [member('7', 'Free'), member('8', 'Pro')];

  test('finds by the id of the route', () => {
    expect(findMember(members, '8')?.id).toBe('8');
  });

  test('is null for an unknown or missing id', () => {
    expect(findMember(members, '9')).toBeNull();
    expect(findMember(members, undefined)).toBeNull();
  });
});

describe('productOptions (docs/product.md#member-edit)', () => {
  const team = [member('1', 'Standard'), member('2', 'Standard'), member('3', 'Pro'), member('4', 'Free')];
  // What get-organization-members answers for this team.
  const assigned = { standard: 2, pro: 1 };

  test('a Free member with one Standard seat left and no Pro seat left', () => {
    expect(productOptions(team[3], assigned, { standard: 3, pro: 1 })).toEqual([
      { value: 'free', label: 'Free', disabled: false },
      { value: 'standard', label: 'Standard (1 seat available)', disabled: false },
      { value: 'pro', label: 'Pro (0 seats available)', disabled: true },
    ]);
  });

  test('a Standard member keeps Standard enabled with every seat taken (own seat counted back)', () => {
    expect(productOptions(team[0], assigned, { standard: 2, pro: 1 })).toEqual([
      { value: 'free', label: 'Free', disabled: false },
      { value: 'standard', label: 'Standard (1 seat available)', disabled: false },
      { value: 'pro', label: 'Pro (0 seats available)', disabled: true },
    ]);
  });

  test('labels never go below 0 when more seats are assigned than bought', () => {
    expect(productOptions(team[2], assigned, { standard: 0, pro: 0 })).toEqual([
      { value: 'free', label: 'Free', disabled: false },
      { value: 'standard', label: 'Standard (0 seats available)', disabled: true },
      { value: 'pro', label: 'Pro (0 seats available)', disabled: false },
    ]);
  });
});
