/**
 * docs/product.md#verifying-a-domain: an admin verifies the organization's email domain by a code mailed to an
 * address at it (free-mail domains refused); people who sign up at that domain ask to join; the admins get
 * a mail, see the request, approve it (the requester joins as a Free member) or decline it; requests expire
 * after 7 days. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import { FREE_MAIL_REFUSED, JOIN_PROMPT, NOT_A_DOMAIN } from '../../src/shared/company-domain.js';
import {
  DOMAIN_CODE_BURNT,
  JOIN_REQUEST_CLOSED,
  WRONG_DOMAIN_CODE,
  confirmingApprovalMessage,
  unconfirmedRequestMessage,
} from '../../src/server/handlers/company-domain.js';
import { RATE_RULES } from '../../src/server/security/rate-limit.js';
import { mailLinks, mailToken, useTestApp } from './helpers/app.js';
import { assertSeatsMatchProvider } from './helpers/seats.js';
import { PASSWORD, invitedMember, signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
afterEach(() => assertSeatsMatchProvider(t));

const DOMAIN = 'acme-corp.com';
let admin: TestUser;
let orgId = '';

async function outboxTo(to: string) {
  return t.app.services.db.selectFrom('outbox').selectAll().where('to_address', '=', to).execute();
}

async function domainState(user = admin) {
  const res = await t.api('getCompanyDomain', { cookie: user.cookie });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

/**
 * Proves the user's address the way its owner can: a mailed password reset. The reset signs them out
 * everywhere, so this signs them in again.
 */
async function proveAddress(user: TestUser): Promise<TestUser> {
  const ip = '10.77.0.1';
  assert.equal((await t.api('forgotPassword', { body: { email: user.email }, ip })).status, 200);
  const token = await mailToken(t, user.email.toLowerCase());
  const reset = await t.api('resetPassword', { body: { token, new_password: PASSWORD }, ip });
  assert.equal(reset.status, 200, JSON.stringify(reset.body));
  const login = await t.api('login', { body: { email: user.email, password: PASSWORD }, ip });
  assert.equal(login.status, 200, JSON.stringify(login.body));
  return { ...user, cookie: login.cookie! };
}

/** Signs someone up at the domain and sends their request; returns them and the request the admin sees. */
async function requestFrom(email: string) {
  const user: TestUser = await signup(t.api, { email, name: email.split('@')[0] });
  const res = await t.api('requestToJoin', { cookie: user.cookie, body: {} });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  const request = (await domainState()).join_requests.find((r: { email: string }) => r.email === email);
  assert.ok(request, `the admin sees the request of ${email}`);
  return { user, request };
}

before(async () => {
  admin = await signup(t.api, { email: `ada@${DOMAIN}`, name: 'Ada' });
});

