/**
 * Two-factor sign-in: set-up and removal with re-authentication, the secret sealed at rest, login's
 * pending state that no other operation accepts, codes accepted once, recovery codes single-use, and the
 * limit on code attempts.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { readFileSync } from 'node:fs';
import { Secret, TOTP } from 'otpauth';
import { parse } from 'yaml';
import { REACHABLE_BEFORE_SET_UP } from '../../src/server/domain/two-factor.js';
import { hashToken } from '../../src/server/security/tokens.js';
import { getContract, mailToken, postForm, useTestApp, type CallResult } from './helpers/app.js';
import { DEMO_CRM_CLIENT_ID, oauthRedirectUri } from '../../src/server/domain/software.js';
import { PASSWORD, invitedMember, signup, type TestUser } from './helpers/users.js';

const t = useTestApp();

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

function pendingCookie(res: CallResult): string | undefined {
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const pending = cookies.find((c) => c.startsWith('pending_sign_in=') && !c.startsWith('pending_sign_in=;'));
  return pending?.split(';')[0];
}

/** A session cookie with a value (a cleared one reads 'session='). */
const startedSession = (res: CallResult) => res.cookie !== undefined && res.cookie !== 'session=';

async function passwordStep(user: TestUser, ip = '10.9.0.1') {
  const res = await t.api('login', { body: { email: user.email, password: PASSWORD }, ip });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res;
}

async function enable(user: TestUser): Promise<{ secret: string; recoveryCodes: string[] }> {
  const started = await t.api('startTwoFactorSetup', { cookie: user.cookie, body: { password: PASSWORD } });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const { secret } = started.body.data;
  const confirmed = await t.api('confirmTwoFactorSetup', {
    cookie: user.cookie,
    body: { code: codeAt(secret) },
  });
  assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
  return { secret, recoveryCodes: confirmed.body.data.recovery_codes };
}

describe('two confirmations of one set-up at once', () => {
  it('turn it on once: the second changes nothing, so the recovery codes shown first are the ones that work', async () => {
    const user = await signup(t.api);
    const other = (await passwordStep(user, '10.9.9.1')).cookie!;
    const started = await t.api('startTwoFactorSetup', { cookie: user.cookie, body: { password: PASSWORD } });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const code = codeAt(started.body.data.secret);
    // The second has read the account (set-up under way, two-factor off) when the first lands.
    const limiter = t.app.services.rateLimiter;
    const hit = limiter.hit;
    let first: CallResult | undefined;
    limiter.hit = async (rule, subject) => {
      limiter.hit = hit;
      first = await t.api('confirmTwoFactorSetup', { cookie: user.cookie, body: { code } });
      return hit.call(limiter, rule, subject);
    };
    let second: CallResult;
    try {
      second = await t.api('confirmTwoFactorSetup', { cookie: other, body: { code } });
    } finally {
      limiter.hit = hit;
    }
    assert.equal(first?.status, 200, JSON.stringify(first?.body));
    assert.equal(second.status, 409, JSON.stringify(second.body));
    assert.equal(second.body.code, 'two_factor_already_on');
    // A recovery code the first was shown signs in.
    const pending = pendingCookie(await passwordStep(user, '10.9.9.2'))!;
    const [recovery] = first!.body.data.recovery_codes as string[];
    const signedIn = await t.api('verifyTwoFactor', { cookie: pending, body: { code: recovery } });
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
  });
});

