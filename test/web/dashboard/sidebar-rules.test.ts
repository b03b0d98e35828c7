/**
 * @jest-environment node
 */
import { managesBilling } from '../../../src/shared/permissions';
import {
  activeEntryId,
  sidebarEntries,
  usesPersonalConnection,
  type SidebarSoftware,
  type SidebarUser,
} from '../../../src/web/features/dashboard/lib/sidebar';

// docs/product.md#dashboard-shell sidebar table and docs/product.md#roles-and-permissions, one row per situation.

function user(overrides: Partial<SidebarUser> = {}): SidebarUser {
  return {
    id: 'u1',
    role: 'member',
    personal_connection_id: 'c1',
    connection_id: 'c1',
    organization: null,
    ...overrides,
  };
}

const storeSoftware: SidebarSoftware = { chrome_extension_url: 'https://store.example/ext' };
const noStoreSoftware: SidebarSoftware = { chrome_extension_url: null };

function labels(u: SidebarUser, software: SidebarSoftware | null = noStoreSoftware): string[] {
  return sidebarEntries(u, software).map((entry) => entry.label);
}

describe('sidebar entries (docs/product.md#dashboard-shell)', () => {
  test.each<[string, SidebarUser, SidebarSoftware | null, string[]]>([
    [
      'member of an organization with a billing admin',
      user({ role: 'member', organization: { billing_admin_id: 'boss' } }),
      noStoreSoftware,
      ['Overview', 'Settings', 'Usage', 'CRM sync', 'Connection', 'Logout'],
    ],
    [
      'admin who is the billing admin',
      user({ role: 'admin', organization: { billing_admin_id: 'u1' } }),
      noStoreSoftware,
      [
        'Overview',
        'Organization',
        'Audit log',
        'Settings',
        'Usage',
        'CRM sync',
        'Connection',
        'Billing',
        'Logout',
      ],
    ],
    [
      'admin of an organization without a billing admin',
      user({ role: 'admin', organization: { billing_admin_id: null } }),
      noStoreSoftware,
      [
        'Overview',
        'Organization',
        'Audit log',
        'Settings',
        'Usage',
        'CRM sync',
        'Connection',
        'Billing',
        'Logout',
      ],
    ],
    [
      'admin without an organization (no billing admin)',
      user({ role: 'admin', organization: null }),
      noStoreSoftware,
      [
        'Overview',
        'Organization',
        'Audit log',
        'Settings',
        'Usage',
        'CRM sync',
        'Connection',
        'Billing',
        'Logout',
      ],
    ],
    [
      'admin while someone else is the billing admin',
      user({ role: 'admin', organization: { billing_admin_id: 'boss' } }),
      noStoreSoftware,
      ['Overview', 'Organization', 'Audit log', 'Settings', 'Usage', 'CRM sync', 'Connection', 'Logout'],
    ],
    [
      'member of an organization without a billing admin (Billing is for admins only)',
      user({ role: 'member', organization: { billing_admin_id: null } }),
      noStoreSoftware,
      ['Overview', 'Settings', 'Usage', 'CRM sync', 'Connection', 'Logout'],
    ],
    [
      'user on the organization connection (not their personal one)',
      user({ personal_connection_id: 'mine', connection_id: 'org' }),
      noStoreSoftware,
      ['Overview', 'Settings', 'Usage', 'CRM sync', 'Logout'],
    ],
    [
      'software with an extension store URL',
      user(),
      storeSoftware,
      ['Overview', 'Settings', 'Usage', 'CRM sync', 'Connection', 'Install extension', 'Logout'],
    ],
    [
      'no software record',
      user(),
      null,
      ['Overview', 'Settings', 'Usage', 'CRM sync', 'Connection', 'Logout'],
    ],
  ])('%s', (_situation, u, software, expected) => {
    expect(labels(u, software)).toEqual(expected);
  });

  test('targets of every entry', () => {
    const entries = sidebarEntries(user({ role: 'admin' }), storeSoftware);
    expect(entries.map(({ label, href, newTab }) => [label, href, newTab])).toEqual([
      ['Overview', '/dashboard', false],
      ['Organization', '/dashboard/organization', false],
      ['Audit log', '/dashboard/audit', false],
      ['Settings', '/dashboard/settings', false],
      ['Usage', '/dashboard/usage', false],
      ['CRM sync', '/dashboard/crm-sync', false],
      ['Connection', '/connect', true],
      ['Billing', '/dashboard/billing', false],
      ['Install extension', 'https://store.example/ext', true],
      ['Logout', '/logout', false],
    ]);
  });

  test('an empty store URL counts as none', () => {
    expect(labels(user(), { chrome_extension_url: '  ' })).not.toContain('Install extension');
  });
});

describe('usesPersonalConnection', () => {
  test.each([
    ['c1', 'c1', true],
    [null, null, true],
    ['c1', null, false],
    [null, 'org', false],
    ['c1', 'org', false],
  ])('personal %p, connection %p: %p', (personal, connection, expected) => {
    expect(usesPersonalConnection({ personal_connection_id: personal, connection_id: connection })).toBe(
      expected,
    );
  });
});

describe('who sees Billing (managesBilling)', () => {
  test.each<[SidebarUser['role'], string | null | undefined, boolean]>([
    ['admin', 'u1', true],
    ['admin', null, true],
    ['admin', undefined, true],
    ['admin', 'other', false],
    ['member', 'u1', false],
    ['member', null, false],
  ])('role %s, billing admin %p: %p', (role, billingAdminId, expected) => {
    const organization = billingAdminId === undefined ? null : { billing_admin_id: billingAdminId };
    expect(managesBilling({ id: 'u1', role, organization })).toBe(expected);
  });
});

describe('activeEntryId', () => {
  const entries = sidebarEntries(user({ role: 'admin' }), storeSoftware);

  test.each([
    ['/dashboard', 'overview'],
    ['/dashboard/', 'overview'],
    ['/dashboard/settings', 'settings'],
    ['/dashboard/organization', 'organization'],
    ['/dashboard/member/edit/42', 'organization'],
    ['/dashboard/audit', 'audit'],
    ['/dashboard/billing', 'billing'],
    ['/dashboard/billing/success', 'billing'],
    ['/dashboard/install-extension', null],
    ['/dashboard/settingsx', null],
  ])('%s highlights %p', (path, expected) => {
    expect(activeEntryId(entries, path)).toBe(expected);
  });
});