describe('starting a verification', () => {
  it('refuses free-mail domains, whatever their case, with a clear message', async () => {
    for (const domain of ['gmail.com', 'Outlook.COM', 'qq.com', '163.com', 'proton.me', 'mail.yahoo.com']) {
      const res = await t.api('startDomainVerification', { cookie: admin.cookie, body: { domain } });
      assert.equal(res.status, 400, domain);
      assert.equal(res.body.message, FREE_MAIL_REFUSED);
    }
    assert.match(FREE_MAIL_REFUSED, /gmail\.com/);
  });

  it('refuses what is not a domain name', async () => {
    for (const domain of ['acme', 'not a domain', 'acme..com', 'http://acme.com/']) {
      const res = await t.api('startDomainVerification', { cookie: admin.cookie, body: { domain } });
      assert.equal(res.status, 400, domain);
      assert.equal(res.body.message, NOT_A_DOMAIN);
    }
  });

  it('needs an address at the domain to send the code to', async () => {
    let res = await t.api('startDomainVerification', { cookie: admin.cookie, body: { domain: 'other.io' } });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /enter an address at other\.io/);
    res = await t.api('startDomainVerification', {
      cookie: admin.cookie,
      body: { domain: 'other.io', email: 'it@elsewhere.io' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'The address must be at other.io.');
    assert.deepEqual(await outboxTo('it@elsewhere.io'), []);
  });
});

describe('verifying the domain', () => {
  it('mails a code to the admin at the domain; a wrong code changes nothing; the mailed one verifies', async () => {
    const res = await t.api('startDomainVerification', {
      cookie: admin.cookie,
      body: { domain: ' ACME-corp.com ' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, `We sent a verification code to ada@${DOMAIN}.`);
    const [link] = await mailLinks(t, `ada@${DOMAIN}`);
    assert.match(link!, /^http:\/\/localhost:3000\/dashboard\/organization\?domain_code=/);
    const code = await mailToken(t, `ada@${DOMAIN}`, 'domain_code');
    assert.match(code, /^[A-Z2-9]{8}$/);
    assert.deepEqual(
      { ...(await domainState()), join_requests: undefined },
      {
        domain: null,
        pending_domain: DOMAIN,
        pending_email: `ada@${DOMAIN}`,
        auto_join: false,
        join_requests: undefined,
        invite_link: null,
        method: null,
        dns_record: null,
        record_missing_at: null,
      },
    );

    const wrong = await t.api('verifyDomain', { cookie: admin.cookie, body: { code: 'AAAAAAAA' } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, WRONG_DOMAIN_CODE.message);
    assert.equal((await domainState()).domain, null);

    const ok = await t.api('verifyDomain', { cookie: admin.cookie, body: { code: code.toLowerCase() } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    assert.equal(ok.body.message, `${DOMAIN} is verified.`);
    const state = await domainState();
    assert.equal(state.domain, DOMAIN);
    assert.equal(state.pending_domain, null);
    // Proven by a mailed code: single sign-on will refuse it (docs/product.md#verifying-a-domain).
    assert.equal(state.method, 'mail');
    orgId = (await t.api('getUser', { cookie: admin.cookie })).body.data.organization.id;
    assert.ok(orgId);

    const again = await t.api('verifyDomain', { cookie: admin.cookie, body: { code } });
    assert.equal(again.status, 400, 'a code works once');
  });

  it('sends the code to another address at the domain, and refuses a domain another organization has', async () => {
    const other = await signup(t.api, { email: 'boss@widgets.io', name: 'Boss' });
    let res = await t.api('startDomainVerification', {
      cookie: other.cookie,
      body: { domain: 'widgets.io', email: 'IT@Widgets.io' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await outboxTo('it@widgets.io')).length, 1);
    res = await t.api('startDomainVerification', {
      cookie: other.cookie,
      body: { domain: DOMAIN, email: `it@${DOMAIN}` },
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, `${DOMAIN} is already verified by another organization.`);
    assert.deepEqual(await outboxTo(`it@${DOMAIN}`), []);
  });
});

describe('requests to join', () => {
  it('a signup at the verified domain may request; the admins are mailed and see it; approving a proven address makes a Free member', async () => {
    const grace = await proveAddress(
      await signup(t.api, { email: `Grace@${DOMAIN.toUpperCase()}`, name: 'Grace' }),
    );
    const option = await t.api('getJoinOption', { cookie: grace.cookie });
    assert.equal(option.status, 200);
    assert.deepEqual(option.body.data, {
      organization_name: option.body.data.organization_name,
      domain: DOMAIN,
      requested: false,
      address_confirmed: true,
      invited: false,
    });
    assert.ok(JOIN_PROMPT.includes('request to join'));

    const res = await t.api('requestToJoin', { cookie: grace.cookie, body: {} });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const [mail] = await outboxTo(`ada@${DOMAIN}`).then((mails) =>
      mails.filter((m) => /asks to join/.test(m.subject)),
    );
    assert.ok(mail, 'the admin is mailed');
    assert.match(mail.text_body, new RegExp(`grace@${DOMAIN}`));
    assert.match(mail.text_body, /http:\/\/localhost:3000\/dashboard\/organization/);

    const twice = await t.api('requestToJoin', { cookie: grace.cookie, body: {} });
    assert.equal(twice.status, 409);
    assert.equal((await t.api('getJoinOption', { cookie: grace.cookie })).body.data.requested, true);

    const { join_requests: requests } = await domainState();
    assert.equal(requests.length, 1);
    assert.equal(requests[0].email, `grace@${DOMAIN}`);
    assert.equal(requests[0].name, 'Grace');
    assert.equal(requests[0].address_confirmed, true);
    assert.equal(requests[0].expires_at - requests[0].created_at, 7 * 24 * 3600);

    const approved = await t.api('decideJoinRequest', {
      cookie: admin.cookie,
      body: { request_id: requests[0].id, decision: 'approve' },
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.message, `grace@${DOMAIN} joined your organization as a Free member.`);
    const me = (await t.api('getUser', { cookie: grace.cookie })).body.data;
    assert.equal(me.organization.id, orgId);
    assert.equal(me.role, 'member');
    assert.equal(me.subscription.stripe_product, 'Free');
    assert.deepEqual((await domainState()).join_requests, []);
    assert.equal((await t.api('getJoinOption', { cookie: grace.cookie })).body.data, null);

    const again = await t.api('decideJoinRequest', {
      cookie: admin.cookie,
      body: { request_id: requests[0].id, decision: 'approve' },
    });
    assert.equal(again.status, 400);
    assert.equal(again.body.message, JOIN_REQUEST_CLOSED.message);
  });

  it('declining closes the request and the requester stays on their own', async () => {
    const { user: alan, request } = await requestFrom(`alan@${DOMAIN}`);
    const res = await t.api('decideJoinRequest', {
      cookie: admin.cookie,
      body: { request_id: request.id, decision: 'decline' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, `The request of alan@${DOMAIN} was declined.`);
    assert.deepEqual((await domainState()).join_requests, []);
    assert.equal((await t.api('getUser', { cookie: alan.cookie })).body.data.organization, null);
    const approve = await t.api('decideJoinRequest', {
      cookie: admin.cookie,
      body: { request_id: request.id, decision: 'approve' },
    });
    assert.equal(approve.status, 400);
    assert.equal((await t.api('getJoinOption', { cookie: alan.cookie })).body.data.requested, false);
  });

  it('after 7 days a request is not shown and cannot be approved', async () => {
    const { user: bob, request } = await requestFrom(`bob@${DOMAIN}`);
    const past = new Date(Date.now() - 8 * 24 * 3600 * 1000);
    await t.app.services.db
      .updateTable('join_requests')
      .set({ created_at: past, expires_at: new Date(past.getTime() + 7 * 24 * 3600 * 1000) })
      .where('id', '=', Number(request.id))
      .execute();
    assert.deepEqual((await domainState()).join_requests, []);
    const res = await t.api('decideJoinRequest', {
      cookie: admin.cookie,
      body: { request_id: request.id, decision: 'approve' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, JOIN_REQUEST_CLOSED.message);
    assert.equal((await t.api('getUser', { cookie: bob.cookie })).body.data.organization, null);
    assert.equal((await t.api('getJoinOption', { cookie: bob.cookie })).body.data.requested, false);
  });

  it('is not offered at another domain, nor to someone already in an organization', async () => {
    const stranger = await signup(t.api, { email: 'eve@elsewhere.io' });
    assert.equal((await t.api('getJoinOption', { cookie: stranger.cookie })).body.data, null);
    const res = await t.api('requestToJoin', { cookie: stranger.cookie, body: {} });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'No organization has verified the domain of your email address.');

    const member = await invitedMember(t, admin, { email: `carol@${DOMAIN}` });
    assert.equal((await t.api('getJoinOption', { cookie: member.cookie })).body.data, null);
    const asked = await t.api('requestToJoin', { cookie: member.cookie, body: {} });
    assert.equal(asked.status, 400);
  });

  it('another organization cannot answer the request, and members cannot see or answer it', async () => {
    const { user: dan, request } = await requestFrom(`dan@${DOMAIN}`);
    const other = await signup(t.api, { email: 'owner@gadgets.io' });
    await invitedMember(t, other); // gives `other` an organization
    let res = await t.api('decideJoinRequest', {
      cookie: other.cookie,
      body: { request_id: request.id, decision: 'approve' },
    });
    assert.equal(res.status, 404);
    const member = await invitedMember(t, admin);
    res = await t.api('getCompanyDomain', { cookie: member.cookie });
    assert.equal(res.status, 403);
    res = await t.api('decideJoinRequest', {
      cookie: member.cookie,
      body: { request_id: request.id, decision: 'approve' },
    });
    assert.equal(res.status, 403);
    assert.equal((await t.api('getUser', { cookie: dan.cookie })).body.data.organization, null);
  });
});

describe('requests from an address nobody proved', () => {
  it('the admin sees it is not confirmed; approving mails an invitation, and the requester joins by opening it', async () => {
    const email = `hopper@${DOMAIN}`;
    const hopper = await signup(t.api, { email, name: 'Hopper' });
    const asked = await t.api('requestToJoin', { cookie: hopper.cookie, body: {} });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    const orgName = (await t.api('getUser', { cookie: admin.cookie })).body.data.organization.name;
    assert.equal(asked.body.message, unconfirmedRequestMessage(orgName, email).message);
    const [notice] = (await outboxTo(`ada@${DOMAIN}`)).filter((m) => m.text_body.includes(email)).reverse();
    assert.match(notice!.text_body, /They have not confirmed this address yet/);
    let option = (await t.api('getJoinOption', { cookie: hopper.cookie })).body.data;
    assert.deepEqual(
      { ...option, organization_name: undefined },
      {
        organization_name: undefined,
        domain: DOMAIN,
        requested: true,
        address_confirmed: false,
        invited: false,
      },
    );
    const request = (await domainState()).join_requests.find((r: { email: string }) => r.email === email);
    assert.equal(request.address_confirmed, false);

    const approved = await t.api('decideJoinRequest', {
      cookie: admin.cookie,
      body: { request_id: request.id, decision: 'approve' },
    });
    assert.equal(approved.status, 200, JSON.stringify(approved.body));
    assert.equal(approved.body.message, confirmingApprovalMessage(email).message);
    assert.equal((await t.api('getUser', { cookie: hopper.cookie })).body.data.organization, null);
    assert.equal(
      (await domainState()).join_requests.find((r: { email: string }) => r.email === email),
      undefined,
    );
    option = (await t.api('getJoinOption', { cookie: hopper.cookie })).body.data;
    assert.equal(option.requested, false);
    assert.equal(option.invited, true);

    const token = await mailToken(t, email);
    const joined = await t.api('acceptInvite', { cookie: hopper.cookie, query: { token, join: 'true' } });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.equal(joined.body.data.outcome, 'joined');
    const me = (await t.api('getUser', { cookie: hopper.cookie })).body.data;
    assert.equal(me.organization.id, orgId);
    assert.equal(me.role, 'member');
  });

  it('joinOrganization, every way into an organization of an existing account, refuses an unproven address', async () => {
    const { freeMemberGrant, joinOrganization, ADDRESS_NOT_CONFIRMED } =
      await import('../../src/server/domain/accounts.js');
    const mallory = await signup(t.api, { email: `ceo@${DOMAIN}`, name: 'Not the CEO' });
    const repos = t.app.services.repos;
    const user = (await repos.users.findById(Number(mallory.id)))!;
    await assert.rejects(
      joinOrganization(repos, user, freeMemberGrant(Number(orgId), null), null, async () => {}),
      { message: ADDRESS_NOT_CONFIRMED.message },
    );
    assert.equal((await t.api('getUser', { cookie: mallory.cookie })).body.data.organization, null);
  });
});

describe('domain verification limits', () => {
  const start = (user: TestUser, domain: string, email: string) =>
    t.api('startDomainVerification', { cookie: user.cookie, body: { domain, email } });
  const verify = (user: TestUser, code: string) =>
    t.api('verifyDomain', { cookie: user.cookie, body: { code } });
  const assertLimited = (res: { status: number; headers: Record<string, unknown> }) => {
    assert.equal(res.status, 429);
    assert.ok(Number(res.headers['retry-after']) > 0, 'Retry-After says when');
  };

  it('mails one address at most 3 codes an hour, whichever admins start them', async () => {
    const target = 'it@bombed.io';
    const admins = [];
    for (let i = 0; i < 4; i += 1) admins.push(await signup(t.api, { name: `Spammer ${i}` }));
    for (const spammer of admins.slice(0, 3)) {
      assert.equal((await start(spammer, 'bombed.io', target)).status, 200);
    }
    assertLimited(await start(admins[3]!, 'bombed.io', target));
    for (let i = 0; i < 20; i += 1) await start(admins[i % 4]!, 'bombed.io', target);
    assert.equal((await outboxTo(target)).length, RATE_RULES.domainMail.limit);
  });

  it('lets one admin start 5 verifications an hour, and one organization 8', async () => {
    const first = await signup(t.api, { name: 'First admin' });
    const second = await invitedMember(t, first, { role: 'admin' });
    for (let i = 0; i < 5; i += 1) assert.equal((await start(first, 'many.io', `a${i}@many.io`)).status, 200);
    assertLimited(await start(first, 'many.io', 'a5@many.io'));
    assert.deepEqual(await outboxTo('a5@many.io'), []);
    for (let i = 0; i < 3; i += 1)
      assert.equal((await start(second, 'many.io', `b${i}@many.io`)).status, 200);
    assertLimited(await start(second, 'many.io', 'b3@many.io'));
  });

  it('burns a code at its fifth wrong guess, and limits guesses per admin', async () => {
    const guesser = await signup(t.api, { name: 'Guesser' });
    assert.equal((await start(guesser, 'guess.io', 'it@guess.io')).status, 200);
    const code = await mailToken(t, 'it@guess.io', 'domain_code');
    const wrong = code.startsWith('A') ? 'BBBBBBBB' : 'AAAAAAAA';
    for (let i = 0; i < 4; i += 1) {
      const res = await verify(guesser, wrong);
      assert.equal(res.status, 400);
      assert.equal(res.body.message, WRONG_DOMAIN_CODE.message);
    }
    const burnt = await verify(guesser, wrong);
    assert.equal(burnt.status, 400);
    assert.equal(burnt.body.message, DOMAIN_CODE_BURNT.message);
    assert.match(DOMAIN_CODE_BURNT.message, /Start the verification again/);
    assert.equal((await domainState(guesser)).pending_domain, null);
    const late = await verify(guesser, code);
    assert.equal(late.status, 400, 'the burnt code no longer verifies');
    for (let i = 7; i <= 10; i += 1) assert.equal((await verify(guesser, wrong)).status, 400);
    for (let i = 11; i <= 30; i += 1) assertLimited(await verify(guesser, code));
    assert.equal((await domainState(guesser)).domain, null);
  });

  it('limits guesses per organization and per address mailed, across admins', async () => {
    const first = await signup(t.api, { name: 'Org admin one' });
    const second = await invitedMember(t, first, { role: 'admin' });
    assert.equal((await start(first, 'shared.io', 'it@shared.io')).status, 200);
    for (let i = 0; i < 10; i += 1) assert.equal((await verify(first, 'AAAAAAAA')).status, 400);
    for (let i = 0; i < 5; i += 1) assert.equal((await verify(second, 'AAAAAAAA')).status, 400);
    assertLimited(await verify(second, 'AAAAAAAA'));

    // Three organizations guessing at codes mailed to one address.
    const [x, y, z] = [
      await signup(t.api, { name: 'X' }),
      await signup(t.api, { name: 'Y' }),
      await signup(t.api, { name: 'Z' }),
    ];
    for (const each of [x, y, z]) assert.equal((await start(each, 'target.io', 'it@target.io')).status, 200);
    for (let i = 0; i < 5; i += 1) assert.equal((await verify(x, 'AAAAAAAA')).status, 400);
    for (let i = 0; i < 5; i += 1) assert.equal((await verify(y, 'AAAAAAAA')).status, 400);
    assertLimited(await verify(z, 'AAAAAAAA'));
  });
});
