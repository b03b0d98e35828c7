/**
 * docs/product.md#email-addresses: email addresses are compared ignoring case everywhere: signup, login, password reset,
 * invitations, and the database itself (a unique index on lower(email), migration 0042).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { mailLinks, mailToken, useTestApp } from './helpers/app.js';
import { PASSWORD, signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
const tag = `${process.pid}${Date.now() % 100000}`;
const alice = `Alice.${tag}@Example.com`;
let aliceUser: TestUser;

before(async () => {
  aliceUser = await signup(t.api, { email: alice, name: 'Alice' });
});

describe('accounts', () => {
  it('stores the address in lower case and logs in with any case', async () => {
    const me = (await t.api('getUser', { cookie: aliceUser.cookie })).body.data;
    assert.equal(me.email, alice.toLowerCase());
    for (const email of [alice.toLowerCase(), alice.toUpperCase()]) {
      const res = await t.api('login', { body: { email, password: PASSWORD } });
      assert.equal(res.status, 200, `${email}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.user.id, aliceUser.id);
    }
  });

  it('refuses a second account whose address differs only by case', async () => {
    const res = await t.api('signup', {
      body: { name: 'Other Alice', email: alice.toUpperCase(), password: PASSWORD },
      ip: '10.77.0.1',
    });
    assert.equal(res.status, 409);
    assert.equal(res.body.message, 'An account with this email already exists. Please log in.');
  });

  it('mails the reset link to the account whatever the case typed', async () => {
    const res = await t.api('forgotPassword', { body: { email: alice.toUpperCase() }, ip: '10.77.0.2' });
    assert.equal(res.status, 200);
    const links = await mailLinks(t, alice.toLowerCase());
    assert.ok(links.some((link) => link.includes('/reset-password?token=')));
  });

  it('the database refuses two spellings of one address even behind the code', async () => {
    await assert.rejects(
      t.app.services.db.insertInto('users').values({ email: alice.toUpperCase(), name: 'Bypass' }).execute(),
      /unique|duplicate/i,
    );
  });
});

describe('invitations', () => {
  let admin: TestUser;
  before(async () => {
    admin = await signup(t.api, { name: 'Inviter' });
  });

  it('an invitation to BOB@... is accepted by signing up as bob@...', async () => {
    const invited = `BOB.${tag}@X.com`;
    const sent = await t.api('inviteUser', { cookie: admin.cookie, body: { email: invited } });
    assert.equal(sent.status, 200);
    assert.equal(sent.body.data.email, invited.toLowerCase());
    const token = await mailToken(t, invited.toLowerCase());
    const bob = await signup(t.api, { email: invited.toLowerCase(), invitation_token: token });
    const me = (await t.api('getUser', { cookie: bob.cookie })).body.data;
    assert.ok(me.organization, 'joined the organization');
  });

  it('a pending invitation is a duplicate whatever the case, and so is inviting oneself', async () => {
    const carol = `carol.${tag}@x.com`;
    assert.equal((await t.api('inviteUser', { cookie: admin.cookie, body: { email: carol } })).status, 200);
    const again = await t.api('inviteUser', { cookie: admin.cookie, body: { email: carol.toUpperCase() } });
    assert.equal(again.status, 409);
    const self = await t.api('inviteUser', {
      cookie: aliceUser.cookie,
      body: { email: alice.toUpperCase() },
    });
    assert.equal(self.status, 400);
    assert.equal(self.body.message, 'You cannot invite yourself.');
  });

  it('an account signed in with another case of the invited address joins at once', async () => {
    const dan = `dan.${tag}@x.com`;
    const account = await signup(t.api, { email: `DAN.${tag}@X.COM` });
    await t.api('inviteUser', { cookie: admin.cookie, body: { email: dan } });
    const res = await t.api('acceptInvite', {
      cookie: account.cookie,
      query: { token: await mailToken(t, dan), join: 'true' },
    });
    assert.equal(res.status, 200);
    assert.match(res.body.message, /^You joined /);
  });
});
