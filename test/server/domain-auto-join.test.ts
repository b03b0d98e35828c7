/**
 * docs/product.md#automatic-joining, optional: an admin of an organization with a verified domain turns automatic joining
 * on; a signup at that domain (no invitation) whose address Google verified then joins the organization at
 * once as a Free member, in the signup's transaction, and the admins are mailed. A password signup proves
 * nothing: it is mailed a normal invitation, which joins it once accepted. Off by default; refused without a
 * verified domain; admins only. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import type { Mail } from '../../src/server/mail/mailer.js';
import {
  AUTO_JOIN_OFF,
  AUTO_JOIN_ON,
  VERIFY_DOMAIN_FIRST,
} from '../../src/server/handlers/company-domain.js';
import { mailToken, startTestApp, useTestApp } from './helpers/app.js';
import { GOOGLE_TEST_CLIENT_ID, fakeGoogleVerifier } from './helpers/google.js';
import { assertSeatsMatchProvider } from './helpers/seats.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';

const t = useTestApp(
  { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID },
  { services: { google: fakeGoogleVerifier } },
);
afterEach(() => assertSeatsMatchProvider(t));

const DOMAIN = 'auto-join-corp.com';
let admin: TestUser;
let coAdmin: TestUser;
let orgId = '';

async function outboxTo(to: string) {
  return t.app.services.db.selectFrom('outbox').selectAll().where('to_address', '=', to).execute();
}

async function autoJoin(enabled: boolean, user = admin) {
  return t.api('setDomainAutoJoin', { cookie: user.cookie, body: { enabled } });
}

async function autoJoinState() {
  const res = await t.api('getCompanyDomain', { cookie: admin.cookie });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.auto_join as boolean;
}

async function me(user: TestUser) {
  return (await t.api('getUser', { cookie: user.cookie })).body.data;
}

before(async () => {
  admin = await signup(t.api, { email: `ada@${DOMAIN}`, name: 'Ada' });
  coAdmin = await invitedMember(t, admin, { role: 'admin' });
  const started = await t.api('startDomainVerification', { cookie: admin.cookie, body: { domain: DOMAIN } });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const code = await mailToken(t, `ada@${DOMAIN}`, 'domain_code');
  const verified = await t.api('verifyDomain', { cookie: admin.cookie, body: { code } });
  assert.equal(verified.status, 200, JSON.stringify(verified.body));
  orgId = (await me(admin)).organization.id;
});

describe('the setting', () => {
  it('is off by default: a signup at the domain stays on its own and is offered to request', async () => {
    assert.equal(await autoJoinState(), false);
    const grace = await signup(t.api, { email: `grace@${DOMAIN}`, name: 'Grace' });
    const user = await me(grace);
    assert.equal(user.organization, null);
    assert.equal(user.role, 'admin');
    assert.equal((await t.api('getJoinOption', { cookie: grace.cookie })).body.data.domain, DOMAIN);
  });

  it('needs a verified domain, and is refused to members', async () => {
    const loner = await signup(t.api, { email: 'owner@no-domain-yet.io' });
    let res = await autoJoin(true, loner);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, VERIFY_DOMAIN_FIRST.message);
    await invitedMember(t, loner); // an organization, still without a domain
    res = await autoJoin(true, loner);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, VERIFY_DOMAIN_FIRST.message);

    const member = await invitedMember(t, admin);
    res = await autoJoin(true, member);
    assert.equal(res.status, 403);
    assert.equal(await autoJoinState(), false);
  });

  it('is turned on and off by an admin, and each change is in the audit log', async () => {
    let res = await autoJoin(true);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, AUTO_JOIN_ON.message);
    assert.equal(await autoJoinState(), true);
    res = await autoJoin(false);
    assert.equal(res.status, 200);
    assert.equal(res.body.message, AUTO_JOIN_OFF.message);
    assert.equal(await autoJoinState(), false);
    const entries = await t.app.services.db
      .selectFrom('audit_events')
      .select(['type', 'details'])
      .where('type', '=', 'domain.auto_join_changed')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      entries.map((entry) => entry.details),
      [{ enabled: true }, { enabled: false }],
    );
  });
});

describe('signups while it is on', () => {
  before(async () => {
    assert.equal((await autoJoin(true)).status, 200);
  });

  it('a password signup at the domain (any case) is mailed an invitation instead: accepting it joins as a Free member', async () => {
    // Typing an address proves nothing: anyone could sign up as alan@ the company.
    const res = await t.api('signup', {
      body: {
        name: 'Alan',
        email: `Alan@${DOMAIN.toUpperCase()}`,
        password: 'Sup3r-secret!',
        software: 'demo-crm',
      },
      ip: '10.9.1.1',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(
      res.body.notice,
      `We sent an invitation to alan@${DOMAIN}: open it to join Ada's organization.`,
    );
    const alan = { id: res.body.id, email: `alan@${DOMAIN}`, cookie: res.cookie! };
    assert.equal((await me(alan)).organization, null);
    assert.equal((await outboxTo(admin.email)).filter((mail) => mail.subject.includes(' joined ')).length, 0);

    const [mail, ...more] = await outboxTo(alan.email);
    assert.equal(more.length, 0);
    assert.equal(mail!.subject, "Ada invited you to join Ada's organization");
    assert.match(mail!.text_body, /as member/);
    const token = await mailToken(t, alan.email);
    const accepted = await t.api('acceptInvite', { cookie: alan.cookie, query: { token, join: 'true' } });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal(accepted.body.message, "You joined Ada's organization.");
    const user = await me(alan);
    assert.equal(user.organization.id, orgId);
    assert.equal(user.role, 'member');
    assert.equal(user.subscription.stripe_product, 'Free');
    const stored = await t.app.services.db
      .selectFrom('users')
      .select('email_proven_at')
      .where('email', '=', alan.email)
      .executeTakeFirstOrThrow();
    assert.ok(stored.email_proven_at, 'accepting the mailed invitation proves the address');
    const [sent] = await t.app.services.db
      .selectFrom('audit_events')
      .select(['type', 'organization_id', 'actor_email', 'target_email'])
      .where('type', '=', 'invitation.sent')
      .where('target_email', '=', alan.email)
      .execute();
    assert.deepEqual(sent, {
      type: 'invitation.sent',
      organization_id: Number(orgId),
      actor_email: admin.email,
      target_email: alan.email,
    });
  });

  it('a password signup already invited gets no second invitation', async () => {
    const email = `kim@${DOMAIN}`;
    assert.equal((await t.api('inviteUser', { cookie: coAdmin.cookie, body: { email } })).status, 200);
    const res = await t.api('signup', {
      body: { name: 'Kim', email, password: 'Sup3r-secret!', software: 'demo-crm' },
      ip: '10.9.1.2',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.notice, `We sent an invitation to ${email}: open it to join Ada's organization.`);
    assert.equal(res.body.user.organization, null);
    assert.equal((await outboxTo(email)).length, 1);
    const pending = await t.app.services.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email)
      .execute();
    assert.equal(pending.length, 1);
  });

  it('a Google signup at the domain (the address verified by Google) joins at once', async () => {
    const email = `hedy@${DOMAIN}`;
    const res = await t.api('googleAuth', {
      body: { token: `valid:${email}`, type: 'signup', software: 'demo-crm' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.user.organization.id, orgId);
    assert.equal(res.body.user.role, 'member');
    assert.equal(
      (await outboxTo(admin.email)).filter((mail) => mail.subject.includes(`(${email}) joined`)).length,
      1,
    );
    assert.equal(res.body.notice, undefined);
    assert.equal((await outboxTo(email)).length, 0, 'Google verified the address: no invitation');
  });

  it('an invitation wins over the domain: the invited organization and role', async () => {
    const other = await signup(t.api, { email: 'boss@elsewhere-auto.io', name: 'Boss' });
    const invited = await invitedMember(t, other, { email: `ivy@${DOMAIN}`, role: 'viewer' });
    const user = await me(invited);
    assert.notEqual(user.organization.id, orgId);
    assert.equal(user.role, 'viewer');
  });

  it('other domains are not concerned', async () => {
    const eve = await signup(t.api, { email: `eve@not-${DOMAIN}` });
    assert.equal((await me(eve)).organization, null);
  });

  it('a signup that fails leaves no member and no mail behind', async () => {
    const before = (await outboxTo(admin.email)).length;
    const res = await t.api('signup', {
      body: { name: 'Twice', email: `alan@${DOMAIN}`, password: 'Sup3r-secret!', software: 'demo-crm' },
      ip: '10.9.9.9',
    });
    assert.equal(res.status, 409);
    assert.equal((await outboxTo(admin.email)).length, before);
  });

  it('turned off, it lets in no password signup made while it was on (the invitation mailed to prove it closes)', async () => {
    const alan = await signup(t.api, { email: `alan.turing@${DOMAIN}`, name: 'Alan' });
    assert.equal((await me(alan)).organization, null, 'mailed an invitation instead');
    const token = await mailToken(t, alan.email);
    assert.equal((await autoJoin(false)).status, 200);
    const refused = await t.api('acceptInvite', { cookie: alan.cookie, query: { token, join: 'true' } });
    assert.equal((await me(alan)).organization, null, JSON.stringify(refused.body));
    // On again: the same invitation stands for it again, and joins.
    assert.equal((await autoJoin(true)).status, 200);
    const accepted = await t.api('acceptInvite', { cookie: alan.cookie, query: { token, join: 'true' } });
    assert.equal((await me(alan)).organization?.id, orgId, JSON.stringify(accepted.body));
  });

  it('verifying another domain turns it off', async () => {
    const started = await t.api('startDomainVerification', {
      cookie: admin.cookie,
      body: { domain: 'auto-join-next.com', email: 'it@auto-join-next.com' },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const code = await mailToken(t, 'it@auto-join-next.com', 'domain_code');
    assert.equal((await t.api('verifyDomain', { cookie: admin.cookie, body: { code } })).status, 200);
    assert.equal(await autoJoinState(), false);
    const zoe = await signup(t.api, { email: 'zoe@auto-join-next.com' });
    assert.equal((await me(zoe)).organization, null);
  });
});

describe('over SMTP', () => {
  it('a mail server that fails does not fail the signup: the invitation stays pending, to be resent', async () => {
    const sent: Mail[] = [];
    const smtp = await startTestApp(
      {},
      {
        services: {
          mailer: {
            async send(mail) {
              sent.push(mail);
              if (/ invited you /.test(mail.subject)) throw new Error('SMTP down');
            },
            async close() {},
          },
        },
      },
    );
    try {
      const owner = await signup(smtp.api, { email: 'owner@smtp-corp.com', name: 'Owner' });
      await smtp.api('startDomainVerification', { cookie: owner.cookie, body: { domain: 'smtp-corp.com' } });
      const code = /this code: ([A-Z0-9]{8})/.exec(sent.at(-1)!.text)?.[1];
      assert.ok(code);
      assert.equal((await smtp.api('verifyDomain', { cookie: owner.cookie, body: { code } })).status, 200);
      const on = await smtp.api('setDomainAutoJoin', { cookie: owner.cookie, body: { enabled: true } });
      assert.equal(on.status, 200);

      const res = await smtp.api('signup', {
        body: {
          name: 'Newcomer',
          email: 'new@smtp-corp.com',
          password: 'Sup3r-secret!',
          software: 'demo-crm',
        },
        ip: '10.8.8.8',
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.equal(res.body.user.organization, null);
      assert.deepEqual(
        sent.filter((mail) => / invited you /.test(mail.subject)).map((mail) => mail.to),
        ['new@smtp-corp.com'],
      );
      const members = await smtp.api('getOrganizationMembers', { cookie: owner.cookie });
      assert.deepEqual(
        members.body.data.invitations.map((invitation: { email: string }) => invitation.email),
        ['new@smtp-corp.com'],
      );
    } finally {
      await smtp.close();
    }
  });
});