describe('set-up and removal', () => {
  let user: TestUser;
  let secret: string;
  before(async () => {
    user = await signup(t.api);
  });

  it('needs the password, then a first code; answers ten recovery codes and signs the other sessions out', async () => {
    const other = (await passwordStep(user)).cookie!;
    const wrong = await t.api('startTwoFactorSetup', {
      cookie: user.cookie,
      body: { password: 'nope-Nope-1' },
    });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, 'Your password is not correct.');
    const started = await t.api('startTwoFactorSetup', { cookie: user.cookie, body: { password: PASSWORD } });
    assert.equal(started.status, 200);
    const { otpauth_url: uri } = started.body.data;
    secret = started.body.data.secret;
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.ok(uri.startsWith('otpauth://totp/') && uri.includes(`secret=${secret}`));
    const badCode = await t.api('confirmTwoFactorSetup', { cookie: user.cookie, body: { code: '000000' } });
    assert.equal(badCode.status, 400);
    assert.equal((await t.api('getTwoFactor', { cookie: user.cookie })).body.data.enabled, false);

    const confirmed = await t.api('confirmTwoFactorSetup', {
      cookie: user.cookie,
      body: { code: codeAt(secret) },
    });
    assert.equal(confirmed.status, 200);
    assert.equal(confirmed.body.data.recovery_codes.length, 10);
    assert.equal(new Set(confirmed.body.data.recovery_codes).size, 10);
    assert.deepEqual((await t.api('getTwoFactor', { cookie: user.cookie })).body.data, {
      enabled: true,
      recovery_codes_left: 10,
    });
    assert.equal((await t.api('getUser', { cookie: other })).status, 401);
    assert.equal((await t.api('getUser', { cookie: user.cookie })).status, 200);

    // At rest: the secret sealed like the CRM credentials, the recovery codes hashed.
    const row = await t.app.services.db
      .selectFrom('users')
      .select('totp_secret')
      .where('email', '=', user.email)
      .executeTakeFirstOrThrow();
    assert.ok(row.totp_secret && !row.totp_secret.includes(secret));
    assert.equal(t.app.services.secretBox.open<string>(row.totp_secret), secret);
    const hashes = await t.app.services.db.selectFrom('recovery_codes').select('code_hash').execute();
    for (const code of confirmed.body.data.recovery_codes) {
      assert.ok(!hashes.some((h) => h.code_hash.includes(code)));
    }
    const audit = await t.app.services.db
      .selectFrom('audit_events')
      .select('type')
      .where('target_email', '=', user.email)
      .where('type', 'like', 'two_factor.%')
      .execute();
    assert.deepEqual(audit, [{ type: 'two_factor.enabled' }]);
  });

  it('turning it off needs the password and a code, and signs the other sessions out; login then asks for no code', async () => {
    const other = (await t.api('login', { body: { email: user.email, password: PASSWORD }, ip: '10.9.0.3' }))
      .cookie;
    const code = codeAt(secret, 30);
    const disable = (body: object) => t.api('disableTwoFactor', { cookie: user.cookie, body });
    const wrongPassword = await disable({ password: 'nope-Nope-1', code });
    assert.equal(wrongPassword.status, 400);
    assert.equal(wrongPassword.body.message, 'Your password is not correct.');
    const noCode = await disable({ password: PASSWORD });
    assert.equal(noCode.status, 400);
    assert.equal(noCode.body.message, 'Code is required.');
    const wrongCode = await disable({ password: PASSWORD, code: '000000' });
    assert.equal(wrongCode.status, 400);
    assert.equal(wrongCode.body.message, 'That code is not valid. Try again.');
    assert.equal((await t.api('getTwoFactor', { cookie: user.cookie })).body.data.enabled, true);

    const off = await disable({ password: PASSWORD, code });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(off.body.message, 'Two-factor sign-in is off. Your other sessions were signed out.');
    assert.equal((await t.api('getTwoFactor', { cookie: user.cookie })).body.data.enabled, false);
    if (other) assert.equal((await t.api('getUser', { cookie: other })).status, 401);
    const login = await passwordStep(user);
    assert.ok(login.cookie);
    assert.equal(login.body.two_factor_required, undefined);
    assert.equal(login.body.user.email, user.email);
  });

  it('a recovery code turns it off too; a failed code is recorded', async () => {
    const user = await signup(t.api);
    const { recoveryCodes } = await enable(user);
    const wrong = await t.api('disableTwoFactor', {
      cookie: user.cookie,
      body: { password: PASSWORD, code: 'aaaa-bbbb-cccc' },
    });
    assert.equal(wrong.status, 400);
    const off = await t.api('disableTwoFactor', {
      cookie: user.cookie,
      body: { password: PASSWORD, code: recoveryCodes[0]! },
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    const audit = await t.app.services.db
      .selectFrom('audit_events')
      .select('type')
      .where('target_email', '=', user.email)
      .where('type', 'like', 'two_factor.%')
      .orderBy('id')
      .execute();
    assert.deepEqual(
      audit.map((e) => e.type),
      ['two_factor.enabled', 'two_factor.code_failed', 'two_factor.disabled'],
    );
  });
});

describe('login with two-factor sign-in', () => {
  let user: TestUser;
  let secret: string;
  let recoveryCodes: string[];
  before(async () => {
    user = await signup(t.api);
    ({ secret, recoveryCodes } = await enable(user));
  });

  it('the password step starts no session: only a pending sign-in, in a cookie of its own', async () => {
    const res = await passwordStep(user);
    assert.deepEqual(res.body, {
      error: false,
      message: 'Enter the code from your authenticator app.',
      code: 'two_factor_code_needed',
      params: {},
      two_factor_required: true,
    });
    assert.ok(!startedSession(res));
    assert.ok(pendingCookie(res));
  });

  it('no other operation accepts the pending sign-in as signed in (every operation of openapi.yaml)', async () => {
    const pending = pendingCookie(await passwordStep(user))!;
    const asSession = `session=${pending.split('=')[1]}`;
    const operations = getContract().operations.filter((op) => op.operationId !== 'verifyTwoFactor');
    assert.ok(operations.length >= 30);
    for (const [index, op] of operations.entries()) {
      for (const cookie of [pending, asSession]) {
        // Each operation from an address of its own: per-address limits (SCIM's on failed tokens) never
        // answer before the session is looked at.
        const ip = `10.77.${Math.floor(index / 250)}.${index % 250}`;
        const res = await t.api(op.operationId, { cookie, body: {}, query: {}, raw: true, ip });
        if (!op.allowsAnonymous) {
          // Either refused as anonymous (401), or refused for its malformed input before that (400).
          assert.ok(
            res.status === 401 || res.status === 400,
            `${op.operationId} answered ${res.status} to a pending sign-in`,
          );
        }
        assert.ok(!startedSession(res), `${op.operationId} started a session`);
      }
    }
    // Called with a valid body, each signed-in operation answers 401.
    for (const [operationId, body] of [
      ['getUser', undefined],
      ['listSessions', undefined],
      ['setSettings', { name: 'Mallory' }],
      ['endOtherSessions', {}],
      ['disableTwoFactor', { password: PASSWORD, code: '000000' }],
      ['inviteUser', { email: 'x@example.com' }],
    ] as const) {
      assert.equal((await t.api(operationId, { cookie: pending, body })).status, 401, operationId);
    }
    // The code still completes that very sign-in.
    const done = await t.api('verifyTwoFactor', { cookie: pending, body: { code: codeAt(secret, 30) } });
    assert.equal(done.status, 200, JSON.stringify(done.body));
    assert.ok(done.cookie);
    assert.equal((await t.api('getUser', { cookie: done.cookie })).body.data.email, user.email);
  });

  it('a code works once; a wrong one is refused and recorded', async () => {
    // An account of its own: each accepted code uses up a 30-second step.
    const user = await signup(t.api);
    const { secret } = await enable(user);
    const first = pendingCookie(await passwordStep(user))!;
    const wrong = await t.api('verifyTwoFactor', { cookie: first, body: { code: '123456' } });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.message, 'That code is not valid. Try again.');
    const failures = await t.app.services.db
      .selectFrom('audit_events')
      .select(['type', 'actor_email', 'ip'])
      .where('target_email', '=', user.email)
      .where('type', '=', 'two_factor.code_failed')
      .execute();
    assert.deepEqual(failures, [{ type: 'two_factor.code_failed', actor_email: null, ip: '127.0.0.1' }]);
    const code = codeAt(secret, 30);
    const ok = await t.api('verifyTwoFactor', { cookie: first, body: { code } });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const second = pendingCookie(await passwordStep(user))!;
    const replay = await t.api('verifyTwoFactor', { cookie: second, body: { code } });
    assert.equal(replay.status, 400);
    // The pending sign-in ended with the success: its cookie is no good any more.
    assert.equal((await t.api('verifyTwoFactor', { cookie: first, body: { code } })).status, 401);
  });

  it('a recovery code signs in once; its second use is refused', async () => {
    const pending = pendingCookie(await passwordStep(user))!;
    const res = await t.api('verifyTwoFactor', {
      cookie: pending,
      body: { code: recoveryCodes[0]!.toUpperCase() },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await t.api('getTwoFactor', { cookie: res.cookie })).body.data.recovery_codes_left, 9);
    const again = pendingCookie(await passwordStep(user))!;
    const reused = await t.api('verifyTwoFactor', { cookie: again, body: { code: recoveryCodes[0]! } });
    assert.equal(reused.status, 400);
  });

  it('five wrong codes end the pending sign-in; without one, verify-two-factor answers 401', async () => {
    const pending = pendingCookie(await passwordStep(user, '10.9.0.2'))!;
    for (let i = 0; i < 5; i += 1) {
      assert.equal(
        (await t.api('verifyTwoFactor', { cookie: pending, body: { code: '000000' } })).status,
        400,
      );
    }
    const ended = await t.api('verifyTwoFactor', { cookie: pending, body: { code: codeAt(secret) } });
    assert.equal(ended.status, 401);
    assert.equal(ended.body.message, 'Your sign-in has expired. Please log in again.');
    assert.equal((await t.api('verifyTwoFactor', { body: { code: '000000' } })).status, 401);
  });

  it('codes are limited per account across pending sign-ins (429)', async () => {
    let limited: CallResult | undefined;
    for (let i = 0; i < 4 && !limited; i += 1) {
      const pending = pendingCookie(await passwordStep(user, `10.9.1.${i}`))!;
      for (let j = 0; j < 5; j += 1) {
        const res = await t.api('verifyTwoFactor', { cookie: pending, body: { code: '000000' } });
        if (res.status === 429) {
          limited = res;
          break;
        }
      }
    }
    assert.ok(limited, 'the per-account limit answered 429');
  });
});

