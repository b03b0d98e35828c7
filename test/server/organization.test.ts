/**
 * organization operations and their authorization matrix: anonymous, member, admin, and the admin
 * of another organization (whose ids must answer 404).
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { ORIGIN, PUBLIC_URL, mailLinks, mailToken, useTestApp } from './helpers/app.js';
import { PASSWORD, invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { assertSeatsMatchProvider, setPurchasedSeats } from './helpers/seats.js';

const t = useTestApp();
// docs/decisions/0002-seat-sync-policy.md: whatever a test did, the sandbox provider bills exactly the purchased seats.
afterEach(() => assertSeatsMatchProvider(t));
let admin: TestUser; // billing admin of organization A
let member: TestUser; // member of A
let coAdmin: TestUser; // invited admin of A
let otherAdmin: TestUser; // admin of organization B
let otherMember: TestUser; // member of B

async function invite(by: TestUser, email: string, role?: 'admin' | 'member') {
  return t.api('inviteUser', { cookie: by.cookie, body: role ? { email, role } : { email } });
}

before(async () => {
  admin = await signup(t.api, { name: 'Alice' });
  member = await invitedMember(t, admin);
  coAdmin = await invitedMember(t, admin, { role: 'admin' });
  otherAdmin = await signup(t.api, { name: 'Bob' });
  otherMember = await invitedMember(t, otherAdmin);
});

const orgOf = async (user: TestUser) =>
  (await t.api('getUser', { cookie: user.cookie })).body.data.organization;

describe('invite-user', () => {
  it('the first invitation created the organization named after the admin, with them as billing admin', async () => {
    const org = await orgOf(admin);
    assert.equal(org.name, "Alice's organization");
    assert.equal(org.billing_admin_id, admin.id);
    assert.equal(org.member_count, 3);
    assert.deepEqual(org.seats, { standard: 0, pro: 0 });
  });

  it('mails a link to /accept-invitation with the token and software, and answers the invitation', async () => {
    const email = uniqueEmail('mailed');
    const res = await invite(admin, email);
    assert.equal(res.status, 200);
    assert.equal(res.body.data.email, email);
    assert.equal(res.body.data.role, 'member'); // the contract's default
    assert.ok(res.body.data.expires_at - res.body.data.created_at >= 7 * 86400 - 5);
    const [link] = await mailLinks(t, email);
    const url = new URL(link!);
    assert.equal(url.origin + url.pathname, `${PUBLIC_URL}/accept-invitation`);
    assert.equal(url.searchParams.get('software'), 'demo-crm');
    assert.equal(url.searchParams.get('token')!.length, 43);
    // Only the hash is stored.
    const stored = await t.app.services.db
      .selectFrom('invitations')
      .select('token_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    assert.notEqual(stored.token_hash, url.searchParams.get('token'));
  });

  it('refuses a second pending invitation, its own members and oneself', async () => {
    const email = uniqueEmail('twice');
    await invite(admin, email);
    assert.equal((await invite(admin, email)).status, 409);
    assert.equal((await invite(admin, member.email)).status, 409);
    assert.equal((await invite(admin, admin.email)).status, 400);
  });

  it('validates email and role', async () => {
    assert.equal((await invite(admin, 'nope')).status, 400);
    assert.equal(
      (await t.api('inviteUser', { cookie: admin.cookie, body: { email: uniqueEmail(), role: 'owner' } }))
        .status,
      400,
    );
  });

  it('is for admins: member 403, anonymous 401', async () => {
    assert.equal((await invite(member, uniqueEmail())).status, 403);
    assert.equal((await t.api('inviteUser', { body: { email: uniqueEmail() } })).status, 401);
  });

  it('rate-limits invitations per invited email', async () => {
    const email = uniqueEmail('spam');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push(
        (await t.api('inviteUser', { cookie: admin.cookie, body: { email }, ip: `10.90.0.${i}` })).status,
      );
    }
    assert.equal(statuses[5], 429);
  });
});

describe('signup with an invitation', () => {
  it('joined with the invited roles', async () => {
    const m = (await t.api('getUser', { cookie: member.cookie })).body.data;
    const c = (await t.api('getUser', { cookie: coAdmin.cookie })).body.data;
    assert.equal(m.role, 'member');
    assert.equal(c.role, 'admin');
    assert.equal(m.organization.id, c.organization.id);
  });

  it('needs the invited email, and a token works once', async () => {
    const email = uniqueEmail('once');
    await invite(admin, email);
    const token = await mailToken(t, email);
    const wrong = await t.api('signup', {
      body: { name: 'X', email: uniqueEmail(), password: 'Sup3r-secret!', invitation_token: token },
    });
    assert.equal(wrong.status, 400);
    await signup(t.api, { email, invitation_token: token });
    const again = await t.api('signup', {
      body: { name: 'X', email: uniqueEmail(), password: 'Sup3r-secret!', invitation_token: token },
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, 'Invalid or expired invitation');
  });
});

describe('accept-invite', () => {
  it('answers the invitation of a valid token without spending it', async () => {
    const email = uniqueEmail('accept');
    await invite(admin, email, 'admin');
    const token = await mailToken(t, email);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.api('acceptInvite', { query: { token } });
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.data, {
        email,
        role: 'admin',
        organization_name: "Alice's organization",
        outcome: 'valid',
      });
    }
  });

  it('answers 404 with the spec text for an unknown or expired token, 400 without one', async () => {
    const res = await t.api('acceptInvite', { query: { token: 'unknown' } });
    assert.equal(res.status, 404);
    assert.equal(res.body.message, 'Invalid or expired invitation');
    const email = uniqueEmail('expired');
    await invite(admin, email);
    const token = await mailToken(t, email);
    await t.app.services.db
      .updateTable('invitations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('email', '=', email)
      .execute();
    assert.equal((await t.api('acceptInvite', { query: { token } })).status, 404);
    const missing = await t.api('acceptInvite');
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, 'No invitation token provided.');
  });

  it('joins a signed-in account of the invited email when it asks to, then knows it as a member', async () => {
    const loner = await signup(t.api);
    await invite(admin, loner.email);
    const token = await mailToken(t, loner.email);
    // Opening the mail changes nothing: joining is the invitee's choice.
    for (const query of [{ token }, { token, join: 'false' }] as Record<string, string>[]) {
      const offered = await t.api('acceptInvite', { query, cookie: loner.cookie });
      assert.equal(offered.status, 200);
      assert.equal(offered.body.data.outcome, 'can_join');
    }
    assert.equal((await t.api('getUser', { cookie: loner.cookie })).body.data.organization, null);
    // Signed out, `join` joins nobody and leaves the invitation usable.
    const anonymous = await t.api('acceptInvite', { query: { token, join: 'true' } });
    assert.equal(anonymous.body.data.outcome, 'valid');

    const res = await t.api('acceptInvite', { query: { token, join: 'true' }, cookie: loner.cookie });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.outcome, 'joined');
    assert.equal(res.body.message, "You joined Alice's organization.");
    const me = (await t.api('getUser', { cookie: loner.cookie })).body.data;
    assert.equal(me.role, 'member');
    assert.equal(me.organization.name, "Alice's organization");
    // The used invitation opened again (the mail, the back button): a member, not an invalid invitation;
    // to anyone else it is gone.
    for (const join of ['false', 'true']) {
      const again = await t.api('acceptInvite', { query: { token, join }, cookie: loner.cookie });
      assert.equal(again.status, 200);
      assert.equal(again.body.data.outcome, 'member');
      assert.equal(again.body.message, 'You are already a member of this organization.');
    }
    assert.equal((await t.api('acceptInvite', { query: { token } })).status, 404);
    assert.equal((await t.api('acceptInvite', { query: { token }, cookie: otherMember.cookie })).status, 404);
    await t.api('removeOrganizationUser', { cookie: admin.cookie, body: { user_id: me.id } });
  });

  it('tells a signed-in invitee who is a member already so, and spends nothing', async () => {
    const joiner = await signup(t.api);
    await invite(admin, joiner.email);
    const token = await mailToken(t, joiner.email);
    // Joined another way (an invitation link, an approved request) while the invitation was pending.
    const org = await orgOf(admin);
    await t.app.services.db
      .updateTable('users')
      .set({ organization_id: Number(org.id), role: 'member' })
      .where('id', '=', Number(joiner.id))
      .execute();
    const res = await t.api('acceptInvite', { query: { token }, cookie: joiner.cookie });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.outcome, 'member');
    assert.equal(res.body.message, 'You are already a member of this organization.');
    assert.equal((await t.api('acceptInvite', { query: { token } })).body.data.outcome, 'valid');
    await t.api('removeOrganizationUser', { cookie: admin.cookie, body: { user_id: joiner.id } });
  });

  it('only describes the invitation to someone signed in at another address', async () => {
    const email = uniqueEmail('elsewhere');
    await invite(admin, email);
    const token = await mailToken(t, email);
    const res = await t.api('acceptInvite', { query: { token, join: 'true' }, cookie: otherMember.cookie });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.outcome, 'other_address');
    assert.equal(res.body.data.email, email);
    assert.equal(res.body.message, 'The invitation is valid.');
    assert.equal((await orgOf(otherMember)).name, "Bob's organization");
  });

  it('refuses a signed-in account that pays for its own plan, which would exceed the purchased seats', async () => {
    const payer = await signup(t.api);
    const checkout = await t.api('checkout', {
      cookie: payer.cookie,
      body: { items: [{ price_id: 'price_pro_monthly', quantity: 1 }] },
    });
    const paid = await t.app.inject({
      method: 'POST',
      url: `${new URL(checkout.body.url).pathname}/pay`,
      headers: { cookie: payer.cookie, origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    assert.equal(paid.statusCode, 303);
    await invite(admin, payer.email);
    const token = await mailToken(t, payer.email);
    // Said when the invitation is opened, before a Join button that could not work.
    const res = await t.api('acceptInvite', { query: { token }, cookie: payer.cookie });
    assert.equal(res.status, 400);
    assert.equal(
      res.body.message,
      'You pay for a plan of your own: cancel it in the billing portal before joining an organization.',
    );
    const me = (await t.api('getUser', { cookie: payer.cookie })).body.data;
    assert.equal(me.organization, null);
    assert.equal(me.subscription.stripe_product, 'Pro');
    // The invitation is still usable once the plan is settled.
    assert.equal((await t.api('acceptInvite', { query: { token } })).status, 200);
    // Past due (the card failed and the provider retries it) or paused still bills: the same answer.
    for (const status of ['past_due', 'trialing', 'unpaid', 'paused']) {
      await t.app.services.repos.users.update(Number(payer.id), { stripe_status: status });
      const refused = await t.api('acceptInvite', { query: { token }, cookie: payer.cookie });
      assert.equal(refused.status, 400, status);
      assert.equal(refused.body.code, 'own_plan_blocks_joining', status);
    }
  });
});

describe('resend-invitation', () => {
  it('mails a new token; the old one stops working', async () => {
    const email = uniqueEmail('resend');
    const { body } = await invite(admin, email);
    const oldToken = await mailToken(t, email);
    const res = await t.api('resendInvitation', {
      cookie: admin.cookie,
      body: { invitation_id: body.data.id },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, 'Invitation resent successfully!');
    const newToken = await mailToken(t, email);
    assert.notEqual(newToken, oldToken);
    assert.equal((await t.api('acceptInvite', { query: { token: oldToken } })).status, 404);
    assert.equal((await t.api('acceptInvite', { query: { token: newToken } })).status, 200);
  });

  it('member 403, other organization 404, unknown 404, anonymous 401', async () => {
    const { body } = await invite(admin, uniqueEmail('matrix'));
    const id = body.data.id;
    assert.equal(
      (await t.api('resendInvitation', { cookie: member.cookie, body: { invitation_id: id } })).status,
      403,
    );
    assert.equal(
      (await t.api('resendInvitation', { cookie: otherAdmin.cookie, body: { invitation_id: id } })).status,
      404,
    );
    assert.equal(
      (await t.api('resendInvitation', { cookie: admin.cookie, body: { invitation_id: '999999' } })).status,
      404,
    );
    assert.equal(
      (await t.api('resendInvitation', { cookie: admin.cookie, body: { invitation_id: 'abc' } })).status,
      404,
    );
    assert.equal((await t.api('resendInvitation', { body: { invitation_id: id } })).status, 401);
  });
});

describe('revoke-invitation', () => {
  it('deletes the invitation: its link stops working, it leaves the list, the log says who revoked it', async () => {
    const email = uniqueEmail('revoked');
    const { body } = await invite(admin, email);
    const token = await mailToken(t, email);
    const res = await t.api('revokeInvitation', {
      cookie: admin.cookie,
      body: { invitation_id: body.data.id },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, `The invitation to ${email} was revoked.`);
    assert.equal((await t.api('acceptInvite', { query: { token } })).status, 404);
    const members = await t.api('getOrganizationMembers', {
      cookie: admin.cookie,
      query: { invitations_per_page: '50' },
    });
    assert.ok(
      !members.body.data.invitations.some((invitation: { email: string }) => invitation.email === email),
    );
    const audit = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'invitation.revoked' },
    });
    const entry = audit.body.data.events.find(
      (event: { target_email: string | null }) => event.target_email === email,
    );
    assert.ok(entry, 'the revocation is in the audit log');
    assert.equal(entry.actor_email, admin.email);
    // Revoked once: a second revocation finds nothing, and the address can be invited again.
    assert.equal(
      (await t.api('revokeInvitation', { cookie: admin.cookie, body: { invitation_id: body.data.id } }))
        .status,
      404,
    );
    assert.equal((await invite(admin, email)).status, 200);
  });

  it('an accepted invitation cannot be revoked', async () => {
    const email = uniqueEmail('accepted');
    const { body } = await invite(admin, email);
    const token = await mailToken(t, email);
    await signup(t.api, { email, invitation_token: token });
    const res = await t.api('revokeInvitation', {
      cookie: admin.cookie,
      body: { invitation_id: body.data.id },
    });
    assert.equal(res.status, 404);
  });

  it('member 403, other organization 404, unknown 404, anonymous 401', async () => {
    const { body } = await invite(admin, uniqueEmail('revoke-matrix'));
    const id = body.data.id;
    const status = async (cookie: string | undefined, invitation_id: string) =>
      (await t.api('revokeInvitation', { ...(cookie ? { cookie } : {}), body: { invitation_id } })).status;
    assert.equal(await status(member.cookie, id), 403);
    assert.equal(await status(otherAdmin.cookie, id), 404);
    assert.equal(await status(admin.cookie, '999999'), 404);
    assert.equal(await status(admin.cookie, 'abc'), 404);
    assert.equal(await status(undefined, id), 401);
    // Still pending after all of these.
    assert.equal(await status(admin.cookie, id), 200);
  });
});

describe('get-organization-members', () => {
  it('answers members and pending invitations to an admin', async () => {
    const res = await t.api('getOrganizationMembers', { cookie: admin.cookie });
    assert.equal(res.status, 200);
    const emails = res.body.data.users.map((u: { email: string }) => u.email);
    assert.ok(
      emails.includes(admin.email) && emails.includes(member.email) && emails.includes(coAdmin.email),
    );
    assert.ok(!emails.includes(otherMember.email));
    assert.ok(res.body.data.invitations.length > 0);
    assert.ok(
      res.body.data.users.every((u: { join_timestamp: number }) => Number.isInteger(u.join_timestamp)),
    );
  });
  it('answers members without invitations to a member', async () => {
    const res = await t.api('getOrganizationMembers', { cookie: member.cookie });
    assert.equal(res.status, 200);
    assert.ok(res.body.data.users.length >= 3);
    assert.deepEqual(res.body.data.invitations, []);
  });
  it('answers the user alone when there is no organization, 401 when anonymous', async () => {
    const loner = await signup(t.api);
    const res = await t.api('getOrganizationMembers', { cookie: loner.cookie });
    assert.deepEqual(
      res.body.data.users.map((u: { id: string }) => u.id),
      [loner.id],
    );
    assert.equal((await t.api('getOrganizationMembers')).status, 401);
  });
});

describe('get-organization-members for a seat move: seat_holders leaves out roles that use no seat', () => {
  it('answers the members on Free who may hold a seat, the total counting them', async () => {
    const admin = await signup(t.api, { name: 'Seat Mover' });
    assert.equal((await invite(admin, uniqueEmail('pending'))).status, 200); // creates the organization
    const db = t.app.services.db;
    const { organization_id } = await db
      .selectFrom('users')
      .select('organization_id')
      .where('id', '=', Number(admin.id))
      .executeTakeFirstOrThrow();
    const roles = ['billing_manager', 'viewer', 'member', 'billing_manager', 'legacy-role'];
    await db
      .insertInto('users')
      .values(
        roles.map((role, i) => ({
          email: `holder.${process.pid}.${i}@example.com`,
          name: `Holder ${i} ${role}`,
          role,
          organization_id,
          stripe_product: 'free',
        })),
      )
      .execute();
    const query = { product: 'free', search: 'holder', per_page: '10' };
    const all = (await t.api('getOrganizationMembers', { cookie: admin.cookie, query })).body.data;
    assert.equal(all.total, 5);
    const res = await t.api('getOrganizationMembers', {
      cookie: admin.cookie,
      query: { ...query, seat_holders: 'true' },
    });
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.users.map((u: { name: string }) => u.name),
      ['Holder 1 viewer', 'Holder 2 member', 'Holder 4 legacy-role'],
    );
    assert.equal(res.body.data.total, 3);
    const bad = await t.api('getOrganizationMembers', {
      cookie: admin.cookie,
      query: { seat_holders: 'maybe' },
    });
    assert.equal(bad.status, 400);
  });
});

describe('get-organization-members on a large organization (server paging, search and sort)', () => {
  let big: TestUser;
  let orgId: number;
  const SIZE = 120; // members added besides the admin

  before(async () => {
    big = await signup(t.api, { name: 'Zed Big' });
    // The first invitation creates the organization; two pending invitations to page through.
    assert.equal((await invite(big, uniqueEmail('pending'))).status, 200);
    assert.equal((await invite(big, uniqueEmail('pending'))).status, 200);
    const db = t.app.services.db;
    orgId = (
      await db
        .selectFrom('users')
        .select('organization_id')
        .where('id', '=', Number(big.id))
        .executeTakeFirstOrThrow()
    ).organization_id!;
    const start = Date.now() + 1000; // after the admin joined
    await db
      .insertInto('users')
      .values(
        Array.from({ length: SIZE }, (_, i) => ({
          email: `bulk.${process.pid}.${String(i).padStart(3, '0')}@example.com`,
          // Every tenth member has 'Needle' in the name, one a literal '%'.
          name:
            i % 10 === 0
              ? `Needle ${i}`
              : i === 7
                ? 'Hundred % Sure'
                : `Member ${String(i).padStart(3, '0')}`,
          role: 'member',
          organization_id: orgId,
          stripe_product: i < 3 ? 'standard' : i < 5 ? 'Pro' : 'free',
          created_at: new Date(start + i * 1000),
        })),
      )
      .execute();
  });

  const members = (query: Record<string, string> = {}) =>
    t.api('getOrganizationMembers', { cookie: big.cookie, query });

  it('answers one page in join order with the totals, the assigned seats and the member count', async () => {
    const res = await members();
    assert.equal(res.status, 200);
    const data = res.body.data;
    assert.equal(data.users.length, 25);
    assert.equal(data.users[0].email, big.email);
    assert.equal(data.total, SIZE + 1);
    assert.equal(data.member_count, SIZE + 1);
    assert.deepEqual(data.assigned_seats, { standard: 3, pro: 2 });
    assert.deepEqual([data.page, data.per_page], [1, 25]);
    // get-user shows the same count, kept on the organization
    assert.equal((await orgOf(big)).member_count, SIZE + 1);

    const second = (await members({ page: '2', per_page: '10' })).body.data;
    assert.deepEqual(
      second.users.map((u: { email: string }) => u.email),
      Array.from(
        { length: 10 },
        (_, i) => `bulk.${process.pid}.${String(9 + i).padStart(3, '0')}@example.com`,
      ),
    );
    const past = (await members({ page: '99' })).body.data;
    assert.deepEqual([past.users, past.total], [[], SIZE + 1]);
  });

  it('searches name or email ignoring case, with % taken literally', async () => {
    const needles = (await members({ search: 'nEEdle', per_page: '100' })).body.data;
    assert.equal(needles.total, SIZE / 10);
    assert.ok(needles.users.every((u: { name: string }) => u.name.startsWith('Needle')));
    const percent = (await members({ search: '%' })).body.data;
    assert.deepEqual(
      percent.users.map((u: { name: string }) => u.name),
      ['Hundred % Sure'],
    );
    assert.equal(percent.total, 1);
    const byEmail = (await members({ search: `bulk.${process.pid}.11` })).body.data;
    assert.equal(byEmail.total, 10); // 110..119
    const none = (await members({ search: 'nobody-matches-this' })).body.data;
    assert.deepEqual([none.users, none.total, none.member_count], [[], 0, SIZE + 1]);
  });

  it('filters by product (Free: any spelling but Standard or Pro), with the search, total counting both', async () => {
    const free = (await members({ product: 'free', per_page: '100' })).body.data;
    assert.equal(free.total, SIZE + 1 - 5); // all but 3 Standard and 2 Pro
    assert.equal(free.member_count, SIZE + 1);
    assert.equal(free.users.length, 100);
    assert.ok(
      free.users.every(
        (u: { subscription: { stripe_product: string } }) => u.subscription.stripe_product === 'Free',
      ),
    );
    const pro = (await members({ product: 'pro' })).body.data;
    assert.deepEqual(
      pro.users.map((u: { email: string }) => u.email),
      [3, 4].map((i) => `bulk.${process.pid}.00${i}@example.com`),
    );
    assert.equal(pro.total, 2);
    // Needle 0 holds Standard: the other ten needles are on Free.
    const freeNeedles = (await members({ product: 'free', search: 'needle', per_page: '5' })).body.data;
    assert.equal(freeNeedles.total, SIZE / 10 - 1);
    assert.deepEqual(
      freeNeedles.users.map((u: { name: string }) => u.name),
      ['Needle 10', 'Needle 20', 'Needle 30', 'Needle 40', 'Needle 50'],
    );
    const standardNeedles = (await members({ product: 'standard', search: 'needle' })).body.data;
    assert.deepEqual(
      [standardNeedles.users.map((u: { name: string }) => u.name), standardNeedles.total],
      [['Needle 0'], 1],
    );
  });

  it('sorts by name, email, role and product, both ways', async () => {
    const byNameDesc = (await members({ sort: 'name', order: 'desc', per_page: '3' })).body.data.users;
    assert.deepEqual(
      byNameDesc.map((u: { name: string }) => u.name),
      ['Zed Big', 'Needle 90', 'Needle 80'],
    );
    const byNameAsc = (await members({ sort: 'name', per_page: '1' })).body.data.users;
    assert.equal(byNameAsc[0].name, 'Hundred % Sure');
    const byProduct = (await members({ sort: 'product', order: 'desc', per_page: '5' })).body.data.users;
    assert.deepEqual(
      byProduct.map((u: { subscription: { stripe_product: string } }) => u.subscription.stripe_product),
      ['Pro', 'Pro', 'Standard', 'Standard', 'Standard'],
    );
    const byRole = (await members({ sort: 'role', per_page: '1' })).body.data.users;
    assert.equal(byRole[0].role, 'admin');
    const byEmailDesc = (await members({ sort: 'email', order: 'desc', per_page: '1', search: 'bulk.' })).body
      .data.users;
    assert.equal(byEmailDesc[0].email, `bulk.${process.pid}.${SIZE - 1}@example.com`);
  });

  it('answers one member by user_id, none for an id of another organization', async () => {
    const one = (await members({ user_id: big.id })).body.data;
    assert.deepEqual(
      one.users.map((u: { id: string }) => u.id),
      [big.id],
    );
    assert.equal(one.total, 1);
    const foreign = (await members({ user_id: otherMember.id })).body.data;
    assert.deepEqual([foreign.users, foreign.total], [[], 0]);
    const nonsense = (await members({ user_id: 'abc' })).body.data;
    assert.deepEqual(nonsense.users, []);
  });

  it('pages the pending invitations too', async () => {
    const first = (await members({ invitations_per_page: '1' })).body.data;
    assert.equal(first.invitations.length, 1);
    assert.equal(first.invitations_total, 2);
    const second = (await members({ invitations_per_page: '1', invitations_page: '2' })).body.data;
    assert.equal(second.invitations.length, 1);
    assert.notEqual(second.invitations[0].id, first.invitations[0].id);
  });

  it('refuses malformed paging with a 400 that names the parameter', async () => {
    for (const query of <Record<string, string>[]>[
      { per_page: '0' },
      { per_page: '101' },
      { page: 'two' },
      { sort: 'salary' },
      { order: 'up' },
      { search: 'x'.repeat(201) },
      { product: 'gold' },
    ]) {
      const res = await members(query);
      assert.equal(res.status, 400, JSON.stringify(query));
      assert.equal(res.body.error, true);
      assert.match(res.body.message, new RegExp(Object.keys(query)[0]!.replace('_', ' '), 'i'));
    }
  });

  it('compresses the JSON when the client accepts it, and only then', async () => {
    const url = `${t.config.apiBase}/get-organization-members?per_page=100`;
    for (const [accept, encoding, decode] of [
      ['br', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({ url, headers: { cookie: big.cookie, 'accept-encoding': accept } });
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers['content-encoding'], encoding);
      const body = JSON.parse(decode(res.rawPayload).toString('utf8'));
      assert.equal(body.data.users.length, 100);
      assert.ok(res.rawPayload.length * 4 < Buffer.byteLength(JSON.stringify(body)));
    }
    const plain = await t.app.inject({ url, headers: { cookie: big.cookie, 'accept-encoding': 'identity' } });
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.equal(JSON.parse(plain.body).data.users.length, 100);
  });

  it('keeps the member count right as members leave', async () => {
    const db = t.app.services.db;
    await db
      .updateTable('users')
      .set({ organization_id: null })
      .where('email', 'like', `bulk.${process.pid}.00%`)
      .execute();
    assert.equal((await members()).body.data.member_count, SIZE + 1 - 10);
    assert.equal((await orgOf(big)).member_count, SIZE + 1 - 10);
    await db.deleteFrom('users').where('email', 'like', `bulk.${process.pid}.01%`).execute();
    assert.equal((await orgOf(big)).member_count, SIZE + 1 - 20);
  });
});

describe('set-user-product', () => {
  before(async () => {
    await setPurchasedSeats(t, Number((await orgOf(admin)).id), { standard: 1, pro: 1 });
  });

  it('assigns a product that has a free seat, with the plan credits', async () => {
    const res = await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: member.id, product: 'standard', role: 'member' },
    });
    assert.equal(res.status, 200);
    const me = (await t.api('getUser', { cookie: member.cookie })).body.data;
    assert.equal(me.subscription.stripe_product, 'Standard');
    assert.equal(me.credits, 250);
  });

  it('refuses a product without a free seat with 409, but keeps a held one', async () => {
    const res = await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: coAdmin.id, product: 'STANDARD', role: 'admin' },
    });
    assert.equal(res.status, 409);
    assert.match(res.body.message, /No Standard seats available/);
    const same = await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: member.id, product: 'Standard', role: 'member' },
    });
    assert.equal(same.status, 200);
  });

  it('gives exactly one of two concurrent assignments the last seat', async () => {
    const [a, b] = await Promise.all([
      t.api('setUserProduct', {
        cookie: admin.cookie,
        body: { user_id: coAdmin.id, product: 'pro', role: 'admin' },
      }),
      t.api('setUserProduct', {
        cookie: coAdmin.cookie,
        body: { user_id: member.id, product: 'pro', role: 'member' },
      }),
    ]);
    assert.deepEqual([a.status, b.status].sort(), [200, 409]);
    const members = (await t.api('getOrganizationMembers', { cookie: admin.cookie })).body.data.users;
    assert.equal(
      members.filter(
        (u: { subscription: { stripe_product: string } }) => u.subscription.stripe_product === 'Pro',
      ).length,
      1,
    );
  });

  it("lets only the billing admin change the billing admin's plan", async () => {
    const before = (await t.api('getUser', { cookie: admin.cookie })).body.data;
    const res = await t.api('setUserProduct', {
      cookie: coAdmin.cookie,
      body: { user_id: admin.id, product: 'standard', role: 'admin' },
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, "Only the billing admin can change the billing admin's plan.");
    const after = (await t.api('getUser', { cookie: admin.cookie })).body.data;
    assert.deepEqual(after.subscription, before.subscription);
    assert.equal(after.credits, before.credits);
  });

  it('never changes the admin role', async () => {
    const res = await t.api('setUserProduct', {
      cookie: admin.cookie,
      body: { user_id: coAdmin.id, product: 'free', role: 'member' },
    });
    assert.equal(res.status, 400);
    assert.equal((await t.api('getUser', { cookie: coAdmin.cookie })).body.data.role, 'admin');
  });

  it('validates the body', async () => {
    assert.equal(
      (
        await t.api('setUserProduct', {
          cookie: admin.cookie,
          body: { user_id: member.id, product: 'gold', role: 'member' },
        })
      ).status,
      400,
    );
    assert.equal(
      (await t.api('setUserProduct', { cookie: admin.cookie, body: { user_id: member.id, product: 'free' } }))
        .status,
      400,
    );
  });

  it('member 403, other organization 404, anonymous 401', async () => {
    const body = { user_id: member.id, product: 'free', role: 'member' };
    assert.equal((await t.api('setUserProduct', { cookie: member.cookie, body })).status, 403);
    const other = await t.api('setUserProduct', { cookie: otherAdmin.cookie, body });
    assert.equal(other.status, 404);
    assert.equal(other.body.message, 'User not found in your organization');
    assert.equal((await t.api('setUserProduct', { body })).status, 401);
  });
});

describe('remove-organization-user', () => {
  it('admins cannot be removed', async () => {
    const res = await t.api('removeOrganizationUser', {
      cookie: admin.cookie,
      body: { user_id: coAdmin.id },
    });
    assert.equal(res.status, 403);
    assert.equal(res.body.message, 'Cannot remove admin');
    assert.equal(
      (await t.api('removeOrganizationUser', { cookie: coAdmin.cookie, body: { user_id: admin.id } })).status,
      403,
    );
  });

  it('member 403, other organization 404, unknown 404, anonymous 401', async () => {
    assert.equal(
      (await t.api('removeOrganizationUser', { cookie: member.cookie, body: { user_id: coAdmin.id } }))
        .status,
      403,
    );
    assert.equal(
      (await t.api('removeOrganizationUser', { cookie: otherAdmin.cookie, body: { user_id: member.id } }))
        .status,
      404,
    );
    assert.equal(
      (await t.api('removeOrganizationUser', { cookie: admin.cookie, body: { user_id: otherMember.id } }))
        .status,
      404,
    );
    assert.equal(
      (await t.api('removeOrganizationUser', { cookie: admin.cookie, body: { user_id: '0' } })).status,
      404,
    );
    assert.equal((await t.api('removeOrganizationUser', { body: { user_id: member.id } })).status, 401);
  });

  it('removes a member, who is signed out at once, keeps a Free account of their own and frees the seat', async () => {
    const res = await t.api('removeOrganizationUser', { cookie: admin.cookie, body: { user_id: member.id } });
    assert.equal(res.status, 200);
    assert.equal((await t.api('getUser', { cookie: member.cookie })).status, 401);
    const again = await t.api('login', { body: { email: member.email, password: PASSWORD } });
    assert.equal(again.status, 200);
    const me = (await t.api('getUser', { cookie: again.cookie })).body.data;
    assert.equal(me.organization, null);
    assert.equal(me.subscription.stripe_product, 'Free');
    const members = (await t.api('getOrganizationMembers', { cookie: admin.cookie })).body.data.users;
    assert.ok(!members.some((u: { id: string }) => u.id === member.id));
  });
});
