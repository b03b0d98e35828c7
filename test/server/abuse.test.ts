/**
 * Abuse without collateral damage: a stranger's failed logins, forgot-password calls or invitations
 * must never lock the owner out, or tell the stranger who has an account or belongs where (not even
 * through response times).
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { RATE_RULES, slowdownDelay, SLOWDOWN_RULES } from '../../src/server/security/rate-limit.js';
import { FORGOT_PASSWORD_MESSAGE } from '../../src/server/handlers/auth.js';
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

describe('guessing at one account from many addresses at once (device cookies)', () => {
  const rule = SLOWDOWN_RULES.loginAccount;
  /** The `device=...` cookie an answer set. */
  const deviceCookie = (headers: Record<string, unknown>) =>
    ([] as string[])
      .concat((headers['set-cookie'] as string[] | string | undefined) ?? [])
      .find((cookie) => cookie.startsWith('device='))
      ?.split(';')[0];

  it('gets one password check at a time; the owner on a known browser signs in from a new address meanwhile', async () => {
    const owner = await signup(t.api);
    const known = await login(owner.email, PASSWORD, '10.68.0.1');
    assert.equal(known.status, 200);
    const device = deviceCookie(known.headers);
    assert.ok(device, 'a successful login sets the device cookie');
    assert.match(
      ([] as string[]).concat(known.headers['set-cookie'] as string[]).find((c) => c.startsWith('device='))!,
      /HttpOnly/i,
    );
    assert.ok(!device.includes(owner.email) && !device.includes(encodeURIComponent(owner.email)));

    // Up to the limit, attempts are not held; then a flood from 30 addresses at once.
    for (let i = 1; i < rule.limit; i += 1) {
      assert.equal((await login(owner.email, 'wrong', `10.68.1.${i}`)).status, 401);
    }
    const flood = Promise.all(
      Array.from({ length: 30 }, (_, i) => login(owner.email, `wrong-${i}`, `10.68.2.${i}`)),
    );
    // Wait until the flood has booked the account's turns further ahead than anyone may wait.
    const turnsBookedOut = async () => {
      const row = await t.app.services.db
        .selectFrom('rate_limits')
        .select('window_start')
        .where('key', '=', `${rule.name}:turn:${owner.email}`)
        .executeTakeFirst();
      return row !== undefined && row.window_start.getTime() > Date.now() + rule.maxWaitMs - rule.maxDelayMs;
    };
    for (let i = 0; i < 200 && !(await turnsBookedOut()); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(await turnsBookedOut());
    // A flood that goes on keeps the turns booked out; this one has stopped asking, and its booking ages by
    // the second, so on a busy machine the next request could find a turn again. Hold the booking where a
    // flood that goes on would keep it, so what follows checks the rule, not the machine's speed.
    await t.app.services.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() + 10 * 60_000) })
      .where('key', '=', `${rule.name}:turn:${owner.email}`)
      .execute();

    // Without the device cookie, even the right password waits for a turn: too far away, refused.
    const stranger = await login(owner.email, PASSWORD, '10.68.3.1');
    assert.equal(stranger.status, 429);
    assert.equal(stranger.body.message, 'Too many sign-in attempts for this account. Try again in a minute.');
    assert.equal(stranger.headers['retry-after'], '60');
    // The owner's browser is known: from a new address, during the flood, signed in at once.
    const owners = await t.api('login', {
      body: { email: owner.email, password: PASSWORD },
      ip: '10.68.3.2',
      cookie: device,
    });
    assert.equal(owners.status, 200);
    // A device cookie is the account's only: another account's, or a forged one, skips nothing.
    const other = await signup(t.api);
    const otherDevice = deviceCookie((await login(other.email, PASSWORD, '10.68.4.1')).headers)!;
    for (const cookie of [otherDevice, `device=${'A'.repeat(44)}`]) {
      const res = await t.api('login', {
        body: { email: owner.email, password: PASSWORD },
        ip: '10.68.4.2',
        cookie,
      });
      assert.equal(res.status, 429, cookie);
    }

    // However many addresses, the account got only the checks its turns allow (before: all 30).
    const answers = await flood;
    const checked = answers.filter((res) => res.status === 401).length;
    const refused = answers.filter(
      (res) => res.status === 429 && res.body.message.startsWith('Too many sign-in attempts'),
    ).length;
    assert.equal(checked + refused, 30);
    assert.ok(checked <= 5, `${checked} password checks in one burst`);
  });

  it('forgets every browser but the changing one when the password changes', async () => {
    const owner = await signup(t.api);
    const other = deviceCookie((await login(owner.email, PASSWORD, '10.70.0.1')).headers)!;
    const newPassword = 'Another-long-passphrase-9';
    const changed = await t.api('changePassword', {
      cookie: owner.cookie,
      body: { current_password: PASSWORD, new_password: newPassword },
    });
    assert.equal(changed.status, 200);
    const changing = deviceCookie(changed.headers);
    assert.ok(changing, 'the browser that changed the password is remembered with the new one');
    // The account's turns booked out, as during a flood of guesses from many addresses.
    for (let i = 0; i <= rule.limit; i += 1) {
      assert.equal((await login(owner.email, 'wrong', `10.70.1.${i}`)).status, 401);
    }
    await t.app.services.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() + 10 * 60_000) })
      .where('key', '=', `${rule.name}:turn:${owner.email}`)
      .execute();
    const withCookie = (cookie: string) =>
      t.api('login', { body: { email: owner.email, password: newPassword }, ip: '10.70.0.3', cookie });
    // A browser that signed in with the old password (perhaps a thief's) waits like a stranger.
    assert.equal((await withCookie(other)).status, 429);
    assert.equal((await withCookie(changing)).status, 200);
  });

  it('keeps both accounts known when two sign in on one browser', async () => {
    const first = await signup(t.api);
    const second = await signup(t.api);
    const one = await login(first.email, PASSWORD, '10.69.0.1');
    const both = await t.api('login', {
      body: { email: second.email, password: PASSWORD },
      ip: '10.69.0.1',
      cookie: deviceCookie(one.headers),
    });
    const cookie = deviceCookie(both.headers)!;
    const devices = t.app.services.deviceCookies;
    const request = async (email: string) =>
      devices.knows(
        { cookies: { device: cookie.slice('device='.length) } } as never,
        (await t.app.services.repos.users.findByEmail(email)) ?? { email, password_hash: null },
      );
    assert.deepEqual(
      await Promise.all([request(first.email), request(second.email), request('x@example.com')]),
      [true, true, false],
    );
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

describe('forgot-password cannot flood an inbox', () => {
  /** Reset links issued to an account: one per mail, written before the call answers. */
  const linksIssued = async (userId: string) =>
    (
      await t.app.services.db
        .selectFrom('reset_tokens')
        .select('token_hash')
        .where('user_id', '=', Number(userId))
        .execute()
    ).length;
  /** The window of one of the address's mail caps, moved into the past as if it had run out. */
  const expire = (rule: string, email: string, seconds: number) =>
    t.app.services.db
      .updateTable('rate_limits')
      .set({ window_start: new Date(Date.now() - seconds * 1000 - 1000) })
      .where('key', '=', `${rule}:${email}`)
      .execute();

  it('mails one address at most 5 times an hour and 10 times a day, answering every call the same', async () => {
    const owner = await signup(t.api);
    const ask = async (i: number) => {
      const res = await t.api('forgotPassword', { body: { email: owner.email }, ip: `10.70.${i}.1` });
      assert.deepEqual([res.status, res.body.message], [200, FORGOT_PASSWORD_MESSAGE.message]);
      // A minute passes between two calls: the per-minute cap never decides here.
      await expire('forgot:mail', owner.email, 60);
    };
    for (let i = 0; i < 7; i += 1) await ask(i);
    assert.equal(await linksIssued(owner.id), 5, 'five in the first hour');
    await expire('forgot:mail-hour', owner.email, 3600);
    for (let i = 7; i < 14; i += 1) await ask(i);
    assert.equal(await linksIssued(owner.id), 10, 'ten in the day');
    await expire('forgot:mail-hour', owner.email, 3600);
    await ask(14);
    assert.equal(await linksIssued(owner.id), 10, 'the daily cap holds across hours');
    // The newest link still works.
    const reset = await t.api('resetPassword', {
      body: { token: await mailToken(t, owner.email), new_password: 'Th1rd-secret!' },
    });
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

describe('per-address limits and IPv6', () => {
  it('count forgot-password across the addresses of one /64, as one subscriber', async () => {
    const limit = RATE_RULES.forgotIp.limit;
    const statuses: number[] = [];
    for (let i = 1; i <= limit + 2; i += 1) {
      // A new interface identifier each call, as privacy addresses make anyway.
      const res = await t.api('forgotPassword', {
        body: { email: uniqueEmail() },
        ip: `2001:db8:77:1::${i.toString(16)}`,
      });
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(limit), [429, 429], statuses.join(','));
    // Another subscriber's /64 is counted apart.
    assert.equal(
      (await t.api('forgotPassword', { body: { email: uniqueEmail() }, ip: '2001:db8:77:2::1' })).status,
      200,
    );
  });
});
