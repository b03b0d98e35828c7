/**
 * docs/product.md#roles-and-permissions: every operation guarded by the permission table refuses every role the table refuses, with a
 * 403 and the refusal users read, and lets the others through. The expectations come from
 * src/shared/permissions.ts, so a new role or permission extends this test by itself. An allowed call
 * is made so that it stops right after the check (an unknown id, an empty order): it proves the door
 * opened without changing the organization the other cases use.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import {
  ROLES,
  managesBilling,
  permissionsOf,
  roleCan,
  type Permission,
  type Role,
} from '../../src/shared/permissions.js';
import { BILLING_ELSEWHERE, ONLY_ADMINS } from '../../src/server/domain/authorization.js';
import type { CallOptions } from './helpers/app.js';
import { useTestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { assertSeatsMatchProvider } from './helpers/seats.js';

const t = useTestApp();
// Whatever each role may do to seats, the sandbox subscription bills what the organization bought.
afterEach(() => assertSeatsMatchProvider(t));

interface Actor extends TestUser {
  role: Role;
  /** An admin who is not the organization's billing admin. */
  coAdmin?: boolean;
}

interface Guarded {
  operationId: string;
  permission: Permission;
  call(actor: Actor): CallOptions;
  /** The text of the refusal, when it is not the default one. */
  refusal?: string;
  /** Whether the table lets the actor through (default: roleCan). */
  allows?(actor: Actor): boolean;
}

const UNKNOWN_ID = '999999';
let billingAdminId = '';

const BILLING: Pick<Guarded, 'permission' | 'allows'> = {
  permission: 'billing.manage',
  allows: (actor) =>
    managesBilling({ id: actor.id, role: actor.role, organization: { billing_admin_id: billingAdminId } }),
};

