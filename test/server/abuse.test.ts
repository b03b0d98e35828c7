/**
 * Abuse without collateral damage: a stranger's failed logins, forgot-password calls or invitations
 * must never lock the owner out, or tell the stranger who has an account or belongs where (not even
 * through response times).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from 'node:test';
import { slowdownDelay, SLOWDOWN_RULES } from '../../src/server/security/rate-limit.js';
import { mailToken, startTestApp, useTestApp } from './helpers/app.js';
import { PASSWORD, invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';

const t = useTestApp();

const login = (email: string, password: string, ip: string) =>
  t.api('login', { body: { email, password }, ip });

describe('login limits do not lock the owner out', () => {
  let owner: TestUser;
  before(async () => {
    owner = await signup(t.api);
  });

  it('refuses the guessing address after 10 wrong passwords, while the owner signs in from another', async () => {
    for (let i = 0; i < 10; i += 1)
      assert.equal((await login(owner.email, 'wrong', '10.66.0.1')).status, 401);
    const blocked = await login(owner.email, PASSWORD, '10.66.0.1');
    assert.equal(blocked.status, 429);
    const started = Date.now();
    const res = await login(owner.email, PASSWORD, '10.66.0.2');
    assert.equal(res.status, 200, 'the owner, from a new address, with the right password');
    // Past 10 attempts on the account, each one waits a little longer: slowed, not refused.
    assert.ok(
      Date.now() - started >= SLOWDOWN_RULES.loginAccount.baseDelayMs - 20,
      'the account was not slowed',
    );
  });

  it('slows attempts on one account from many addresses with a doubling delay, capped', () => {
    const rule = SLOWDOWN_RULES.loginAccount;
    const delays = [10, 11, 12, 13, 20, 100].map((count) => slowdownDelay(count, rule.limit, rule));
    assert.deepEqual(delays, [0, 250, 500, 1000, 4000, 4000]);
  });
});

describe('forgot-password never stops the owner from getting a reset mail', () => {
  /** The reset mails to an address, once at least `expected` are there (they are sent in the background). */
  async function resetMails(email: string, expected: number): Promise<number> {
    for (let i = 0; ; i += 1) {
      const rows = await t.app.services.db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', email)
        .execute();
      if (rows.length >= expected || i === 40) return rows.length;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it('answers everyone the same, sends at most one mail a minute, and the link works', async () => {
    const owner = await signup(t.api);
    // A stranger asks for the owner's address from several addresses.
    for (let i = 0; i < 5; i += 1) {
      const res = await t.api('forgotPassword', { body: { email: owner.email }, ip: `10.67.0.${i}` });
      assert.equal(res.status, 200);
    }
    const own = await t.api('forgotPassword', { body: { email: owner.email }, ip: '10.67.1.1' });
    assert.equal(own.status, 200, 'the owner is never refused');
    assert.equal(await resetMails(owner.email, 1), 1, 'one mail per minute');
    // A minute later the owner asks again and gets a new mail.
    await t.app.services.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - 61_000) })
      .where('key', 'like', 'forgot:mail:%')
      .execute();
    assert.equal(
      (await t.api('forgotPassword', { body: { email: owner.email }, ip: '10.67.1.1' })).status,
      200,
    );
    assert.equal(await resetMails(owner.email, 2), 2);
    const token = await mailToken(t, owner.email);
    const reset = await t.api('resetPassword', { body: { token, new_password: 'An0ther-secret!' } });
    assert.equal(reset.status, 200);
  });
});

describe('invite-user tells nothing about the invitee', () => {
  it('answers a member of another organization exactly like anyone else; they learn at acceptance', async () => {
    const admin = await signup(t.api, { name: 'Ann' });
    const otherAdmin = await signup(t.api, { name: 'Olga' });
    const taken = uniqueEmail('taken');
    const elsewhere = await invitedMember(t, otherAdmin, { email: taken });

    const stranger = uniqueEmail('stranger');
    const a = await t.api('inviteUser', { cookie: admin.cookie, body: { email: stranger } });
    const b = await t.api('inviteUser', { cookie: admin.cookie, body: { email: taken } });
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    assert.equal(b.body.message, `Invitation sent to ${taken}.`);
    const shape = (body: { data: Record<string, unknown> }) => Object.keys(body.data).sort();
    assert.deepEqual(shape(b.body), shape(a.body));

    const accept = await t.api('acceptInvite', {
      cookie: elsewhere.cookie,
      query: { token: await mailToken(t, taken) },
    });
    assert.equal(accept.status, 400);
    assert.equal(accept.body.message, 'You already belong to another organization.');
  });
});

describe('forgot-password does not wait for the mail (timing does not reveal accounts)', () => {
  it('answers while the reset mail of an existing account is still being sent, and logs a failed send', async () => {
    let release!: () => void;
    const sending: string[] = [];
    const logged: string[] = [];
    const slow = new Promise<void>((resolve) => (release = resolve));
    const m = await startTestApp(
      {},
      {
        logger: { level: 'error', stream: { write: (line: string) => void logged.push(line) } },
        services: {
          mailer: {
            send: async (mail) => {
              sending.push(mail.to);
              await slow;
              throw new Error('SMTP down');
            },
            close: async () => {},
          },
        },
      },
    );
    try {
      const known = await signup(m.api);
      const answer = await Promise.race([
        m.api('forgotPassword', { body: { email: known.email } }),
        new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), 3000)),
      ]);
      assert.notEqual(answer, 'timeout', 'forgot-password waited for the mail server');
      assert.equal((answer as { status: number }).status, 200);
      assert.deepEqual(sending, [known.email]);
      release();
      for (let i = 0; i < 40 && !logged.some((l) => l.includes('could not send the reset mail')); i += 1)
        await new Promise((resolve) => setTimeout(resolve, 25));
      assert.ok(logged.some((l) => l.includes('could not send the reset mail')));
    } finally {
      release();
      await m.close();
    }
  });
});
