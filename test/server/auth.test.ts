/** auth operations: signup, login, logout, google-auth, forgot-password, reset-password. */
import assert from 'node:assert/strict';
import { Secret, TOTP } from 'otpauth';
import { before, describe, it } from './helpers/node-test.js';
import { RESET_PASSWORD_MESSAGE, SIGNUP_PASSWORD_MESSAGE } from '../../src/shared/password-strength.js';
import { mailToken, startTestApp, useTestApp } from './helpers/app.js';
import { GOOGLE_TEST_CLIENT_ID, fakeGoogleVerifier } from './helpers/google.js';
import { PASSWORD, invitedMember, signup, uniqueEmail } from './helpers/users.js';

const FORGOT_MESSAGE =
  "If your account exists, you'll receive an email with a link to reset your password (expires in 24 hours).";

const t = useTestApp();

describe('signup', () => {
  it('creates an admin on Free with 10 credits, stores UTMs, signs in', async () => {
    const email = uniqueEmail('Signup');
    const res = await t.api('signup', {
      body: {
        name: 'Ann',
        email: `  ${email.toUpperCase()} `.trim(),
        password: PASSWORD,
        software: 'demo-crm',
        has_installed: true,
        invitation_token: null,
        utm_source: 'newsletter',
        utm_medium: 'email',
        utm_campaign: 'launch',
        utm_term: 'crm',
        utm_content: 'hero',
      },
    });
    assert.equal(res.status, 200);
    assert.ok(res.cookie);
    const user = res.body.user;
    assert.equal(user.email, email.toLowerCase());
    assert.equal(user.role, 'admin');
    assert.equal(user.credits, 10);
    assert.equal(user.has_installed, true);
    assert.equal(user.subscription.stripe_product, 'Free');
    assert.deepEqual(user.software, { slug: 'demo-crm' });
    assert.equal(user.organization, null);
    assert.match(String(res.headers['set-cookie']), /HttpOnly; SameSite=Lax/);
    const row = await t.app.services.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', Number(res.body.id))
      .executeTakeFirstOrThrow();
    assert.deepEqual(
      [row.utm_source, row.utm_medium, row.utm_campaign, row.utm_term, row.utm_content],
      ['newsletter', 'email', 'launch', 'crm', 'hero'],
    );
    assert.match(row.password_hash!, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const me = await t.api('getUser', { cookie: res.cookie });
    assert.equal(me.status, 200);
    assert.equal(me.body.data.id, res.body.id);
  });

  it('refuses a weak password with the spec text', async () => {
    const res = await t.api('signup', { body: { name: 'A', email: uniqueEmail(), password: 'abcde1' } });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, SIGNUP_PASSWORD_MESSAGE);
  });

  it('refuses a taken email with 409', async () => {
    const user = await signup(t.api);
    const res = await t.api('signup', {
      body: { name: 'B', email: user.email, password: PASSWORD },
      ip: '10.9.9.9',
    });
    assert.equal(res.status, 409);
  });

  it('refuses missing fields, bad email and an unknown invitation token with 400', async () => {
    assert.equal((await t.api('signup', { body: { email: uniqueEmail(), password: PASSWORD } })).status, 400);
    assert.equal(
      (await t.api('signup', { body: { name: 'A', email: 'not-an-email', password: PASSWORD } })).status,
      400,
    );
    const res = await t.api('signup', {
      body: { name: 'A', email: uniqueEmail(), password: PASSWORD, invitation_token: 'nope' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'Invalid or expired invitation');
  });

  it('ignores an unknown software slug instead of storing it', async () => {
    const res = await t.api('signup', {
      body: { name: 'A', email: uniqueEmail(), password: PASSWORD, software: 'no-such-crm' },
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.user.software, null);
  });
});

describe('login and logout', () => {
  let email: string;
  before(async () => {
    email = (await signup(t.api, { software: 'demo-crm' })).email;
  });

  it('signs in with the right password and answers software.slug', async () => {
    const res = await t.api('login', {
      body: { email: email.toUpperCase(), password: PASSWORD, software: 'hubspot' },
    });
    assert.equal(res.status, 200);
    assert.ok(res.cookie);
    assert.deepEqual(res.body.software, { slug: 'hubspot' });
    assert.equal(res.body.user.email, email);
  });

  it('answers 401 for a wrong password and for an unknown account alike', async () => {
    const wrong = await t.api('login', { body: { email, password: 'Wrong-pass1!' } });
    const unknown = await t.api('login', { body: { email: uniqueEmail(), password: PASSWORD } });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(wrong.body.message, unknown.body.message);
  });

  it('logout ends the session', async () => {
    const { cookie } = await t.api('login', { body: { email, password: PASSWORD } });
    assert.equal((await t.api('getUser', { cookie })).status, 200);
    const out = await t.api('logout', { cookie });
    assert.equal(out.status, 200);
    assert.match(String(out.headers['set-cookie']), /session=;/);
    assert.equal((await t.api('getUser', { cookie })).status, 401);
    // Logging out without a session is fine too.
    assert.equal((await t.api('logout')).status, 200);
  });

  it('rate-limits login attempts per (address, account)', async () => {
    const target = uniqueEmail('limited');
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      statuses.push(
        (await t.api('login', { body: { email: target, password: 'x' }, ip: '10.50.0.1' })).status,
      );
    }
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(401));
    assert.equal(statuses[10], 429);
  });

  it('rate-limits login attempts per IP', async () => {
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      last = (await t.api('login', { body: { email: uniqueEmail('ip'), password: 'x' }, ip: '10.60.0.1' }))
        .status;
    }
    assert.equal(last, 429);
  });

  it('ignores a forged session cookie', async () => {
    assert.equal((await t.api('getUser', { cookie: 'session=' + 'A'.repeat(43) })).status, 401);
    assert.equal((await t.api('getUser', { cookie: 'session=short' })).status, 401);
  });

  it('expires sessions after 7 idle days or 30 days in all', async () => {
    const { cookie } = await t.api('login', { body: { email, password: PASSWORD }, ip: '10.70.0.1' });
    const db = t.app.services.db;
    const { hashToken } = await import('../../src/server/security/tokens.js');
    const idHash = hashToken(cookie!.slice('session='.length));
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 8 * 86400_000) })
      .where('id_hash', '=', idHash)
      .execute();
    assert.equal((await t.api('getUser', { cookie })).status, 401);
    await db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(), created_at: new Date(Date.now() - 31 * 86400_000) })
      .where('id_hash', '=', idHash)
      .execute();
    assert.equal((await t.api('getUser', { cookie })).status, 401);
  });
});