describe('an organization that requires two-factor sign-in', () => {
  it('every operation the requirement can refuse declares its 403 in the contract', () => {
    const document = parse(readFileSync('openapi.yaml', 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string; responses: Record<string, unknown> }>>;
    };
    const undeclared = Object.values(document.paths)
      .flatMap((item) => Object.values(item))
      .filter((op) =>
        // SCIM's operations take the organization's bearer token, never a member's session (docs/scim.md).
        getContract().operations.some(
          (o) => o.operationId === op.operationId && !o.allowsAnonymous && !o.scim,
        ),
      )
      .filter((op) => !REACHABLE_BEFORE_SET_UP.has(op.operationId) && !('403' in op.responses))
      .map((op) => op.operationId);
    assert.deepEqual(undeclared, []);
  });

  it('sends members without it to set it up (403 elsewhere) until they have', async () => {
    const admin = await signup(t.api, { name: 'Ada' });
    const member = await invitedMember(t, admin);
    const rename = (user: TestUser) =>
      t.api('setSettings', { cookie: user.cookie, body: { name: 'New name' } });
    assert.equal((await rename(member)).status, 200);

    const byMember = await t.api('setTwoFactorRequirement', {
      cookie: member.cookie,
      body: { required: true },
    });
    assert.equal(byMember.status, 403);
    const on = await t.api('setTwoFactorRequirement', { cookie: admin.cookie, body: { required: true } });
    assert.equal(on.status, 200);
    assert.equal(on.body.message, 'Two-factor sign-in is now required in your organization.');

    const refused = await rename(member);
    assert.equal(refused.status, 403);
    assert.equal(
      refused.body.message,
      'Your organization requires two-factor sign-in: set it up in Settings to continue.',
    );
    const me = (await t.api('getUser', { cookie: member.cookie })).body.data;
    assert.equal(me.organization.require_two_factor, true);
    assert.equal(me.two_factor_enabled, false);
    assert.equal(me.must_set_up_two_factor, true);
    // The admin too; they can still lift the requirement.
    assert.equal((await t.api('getOrganizationMembers', { cookie: admin.cookie })).status, 403);

    await enable(member);
    assert.equal((await rename(member)).status, 200);
    const after = (await t.api('getUser', { cookie: member.cookie })).body.data;
    assert.equal(after.two_factor_enabled, true);
    assert.equal(after.must_set_up_two_factor, false);

    const off = await t.api('setTwoFactorRequirement', { cookie: admin.cookie, body: { required: false } });
    assert.equal(off.status, 200);
    assert.equal((await t.api('getOrganizationMembers', { cookie: admin.cookie })).status, 200);
    const audit = (
      await t.api('listAuditEvents', { cookie: admin.cookie, query: { type: 'two_factor.required_changed' } })
    ).body.data.events;
    assert.deepEqual(
      audit.map((e: { details: object }) => e.details),
      [{ required: false }, { required: true }],
    );
  });
});

