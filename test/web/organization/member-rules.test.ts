import {
  filterMembers,
  findMember,
  lastPageIndex,
  pageRows,
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

describe('filterMembers', () => {
  const members = [member('1', 'Free', 'Ada Lovelace'), member('2', 'Pro', 'Alan Turing')];

  test('matches name or email, ignoring case and surrounding spaces', () => {
    expect(filterMembers(members, ' TURING ').map((m) => m.id)).toEqual(['2']);
    expect(filterMembers(members, 'ada.love').map((m) => m.id)).toEqual(['1']);
    expect(filterMembers(members, 'nobody')).toEqual([]);
  });

  test('an empty query keeps every member', () => {
    expect(filterMembers(members, '  ')).toBe(members);
  });
});

describe('paging', () => {
  const rows = Array.from({ length: 53 }, (_, i) => i);

  test('pages hold rowsPerPage rows and the last page the rest', () => {
    expect(pageRows(rows, 0, 25)).toEqual(rows.slice(0, 25));
    expect(pageRows(rows, 2, 25)).toEqual([50, 51, 52]);
    expect(lastPageIndex(53, 25)).toBe(2);
    expect(lastPageIndex(50, 25)).toBe(1);
    expect(lastPageIndex(0, 25)).toBe(0);
  });

  test('a page past the end shows the last page', () => {
    expect(pageRows(rows, 9, 25)).toEqual([50, 51, 52]);
    expect(pageRows([], 3, 25)).toEqual([]);
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

describe('productOptions (spec §5)', () => {
  const team = [member('1', 'Standard'), member('2', 'Standard'), member('3', 'Pro'), member('4', 'Free')];

  test('a Free member with one Standard seat left and no Pro seat left', () => {
    expect(productOptions(team[3], team, { standard: 3, pro: 1 })).toEqual([
      { value: 'free', label: 'Free', disabled: false },
      { value: 'standard', label: 'Standard (1 seat available)', disabled: false },
      { value: 'pro', label: 'Pro (0 seats available)', disabled: true },
    ]);
  });

  test('a Standard member keeps Standard enabled with every seat taken (own seat counted back)', () => {
    expect(productOptions(team[0], team, { standard: 2, pro: 1 })).toEqual([
      { value: 'free', label: 'Free', disabled: false },
      { value: 'standard', label: 'Standard (1 seat available)', disabled: false },
      { value: 'pro', label: 'Pro (0 seats available)', disabled: true },
    ]);
  });

  test('labels never go below 0 when more seats are assigned than bought', () => {
    expect(productOptions(team[2], team, { standard: 0, pro: 0 })).toEqual([
      { value: 'free', label: 'Free', disabled: false },
      { value: 'standard', label: 'Standard (0 seats available)', disabled: true },
      { value: 'pro', label: 'Pro (0 seats available)', disabled: false },
    ]);
  });
});