describe('forgot and reset password', () => {
  let email: string;
  let cookie: string;
  before(async () => {
    ({ email, cookie } = await signup(t.api));
  });

  it('answers the same neutral text whether or not the account exists', async () => {
    const known = await t.api('forgotPassword', { body: { email } });
    const unknown = await t.api('forgotPassword', { body: { email: uniqueEmail() } });
    assert.equal(known.status, 200);
    assert.equal(unknown.status, 200);
    assert.equal(known.body.message, FORGOT_MESSAGE);
    assert.deepEqual(known.body, unknown.body);
  });

  it('refuses a weak new password with the spec text, and a missing token', async () => {
    const token = await mailToken(t, email);
    const weak = await t.api('resetPassword', { body: { token, new_password: 'abcdef1' } });
    assert.equal(weak.status, 400);
    assert.equal(weak.body.message, RESET_PASSWORD_MESSAGE);
    const missing = await t.api('resetPassword', { body: { new_password: 'N3w-password!' } });
    assert.equal(missing.status, 400);
    assert.equal(missing.body.message, 'No reset token provided.');
    const empty = await t.api('resetPassword', { body: { token: '', new_password: 'N3w-password!' } });
    assert.equal(empty.body.message, 'No reset token provided.');
  });

  it('check-reset-token tells a usable link from a bad one, without using it', async () => {
    const token = await mailToken(t, email);
    const usable = await t.api('checkResetToken', { body: { token } });
    assert.deepEqual([usable.status, usable.body.error], [200, false]);
    const bad = await t.api('checkResetToken', { body: { token: 'not-a-token' } });
    assert.deepEqual(
      [bad.status, bad.body.message],
      [400, 'This reset link is invalid or has expired. Please ask for a new one.'],
    );
    // Checking changed nothing: the link still resets the password (next test).
    assert.equal((await t.api('checkResetToken', { body: { token } })).status, 200);
  });

  it('resets once with the mailed link, ends every session, and answers redirect_url', async () => {
    const token = await mailToken(t, email);
    const res = await t.api('resetPassword', { body: { token, new_password: 'N3w-password!' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.data.redirect_url, '/login');
    assert.equal((await t.api('getUser', { cookie })).status, 401);
    const again = await t.api('resetPassword', { body: { token, new_password: 'N3w-password!2' } });
    assert.equal(again.status, 400);
    assert.equal((await t.api('checkResetToken', { body: { token } })).status, 400);
    assert.equal(
      (await t.api('login', { body: { email, password: PASSWORD }, ip: '10.80.0.1' })).status,
      401,
    );
    assert.equal(
      (await t.api('login', { body: { email, password: 'N3w-password!' }, ip: '10.80.0.1' })).status,
      200,
    );
  });

  it('refuses an expired link', async () => {
    const fresh = await signup(t.api);
    await t.api('forgotPassword', { body: { email: fresh.email }, ip: '10.81.0.1' });
    const token = await mailToken(t, fresh.email);
    await t.app.services.db
      .updateTable('reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    assert.equal((await t.api('checkResetToken', { body: { token } })).status, 400);
    assert.equal(
      (await t.api('resetPassword', { body: { token, new_password: 'N3w-password!' } })).status,
      400,
    );
  });

  it('rate-limits forgot-password per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i += 1)
      statuses.push(
        (await t.api('forgotPassword', { body: { email: uniqueEmail('forgot') }, ip: '10.82.0.1' })).status,
      );
    assert.deepEqual(statuses.slice(0, 10), Array(10).fill(200));
    assert.equal(statuses[10], 429);
  });
});

describe('google-auth', () => {
  it('answers 503 when GOOGLE_CLIENT_ID is not set and sandboxes are off', async () => {
    const off = await startTestApp({ SANDBOX_PAGES: 'false' });
    try {
      const res = await off.api('googleAuth', { body: { token: 'x', type: 'login' } });
      assert.equal(res.status, 503);
    } finally {
      await off.close();
    }
  });

  describe('with a configured client', () => {
    const g = useTestApp(
      { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID },
      { services: { google: fakeGoogleVerifier } },
    );

    it('creates an account on first use, signs in on the next', async () => {
      const email = uniqueEmail('google');
      const first = await g.api('googleAuth', {
        body: { token: `valid:${email}`, type: 'signup', software: 'demo-crm', utm_source: 'g' },
      });
      assert.equal(first.status, 200);
      assert.ok(first.cookie);
      assert.equal(first.body.user.email, email);
      const second = await g.api('googleAuth', { body: { token: `valid:${email}`, type: 'login' } });
      assert.equal(second.status, 200);
      assert.equal(second.body.id, first.body.id);
    });

    it('links to an existing password account of the same verified email', async () => {
      const user = await signup(g.api);
      const res = await g.api('googleAuth', { body: { token: `valid:${user.email}`, type: 'login' } });
      assert.equal(res.status, 200);
      assert.equal(res.body.id, user.id);
    });

    it('refuses invalid tokens and unverified emails with 401', async () => {
      const bad = await g.api('googleAuth', { body: { token: 'forged', type: 'login' } });
      assert.equal(bad.status, 401);
      assert.equal(bad.body.message, 'Google login failed');
      assert.equal(
        (await g.api('googleAuth', { body: { token: 'unverified:x', type: 'signup' } })).status,
        401,
      );
    });

    it('validates the request', async () => {
      assert.equal((await g.api('googleAuth', { body: { token: 'x', type: 'other' } })).status, 400);
    });

    describe('into a password account never linked to Google (pre-account takeover)', () => {
      const row = (id: string) =>
        g.app.services.db
          .selectFrom('users')
          .select(['password_hash', 'google_sub'])
          .where('id', '=', Number(id))
          .executeTakeFirstOrThrow();

      it("clears the password, ends the squatter's sessions and records the Google link", async () => {
        // Someone signs up first with the owner's address and a password of their own.
        const squatter = await signup(g.api);
        assert.equal((await g.api('getUser', { cookie: squatter.cookie })).status, 200);

        const owner = await g.api('googleAuth', {
          body: { token: `valid:${squatter.email}`, type: 'login' },
        });
        assert.equal(owner.status, 200);
        assert.equal(owner.body.id, squatter.id);
        assert.ok(owner.cookie);

        assert.equal((await g.api('getUser', { cookie: squatter.cookie })).status, 401);
        assert.equal((await g.api('getUser', { cookie: owner.cookie })).status, 200);
        assert.equal(
          (await g.api('login', { body: { email: squatter.email, password: PASSWORD }, ip: '10.77.0.1' }))
            .status,
          401,
        );
        assert.deepEqual(await row(squatter.id), {
          password_hash: null,
          google_sub: `sub-${squatter.email}`,
        });
      });

      it('clears a second factor the squatter set up too, audited, so the owner is not locked out by it', async () => {
        const squatter = await signup(g.api);
        const started = await g.api('startTwoFactorSetup', {
          cookie: squatter.cookie,
          body: { password: PASSWORD },
        });
        assert.equal(started.status, 200, JSON.stringify(started.body));
        const code = new TOTP({
          secret: Secret.fromBase32(started.body.data.secret),
          digits: 6,
          period: 30,
          algorithm: 'SHA1',
        }).generate();
        const on = await g.api('confirmTwoFactorSetup', { cookie: squatter.cookie, body: { code } });
        assert.equal(on.status, 200, JSON.stringify(on.body));

        const owner = await g.api('googleAuth', {
          body: { token: `valid:${squatter.email}`, type: 'login' },
        });
        assert.equal(owner.status, 200, JSON.stringify(owner.body));
        const twoFactor = await g.api('getTwoFactor', { cookie: owner.cookie });
        assert.equal(twoFactor.body.data.enabled, false, JSON.stringify(twoFactor.body));
        const codes = await g.app.services.db
          .selectFrom('recovery_codes')
          .select('user_id')
          .where('user_id', '=', Number(squatter.id))
          .execute();
        assert.equal(codes.length, 0, 'no recovery code left');
        const audit = await g.app.services.db
          .selectFrom('audit_events')
          .select('type')
          .where('target_id', '=', Number(squatter.id))
          .orderBy('id')
          .execute();
        assert.deepEqual(audit.map((entry) => entry.type).slice(-2), [
          'two_factor.disabled',
          'auth.signed_in',
        ]);
      });

      it('keeps the password and sessions of an account already linked to Google', async () => {
        const email = uniqueEmail('linked');
        const first = await g.api('googleAuth', { body: { token: `valid:${email}`, type: 'signup' } });
        assert.equal(first.status, 200);
        // The owner later sets a password (as reset-password would).
        await g.app.services.db
          .updateTable('users')
          .set({ password_hash: 'kept-hash' })
          .where('id', '=', Number(first.body.id))
          .execute();
        const again = await g.api('googleAuth', { body: { token: `valid:${email}`, type: 'login' } });
        assert.equal(again.status, 200);
        assert.equal((await g.api('getUser', { cookie: first.cookie! })).status, 200);
        assert.equal((await row(first.body.id)).password_hash, 'kept-hash');
      });
    });

    it('refuses to link a password account whose owner proved the address, keeping its password, second factor and sessions', async () => {
      const admin = await signup(g.api);
      // Invited by mail and signed up through the link: the address is proven.
      const owner = await invitedMember(g, admin);
      const started = await g.api('startTwoFactorSetup', {
        cookie: owner.cookie,
        body: { password: PASSWORD },
      });
      const code = new TOTP({ secret: Secret.fromBase32(started.body.data.secret) }).generate();
      assert.equal(
        (await g.api('confirmTwoFactorSetup', { cookie: owner.cookie, body: { code } })).status,
        200,
      );

      // Someone who can show Google a verified account of that address (never linked here).
      const google = await g.api('googleAuth', { body: { token: `valid:${owner.email}`, type: 'login' } });
      assert.equal(google.status, 409);
      assert.equal(
        google.body.message,
        'An account with this email already exists. Please log in with your email and password.',
      );
      assert.equal(google.cookie, undefined);
      const twoFactor = await g.api('getTwoFactor', { cookie: owner.cookie });
      assert.equal(twoFactor.status, 200, 'the owner is still signed in');
      assert.equal(twoFactor.body.data.enabled, true);
      const stored = await g.app.services.db
        .selectFrom('users')
        .select(['password_hash', 'google_sub'])
        .where('id', '=', Number(owner.id))
        .executeTakeFirstOrThrow();
      assert.notEqual(stored.password_hash, null);
      assert.equal(stored.google_sub, null);
    });
  });
});
