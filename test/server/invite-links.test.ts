/**
 * docs/product.md#invitation-links: an admin of an organization with a verified domain creates a link to share;
 * people signed in with a proven address at that domain (any letter case) join through it as Free members,
 * others are mailed a normal invitation to accept (typing an address proves nothing); the
 * link expires after 7 days, is revoked by the admin or by a newer link or by a change of domain, and every
 * call is rate limited. Only the token's hash is stored. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import {
  INVITE_LINK_EXPIRED,
  INVITE_LINK_NEEDS_DOMAIN,
  INVITE_LINK_REVOKED,
  INVITE_LINK_UNKNOWN,
  INVITE_LINK_WRONG_DOMAIN,
} from '../../src/shared/invite-link.js';
import { NO_INVITE_LINK } from '../../src/server/handlers/invite-links.js';
import { hashToken } from '../../src/server/security/tokens.js';
import { mailToken, useTestApp, type TestApp } from './helpers/app.js';
import { GOOGLE_TEST_CLIENT_ID, fakeGoogleVerifier } from './helpers/google.js';
import { invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';

const t = useTestApp(
  { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID },
  { services: { google: fakeGoogleVerifier } },
);

const DOMAIN = 'links-corp.com';
const DAY = 24 * 3600;
let admin: TestUser;
let orgId = '';
/** The link of the first joining test, still valid for the next ones. */
let linkToken = '';

/** Verifies `domain` for the organization of `user`, the code mailed to `email`. */
async function verify(app: TestApp, user: TestUser, domain: string, email = user.email) {
  const started = await app.api('startDomainVerification', { cookie: user.cookie, body: { domain, email } });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const code = await mailToken(app, email, 'domain_code');
  const verified = await app.api('verifyDomain', { cookie: user.cookie, body: { code } });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
}

