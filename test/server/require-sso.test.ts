/**
 * docs/product.md#require-sso: an organization with a tested single sign-on connection requires its members
 * at its DNS-verified domain to sign in through it. Turning it on needs a sign-in through the connection
 * within the last hour; it ends the members' other sessions and pending sign-ins at once, and the session
 * resolver ends any left. Password, two-factor and Google sign-ins of theirs are refused with the sentence
 * that sends them to "Sign in with SSO", and so is a password reset (the billing admin's excepted). The billing admin
 * keeps a break-glass sign-in with password and second factor, audited. Members outside the domain and
 * other organizations are unaffected; deleting the connection or losing the domain lets everyone in again.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { Secret, TOTP } from 'otpauth';
import { sql } from 'kysely';
import { before, describe, it } from './helpers/node-test.js';
import { fetchThroughApp, mailToken, PUBLIC_URL, useTestApp, type CallResult } from './helpers/app.js';
import { GOOGLE_TEST_CLIENT_ID, fakeGoogleVerifier } from './helpers/google.js';
import { useOidcProvider } from './helpers/oidc-provider.js';
import {
  accountOf,
  auditSince,
  connectOidc,
  lastAuditId,
  lastAuditOf,
  saveAllowList,
} from './helpers/sso.js';
import { PASSWORD, invitedMember, signup, type TestUser } from './helpers/users.js';
import { createOidcClient } from '../../src/server/sso/oidc.js';
import { nodeFetch } from '../../src/server/sso/public-fetch.js';
import { SSO_CALLBACK_PATH } from '../../src/shared/sso-paths.js';

const DOMAIN = 'require-sso-corp.com';
const CALLBACK = `${PUBLIC_URL}${SSO_CALLBACK_PATH}`;

const provider = useOidcProvider({ redirectUri: CALLBACK, idTokenSeconds: 60, transport: nodeFetch() });
const t = useTestApp(
  { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID },
  {
    services: {
      google: fakeGoogleVerifier,
      oidc: createOidcClient({ fetch: (input, init) => fetchThroughApp(t, provider.fetch)(input, init) }),
    },
  },
);

let calls = 0;
/** Each call from an address of its own, so the per-address sign-in limits never interfere. */
const anotherIp = () => {
  calls += 1;
  return `10.8.${Math.floor(calls / 250)}.${calls % 250}`;
};