describe('a call the two-factor requirement refuses', () => {
  it('keeps no idle session alive; a call it allows does', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    assert.equal(
      (await t.api('setTwoFactorRequirement', { cookie: admin.cookie, body: { required: true } })).status,
      200,
    );
    const idHash = hashToken(member.cookie.split('=')[1]!.split(';')[0]!);
    const lastSeen = async () =>
      (
        await t.app.services.db
          .selectFrom('sessions')
          .select('last_seen_at')
          .where('id_hash', '=', idHash)
          .executeTakeFirstOrThrow()
      ).last_seen_at.getTime();
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000);
    await t.app.services.db
      .updateTable('sessions')
      .set({ last_seen_at: tenMinutesAgo })
      .where('id_hash', '=', idHash)
      .execute();
    const refused = await t.api('setSettings', { cookie: member.cookie, body: { name: 'New name' } });
    assert.equal(refused.status, 403);
    assert.equal(await lastSeen(), tenMinutesAgo.getTime(), 'the refused call is no use of the session');
    assert.equal((await t.api('getUser', { cookie: member.cookie })).status, 200);
    assert.ok((await lastSeen()) > tenMinutesAgo.getTime(), 'reading who they are, to set it up, is');
  });
});

describe("the server's own pages under the two-factor requirement", () => {
  it('refuse, as the API does, a member who has not set it up: no plan cancelled, no OAuth code issued', async () => {
    const payer = await signup(t.api, { name: 'Payer' });
    const manager = await invitedMember(t, payer, { role: 'billing_manager' });
    const bought = await postForm(
      t,
      '/sandbox/billing/portal/change',
      { price_id: 'price_pro_yearly' },
      { cookie: payer.cookie },
    );
    assert.equal(bought.statusCode, 303);
    assert.equal(
      (await t.api('setTwoFactorRequirement', { cookie: payer.cookie, body: { required: true } })).status,
      200,
    );
    assert.equal((await t.api('billingPortal', { cookie: manager.cookie })).body.code, 'two_factor_required');

    const cancelled = await postForm(t, '/sandbox/billing/portal/cancel', {}, { cookie: manager.cookie });
    assert.notEqual(cancelled.statusCode, 303);
    assert.equal((await t.app.services.repos.users.findById(Number(payer.id)))!.stripe_product, 'pro');
    const approved = await postForm(
      t,
      '/sandbox/crm/authorize',
      {
        client_id: DEMO_CRM_CLIENT_ID,
        redirect_uri: oauthRedirectUri(t.config),
        state: 's',
        decision: 'approve',
      },
      { cookie: manager.cookie },
    );
    assert.ok(!String(approved.headers.location ?? '').includes('code='), 'no code for a refused member');
  });
});