async function createLink(user = admin) {
  const res = await t.api('createInviteLink', { cookie: user.cookie, body: {} });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const token = decodeURIComponent(new URL(res.body.data.url).pathname.replace(/^\/join\//, ''));
  return { token, data: res.body.data, message: res.body.message as string };
}

async function look(token: string, ip?: string) {
  const res = await t.api('getInviteLink', { query: { token }, ...(ip ? { ip } : {}) });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

const join = (user: TestUser, token: string, ip?: string) =>
  t.api('acceptInviteLink', { cookie: user.cookie, body: { token }, ...(ip ? { ip } : {}) });

async function outboxTo(to: string) {
  return t.app.services.db.selectFrom('outbox').selectAll().where('to_address', '=', to).execute();
}

/** A user whose address Google verified: proven. */
async function googleSignup(email: string): Promise<TestUser> {
  const res = await t.api('googleAuth', {
    body: { token: `valid:${email}`, type: 'signup', software: 'demo-crm' },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { id: res.body.id, email: email.toLowerCase(), cookie: res.cookie! };
}

async function organizationOf(user: TestUser) {
  return (await t.api('getUser', { cookie: user.cookie })).body.data;
}

before(async () => {
  admin = await signup(t.api, { email: `ada@${DOMAIN}`, name: 'Ada' });
  await verify(t, admin, DOMAIN);
  orgId = (await organizationOf(admin)).organization.id;
});

describe('creating a link', () => {
  it('needs a verified domain', async () => {
    const alone = await signup(t.api, { email: 'solo@no-domain.io' });
    const res = await t.api('createInviteLink', { cookie: alone.cookie, body: {} });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVITE_LINK_NEEDS_DOMAIN);
  });

  it('answers a link to copy, valid 7 days, shown by get-company-domain without its URL, stored only hashed', async () => {
    const { token, data, message } = await createLink();
    assert.match(data.url, /^http:\/\/localhost:3000\/join\/[A-Za-z0-9_-]{43}$/);
    assert.equal(message, 'Invitation link created. Copy it now: it is shown only once.');
    assert.equal(data.domain, DOMAIN);
    assert.equal(data.expires_at - data.created_at, 7 * DAY);
    const state = (await t.api('getCompanyDomain', { cookie: admin.cookie })).body.data;
    assert.deepEqual(state.invite_link, {
      domain: DOMAIN,
      created_at: data.created_at,
      expires_at: data.expires_at,
    });
    const rows = await t.app.services.db.selectFrom('invite_links').selectAll().execute();
    assert.ok(rows.some((row) => row.token_hash === hashToken(token)));
    assert.ok(
      rows.every((row) => !JSON.stringify(row).includes(token)),
      'the token itself is not stored',
    );

    const { organization } = await organizationOf(admin);
    const described = {
      status: 'valid',
      member: false,
      organization_name: organization.name,
      domain: DOMAIN,
      expires_at: data.expires_at,
    };
    assert.deepEqual(await look(token), described);
    // Only the server knows who belongs (two organizations may share a name): a member is told, by the
    // session, and an outsider signed in elsewhere is not.
    const asMember = await t.api('getInviteLink', { query: { token }, cookie: admin.cookie });
    assert.deepEqual(asMember.body.data, { ...described, member: true });
    const outsider = await signup(t.api, { email: uniqueEmail('outsider') });
    const asOutsider = await t.api('getInviteLink', { query: { token }, cookie: outsider.cookie });
    assert.deepEqual(asOutsider.body.data, described);
  });

  it('refuses every role but admin', async () => {
    for (const role of ['member', 'viewer', 'billing_manager'] as const) {
      const user = await invitedMember(t, admin, { role });
      for (const operationId of ['createInviteLink', 'revokeInviteLink']) {
        const res = await t.api(operationId, { cookie: user.cookie, body: {} });
        assert.equal(res.status, 403, `${role} ${operationId}`);
      }
    }
  });
});

describe('joining through a link', () => {
  it('joins a user whose address Google verified at once, whatever the case of the address, as a Free member', async () => {
    const { token } = await createLink();
    linkToken = token;
    const grace = await googleSignup(`Grace@${DOMAIN.toUpperCase()}`);
    const res = await join(grace, token);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, "You joined Ada's organization as a Free member.");
    assert.equal(res.body.joined, true);
    const me = await organizationOf(grace);
    assert.equal(me.organization.id, orgId);
    assert.equal(me.role, 'member');
    assert.equal(me.subscription.stripe_product, 'Free');
    assert.equal((await outboxTo(`grace@${DOMAIN}`)).length, 0, 'no invitation needed');
    const audit = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'invite_link.joined' },
    });
    assert.ok(
      audit.body.data.events.some((e: { actor_email: string }) => e.actor_email === `grace@${DOMAIN}`),
    );

    const again = await join(grace, token);
    assert.equal(again.status, 409);
    assert.equal(again.body.message, 'You are already a member of this organization.');
    assert.equal((await look(token)).status, 'valid', 'the link stays for the next colleague');
  });

  it('mails a password user an invitation instead (once): accepting it joins as a Free member', async () => {
    // Typing an address at the domain proves nothing: the invitation mailed to it does.
    const token = linkToken; // an admin creates only so many links an hour
    const joe = await signup(t.api, { email: `Joe@${DOMAIN}`, name: 'Joe' });
    const email = `joe@${DOMAIN}`;
    const words = {
      message: `We sent an invitation to ${email}: open it to join Ada's organization.`,
      code: 'invitation_mailed_to_confirm',
      params: { email, organization: "Ada's organization" },
    };
    const res = await join(joe, token);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(res.body, { error: false, ...words, joined: false });
    assert.equal((await organizationOf(joe)).organization, null);
    const [mail] = await outboxTo(email);
    assert.equal(mail!.subject, "Ada invited you to join Ada's organization");

    const again = await join(joe, token);
    assert.deepEqual(again.body, { error: false, ...words, joined: false });
    assert.equal((await outboxTo(email)).length, 1, 'no second invitation while one is pending');
    const members = await t.api('getOrganizationMembers', { cookie: admin.cookie });
    assert.equal(members.body.data.invitations.filter((i: { email: string }) => i.email === email).length, 1);

    const accepted = await t.api('acceptInvite', {
      cookie: joe.cookie,
      query: { token: await mailToken(t, email), join: 'true' },
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    const me = await organizationOf(joe);
    assert.equal(me.organization.id, orgId);
    assert.equal(me.role, 'member');
    assert.equal(me.subscription.stripe_product, 'Free');
    // Proven now: with no organization again, the link would let them in at once.
  });

  it('a password reset by mail proves the address: the link then joins at once', async () => {
    const token = linkToken; // an admin creates only so many links an hour
    const kay = await signup(t.api, { email: `kay@${DOMAIN}` });
    await t.api('forgotPassword', { body: { email: kay.email } });
    const reset = await t.api('resetPassword', {
      body: { token: await mailToken(t, kay.email), new_password: 'An0ther-secret!' },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    const login = await t.api('login', { body: { email: kay.email, password: 'An0ther-secret!' } });
    assert.equal(login.status, 200, JSON.stringify(login.body));
    const res = await join({ ...kay, cookie: login.cookie! }, token);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.joined, true);
  });

  it('refuses an address at another domain, and someone in another organization', async () => {
    const { token } = await createLink();
    const eve = await signup(t.api, { email: `eve@not-${DOMAIN}` });
    let res = await join(eve, token);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVITE_LINK_WRONG_DOMAIN);
    assert.equal((await organizationOf(eve)).organization, null);

    const carl = await signup(t.api, { email: `carl@${DOMAIN}` });
    await invitedMember(t, carl); // carl now has an organization of his own
    res = await join(carl, token);
    assert.equal(res.status, 409);
    assert.equal(res.body.message, 'You already belong to an organization.');
    assert.notEqual((await organizationOf(carl)).organization.id, orgId);
  });

  it('needs a signed-in user', async () => {
    const { token } = await createLink();
    const res = await t.api('acceptInviteLink', { body: { token } });
    assert.equal(res.status, 401);
  });

  it('an unknown link says so, without naming anyone', async () => {
    assert.deepEqual(await look('no-such-token'), {
      status: 'unknown',
      member: false,
      organization_name: null,
      domain: null,
      expires_at: null,
    });
    const dan = await signup(t.api, { email: `dan@${DOMAIN}` });
    const res = await join(dan, 'no-such-token');
    assert.equal(res.status, 404);
    assert.equal(res.body.message, INVITE_LINK_UNKNOWN);
  });
});

describe('a link that stops working', () => {
  it('expires after 7 days', async () => {
    const { token } = await createLink();
    const past = new Date(Date.now() - 8 * DAY * 1000);
    await t.app.services.db
      .updateTable('invite_links')
      .set({ created_at: past, expires_at: new Date(past.getTime() + 7 * DAY * 1000) })
      .where('token_hash', '=', hashToken(token))
      .execute();
    assert.equal((await look(token)).status, 'expired');
    const erin = await signup(t.api, { email: `erin@${DOMAIN}` });
    const res = await join(erin, token);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVITE_LINK_EXPIRED);
    assert.equal((await organizationOf(erin)).organization, null);
    assert.equal((await t.api('getCompanyDomain', { cookie: admin.cookie })).body.data.invite_link, null);
  });

  it('is revoked by the admin, once', async () => {
    const { token } = await createLink();
    const res = await t.api('revokeInviteLink', { cookie: admin.cookie, body: {} });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, 'The invitation link was revoked: it no longer works.');
    assert.equal((await look(token)).status, 'revoked');
    const fay = await signup(t.api, { email: `fay@${DOMAIN}` });
    const refused = await join(fay, token);
    assert.equal(refused.status, 400);
    assert.equal(refused.body.message, INVITE_LINK_REVOKED);
    assert.equal((await organizationOf(fay)).organization, null);
    assert.equal((await t.api('getCompanyDomain', { cookie: admin.cookie })).body.data.invite_link, null);
    const again = await t.api('revokeInviteLink', { cookie: admin.cookie, body: {} });
    assert.equal(again.status, 404);
    assert.equal(again.body.message, NO_INVITE_LINK.message);
  });

  it('revoked, it lets in nobody who opened it before (the invitation mailed to prove the address closes)', async () => {
    const { token } = await createLink();
    const ivo = await signup(t.api, { email: `ivo@${DOMAIN}` });
    assert.equal((await join(ivo, token)).body.joined, false, 'mailed an invitation instead');
    const invitation = await mailToken(t, ivo.email);
    assert.equal((await t.api('revokeInviteLink', { cookie: admin.cookie, body: {} })).status, 200);
    const refused = await t.api('acceptInvite', {
      cookie: ivo.cookie,
      query: { token: invitation, join: 'true' },
    });
    assert.equal((await organizationOf(ivo)).organization, null, JSON.stringify(refused.body));
    // Nor is it listed as pending for the admins any more.
    const members = await t.api('getOrganizationMembers', { cookie: admin.cookie });
    assert.ok(!members.body.data.invitations.some((i: { email: string }) => i.email === ivo.email));
  });

  it('is replaced by a newer link', async () => {
    const first = await createLink();
    const second = await createLink();
    assert.equal((await look(first.token)).status, 'revoked');
    assert.equal((await look(second.token)).status, 'valid');
    const gus = await signup(t.api, { email: `gus@${DOMAIN}` });
    assert.equal((await join(gus, first.token)).status, 400);
    assert.equal((await join(gus, second.token)).status, 200);
  });

  it('stops working when the organization verifies another domain', async () => {
    const { token } = await createLink();
    await verify(t, admin, 'links-next.com', 'it@links-next.com');
    assert.equal((await look(token)).status, 'revoked');
    const hal = await signup(t.api, { email: `hal@${DOMAIN}` });
    const res = await join(hal, token);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, INVITE_LINK_REVOKED);
  });
});

describe('rate limits', () => {
  it('answers 429 with words when one address opens or uses links too often', async () => {
    const ip = '10.77.0.1';
    for (let i = 0; i < 60; i += 1) await look('probe', ip);
    const res = await t.api('getInviteLink', { query: { token: 'probe' }, ip });
    assert.equal(res.status, 429);
    assert.equal(res.body.message, 'Too many attempts, please try again later.');

    const ivy = await signup(t.api, { email: `ivy@${DOMAIN}` });
    for (let i = 0; i < 20; i += 1) assert.equal((await join(ivy, 'probe', ip)).status, 404);
    const joined = await join(ivy, 'probe', ip);
    assert.equal(joined.status, 429);
    assert.equal(joined.body.message, 'Too many attempts, please try again later.');
  });

  it('limits the links one admin creates in an hour', async () => {
    const boss = await signup(t.api, { email: 'boss@limit-corp.com' });
    await verify(t, boss, 'limit-corp.com');
    for (let i = 0; i < 10; i += 1) await createLink(boss);
    const res = await t.api('createInviteLink', { cookie: boss.cookie, body: {} });
    assert.equal(res.status, 429);
    assert.equal(res.body.message, 'Too many attempts, please try again later.');
  });
});
