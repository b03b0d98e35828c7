/**
 * docs/product.md#session-and-network-policies: an admin sets an idle timeout, a session lifetime and an IP
 * allow-list; members' sessions past a time end on their next call with a code that says why, calls from
 * outside the list are refused, a list that would shut out its admin or holds a malformed entry is
 * refused, and every change is audited with before and after. The clock is the app's own (moved, never
 * waited for). Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { hashToken } from '../../src/server/security/tokens.js';
import { before, beforeEach, describe, it } from './helpers/node-test.js';
import { mailToken, useTestApp, type CallResult } from './helpers/app.js';
import { GOOGLE_TEST_CLIENT_ID, fakeGoogleVerifier } from './helpers/google.js';
import { accountOf, auditSince, lastAuditId, lastAuditOf, organizationWithDomain } from './helpers/sso.js';
import { invitedMember, PASSWORD, signup, uniqueEmail, type TestUser } from './helpers/users.js';

const MINUTE = 60_000;
let clockOffset = 0;
const t = useTestApp(
  { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID },
  { services: { clock: () => new Date(Date.now() + clockOffset), google: fakeGoogleVerifier } },
);

const ADMIN_IP = '203.0.113.7';
let admin: TestUser;
let member: TestUser;
let googleMember: TestUser;

before(async () => {
  admin = await signup(t.api, { name: 'Ada Admin' });
  member = await invitedMember(t, admin);
  const email = uniqueEmail('google');
  assert.equal((await t.api('inviteUser', { cookie: admin.cookie, body: { email } })).status, 200);
  const google = await t.api('googleAuth', {
    body: { token: `valid:${email}`, type: 'signup', invitation_token: await mailToken(t, email) },
  });
  assert.equal(google.status, 200, JSON.stringify(google.body));
  googleMember = { id: google.body.id, email, cookie: google.cookie! };
});

beforeEach(() => {
  clockOffset = 0;
});

const NONE = { idle_timeout_minutes: null, session_lifetime_minutes: null, ip_allow_list: [] };

const save = (body: unknown, { user = admin, ip = ADMIN_IP } = {}) =>
  t.api('setSessionPolicies', { cookie: user.cookie, body, ip });

const read = async () => {
  const res = await t.api('getSessionPolicies', { cookie: admin.cookie, ip: ADMIN_IP });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
};

/** A fresh session of the member, signed in from `ip`. */
async function memberSession(ip = '198.51.100.20'): Promise<string> {
  const res = await t.api('login', { body: { email: member.email, password: PASSWORD }, ip });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.cookie!;
}

const getUser = (cookie: string, ip = '198.51.100.20') => t.api('getUser', { cookie, ip });

async function latestAudit(type: string) {
  const res = await t.api('listAuditEvents', { cookie: admin.cookie, query: { type }, ip: ADMIN_IP });
  assert.equal(res.status, 200);
  return res.body.data.events[0] as
    { type: string; details: Record<string, unknown>; ip: string } | undefined;
}

/** A refusal of the allow-list, as a sign-in answers it: the sentence by its code, and no session. */
function assertOutsideNetwork(res: CallResult, ip: string) {
  assert.equal(res.status, 403, JSON.stringify(res.body));
  assert.equal(res.body.code, 'ip_not_allowed');
  assert.equal(
    res.body.message,
    `Your organization allows access only from its approved networks, and your address ${ip} is not one of them. Connect from your company network or ask your organization admin.`,
  );
  const cookies = ([] as string[]).concat((res.headers['set-cookie'] as string[] | undefined) ?? []);
  assert.ok(!cookies.some((c) => /^(session|pending_sign_in)=[^;]/.test(c)), cookies.join(' | '));
}

const googleLogin = (email: string, ip: string) =>
  t.api('googleAuth', { body: { token: `valid:${email}`, type: 'login' }, ip });

