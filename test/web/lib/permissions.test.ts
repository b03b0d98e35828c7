/**
 * @jest-environment node
 */
import {
  canChangeProductOf,
  canEndSessionsOf,
  canChangeRole,
  canHoldProduct,
  canRemoveMember,
  isBillingAdmin,
  managesBilling,
  permissionsOf,
  ROLE_NAMES,
  ROLES,
  roleCan,
  roleOf,
  type Permission,
} from '../../../src/shared/permissions';

const adminOnly: Permission[] = [
  'organization.view',
  'members.invite',
  'members.edit',
  'members.remove',
  'billing.manage',
  'connection.organization',
];

describe('roles: admins manage the organization, members only see their own dashboard', () => {
  test.each(adminOnly)('%s: admin yes, member no, unknown role no', (permission) => {
    expect(roleCan('admin', permission)).toBe(true);
    expect(roleCan('member', permission)).toBe(false);
    expect(roleCan('owner', permission)).toBe(false);
    expect(roleCan(null, permission)).toBe(false);
  });

  test('an unknown stored role reads as member', () => {
    expect(roleOf('superuser')).toBe('member');
    expect(roleOf('admin')).toBe('admin');
    expect(roleOf('billing_manager')).toBe('billing_manager');
    expect(roleOf('viewer')).toBe('viewer');
    expect(roleOf('Viewer')).toBe('member');
  });
});

describe('billing manager and viewer', () => {
  const memberManagement: Permission[] = [
    'members.invite',
    'members.edit',
    'members.remove',
    'members.sessions',
  ];

  test.each(['billing_manager', 'viewer'])('a %s manages no member and changes nothing org-wide', (role) => {
    for (const permission of [
      ...memberManagement,
      'organization.security',
      'credits.govern',
      'connection.organization',
    ] as const) {
      expect(roleCan(role, permission)).toBe(false);
    }
    expect(roleCan(role, 'organization.view')).toBe(true);
  });

  test('the billing manager manages billing, whoever the billing admin is, but holds no product', () => {
    expect(roleCan('billing_manager', 'billing.manage')).toBe(true);
    expect(
      managesBilling({ id: '5', role: 'billing_manager', organization: { billing_admin_id: '7' } }),
    ).toBe(true);
    expect(roleCan('billing_manager', 'seat.hold')).toBe(false);
    expect(canHoldProduct('billing_manager', 'Free')).toBe(true);
    expect(canHoldProduct('billing_manager', 'standard')).toBe(false);
  });

  test('the viewer sees no billing and may hold a product (uses the extension)', () => {
    expect(managesBilling({ id: '5', role: 'viewer', organization: { billing_admin_id: null } })).toBe(false);
    expect(canHoldProduct('viewer', 'Pro')).toBe(true);
  });

  test('admin and member keep their permissions (docs/product.md#roles-and-permissions)', () => {
    expect([...permissionsOf('member')]).toEqual(['seat.hold']);
    expect(permissionsOf('admin')).toEqual(expect.arrayContaining([...adminOnly, 'seat.hold']));
    expect(permissionsOf('admin')).not.toContain('billing.delegate');
  });

  test('every role has a name, and roleCan agrees with permissionsOf for every role', () => {
    const all = new Set(ROLES.flatMap((role) => [...permissionsOf(role)]));
    for (const role of ROLES) {
      expect(ROLE_NAMES[role]).toMatch(/^[A-Z]/);
      for (const permission of all) {
        expect(roleCan(role, permission)).toBe(permissionsOf(role).includes(permission));
      }
    }
  });
});

describe('billing (docs/product.md#dashboard-shell, docs/product.md#billing-views)', () => {
  test.each([
    {
      who: 'an admin without an organization',
      actor: { id: '1', role: 'admin', organization: null },
      expected: true,
    },
    {
      who: 'an admin of an organization without billing admin',
      actor: { id: '1', role: 'admin', organization: { billing_admin_id: null } },
      expected: true,
    },
    {
      who: 'the billing admin (numeric id on the server)',
      actor: { id: 7, role: 'admin', organization: { billing_admin_id: '7' } },
      expected: true,
    },
    {
      who: 'another admin of an organization with a billing admin',
      actor: { id: '2', role: 'admin', organization: { billing_admin_id: '7' } },
      expected: false,
    },
    {
      who: 'a member, even named billing admin',
      actor: { id: '7', role: 'member', organization: { billing_admin_id: '7' } },
      expected: false,
    },
  ])('$who manages billing: $expected', ({ actor, expected }) => {
    expect(managesBilling(actor)).toBe(expected);
  });

  test('the Admin label belongs only to the billing admin', () => {
    expect(isBillingAdmin('7', { billing_admin_id: 7 })).toBe(true);
    expect(isBillingAdmin('8', { billing_admin_id: 7 })).toBe(false);
    expect(isBillingAdmin('7', { billing_admin_id: null })).toBe(false);
    expect(isBillingAdmin('7', null)).toBe(false);
  });
});

test('docs/product.md#member-edit: the Admin role cannot be changed and an admin cannot be removed', () => {
  expect(canChangeRole({ role: 'admin' })).toBe(false);
  expect(canRemoveMember({ role: 'admin' })).toBe(false);
  expect(canChangeRole({ role: 'member' })).toBe(true);
  expect(canRemoveMember({ role: 'member' })).toBe(true);
});

test("only the billing admin changes the billing admin's plan; any admin changes the others'", () => {
  const organization = { billing_admin_id: '7' };
  expect(canChangeProductOf('2', '7', organization)).toBe(false);
  expect(canChangeProductOf(7, '7', organization)).toBe(true);
  expect(canChangeProductOf('2', '3', organization)).toBe(true);
  expect(canChangeProductOf('2', '7', { billing_admin_id: null })).toBe(true);
  expect(canChangeProductOf('2', '7', null)).toBe(true);
});

test("only the billing admin ends the billing admin's sessions; any admin ends the others'", () => {
  const organization = { billing_admin_id: '7' };
  expect(canEndSessionsOf('2', '7', organization)).toBe(false);
  expect(canEndSessionsOf(7, '7', organization)).toBe(true);
  expect(canEndSessionsOf('2', '3', organization)).toBe(true);
  expect(canEndSessionsOf('2', '7', null)).toBe(true);
});