const GUARDED: Guarded[] = [
  {
    operationId: 'inviteUser',
    permission: 'members.invite',
    call: (actor) => ({ body: { email: actor.email } }), // inviting oneself: 400 once allowed
  },
  {
    operationId: 'inviteUsers',
    permission: 'members.invite',
    call: (actor) => ({ body: { rows: [{ email: actor.email }] } }), // oneself: refused row once allowed
  },
  {
    operationId: 'previewInviteUsers',
    permission: 'members.invite',
    call: (actor) => ({ body: { rows: [{ email: actor.email }] } }), // oneself: a refused row once allowed
  },
  {
    operationId: 'resendInvitation',
    permission: 'members.invite',
    call: () => ({ body: { invitation_id: UNKNOWN_ID } }),
  },
  {
    operationId: 'revokeInvitation',
    permission: 'members.invite',
    call: () => ({ body: { invitation_id: UNKNOWN_ID } }),
  },
  {
    operationId: 'setUserProduct',
    permission: 'members.edit',
    call: () => ({ body: { user_id: UNKNOWN_ID, product: 'Free', role: 'member' } }),
  },
  {
    operationId: 'removeOrganizationUser',
    permission: 'members.remove',
    call: () => ({ body: { user_id: UNKNOWN_ID } }),
  },
  {
    operationId: 'moveSeat',
    permission: 'members.edit',
    call: () => ({ body: { product: 'Standard', from_user_id: UNKNOWN_ID, to_user_id: UNKNOWN_ID } }),
  },
  {
    operationId: 'endMemberSessions',
    permission: 'members.sessions',
    call: () => ({ body: { user_id: UNKNOWN_ID } }),
  },
  {
    operationId: 'setTwoFactorRequirement',
    permission: 'organization.security',
    call: () => ({ body: { required: false } }),
  },
  {
    operationId: 'renameOrganization',
    permission: 'organization.settings',
    call: () => ({ body: { name: ' ' } }), // a blank name: 400 once allowed
  },
  { operationId: 'listAuditEvents', permission: 'audit.view', call: () => ({}) },
  { operationId: 'exportAuditEvents', permission: 'audit.view', call: () => ({}) },
  // Audit-log streaming and retention (docs/product.md#audit-log-streaming): nothing is made.
  { operationId: 'getAuditSettings', permission: 'audit.manage', call: () => ({}) },
  {
    operationId: 'setAuditStream',
    permission: 'audit.manage',
    call: () => ({ body: { url: 'http://example.com/' } }), // not https: 400 once allowed
  },
  { operationId: 'rotateAuditStreamSecret', permission: 'audit.manage', call: () => ({ body: {} }) },
  { operationId: 'removeAuditStream', permission: 'audit.manage', call: () => ({ body: {} }) },
  { operationId: 'testAuditStream', permission: 'audit.manage', call: () => ({ body: {} }) },
  {
    operationId: 'setAuditRetention',
    permission: 'audit.manage',
    call: () => ({ body: { retention_days: 365 } }), // the default: nothing changes once allowed
  },
  {
    operationId: 'setMemberCaps',
    permission: 'credits.govern',
    call: () => ({ body: { user_ids: [UNKNOWN_ID], monthly_cap: null } }),
  },
  { operationId: 'getCreditSettings', permission: 'credits.govern', call: () => ({}) },
  {
    operationId: 'setCreditSettings',
    permission: 'credits.govern',
    // The defaults: saved once allowed, changing nothing the other cases see.
    call: () => ({
      body: {
        cap_warning_alert: false,
        cap_reached_alert: true,
        pool_below_alert: null,
        credit_request_alert: true,
        default_monthly_cap: null,
      },
    }),
  },
  {
    operationId: 'grantCredits',
    permission: 'credits.govern',
    call: () => ({ body: { user_ids: [UNKNOWN_ID], amount: 1 } }),
  },
  {
    operationId: 'takeBackCredits',
    permission: 'credits.govern',
    call: () => ({ body: { user_ids: [UNKNOWN_ID] } }),
  },
  {
    operationId: 'buyCredits',
    permission: 'credits.buy',
    call: () => ({ body: { pack: 'no-such-pack' } }),
  },
  {
    operationId: 'preConnect',
    permission: 'connection.organization',
    refusal: 'Only an admin can choose an organization-wide connection.',
    call: () => ({ body: { software: 'demo-crm', fields: [], is_organization_connection: true } }),
  },
  {
    ...BILLING,
    operationId: 'checkout',
    call: () => ({ body: { items: [{ price_id: 'price_unknown', quantity: 1 }] } }),
  },
  {
    ...BILLING,
    operationId: 'buyMoreSeats',
    call: () => ({ body: { standard_seats: 0, pro_seats: 0 } }),
  },
  { ...BILLING, operationId: 'billingPortal', call: () => ({ body: {} }) },
  { ...BILLING, operationId: 'getInvoices', call: () => ({}) },
  // An empty order: 400 once allowed.
  { ...BILLING, operationId: 'quoteSeats', call: () => ({ query: { standard_seats: '0', pro_seats: '0' } }) },
  { operationId: 'getCompanyDomain', permission: 'organization.domain', call: () => ({}) },
  {
    operationId: 'startDomainVerification',
    permission: 'organization.domain',
    call: () => ({ body: { domain: 'gmail.com' } }), // a free-mail domain: 400 once allowed
  },
  {
    operationId: 'verifyDomain',
    permission: 'organization.domain',
    call: () => ({ body: { code: 'WRONG' } }),
  },
  {
    operationId: 'startDnsVerification',
    permission: 'organization.domain',
    call: () => ({ body: { domain: 'gmail.com' } }), // a free-mail domain: 400 once allowed
  },
  // No pending domain: 400 once allowed, DNS never asked.
  { operationId: 'checkDnsVerification', permission: 'organization.domain', call: () => ({ body: {} }) },
  {
    operationId: 'setDomainAutoJoin',
    permission: 'organization.domain',
    call: () => ({ body: { enabled: true } }), // no verified domain: 400 once allowed
  },
  {
    operationId: 'decideJoinRequest',
    permission: 'organization.domain',
    call: () => ({ body: { request_id: UNKNOWN_ID, decision: 'decline' } }),
  },
  // The organization has no verified domain: 400 once allowed, no link is made.
  { operationId: 'createInviteLink', permission: 'organization.domain', call: () => ({ body: {} }) },
  // No link to revoke: 404 once allowed.
  { operationId: 'revokeInviteLink', permission: 'organization.domain', call: () => ({ body: {} }) },
  // SCIM provisioning (docs/scim.md): no domain verified by DNS, unknown ids; nothing is made.
  { operationId: 'getScimSettings', permission: 'organization.provisioning', call: () => ({}) },
  { operationId: 'createScimToken', permission: 'organization.provisioning', call: () => ({ body: {} }) },
  {
    operationId: 'rotateScimToken',
    permission: 'organization.provisioning',
    call: () => ({ body: { id: UNKNOWN_ID } }),
  },
  {
    operationId: 'revokeScimToken',
    permission: 'organization.provisioning',
    call: () => ({ body: { id: UNKNOWN_ID } }),
  },
  {
    operationId: 'setScimGroupMapping',
    permission: 'organization.provisioning',
    call: () => ({ body: { display_name: 'Sales' } }), // neither role nor product: 400 once allowed
  },
  {
    operationId: 'removeScimGroupMapping',
    permission: 'organization.provisioning',
    call: () => ({ body: { id: UNKNOWN_ID } }),
  },
  // Single sign-on (docs/product.md#single-sign-on): no domain verified by DNS, no connection; nothing is made.
  { operationId: 'getSsoConnection', permission: 'organization.sso', call: () => ({}) },
  {
    operationId: 'saveSsoConnection',
    permission: 'organization.sso',
    call: () => ({ body: { protocol: 'oidc' } }),
  },
  { operationId: 'deleteSsoConnection', permission: 'organization.sso', call: () => ({ body: {} }) },
  { operationId: 'testSsoConnection', permission: 'organization.sso', call: () => ({ body: {} }) },
  {
    operationId: 'setRequireSso',
    permission: 'organization.sso',
    call: () => ({ body: { enabled: false } }),
  },
];

