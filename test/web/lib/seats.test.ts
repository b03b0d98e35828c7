/**
 * @jest-environment node
 */
import {
  assignedSeats,
  availableSeats,
  canAssignProduct,
  seatOptionLabel,
  type PurchasedSeats,
} from '../../../src/shared/seats';
import { planKeyOf, type SeatPlanKey } from '../../../src/shared/plans';

// docs/product.md#member-edit, Product select: Standard (and Pro alike) is enabled only if seats are available
// or the member already holds it; available = purchased - assigned, with the member's own seat counted
// back; the label shows '(N seats available)', never below 0.

describe('planKeyOf', () => {
  test.each([
    ['Standard', 'standard'],
    ['STANDARD', 'standard'],
    [' pro ', 'pro'],
    ['Free', 'free'],
    ['', 'free'],
    [null, 'free'],
    [undefined, 'free'],
    ['Enterprise', 'free'],
  ])('%p is %s (case-insensitive, default Free)', (input, expected) => {
    expect(planKeyOf(input)).toBe(expected);
  });
});

describe('assignedSeats', () => {
  test('counts the members holding each paid product, ignoring letter case', () => {
    expect(assignedSeats(['Standard', 'standard', 'Pro', 'Free', null, 'PRO', 'pro'])).toEqual({
      standard: 2,
      pro: 3,
    });
  });

  test('is zero for no members', () => {
    expect(assignedSeats([])).toEqual({ standard: 0, pro: 0 });
  });
});

type Row = {
  case: string;
  product: SeatPlanKey;
  purchased: PurchasedSeats;
  assigned: PurchasedSeats;
  member: string | null;
  available: number;
  enabled: boolean;
  label: string;
};

const rows: Row[] = [
  {
    case: 'free seats left',
    product: 'standard',
    purchased: { standard: 3, pro: 0 },
    assigned: { standard: 1, pro: 0 },
    member: 'Free',
    available: 2,
    enabled: true,
    label: 'Standard (2 seats available)',
  },
  {
    case: 'all seats taken by others',
    product: 'standard',
    purchased: { standard: 2, pro: 0 },
    assigned: { standard: 2, pro: 0 },
    member: 'Free',
    available: 0,
    enabled: false,
    label: 'Standard (0 seats available)',
  },
  {
    case: 'all seats taken, one by this member (own seat counted back)',
    product: 'standard',
    purchased: { standard: 2, pro: 0 },
    assigned: { standard: 2, pro: 0 },
    member: 'standard',
    available: 1,
    enabled: true,
    label: 'Standard (1 seat available)',
  },
  {
    case: 'no seats bought but the member already holds it',
    product: 'pro',
    purchased: { standard: 0, pro: 0 },
    assigned: { standard: 0, pro: 1 },
    member: 'Pro',
    available: 0,
    enabled: true,
    label: 'Pro (0 seats available)',
  },
  {
    case: 'more assigned than purchased (never below 0)',
    product: 'pro',
    purchased: { standard: 0, pro: 1 },
    assigned: { standard: 0, pro: 4 },
    member: 'Free',
    available: 0,
    enabled: false,
    label: 'Pro (0 seats available)',
  },
  {
    case: 'pro seats left while the member holds standard',
    product: 'pro',
    purchased: { standard: 1, pro: 2 },
    assigned: { standard: 1, pro: 0 },
    member: 'Standard',
    available: 2,
    enabled: true,
    label: 'Pro (2 seats available)',
  },
  {
    case: 'standard seats do not count for pro',
    product: 'pro',
    purchased: { standard: 5, pro: 0 },
    assigned: { standard: 0, pro: 0 },
    member: null,
    available: 0,
    enabled: false,
    label: 'Pro (0 seats available)',
  },
  {
    case: 'holding pro does not give back a standard seat',
    product: 'standard',
    purchased: { standard: 1, pro: 1 },
    assigned: { standard: 1, pro: 1 },
    member: 'PRO',
    available: 0,
    enabled: false,
    label: 'Standard (0 seats available)',
  },
];

describe.each(rows)('$case', (row) => {
  test(`${row.product}: ${row.available} available, enabled ${row.enabled}, '${row.label}'`, () => {
    const available = availableSeats(row.product, row.purchased, row.assigned, row.member);
    expect(available).toBe(row.available);
    expect(canAssignProduct(row.product, row.purchased, row.assigned, row.member)).toBe(row.enabled);
    expect(seatOptionLabel(row.product, available)).toBe(row.label);
  });
});

test('Free is always assignable, even without any seat', () => {
  expect(canAssignProduct('free', { standard: 0, pro: 0 }, { standard: 9, pro: 9 }, 'Pro')).toBe(true);
});

test('the option label never shows a negative count', () => {
  expect(seatOptionLabel('standard', -3)).toBe('Standard (0 seats available)');
});
