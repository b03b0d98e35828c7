import {
  canChangeProductOf,
  canChangeRole,
  canRemoveMember,
  isBillingAdmin,
  managesBilling,
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

describe('spec §6: admins manage the organization, members only see their own dashboard', () => {
  test.each(adminOnly)('%s: admin yes, member no, unknown role no', (permission) => {
    expect(roleCan('admin', permission)).toBe(true);
    expect(roleCan('member', permission)).toBe(false);
    expect(roleCan('owner', permission)).toBe(false);
    expect(roleCan(null, permission)).toBe(false);
  });

  test('an unknown stored role reads as member', () => {
    expect(roleOf('superuser')).toBe('member');
    expect(roleOf('admin')).toBe('admin');
  });
});

describe('billing (spec §2.1 sidebar Billing, §6)', () => {
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

test('spec §4: the Admin role cannot be changed and an admin cannot be removed', () => {
  expect(canChangeRole({ role: 'admin' })).toBe(false);
  expect(canRemoveMember({ role: 'admin' })).toBe(false);
  expect(canChangeRole({ role: 'member' })).toBe(true);
  expect(canRemoveMember({ role: 'member' })).toBe(true);
});

test("issue 9: only the billing admin changes the billing admin's plan; any admin changes the others'", () => {
  const organization = { billing_admin_id: '7' };
  expect(canChangeProductOf('2', '7', organization)).toBe(false);
  expect(canChangeProductOf(7, '7', organization)).toBe(true);
  expect(canChangeProductOf('2', '3', organization)).toBe(true);
  expect(canChangeProductOf('2', '7', { billing_admin_id: null })).toBe(true);
  expect(canChangeProductOf('2', '7', null)).toBe(true);
});