/**
 * Permissions that guard no call of their own: what the Organization page shows (its data is the caller's
 * own organization), whose subscription a billing manager pays through, and who may hold a product (checked
 * by set-user-product and move-seat, tested below).
 */
const NOT_AN_OPERATION: Permission[] = ['organization.view', 'billing.delegate', 'seat.hold'];

const actors: Actor[] = [];

before(async () => {
  const admin = await signup(t.api, { name: 'Owner' });
  // The first invitation creates the organization with `admin` as billing admin.
  actors.push({ ...admin, role: 'admin' });
  for (const role of ROLES) {
    const user = await invitedMember(t, admin, { role });
    actors.push({ ...user, role, coAdmin: role === 'admin' });
  }
  billingAdminId = admin.id;
});

describe('every guarded operation, every role (from src/shared/permissions.ts)', () => {
  it('covers every role and every permission the server enforces', () => {
    assert.deepEqual(new Set(actors.map((actor) => actor.role)), new Set(ROLES));
    const enforced = new Set(GUARDED.map((op) => op.permission));
    for (const permission of new Set(ROLES.flatMap((role) => permissionsOf(role)))) {
      if (!NOT_AN_OPERATION.includes(permission)) assert.ok(enforced.has(permission), permission);
    }
  });

  for (const op of GUARDED) {
    it(`${op.operationId} (${op.permission})`, async () => {
      for (const actor of actors) {
        const who = `${actor.coAdmin ? 'co-admin' : actor.role} calling ${op.operationId}`;
        const allowed = op.allows ? op.allows(actor) : roleCan(actor.role, op.permission);
        const res = await t.api(op.operationId, { cookie: actor.cookie, ...op.call(actor) });
        if (allowed) {
          assert.notEqual(res.status, 403, `${who}: ${JSON.stringify(res.body)}`);
          assert.ok(res.status < 500, `${who}: ${res.status}`);
        } else {
          assert.equal(res.status, 403, `${who}: ${JSON.stringify(res.body)}`);
          const refusal =
            op.permission === 'billing.manage' && roleCan(actor.role, 'billing.manage')
              ? BILLING_ELSEWHERE.message
              : (op.refusal ?? ONLY_ADMINS.message);
          assert.equal(res.body.message, refusal, who);
        }
      }
    });
  }
});

describe('the billing manager', () => {
  const manager = () => actors.find((actor) => actor.role === 'billing_manager')!;

  it('opens the billing portal of the billing admin', async () => {
    const res = await t.api('billingPortal', { cookie: manager().cookie, body: {} });
    assert.equal(res.status, 200);
    assert.match(res.body.data.url, /\/sandbox\/billing\/portal/);
  });

  it('never holds a product: an admin cannot give one with the role', async () => {
    const res = await t.api('setUserProduct', {
      cookie: actors[0]!.cookie,
      body: { user_id: manager().id, product: 'Standard', role: 'billing_manager' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'A billing manager uses no seat: set the product to Free.');
  });

  it('an admin makes a member a viewer and back, and the role shows in get-user', async () => {
    const member = actors.find((actor) => actor.role === 'member')!;
    const admin = actors[0]!;
    for (const role of ['viewer', 'member'] as const) {
      const res = await t.api('setUserProduct', {
        cookie: admin.cookie,
        body: { user_id: member.id, product: 'Free', role },
      });
      assert.equal(res.status, 200);
      assert.equal((await t.api('getUser', { cookie: member.cookie })).body.data.role, role);
    }
  });
});
