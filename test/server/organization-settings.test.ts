/**
 * docs/product.md#organization-settings: an admin renames the organization (trimmed, 1 to 100
 * characters, audited) and the new name is what invitations, the invitation page and the members' accounts
 * say; the invite form may give every role; the members list says who signs in with two factors.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { mailToken, useTestApp } from './helpers/app.js';
import { invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';

const t = useTestApp();
let admin: TestUser;
let member: TestUser;

before(async () => {
  admin = await signup(t.api, { name: 'Ada Admin' });
  member = await invitedMember(t, admin);
});

const rename = (user: TestUser, name: string) =>
  t.api('renameOrganization', { cookie: user.cookie, body: { name } });

async function organizationName(user: TestUser): Promise<string> {
  const res = await t.api('getUser', { cookie: user.cookie });
  assert.equal(res.status, 200);
  return res.body.data.organization.name;
}

describe('rename-organization', () => {
  it('renames, trimmed, and every member reads the new name', async () => {
    assert.equal(await organizationName(member), "Ada Admin's organization");
    const res = await rename(admin, '  Acme   Sales  ');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, 'Your organization is now called Acme Sales.');
    assert.equal(await organizationName(member), 'Acme Sales');
    assert.equal(await organizationName(admin), 'Acme Sales');
  });

  it('is audited with the old and the new name', async () => {
    assert.equal((await rename(admin, 'Acme Europe')).status, 200);
    const res = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'organization.renamed' },
    });
    assert.equal(res.status, 200);
    const [latest] = res.body.data.events as { type: string; details: Record<string, unknown> }[];
    assert.equal(latest?.type, 'organization.renamed');
    assert.deepEqual(latest.details, { from: 'Acme Sales', to: 'Acme Europe' });
  });

  it('names the new name in the invitation mail and on the invitation page', async () => {
    assert.equal((await rename(admin, 'Acme Invites')).status, 200);
    const email = uniqueEmail('renamed');
    const sent = await t.api('inviteUser', { cookie: admin.cookie, body: { email } });
    assert.equal(sent.status, 200);
    const [mail] = await t.app.services.db
      .selectFrom('outbox')
      .select(['subject'])
      .where('to_address', '=', email)
      .execute();
    assert.match(mail!.subject, /invited you to join Acme Invites$/);
    const page = await t.api('acceptInvite', { query: { token: await mailToken(t, email) } });
    assert.equal(page.status, 200);
    assert.equal(page.body.data.organization_name, 'Acme Invites');
  });

  it('refuses an empty name or one too long, with a clear message, changing nothing', async () => {
    assert.equal((await rename(admin, 'Acme Kept')).status, 200);
    const blank = await rename(admin, '   ');
    assert.equal(blank.status, 400);
    assert.equal(blank.body.message, 'Enter a name for your organization (1 to 100 characters).');
    assert.equal(blank.body.code, 'organization_name_invalid');
    const long = await rename(admin, 'x'.repeat(101));
    assert.equal(long.status, 400);
    assert.match(long.body.message, /100 characters/);
    assert.equal(await organizationName(admin), 'Acme Kept');
  });

  it('is for admins only', async () => {
    const res = await rename(member, 'Hijacked');
    assert.equal(res.status, 403);
    assert.notEqual(await organizationName(admin), 'Hijacked');
    assert.equal((await t.api('renameOrganization', { body: { name: 'Nobody' } })).status, 401);
  });

  it('creates the organization of an admin who has none yet', async () => {
    const solo = await signup(t.api, { name: 'Solo' });
    assert.equal((await rename(solo, 'Solo Works')).status, 200);
    assert.equal(await organizationName(solo), 'Solo Works');
  });
});

describe('invitations give every role', () => {
  for (const role of ['billing_manager', 'viewer'] as const) {
    it(`invites as ${role}, who joins with that role`, async () => {
      const joined = await invitedMember(t, admin, { role });
      const me = await t.api('getUser', { cookie: joined.cookie });
      assert.equal(me.body.data.role, role);
    });
  }
});

describe('two-factor in the members list', () => {
  it('says who signs in with two factors', async () => {
    await t.app.services.db
      .updateTable('users')
      .set({ totp_secret: 'sealed-for-the-test' })
      .where('id', '=', Number(admin.id))
      .execute();
    const res = await t.api('getOrganizationMembers', { cookie: admin.cookie, query: { per_page: '100' } });
    assert.equal(res.status, 200);
    const users = res.body.data.users as { id: string; two_factor: boolean }[];
    assert.equal(users.find((u) => u.id === admin.id)?.two_factor, true);
    assert.equal(users.find((u) => u.id === member.id)?.two_factor, false);
  });

  it('tells nobody but the admins (docs/product.md#members)', async () => {
    const res = await t.api('getOrganizationMembers', { cookie: member.cookie, query: { per_page: '100' } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const users = res.body.data.users as Record<string, unknown>[];
    assert.ok(users.length > 1);
    assert.ok(
      users.every((u) => !('two_factor' in u)),
      JSON.stringify(users),
    );
  });
});