describe('get-session-policies and set-session-policies', () => {
  it('an organization starts with no policy, and the admin reads their address as the server sees it', async () => {
    assert.deepEqual(await read(), { policies: NONE, your_ip: ADMIN_IP });
  });

  it('saves the policies, the list trimmed and without repeats', async () => {
    const res = await save({
      idle_timeout_minutes: 30,
      session_lifetime_minutes: 720,
      ip_allow_list: [' 203.0.113.0/24 ', '2001:db8::/32', '203.0.113.0/24', ''],
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, 'The session and network policies were saved.');
    assert.deepEqual((await read()).policies, {
      idle_timeout_minutes: 30,
      session_lifetime_minutes: 720,
      ip_allow_list: ['203.0.113.0/24', '2001:db8::/32'],
    });
    assert.equal((await save(NONE)).status, 200);
  });

  it('a member may neither read nor set them', async () => {
    assert.equal((await t.api('getSessionPolicies', { cookie: member.cookie })).status, 403);
    assert.equal((await save(NONE, { user: member })).status, 403);
  });

  it('a malformed entry answers 400 naming it, and nothing is saved', async () => {
    for (const entry of ['203.0.113.0/33', 'intranet.example.com', '2001:db8:::1', '300.1.1.1']) {
      const res = await save({ ...NONE, ip_allow_list: [ADMIN_IP, entry] });
      assert.equal(res.status, 400, entry);
      assert.equal(res.body.code, 'ip_allow_list_entry_invalid');
      assert.equal(res.body.params.entry, entry);
      assert.match(
        res.body.message,
        new RegExp(`^"${entry.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}" is not`),
      );
    }
    assert.deepEqual((await read()).policies, NONE);
  });

  it('times out of range or of the wrong type answer 400, never 500', async () => {
    for (const body of [
      { ...NONE, idle_timeout_minutes: 1 },
      { ...NONE, session_lifetime_minutes: 50_000 },
      { ...NONE, idle_timeout_minutes: '30' },
      { ...NONE, ip_allow_list: '203.0.113.7' },
      { ...NONE, ip_allow_list: [7] },
      { idle_timeout_minutes: 30 },
    ]) {
      const res = await save(body);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
  });

  it("refuses a list without the saving admin's address, and keeps the one before", async () => {
    const res = await save({ ...NONE, ip_allow_list: ['198.51.100.0/24'] });
    assert.equal(res.status, 409);
    assert.equal(res.body.code, 'ip_allow_list_locks_you_out');
    assert.equal(
      res.body.message,
      'This list does not include your current address 203.0.113.7: saving it would lock you out. Add your address or a range that contains it.',
    );
    assert.deepEqual((await read()).policies, NONE);
  });

  it("reads the admin's address behind TRUST_PROXY as Fastify computes it", async () => {
    const proxied = useTestAppBehindProxy();
    const boss = await signup(proxied.api, { name: 'Proxied Admin' });
    const call = (list: string[]) =>
      proxied.api('setSessionPolicies', {
        cookie: boss.cookie,
        body: { ...NONE, ip_allow_list: list },
        ip: '10.0.0.2',
        headers: { 'x-forwarded-for': '192.0.2.44' },
      });
    const refused = await call(['10.0.0.0/8']);
    assert.equal(refused.status, 409);
    assert.equal(refused.body.params.ip, '192.0.2.44');
    assert.equal((await call(['192.0.2.0/24'])).status, 200);
  });
});

/** A second app whose one trusted hop is the load balancer (TRUST_PROXY=1), started on first use. */
const proxiedApp = useTestApp({ TRUST_PROXY: '1' });
function useTestAppBehindProxy() {
  return proxiedApp;
}

describe('the allow-list', () => {
  it("refuses members' calls from outside it, IPv4-mapped addresses read as IPv4, and keeps the session", async () => {
    assert.equal((await save({ ...NONE, ip_allow_list: ['203.0.113.0/24', '2001:db8::/32'] })).status, 200);
    const cookie = await memberSession('203.0.113.20');
    const outside = await getUser(cookie, '198.51.100.20');
    assert.equal(outside.status, 403);
    assert.equal(outside.body.code, 'ip_not_allowed');
    assert.equal(
      outside.body.message,
      'Your organization allows access only from its approved networks, and your address 198.51.100.20 is not one of them. Connect from your company network or ask your organization admin.',
    );
    assert.equal((await getUser(cookie, '203.0.113.99')).status, 200);
    assert.equal((await getUser(cookie, '::ffff:203.0.113.99')).status, 200);
    assert.equal((await getUser(cookie, '2001:db8::5')).status, 200);
    assert.equal((await getUser(cookie, '2001:db9::5')).status, 403);
    // Signing out still works from outside.
    assert.equal((await t.api('logout', { cookie, ip: '198.51.100.20' })).status, 200);
    assert.equal((await save(NONE)).status, 200);
  });

  it('refuses a sign-in from outside it before any session, with the same sentence, audited', async () => {
    assert.equal((await save({ ...NONE, ip_allow_list: ['203.0.113.0/24'] })).status, 200);
    try {
      const login = (ip: string) => t.api('login', { body: { email: member.email, password: PASSWORD }, ip });
      assertOutsideNetwork(await login('198.51.100.20'), '198.51.100.20');
      assert.deepEqual((await lastAuditOf(t, 'auth.sign_in_failed'))?.details, {
        method: 'password',
        reason: 'ip_not_allowed',
      });
      // A refused way in writes nothing but its audit entry: not even the software the login names.
      const before = await accountOf(t, member.email);
      const named = await t.api('login', {
        body: { email: member.email, password: PASSWORD, software: 'hubspot' },
        ip: '198.51.100.21',
      });
      assertOutsideNetwork(named, '198.51.100.21');
      assert.equal((await accountOf(t, member.email))?.software, before?.software);
      assert.notEqual(before?.software, 'hubspot');
      // Refused before the password is checked: a wrong one gets the same answer, so nobody outside the
      // list learns whether a password is right.
      const wrong = await t.api('login', {
        body: { email: member.email, password: 'not-it' },
        ip: '198.51.100.21',
      });
      assertOutsideNetwork(wrong, '198.51.100.21');
      assert.equal((await login('203.0.113.20')).status, 200);

      // Google: refused before anything is linked.
      assertOutsideNetwork(await googleLogin(googleMember.email, '198.51.100.22'), '198.51.100.22');
      assert.deepEqual((await lastAuditOf(t, 'auth.sign_in_failed'))?.details, {
        method: 'google',
        reason: 'ip_not_allowed',
      });
      assert.equal((await googleLogin(googleMember.email, '203.0.113.22')).status, 200);
      // Another organization's members and people in none are not held by this list.
      const outsider = await signup(t.api, { name: 'Elsewhere' });
      const theirs = await t.api('login', {
        body: { email: outsider.email, password: PASSWORD },
        ip: '198.51.100.23',
      });
      assert.equal(theirs.status, 200);
    } finally {
      assert.equal((await save(NONE)).status, 200);
    }
  });

  it('refuses a sign-in whose forwarded address is outside it, behind TRUST_PROXY', async () => {
    const boss = await signup(proxiedApp.api, { name: 'Proxied Admin' });
    const saved = await proxiedApp.api('setSessionPolicies', {
      cookie: boss.cookie,
      body: { ...NONE, ip_allow_list: ['192.0.2.0/24'] },
      ip: '10.0.0.2',
      headers: { 'x-forwarded-for': '192.0.2.44' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const login = (forwardedFor: string) =>
      proxiedApp.api('login', {
        body: { email: boss.email, password: PASSWORD },
        ip: '192.0.2.1',
        headers: { 'x-forwarded-for': forwardedFor },
      });
    // The load balancer is inside the list; the caller it forwards for is not.
    assertOutsideNetwork(await login('198.51.100.30'), '198.51.100.30');
    assert.equal((await login('192.0.2.45')).status, 200);
  });

  it('refuses a signup that would join the organization from outside it, leaving only the refusal’s audit entry', async () => {
    const outside = '198.51.100.40';
    const invite = async (email: string) => {
      const invited = await t.api('inviteUser', { cookie: admin.cookie, body: { email }, ip: ADMIN_IP });
      assert.equal(invited.status, 200, JSON.stringify(invited.body));
      return mailToken(t, email);
    };
    const password = uniqueEmail('net-password');
    const google = uniqueEmail('net-google');
    const tokens = { [password]: await invite(password), [google]: await invite(google) };
    const signUp = (email: string, ip: string, cookie?: string) =>
      email === google
        ? t.api('googleAuth', {
            body: { token: `valid:${email}`, type: 'signup', invitation_token: tokens[email] },
            ip,
            cookie,
          })
        : t.api('signup', {
            body: { name: 'Nora', email, password: PASSWORD, invitation_token: tokens[email] },
            ip,
            cookie,
          });
    // From a browser where the member is signed in: a refused signup ends nothing either.
    const browser = await memberSession('203.0.113.20');
    const mark = await lastAuditId(t);
    assert.equal((await save({ ...NONE, ip_allow_list: ['203.0.113.0/24'] })).status, 200);
    try {
      for (const [email, method] of [
        [password, 'password'],
        [google, 'google'],
      ] as const) {
        assertOutsideNetwork(await signUp(email, outside, browser), outside);
        assert.equal(await accountOf(t, email), undefined, `no account of ${email}`);
        const invitation = await t.app.services.db
          .selectFrom('invitations')
          .select('accepted_at')
          .where('email', '=', email)
          .executeTakeFirstOrThrow();
        assert.equal(invitation.accepted_at, null, 'the invitation is not spent');
        // Audited as a refused sign-in is, and nothing else was written about the address.
        assert.deepEqual(await auditSince(t, mark, email), [
          { type: 'auth.sign_in_failed', target_id: null, ip: outside, method, reason: 'ip_not_allowed' },
        ]);
      }
      assert.equal((await getUser(browser, '203.0.113.20')).status, 200, 'the browser’s session lives on');
      // From inside the list the same invitations let them in.
      for (const email of [password, google]) {
        const inside = await signUp(email, '203.0.113.41');
        assert.equal(inside.status, 200, JSON.stringify(inside.body));
        assert.equal(
          (await accountOf(t, email))?.organization_id,
          (await accountOf(t, admin.email))?.organization_id,
        );
      }
    } finally {
      assert.equal((await save(NONE)).status, 200);
    }
  });

  it('still refuses a signup with 403 when its audit entry cannot be written', async () => {
    const email = uniqueEmail('net-unaudited');
    const invited = await t.api('inviteUser', { cookie: admin.cookie, body: { email }, ip: ADMIN_IP });
    assert.equal(invited.status, 200, JSON.stringify(invited.body));
    const token = await mailToken(t, email);
    assert.equal((await save({ ...NONE, ip_allow_list: ['203.0.113.0/24'] })).status, 200);
    const { audit } = t.app.services.repos;
    const record = audit.record;
    audit.record = () => Promise.reject(new Error('the audit log is unavailable'));
    try {
      const res = await t.api('signup', {
        body: { name: 'Una', email, password: PASSWORD, invitation_token: token },
        ip: '198.51.100.45',
      });
      assertOutsideNetwork(res, '198.51.100.45');
      assert.equal(await accountOf(t, email), undefined);
    } finally {
      audit.record = record;
      assert.equal((await save(NONE)).status, 200);
    }
  });

  it('refuses a signup that would join by the company domain from outside it; one that joins nothing is let in', async () => {
    const domain = `net-${Date.now()}.example`;
    const { owner } = await organizationWithDomain(t, `owner@${domain}`);
    const ownerIp = '192.0.2.10';
    const policies = await t.api('setSessionPolicies', {
      cookie: owner.cookie,
      body: { ...NONE, ip_allow_list: ['192.0.2.0/24'] },
      ip: ownerIp,
    });
    assert.equal(policies.status, 200, JSON.stringify(policies.body));
    const autoJoin = await t.api('setDomainAutoJoin', {
      cookie: owner.cookie,
      body: { enabled: true },
      ip: ownerIp,
    });
    assert.equal(autoJoin.status, 200, JSON.stringify(autoJoin.body));
    const email = `kim@${domain}`;
    const mark = await lastAuditId(t);
    const googleSignUp = (ip: string) =>
      t.api('googleAuth', { body: { token: `valid:${email}`, type: 'signup' }, ip });
    assertOutsideNetwork(await googleSignUp('198.51.100.50'), '198.51.100.50');
    assert.equal(await accountOf(t, email), undefined);
    assert.deepEqual(await auditSince(t, mark, email), [
      {
        type: 'auth.sign_in_failed',
        target_id: null,
        ip: '198.51.100.50',
        method: 'google',
        reason: 'ip_not_allowed',
      },
    ]);
    const inside = await googleSignUp('192.0.2.51');
    assert.equal(inside.status, 200, JSON.stringify(inside.body));
    assert.equal(
      (await accountOf(t, email))?.organization_id,
      (await accountOf(t, owner.email))?.organization_id,
    );
    // A signup that joins no organization is nobody's to refuse.
    const loner = await t.api('signup', {
      body: { name: 'Lone', email: uniqueEmail('net-loner'), password: PASSWORD },
      ip: '198.51.100.52',
    });
    assert.equal(loner.status, 200, JSON.stringify(loner.body));
  });

  it('is audited with the list before and after', async () => {
    assert.equal((await save({ ...NONE, ip_allow_list: ['203.0.113.0/24'] })).status, 200);
    assert.equal((await save({ ...NONE, ip_allow_list: ['203.0.113.0/24', '2001:db8::/32'] })).status, 200);
    const entry = await latestAudit('organization.ip_allow_list_changed');
    assert.deepEqual(entry?.details, { from: '203.0.113.0/24', to: '203.0.113.0/24, 2001:db8::/32' });
    assert.equal(entry?.ip, ADMIN_IP);
    assert.equal((await save(NONE)).status, 200);
    assert.deepEqual((await latestAudit('organization.ip_allow_list_changed'))?.details, {
      from: '203.0.113.0/24, 2001:db8::/32',
      to: '',
    });
  });
});

describe('idle timeout and session lifetime', () => {
  it('a session idle past the timeout ends on its next call, saying why, then is gone', async () => {
    assert.equal((await save({ ...NONE, idle_timeout_minutes: 30 })).status, 200);
    const cookie = await memberSession();
    clockOffset = 29 * MINUTE;
    assert.equal((await getUser(cookie)).status, 200);
    // Used at 29 minutes: idle for 29 more is still within the timeout.
    clockOffset = 58 * MINUTE;
    assert.equal((await getUser(cookie)).status, 200);
    clockOffset = 90 * MINUTE;
    const ended = await getUser(cookie);
    assert.equal(ended.status, 401);
    assert.equal(ended.body.code, 'session_idle_timeout');
    assert.equal(
      ended.body.message,
      'You were signed out after 30 minutes without activity, as your organization requires. Please log in again.',
    );
    clockOffset = 0;
    const after = await getUser(cookie);
    assert.equal(after.status, 401);
    assert.equal(after.body.code, 'not_signed_in');
  });

  it('the sessions list shows only sessions the idle timeout has not ended', async () => {
    assert.equal((await save({ ...NONE, idle_timeout_minutes: 30 })).status, 200);
    const idle = await memberSession();
    const fresh = await memberSession();
    // The first browser's session was last used 45 minutes ago.
    await t.app.services.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 45 * MINUTE) })
      .where('id_hash', '=', hashToken(idle.split('=')[1]!.split(';')[0]!))
      .execute();
    const listed = await t.api('listSessions', { cookie: fresh, ip: '198.51.100.20' });
    assert.equal(listed.status, 200, JSON.stringify(listed.body));
    const stored = await t.app.services.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', Number(member.id))
      .execute();
    assert.equal(listed.body.data.sessions.length, stored.length - 1, 'the idle one is stored, not listed');
    assert.ok(listed.body.data.sessions.some((session: { current: boolean }) => session.current));
  });

  it('a call the allow-list refuses is no use: it keeps no session from its idle timeout', async () => {
    assert.equal(
      (await save({ ...NONE, idle_timeout_minutes: 30, ip_allow_list: ['203.0.113.0/24'] })).status,
      200,
    );
    const cookie = await memberSession('203.0.113.20');
    // A stolen cookie tried from outside, again and again: refused, and no use of the session.
    for (const minutes of [10, 25]) {
      clockOffset = minutes * MINUTE;
      assert.equal((await getUser(cookie, '198.51.100.20')).body.code, 'ip_not_allowed');
    }
    // Used last at sign-in, 45 minutes ago: past the timeout of 30.
    clockOffset = 45 * MINUTE;
    const ended = await getUser(cookie, '203.0.113.20');
    assert.equal(ended.status, 401);
    assert.equal(ended.body.code, 'session_idle_timeout');
    clockOffset = 0;
    assert.equal((await save(NONE)).status, 200);
  });

  it('a session older than the lifetime ends however busy it was', async () => {
    assert.equal(
      (await save({ ...NONE, idle_timeout_minutes: 30, session_lifetime_minutes: 60 })).status,
      200,
    );
    const cookie = await memberSession();
    for (const minutes of [20, 40, 59]) {
      clockOffset = minutes * MINUTE;
      assert.equal((await getUser(cookie)).status, 200, `at ${minutes} minutes`);
    }
    clockOffset = 61 * MINUTE;
    const ended = await getUser(cookie);
    assert.equal(ended.status, 401);
    assert.equal(ended.body.code, 'session_lifetime_reached');
    assert.equal(ended.body.params.minutes, 60);
    assert.equal((await getUser(cookie)).body.code, 'not_signed_in');
  });

  it("applies to the organization's members only: another account's session lives on", async () => {
    const outsider = await signup(t.api, { name: 'Other Owner' });
    clockOffset = 120 * MINUTE;
    assert.equal((await getUser(outsider.cookie)).status, 200);
  });

  it('without a policy a session lives on past those times', async () => {
    assert.equal((await save(NONE)).status, 200);
    const cookie = await memberSession();
    clockOffset = 24 * 60 * MINUTE;
    assert.equal((await getUser(cookie)).status, 200);
  });

  it('is audited with both times before and after', async () => {
    assert.equal((await save({ ...NONE, idle_timeout_minutes: 15 })).status, 200);
    assert.equal(
      (await save({ ...NONE, idle_timeout_minutes: 45, session_lifetime_minutes: 480 })).status,
      200,
    );
    const entry = await latestAudit('organization.session_policy_changed');
    assert.deepEqual(entry?.details, { idle_from: 15, idle_to: 45, lifetime_from: null, lifetime_to: 480 });
    assert.equal((await save(NONE)).status, 200);
  });
});