describe('a pending sign-in ends with the sessions of its account', () => {
  const SIGN_IN_EXPIRED = 'Your sign-in has expired. Please log in again.';

  /** An account with two-factor sign-in and a password step taken elsewhere, waiting for its code. */
  async function waitingForCode(user: TestUser) {
    const { secret } = await enable(user);
    return { secret, pending: pendingCookie(await passwordStep(user, '10.9.7.1'))! };
  }

  const pendingRows = async (user: TestUser) =>
    (
      await t.app.services.db
        .selectFrom('pending_sign_ins')
        .select('user_id')
        .where('user_id', '=', Number(user.id))
        .execute()
    ).length;

  /** The pending sign-in, given a valid code, is refused as expired and left no row behind. */
  async function assertEnded(user: TestUser, pending: string, secret: string) {
    assert.equal(await pendingRows(user), 0);
    const res = await t.api('verifyTwoFactor', { cookie: pending, body: { code: codeAt(secret, 30) } });
    assert.equal(res.status, 401, JSON.stringify(res.body));
    assert.equal(res.body.message, SIGN_IN_EXPIRED);
    assert.ok(!startedSession(res));
  }

  it('a password change ends it', async () => {
    const user = await signup(t.api);
    const { secret, pending } = await waitingForCode(user);
    assert.equal(await pendingRows(user), 1);
    const changed = await t.api('changePassword', {
      cookie: user.cookie,
      body: { current_password: PASSWORD, new_password: 'N3w-Passw0rd!' },
    });
    assert.equal(changed.status, 200, JSON.stringify(changed.body));
    await assertEnded(user, pending, secret);
  });

  it('a password reset ends it', async () => {
    const user = await signup(t.api);
    const { secret, pending } = await waitingForCode(user);
    assert.equal((await t.api('forgotPassword', { body: { email: user.email } })).status, 200);
    const token = await mailToken(t, user.email);
    const reset = await t.api('resetPassword', { body: { token, new_password: 'N3w-Passw0rd!' } });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    await assertEnded(user, pending, secret);
  });

  it('a reset that proves the address turns off a second factor set up before it was proven; once proven, a reset keeps it', async () => {
    const mailsTo = async (email: string) =>
      (await t.app.services.db.selectFrom('outbox').select('id').where('to_address', '=', email).execute())
        .length;
    const reset = async (email: string) => {
      const before = await mailsTo(email);
      assert.equal((await t.api('forgotPassword', { body: { email } })).status, 200);
      // The reset mail goes in the background: wait for it, not for the invitation mailed before.
      for (let i = 0; i < 500 && (await mailsTo(email)) === before; i += 1) {
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      const token = await mailToken(t, email);
      const res = await t.api('resetPassword', { body: { token, new_password: 'N3w-Passw0rd!' } });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    };
    const signIn = (email: string, ip: string) =>
      t.api('login', { body: { email, password: 'N3w-Passw0rd!' }, ip });
    // Someone signs up first with the owner's address and sets up a second factor (nothing proven).
    const squatter = await signup(t.api);
    await enable(squatter);
    // The owner, who reads the mail, resets the password and signs in without the squatter's codes.
    await reset(squatter.email);
    const owner = await signIn(squatter.email, '10.9.8.1');
    assert.equal(owner.status, 200, JSON.stringify(owner.body));
    assert.notEqual(owner.body.two_factor_required, true);
    // A member who proved the address (a mailed invitation) keeps their second factor through a reset.
    const member = await invitedMember(t, await signup(t.api));
    await enable(member);
    await reset(member.email);
    assert.equal((await signIn(member.email, '10.9.8.2')).body.two_factor_required, true);
  });

  /**
   * Logs in with the old password while a change of it lands between the password step's read of the
   * account and what the step starts (the password check is slow on purpose, so the window is real).
   */
  /** A login whose password check a change of password overtakes (with a new CRM: the row is written again). */
  async function loginRacingAPasswordChange(user: TestUser, software?: string) {
    const users = t.app.services.repos.users;
    const findByEmail = users.findByEmail;
    users.findByEmail = async (email) => {
      const stale = await findByEmail.call(users, email);
      const changed = await t.api('changePassword', {
        cookie: user.cookie,
        body: { current_password: PASSWORD, new_password: 'N3w-Passw0rd!' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      return stale;
    };
    try {
      return await t.api('login', {
        body: { email: user.email, password: PASSWORD, ...(software ? { software } : {}) },
        ip: '10.9.7.2',
      });
    } finally {
      users.findByEmail = findByEmail;
    }
  }

  it('a password changed while the old one is being checked starts no pending sign-in', async () => {
    const user = await signup(t.api);
    await enable(user);
    const res = await loginRacingAPasswordChange(user);
    assert.equal(res.status, 401, JSON.stringify(res.body));
    assert.equal(res.body.message, 'Invalid email or password.');
    assert.equal(pendingCookie(res), undefined);
    assert.equal(await pendingRows(user), 0);
  });

  it('nor, without two-factor sign-in, a session', async () => {
    const user = await signup(t.api);
    const res = await loginRacingAPasswordChange(user);
    assert.equal(res.status, 401, JSON.stringify(res.body));
    assert.ok(!startedSession(res));
  });

  it('nor either when the login also changes the CRM (its row read again holds the new password)', async () => {
    const plain = await signup(t.api);
    const res = await loginRacingAPasswordChange(plain, 'hubspot');
    assert.equal(res.status, 401, JSON.stringify(res.body));
    assert.ok(!startedSession(res));
    const withCode = await signup(t.api);
    await enable(withCode);
    const waiting = await loginRacingAPasswordChange(withCode, 'hubspot');
    assert.equal(waiting.status, 401, JSON.stringify(waiting.body));
    assert.equal(await pendingRows(withCode), 0);
  });

  it('a password change landing after the code was checked, as the session starts, ends it', async () => {
    const user = await signup(t.api);
    const { secret, pending } = await waitingForCode(user);
    const earlier = await t.app.services.repos.sessions.create(Number(user.id));
    // The browser's previous session ends just before the new one starts: the change lands there.
    const sessions = t.app.services.repos.sessions;
    const destroy = sessions.destroy;
    let changedMeanwhile = false;
    sessions.destroy = async (sessionId) => {
      sessions.destroy = destroy;
      changedMeanwhile = true;
      const changed = await t.api('changePassword', {
        cookie: user.cookie,
        body: { current_password: PASSWORD, new_password: 'N3w-Passw0rd!' },
      });
      assert.equal(changed.status, 200, JSON.stringify(changed.body));
      return destroy.call(sessions, sessionId);
    };
    try {
      const res = await t.api('verifyTwoFactor', {
        cookie: `${pending}; session=${earlier}`,
        body: { code: codeAt(secret, 30) },
      });
      assert.ok(changedMeanwhile, 'the change landed as the session started');
      assert.equal(res.status, 401, JSON.stringify(res.body));
      assert.equal(res.body.message, SIGN_IN_EXPIRED);
      assert.ok(!startedSession(res));
    } finally {
      sessions.destroy = destroy;
    }
    assert.equal(await pendingRows(user), 0);
  });

  it('signing the other sessions out ends it', async () => {
    const user = await signup(t.api);
    const { secret, pending } = await waitingForCode(user);
    assert.equal((await t.api('endOtherSessions', { cookie: user.cookie, body: {} })).status, 200);
    await assertEnded(user, pending, secret);
  });

  it('turning two-factor sign-in off ends it, so turning it on again does not revive it', async () => {
    const user = await signup(t.api);
    const { secret, pending } = await waitingForCode(user);
    const off = await t.api('disableTwoFactor', {
      cookie: user.cookie,
      body: { password: PASSWORD, code: codeAt(secret, 30) },
    });
    assert.equal(off.status, 200, JSON.stringify(off.body));
    assert.equal(await pendingRows(user), 0);
    const again = await enable(user);
    await assertEnded(user, pending, again.secret);
  });

  it("an admin ending a member's sessions, and removing the member, end theirs", async () => {
    const admin = await signup(t.api);
    for (const end of [
      (member: TestUser) =>
        t.api('endMemberSessions', { cookie: admin.cookie, body: { user_id: member.id } }),
      (member: TestUser) =>
        t.api('removeOrganizationUser', { cookie: admin.cookie, body: { user_id: member.id } }),
    ]) {
      const member = await invitedMember(t, admin);
      const { secret, pending } = await waitingForCode(member);
      const res = await end(member);
      assert.equal(res.status, 200, JSON.stringify(res.body));
      await assertEnded(member, pending, secret);
    }
  });
});

describe('two-factor sign-in turned on while a login checks the password', () => {
  it('starts no password-only session: the login asks to sign in again', async () => {
    const owner = await signup(t.api);
    const users = t.app.services.repos.users;
    const findByEmail = users.findByEmail;
    // The login reads the account (no second factor yet); while its slow password check runs, the owner
    // turns two-factor sign-in on, which signs every other session out.
    users.findByEmail = async (email) => {
      users.findByEmail = findByEmail;
      const stale = await findByEmail.call(users, email);
      const started = await t.api('startTwoFactorSetup', {
        cookie: owner.cookie,
        body: { password: PASSWORD },
      });
      const confirmed = await t.api('confirmTwoFactorSetup', {
        cookie: owner.cookie,
        body: { code: codeAt(started.body.data.secret) },
      });
      assert.equal(confirmed.status, 200, JSON.stringify(confirmed.body));
      return stale;
    };
    let login: CallResult;
    try {
      login = await t.api('login', { body: { email: owner.email, password: PASSWORD }, ip: '10.77.0.1' });
    } finally {
      users.findByEmail = findByEmail;
    }
    assert.equal(login.status, 401);
    assert.equal(login.body.message, 'Your sign-in has expired. Please log in again.');
    const sessions = await t.app.services.db
      .selectFrom('sessions')
      .select('id_hash')
      .where('user_id', '=', Number(owner.id))
      .execute();
    assert.equal(sessions.length, 1, "only the owner's own session");
    // Signing in again asks for the code.
    const again = await t.api('login', { body: { email: owner.email, password: PASSWORD }, ip: '10.77.0.1' });
    assert.equal(again.body.two_factor_required, true);
  });
});