/** A code is accepted once: the next one (a step ahead, within the accepted drift) for a second use. */
const codeOf = (secret: string, stepsAhead = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

function cookieNamed(res: CallResult, name: string): string | undefined {
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const cookie = set.find((c) => c.startsWith(`${name}=`) && !c.startsWith(`${name}=;`));
  return cookie?.split(';')[0];
}

/** The browser of `email` signing in at the identity provider: start-sso, the provider, finish-sso. */
async function signInWithSso(email: string): Promise<CallResult> {
  const started = await t.api('startSso', { body: { email }, ip: anotherIp() });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  provider.signInAs(email, 'Someone');
  const callback = await provider.browse(started.body.redirect_url, CALLBACK);
  return finish(cookieNamed(started, 'sso_sign_in')!, callback);
}

function finish(ssoCookie: string, callback: URL, session?: string) {
  const body: Record<string, string> = {};
  for (const field of ['state', 'code', 'iss']) {
    const value = callback.searchParams.get(field);
    if (value !== null) body[field] = value;
  }
  return t.api('finishSso', {
    body,
    cookie: session ? `${ssoCookie}; ${session}` : ssoCookie,
    ip: anotherIp(),
  });
}

/** The admin's "Test connection", signing in `as` at the identity provider. */
async function testConnection(admin: string, as: string) {
  const started = await t.api('testSsoConnection', { cookie: admin, body: {} });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  provider.signInAs(as);
  const callback = await provider.browse(started.body.redirect_url, CALLBACK);
  const res = await finish(cookieNamed(started, 'sso_sign_in')!, callback, admin);
  assert.equal(res.body.outcome, 'tested', JSON.stringify(res.body));
}

const login = (email: string) => t.api('login', { body: { email, password: PASSWORD }, ip: anotherIp() });

const setRequired = (cookie: string, enabled: boolean) =>
  t.api('setRequireSso', { cookie, body: { enabled } });

async function sessionsOf(email: string) {
  return t.app.services.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.sign_in_method')
    .where('users.email', '=', email)
    .execute();
}

/** How many sessions of the members at the domain were not signed in with single sign-on. */
async function heldSessionsNotSso(): Promise<number> {
  const rows = await t.app.services.db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select('sessions.sign_in_method')
    .where('users.email', 'like', `%@${DOMAIN}`)
    .where('users.organization_id', '=', orgId)
    .execute();
  return rows.filter((row) => row.sign_in_method !== 'sso').length;
}

/** The token of the reset mail to `email` (sent in the background, after the invitation mailed before). */
async function resetToken(email: string): Promise<string> {
  for (let tries = 0; tries < 1000; tries += 1) {
    const mail = await t.app.services.db
      .selectFrom('outbox')
      .select('text_body')
      .where('to_address', '=', email)
      .where('text_body', 'like', '%/reset-password?token=%')
      .executeTakeFirst();
    const link = mail?.text_body.match(/https?:\/\/\S+\/reset-password\?token=\S+/)?.[0];
    if (link) return new URL(link).searchParams.get('token')!;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no reset mail to ${email}`);
}

const lastAudit = (type: string) => lastAuditOf(t, type);

function assertSsoRequired(res: CallResult, email: string) {
  assert.equal(res.status, 403, JSON.stringify(res.body));
  assert.equal(res.body.code, 'sso_required');
  assert.equal(
    res.body.message,
    `Your organization requires single sign-on for ${email}. Use "Sign in with SSO" instead.`,
  );
  assert.equal(cookieNamed(res, 'session'), undefined, 'no session');
}

function assertOutsideNetwork(res: CallResult) {
  assert.equal(res.status, 403, JSON.stringify(res.body));
  assert.equal(res.body.code, 'ip_not_allowed');
  assert.match(res.body.message, /^Your organization allows access only from its approved networks/);
  assert.equal(cookieNamed(res, 'session'), undefined, 'no session');
}

let admin: TestUser; // the billing admin
let orgId = 0;
let member: TestUser; // password member at the domain
let googleMember: TestUser; // Google member at the domain
let twoFactorMember: TestUser; // password and second factor, at the domain
let twoFactorSecret = '';
let outsider: TestUser; // a member whose address is not at the domain
let elsewhere: TestUser; // another organization's member at another domain
let ssoSession = ''; // a member signed in with SSO before it is required

before(async () => {
  admin = await signup(t.api, { email: `ada@${DOMAIN}`, name: 'Ada' });
  assert.equal(
    (await t.api('startDnsVerification', { cookie: admin.cookie, body: { domain: DOMAIN } })).status,
    200,
  );
  assert.equal((await t.api('checkDnsVerification', { cookie: admin.cookie, body: {} })).status, 200);
  const org = await t.app.services.db
    .selectFrom('organizations')
    .selectAll()
    .where('domain', '=', DOMAIN)
    .executeTakeFirstOrThrow();
  orgId = org.id;
  // Single sign-on links an existing account only when its address is proven (docs/product.md#proven-addresses).
  await t.app.services.db
    .updateTable('users')
    .set({ email_proven_at: new Date() })
    .where('id', '=', Number(admin.id))
    .execute();
  assert.equal(org.billing_admin_id, Number(admin.id), 'the admin is the billing admin');
  await connectOidc(t, admin, provider);

  member = await invitedMember(t, admin, { email: `bob@${DOMAIN}` });
  twoFactorMember = await invitedMember(t, admin, { email: `hal@${DOMAIN}` });
  const setUp = await t.api('startTwoFactorSetup', {
    cookie: twoFactorMember.cookie,
    body: { password: PASSWORD },
  });
  twoFactorSecret = setUp.body.data.secret;
  const on = await t.api('confirmTwoFactorSetup', {
    cookie: twoFactorMember.cookie,
    body: { code: codeOf(twoFactorSecret) },
  });
  assert.equal(on.status, 200, JSON.stringify(on.body));
  outsider = await invitedMember(t, admin, { email: 'carol@outside-corp.com' });

  const invited = await t.api('inviteUser', { cookie: admin.cookie, body: { email: `gina@${DOMAIN}` } });
  assert.equal(invited.status, 200);
  const google = await t.api('googleAuth', {
    body: {
      token: `valid:gina@${DOMAIN}`,
      type: 'signup',
      invitation_token: await mailToken(t, `gina@${DOMAIN}`),
    },
  });
  assert.equal(google.status, 200, JSON.stringify(google.body));
  googleMember = { id: google.body.id, email: `gina@${DOMAIN}`, cookie: google.cookie! };

  const elsewhereAdmin = await signup(t.api, { email: 'erin@elsewhere-corp.com' });
  elsewhere = await invitedMember(t, elsewhereAdmin, { email: 'frank@elsewhere-corp.com' });

  const sso = await signInWithSso(`grace@${DOMAIN}`);
  assert.equal(sso.status, 200, JSON.stringify(sso.body));
  ssoSession = sso.cookie!;
});

describe('an organization that requires two-factor sign-in', () => {
  it('counts a sign-in through the identity provider as meeting it; a password session of the same member is still asked', async () => {
    const ivy = await invitedMember(t, admin, { email: `ivy@${DOMAIN}` });
    const require2fa = (required: boolean) =>
      t.api('setTwoFactorRequirement', { cookie: admin.cookie, body: { required } });
    const rename = (cookie: string) => t.api('setSettings', { cookie, body: { name: 'Ivy' } });
    assert.equal((await require2fa(true)).status, 200);
    try {
      const sso = await signInWithSso(ivy.email);
      assert.equal(sso.status, 200, JSON.stringify(sso.body));
      assert.equal(sso.body.user.must_set_up_two_factor, false);
      const renamed = await rename(sso.cookie!);
      assert.equal(renamed.status, 200, JSON.stringify(renamed.body));
      // The answers that carry the user say so for this session too (the app decides by it).
      assert.equal(renamed.body.data.must_set_up_two_factor, false);
      const viaSso = await t.api('getUser', { cookie: sso.cookie! });
      assert.equal(viaSso.body.data.must_set_up_two_factor, false);
      assert.equal(viaSso.body.data.two_factor_enabled, false);

      // The same member, signed in with the password: asked to set up the product's own second factor.
      const refused = await rename(ivy.cookie);
      assert.equal(refused.status, 403, JSON.stringify(refused.body));
      assert.equal(refused.body.code, 'two_factor_required');
      const viaPassword = await t.api('getUser', { cookie: ivy.cookie });
      assert.equal(viaPassword.body.data.must_set_up_two_factor, true);
      const again = await login(ivy.email);
      assert.equal(again.body.user.must_set_up_two_factor, true);
      assert.equal((await rename(again.cookie!)).status, 403);
    } finally {
      assert.equal((await require2fa(false)).status, 200);
    }
  });
});

describe('turning it on', () => {
  it('is for admins only', async () => {
    const res = await setRequired(member.cookie, true);
    assert.equal(res.status, 403);
  });

  it('is refused while the connection was never tested', async () => {
    const res = await setRequired(admin.cookie, true);
    assert.equal(res.status, 409, JSON.stringify(res.body));
    assert.equal(res.body.code, 'sso_require_needs_test');
    assert.equal((await lastAudit('sso.required_changed')) ?? null, null);
  });

  it('is refused without the admin’s own sign-in through it within the last hour', async () => {
    // Tested, but the identity provider signed in someone else: the admin may not be able to get in.
    await testConnection(admin.cookie, `bob@${DOMAIN}`);
    const someoneElse = await setRequired(admin.cookie, true);
    assert.equal(someoneElse.status, 409);
    assert.equal(someoneElse.body.code, 'sso_require_needs_recent_sign_in');
    assert.equal(
      someoneElse.body.message,
      'Sign in through your identity provider first: within the last hour, sign in with SSO, or test the connection signing in with your own address. This proves you can still get in once single sign-on is required.',
    );

    // A session signed in with SSO counts, but not once it is more than an hour old.
    const sso = await signInWithSso(admin.email);
    assert.equal(sso.status, 200, JSON.stringify(sso.body));
    const methods = (await sessionsOf(admin.email)).map((row) => row.sign_in_method).sort();
    assert.deepEqual(methods, ['password', 'sso']);
    await t.app.services.db
      .updateTable('sessions')
      .set({ created_at: sql<Date>`now() - interval '61 minutes'` })
      .where('user_id', '=', Number(admin.id))
      .where('sign_in_method', '=', 'sso')
      .execute();
    const stale = await setRequired(sso.cookie!, true);
    assert.equal(stale.body.code, 'sso_require_needs_recent_sign_in');
    const settings = await t.api('getSsoConnection', { cookie: admin.cookie });
    assert.equal(settings.body.data.require_sso, false);
  });

  it('with the admin’s own test of the last hour: on, audited, the members’ other sessions ended', async () => {
    const pending = await login(twoFactorMember.email);
    assert.equal(pending.body.two_factor_required, true);
    const pendingCookie = cookieNamed(pending, 'pending_sign_in')!;

    await testConnection(admin.cookie, admin.email);
    const ending = await heldSessionsNotSso();
    const res = await setRequired(admin.cookie, true);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.code, 'sso_require_on');
    // Every one that ends is counted, the admin's own password session included.
    assert.equal(res.body.params.sessions, ending);
    assert.match(
      res.body.message,
      new RegExp(
        `^Single sign-on is now required for addresses at ${DOMAIN}\\. Sessions signed in otherwise were ended: \\d+\\.$`,
      ),
    );
    const audit = await lastAudit('sso.required_changed');
    assert.equal(audit?.actor_email, admin.email);
    assert.equal(audit?.organization_id, orgId);
    assert.equal((audit?.details as Record<string, unknown>).required, true);
    assert.equal((audit?.details as Record<string, unknown>).sessions, ending);
    assert.equal((await t.api('getSsoConnection', { cookie: ssoSession })).status, 403, 'a member');

    // Ended in the setting's transaction: the password and Google sessions, and the sign-in waiting for a code.
    assert.deepEqual(await sessionsOf(member.email), []);
    assert.deepEqual(await sessionsOf(googleMember.email), []);
    const code = await t.api('verifyTwoFactor', {
      cookie: pendingCookie,
      body: { code: codeOf(twoFactorSecret) },
    });
    assert.equal(code.status, 401);
    assert.equal(code.body.code, 'sign_in_expired');
    // The admin's password session too: the admin signs in with SSO from now on (the test proved it works).
    // It ends on its next call, saying why, so the admin's page explains instead of meeting a bare 401.
    const next = await t.api('getSsoConnection', { cookie: admin.cookie });
    assert.equal(next.status, 401, JSON.stringify(next.body));
    assert.equal(next.body.code, 'sso_required_session_ended');
    assert.deepEqual(await sessionsOf(admin.email), [{ sign_in_method: 'sso' }]);
    assert.notEqual(
      (await t.api('getUser', { cookie: admin.cookie })).body.code,
      'sso_required_session_ended',
    );
  });
});

describe('while it is required', () => {
  it('the ended sessions are signed out', async () => {
    assert.equal((await t.api('getUser', { cookie: member.cookie })).status, 401);
    assert.equal((await t.api('getUser', { cookie: googleMember.cookie })).status, 401);
  });

  it('the resolver ends a non-SSO session it finds, saying why, once', async () => {
    const sessionId = await t.app.services.repos.sessions.create(Number(member.id), { method: 'password' });
    const first = await t.api('getUser', { cookie: `session=${sessionId}` });
    assert.equal(first.status, 401);
    assert.equal(first.body.code, 'sso_required_session_ended');
    assert.equal(
      first.body.message,
      'Your organization now requires single sign-on, so this session was ended. Please use "Sign in with SSO".',
    );
    assert.deepEqual(await sessionsOf(member.email), []);
    const second = await t.api('getUser', { cookie: `session=${sessionId}` });
    assert.equal(second.status, 401);
    assert.notEqual(second.body.code, 'sso_required_session_ended');
  });

  it('sessions signed in with SSO keep working', async () => {
    const res = await t.api('getUser', { cookie: ssoSession });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.email, `grace@${DOMAIN}`);
  });

  it('refuses password, two-factor and Google sign-ins of its members, audited', async () => {
    assertSsoRequired(await login(member.email), member.email);
    assert.deepEqual((await lastAudit('auth.sign_in_failed'))?.details, {
      method: 'password',
      reason: 'sso_required',
    });
    assertSsoRequired(await login(twoFactorMember.email), twoFactorMember.email);
    const google = await t.api('googleAuth', {
      body: { token: `valid:${googleMember.email}`, type: 'login' },
    });
    assertSsoRequired(google, googleMember.email);
    assert.deepEqual((await lastAudit('auth.sign_in_failed'))?.details, {
      method: 'google',
      reason: 'sso_required',
    });
    // Refused before the password is checked: a wrong one gets the same answer, so it never tells
    // whether an old password is still right.
    const wrong = await t.api('login', { body: { email: member.email, password: 'nope' }, ip: anotherIp() });
    assertSsoRequired(wrong, member.email);
  });

  it('refuses a password reset of its members, leaving the password as it was and the link unspent', async () => {
    // forgot-password answers as for anyone (it must not tell who is held) and mails the link.
    const forgot = await t.api('forgotPassword', { body: { email: member.email } });
    assert.equal(forgot.status, 200);
    const token = await resetToken(member.email);
    const passwordHash = () =>
      t.app.services.db
        .selectFrom('users')
        .select('password_hash')
        .where('email', '=', member.email)
        .executeTakeFirstOrThrow();
    const before = await passwordHash();
    const reset = () => t.api('resetPassword', { body: { token, new_password: 'An0ther-Passw0rd!' } });
    assertSsoRequired(await reset(), member.email);
    assert.deepEqual(await passwordHash(), before, 'the password is unchanged');
    // A spent link would answer that it is invalid: this one is refused for the same reason again.
    assertSsoRequired(await reset(), member.email);
  });

  it('members the requirement does not hold sign in as before: outside the domain, other organizations', async () => {
    assert.equal((await t.api('getUser', { cookie: outsider.cookie })).status, 200);
    assert.equal((await login(outsider.email)).status, 200);
    assert.equal((await t.api('getUser', { cookie: elsewhere.cookie })).status, 200);
    assert.equal((await login(elsewhere.email)).status, 200);
  });

  it('refuses a signup that would join the organization, with login’s sentence, leaving nothing behind', async () => {
    const adminSso = await signInWithSso(admin.email);
    assert.equal(adminSso.status, 200, JSON.stringify(adminSso.body));
    const members = async () =>
      (
        await t.app.services.db
          .selectFrom('users')
          .select('id')
          .where('organization_id', '=', orgId)
          .execute()
      ).length;
    const before = await members();

    // By invitation, with a password and with Google.
    for (const [email, viaGoogle] of [
      [`nina@${DOMAIN}`, false],
      [`oscar@${DOMAIN}`, true],
    ] as const) {
      const invited = await t.api('inviteUser', { cookie: adminSso.cookie!, body: { email } });
      assert.equal(invited.status, 200, JSON.stringify(invited.body));
      const token = await mailToken(t, email);
      const mark = await lastAuditId(t);
      const ip = anotherIp();
      const res = viaGoogle
        ? await t.api('googleAuth', {
            body: { token: `valid:${email}`, type: 'signup', invitation_token: token },
            ip,
          })
        : await t.api('signup', {
            body: { name: 'Nina', email, password: PASSWORD, invitation_token: token },
            ip,
          });
      assertSsoRequired(res, email);
      assert.equal(await accountOf(t, email), undefined, `no account of ${email}`);
      // Audited as a refused sign-in is (no account to name), and nothing else is written about them.
      assert.deepEqual(await auditSince(t, mark, email), [
        {
          type: 'auth.sign_in_failed',
          target_id: null,
          ip,
          method: viaGoogle ? 'google' : 'password',
          reason: 'sso_required',
        },
      ]);
      // The invitation is not spent: single sign-on is the way in.
      const invitation = await t.app.services.db
        .selectFrom('invitations')
        .select('accepted_at')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      assert.equal(invitation.accepted_at, null);
    }

    // By automatic joining (Google proves the address, so it would join at once).
    const autoJoin = await t.api('setDomainAutoJoin', { cookie: adminSso.cookie!, body: { enabled: true } });
    assert.equal(autoJoin.status, 200, JSON.stringify(autoJoin.body));
    try {
      const email = `paula@${DOMAIN}`;
      const mark = await lastAuditId(t);
      const res = await t.api('googleAuth', { body: { token: `valid:${email}`, type: 'signup' } });
      assertSsoRequired(res, email);
      assert.equal(await accountOf(t, email), undefined);
      assert.deepEqual(
        (await auditSince(t, mark, email)).map(({ type, method, reason }) => ({ type, method, reason })),
        [{ type: 'auth.sign_in_failed', method: 'google', reason: 'sso_required' }],
      );
    } finally {
      await t.api('setDomainAutoJoin', { cookie: adminSso.cookie!, body: { enabled: false } });
    }
    assert.equal(await members(), before, 'no member added');

    // Single sign-on lets the invited person in.
    const nina = await signInWithSso(`nina@${DOMAIN}`);
    assert.equal(nina.status, 200, JSON.stringify(nina.body));
  });

  it('the members sign in with SSO', async () => {
    const res = await signInWithSso(member.email);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await t.api('getUser', { cookie: res.cookie! })).status, 200);
  });
});

describe('the billing admin’s break-glass sign-in', () => {
  it('needs the second factor, and says so', async () => {
    const res = await login(admin.email);
    assert.equal(res.status, 403, JSON.stringify(res.body));
    assert.equal(res.body.code, 'sso_break_glass_needs_two_factor');
    assert.match(res.body.message, /only with two-factor sign-in, which your account has not set up/);
    const google = await t.api('googleAuth', { body: { token: `valid:${admin.email}`, type: 'login' } });
    assert.equal(google.status, 403);
  });

  it('may reset a forgotten password, the way back to the break-glass sign-in', async () => {
    await t.api('forgotPassword', { body: { email: admin.email } });
    const reset = await t.api('resetPassword', {
      body: { token: await resetToken(admin.email), new_password: PASSWORD },
    });
    assert.equal(reset.status, 200, JSON.stringify(reset.body));
    assert.equal(reset.body.code, 'password_reset');
  });

  it('with password and second factor signs in, audited as a break-glass sign-in; the session stays', async () => {
    const sso = await signInWithSso(admin.email);
    const setUp = await t.api('startTwoFactorSetup', { cookie: sso.cookie!, body: { password: PASSWORD } });
    assert.equal(setUp.status, 200, JSON.stringify(setUp.body));
    const secret = setUp.body.data.secret as string;
    const on = await t.api('confirmTwoFactorSetup', { cookie: sso.cookie!, body: { code: codeOf(secret) } });
    assert.equal(on.status, 200, JSON.stringify(on.body));

    const pending = await login(admin.email);
    assert.equal(pending.status, 200, JSON.stringify(pending.body));
    assert.equal(pending.body.two_factor_required, true);
    const res = await t.api('verifyTwoFactor', {
      cookie: cookieNamed(pending, 'pending_sign_in')!,
      body: { code: codeOf(secret, 1) },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const breakGlass = await lastAudit('auth.break_glass_signed_in');
    assert.equal(breakGlass?.actor_email, admin.email);
    assert.equal(breakGlass?.organization_id, orgId);
    const me = await t.api('getUser', { cookie: res.cookie! });
    assert.equal(me.status, 200, 'the break-glass session is not ended by the resolver');
  });

  it('from outside the organization’s IP allow-list is refused, at the password and at the code, as is SSO', async () => {
    const inside = '203.0.113.9';
    const adminSso = await signInWithSso(admin.email);
    const policies = (list: string[]) => saveAllowList(t, adminSso.cookie!, list, inside);
    await policies(['203.0.113.0/24']);
    try {
      const outside = await login(admin.email); // from 10.8.x.x
      assertOutsideNetwork(outside);
      assert.equal(cookieNamed(outside, 'pending_sign_in'), undefined, 'no pending sign-in');
      assert.deepEqual((await lastAudit('auth.sign_in_failed'))?.details, {
        method: 'password+code',
        reason: 'ip_not_allowed',
      });
      // Started inside, finished outside: refused before any code is tried.
      const pending = await t.api('login', { body: { email: admin.email, password: PASSWORD }, ip: inside });
      assert.equal(pending.body.two_factor_required, true, JSON.stringify(pending.body));
      const code = await t.api('verifyTwoFactor', {
        cookie: cookieNamed(pending, 'pending_sign_in')!,
        body: { code: '000000' },
        ip: '198.51.100.9',
      });
      assertOutsideNetwork(code);
      // A recovery code from outside is not tried either, and audited as the way in it would have made.
      const recovery = await t.api('verifyTwoFactor', {
        cookie: cookieNamed(pending, 'pending_sign_in')!,
        body: { code: 'k7m2-x9qp-4tdw' },
        ip: '198.51.100.9',
      });
      assertOutsideNetwork(recovery);
      assert.deepEqual((await lastAudit('auth.sign_in_failed'))?.details, {
        method: 'password+recovery code',
        reason: 'ip_not_allowed',
      });
      // Single sign-on (OpenID Connect) from outside: the identity provider signed them in, the list refuses.
      assertOutsideNetwork(await signInWithSso(member.email));
      assert.deepEqual((await lastAudit('auth.sign_in_failed'))?.details, {
        method: 'sso',
        reason: 'ip_not_allowed',
      });
    } finally {
      await policies([]);
    }
  });

  it('a member with a second factor has no break-glass sign-in', async () => {
    assertSsoRequired(await login(twoFactorMember.email), twoFactorMember.email);
  });
});

describe('nobody is locked out', () => {
  it('while the domain is not verified by DNS, the requirement is inert', async () => {
    await t.app.services.db
      .updateTable('organizations')
      .set({ domain_method: 'mail' })
      .where('id', '=', orgId)
      .execute();
    try {
      const res = await login(outsider.email);
      assert.equal(res.status, 200);
      const member2 = await login(member.email);
      assert.equal(member2.status, 200, JSON.stringify(member2.body));
      assert.equal((await t.api('getUser', { cookie: member2.cookie! })).status, 200);
    } finally {
      await t.app.services.db
        .updateTable('organizations')
        .set({ domain_method: 'dns' })
        .where('id', '=', orgId)
        .execute();
    }
    assertSsoRequired(await login(member.email), member.email);
  });

  it('deleting the connection turns it off', async () => {
    const sso = await signInWithSso(admin.email);
    const deleted = await t.api('deleteSsoConnection', { cookie: sso.cookie!, body: {} });
    assert.equal(deleted.status, 200, JSON.stringify(deleted.body));
    const res = await login(member.email);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal((await t.api('getUser', { cookie: res.cookie! })).status, 200);
    const settings = await t.api('getSsoConnection', { cookie: sso.cookie! });
    assert.equal(settings.body.data.require_sso, false);
  });
});
