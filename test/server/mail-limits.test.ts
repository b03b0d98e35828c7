/**
 * Every mail to an address the caller chose is rate limited per target. The senders come from the code,
 * not from this file: MAIL_SENDERS (src/server/mail/mail-limits.ts) is the table every mail goes through
 * (the mailer takes only what permitMail sealed, and permitMail refuses a sender missing from the table),
 * and every template of src/server/mail/templates.ts must be in it. This file walks each sender of the
 * table and sends at one target until past its limit: a new sender without a walk here fails the first
 * test, one whose mails are not limited fails its walk. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { checkDnsDomains } from '../../src/server/dns/daily-check.js';
import { checkApiKeyConnections } from '../../src/server/crm-health/key-check.js';
import { MAIL_SENDERS, type MailKind } from '../../src/server/mail/mail-limits.js';
import { RATE_RULES } from '../../src/server/security/rate-limit.js';
import { DAY_MS } from '../../src/shared/duration.js';
import { renewBillingPeriod } from '../../src/server/domain/credits.js';
import { getContract, mailToken, postForm, useTestApp, type CallResult } from './helpers/app.js';
import { GOOGLE_TEST_CLIENT_ID, fakeGoogleVerifier } from './helpers/google.js';
import { invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { connectDemoKey, connectDemoOAuth, pressDemoControl } from './helpers/demo-crm.js';
import { describe, it } from './helpers/node-test.js';

const t = useTestApp(
  { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID },
  { services: { google: fakeGoogleVerifier } },
);

let ipCounter = 0;
/** Each call from its own address, so per-IP limits never hide the per-target one. */
const nextIp = () => {
  ipCounter += 1;
  return `10.200.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
};

async function mailsTo(to: string, subject?: RegExp) {
  const rows = await t.app.services.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .execute();
  return subject ? rows.filter((row) => subject.test(row.subject)) : rows;
}

function assertLimited(res: Pick<CallResult, 'status' | 'headers'>, what: string) {
  assert.equal(res.status, 429, `${what}: past the per-address limit`);
  assert.ok(Number(res.headers['retry-after']) > 0, `${what}: Retry-After says when`);
}

const limitOf = (kind: MailKind) => Math.min(...MAIL_SENDERS[kind].rules.map((rule) => rule.limit));

/** An admin of an organization that verified `domain`, with automatic joining as asked. */
async function verifiedOrganization(domain: string, autoJoin: boolean): Promise<TestUser> {
  const admin = await signup(t.api, { email: `boss@${domain}`, name: 'Boss' });
  const started = await t.api('startDomainVerification', { cookie: admin.cookie, body: { domain } });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const code = await mailToken(t, `boss@${domain}`, 'domain_code');
  assert.equal((await t.api('verifyDomain', { cookie: admin.cookie, body: { code } })).status, 200);
  if (autoJoin) {
    const set = await t.api('setDomainAutoJoin', { cookie: admin.cookie, body: { enabled: true } });
    assert.equal(set.status, 200);
  }
  return admin;
}

/** A SCIM token of an organization that verified `domain` by DNS (docs/scim.md#the-token). */
async function scimToken(domain: string): Promise<string> {
  const admin = await signup(t.api, { email: `idp@${domain}`, name: 'Idp' });
  assert.equal((await t.api('startDnsVerification', { cookie: admin.cookie, body: { domain } })).status, 200);
  assert.equal((await t.api('checkDnsVerification', { cookie: admin.cookie, body: {} })).status, 200);
  const created = await t.api('createScimToken', { cookie: admin.cookie, body: {} });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  // Out of the daily DNS check's way: its walk below expects to find only its own domain due.
  await t.app.services.db
    .updateTable('organizations')
    .set({ domain_checked_at: new Date(Date.now() + 3650 * DAY_MS) })
    .where('domain', '=', domain)
    .execute();
  return created.body.data.token;
}

async function scimCall(token: string, method: 'POST' | 'PUT' | 'PATCH', url: string, body: unknown) {
  const res = await t.app.inject({
    method,
    url: `/scim/v2${url}`,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/scim+json' },
    payload: JSON.stringify(body),
  });
  return { status: res.statusCode, headers: res.headers, body: JSON.parse(res.body) };
}

/** SCIM provisioning of an address nobody proved mails it an invitation: past the limit, 429 and nothing kept. */
async function scimWalk(
  domain: string,
  change: (token: string, id: string, target: string) => Promise<CallResult>,
) {
  const token = await scimToken(domain);
  const target = `person@${domain}`;
  const inactive = await scimCall(token, 'POST', '/Users', { userName: target, active: false });
  assert.equal(inactive.status, 201, JSON.stringify(inactive.body));
  await exhaustInvitations(target);
  const res = await change(token, inactive.body.id, target);
  assertLimited(res, 'SCIM provisioning mailing the invitation that proves the address');
  const read = await t.app.inject({
    method: 'GET',
    url: `/scim/v2/Users/${inactive.body.id}`,
    headers: { authorization: `Bearer ${token}` },
  });
  assert.equal(JSON.parse(read.body).active, false, 'nothing half-done: the user is still inactive');
}

/** Uses up the invitation mails of `target` (limit of the table) through invite-user, from another organization. */
async function exhaustInvitations(target: string) {
  const inviter = await signup(t.api, { name: 'Filler' });
  for (let i = 0; i < limitOf('invitation'); i += 1) {
    const res = await t.api('inviteUser', { cookie: inviter.cookie, body: { email: target }, ip: nextIp() });
    assert.notEqual(res.status, 429, `invitation ${i + 1} of ${limitOf('invitation')}`);
  }
}

/**
 * A member connects the Demo CRM by OAuth, the CRM refuses its refresh, and `reach` calls through it, more
 * times than the limit: one mail each time (once until they reconnect), never more than the limit.
 */
async function crmAttentionWalk(reach: (user: TestUser) => Promise<void>) {
  const user = await signup(t.api);
  for (let i = 0; i <= limitOf('crmAttention'); i += 1) {
    await connectDemoOAuth(t, user.cookie);
    await pressDemoControl(t, user.cookie, { decision: 'expire_refuse' });
    await reach(user);
    await reach(user);
  }
  assert.equal((await mailsTo(user.email, /needs attention/)).length, limitOf('crmAttention'));
}

const invite = (admin: TestUser, email: string) =>
  t.api('inviteUser', { cookie: admin.cookie, body: { email }, ip: nextIp() });

/**
 * One walk per sender of the table: sends at one target until past the limit and checks what the table
 * declares: 429 for a refusing kind, no more mails than the limit for a skipping one.
 */
type Spender = 'spendCredits' | 'syncProfile';

/**
 * A member of a new organization who spends one credit at a time: through spend-credits, or by a CRM sync
 * that charges the email it writes (a new profile each time, so each is charged).
 */
async function spendingMember(by: Spender) {
  const admin = await signup(t.api);
  const member = await invitedMember(t, admin);
  if (by === 'syncProfile') {
    const connected = await t.api('verifySettings', {
      cookie: member.cookie,
      body: { software: 'demo-crm', auth_type: 'api key', api_key_1: 'demo_key_for_tests' },
    });
    assert.equal(connected.status, 200, JSON.stringify(connected.body));
  }
  const spend = () =>
    by === 'spendCredits'
      ? t.api('spendCredits', {
          cookie: member.cookie,
          body: { amount: 1, feature: 'email_lookup', idempotency_key: randomUUID() },
        })
      : t.api('syncProfile', {
          cookie: member.cookie,
          body: {
            software: 'demo-crm',
            profile: { first_name: 'Ada', email: `ada-${randomUUID()}@example.com` },
          },
        });
  const setCap = async (cap: number) => {
    const set = await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [member.id], monthly_cap: cap },
    });
    assert.equal(set.status, 200);
  };
  return { admin, member, spend, setCap };
}

/**
 * An alert is mailed once per member and credit period (docs/product.md#credit-alerts): a member reaching
 * their cap in one new period after another alerts the admin until the per-address limit.
 */
async function creditAlertWalk(by: Spender) {
  const { admin, spend, setCap } = await spendingMember(by);
  await setCap(1);
  const payer = (await t.app.services.repos.users.findById(Number(admin.id)))!;
  for (let i = 0; i <= limitOf('creditAlert'); i += 1) {
    // Each period starts at its own second, so each is a period of its own.
    await renewBillingPeriod(t.app.services.repos, payer, new Date(Date.now() + i * 1000));
    const spent = await spend();
    assert.equal(spent.status, 200, 'the spend goes through past the limit: only the mail is skipped');
  }
  assert.equal(
    (await mailsTo(admin.email, /reached their monthly credit cap/)).length,
    limitOf('creditAlert'),
  );
}

/** Not an address the caller chose (the member's own): the table's bound is once a credit period. */
async function capReachedWalk(by: Spender) {
  const { member, spend, setCap } = await spendingMember(by);
  for (const cap of [1, 2]) {
    await setCap(cap);
    assert.equal((await spend()).status, 200);
  }
  assert.equal((await mailsTo(member.email, /monthly credit cap/)).length, 1);
}

const WALKS: Record<MailKind, Record<string, () => Promise<void>>> = {
  invitation: {
    async inviteUser() {
      const admin = await signup(t.api);
      const target = uniqueEmail('walk-invite');
      for (let i = 0; i < limitOf('invitation'); i += 1)
        assert.notEqual((await invite(admin, target)).status, 429);
      assertLimited(await invite(admin, target), 'invite-user');
    },
    async inviteUsers() {
      const admin = await signup(t.api);
      const target = uniqueEmail('walk-bulk');
      const bulk = () =>
        t.api('inviteUsers', { cookie: admin.cookie, body: { rows: [{ email: target }] }, ip: nextIp() });
      const first = await bulk();
      assert.equal(first.body.data.sent.length, 1, JSON.stringify(first.body));
      // Rows pending here are refused before any mail; the address's other invitations count.
      const others = await signup(t.api);
      for (let i = 1; i < limitOf('invitation'); i += 1) {
        assert.equal((await invite(others, target)).status, i === 1 ? 200 : 409);
      }
      const third = await signup(t.api);
      const past = await t.api('inviteUsers', {
        cookie: third.cookie,
        body: { rows: [{ email: target }] },
        ip: nextIp(),
      });
      assert.equal(past.status, 200);
      // A bulk call answers per row: the row past the address's limit is refused as rate limited.
      assert.equal(past.body.data.refused[0]?.reason, 'rate-limited');
      assert.equal((await mailsTo(target)).length, 2);
    },
    async resendInvitation() {
      const admin = await signup(t.api);
      const target = uniqueEmail('walk-resend');
      const sent = await invite(admin, target);
      assert.equal(sent.status, 200);
      const resend = () =>
        t.api('resendInvitation', {
          cookie: admin.cookie,
          body: { invitation_id: sent.body.data.id },
          ip: nextIp(),
        });
      for (let i = 1; i < limitOf('invitation'); i += 1) assert.equal((await resend()).status, 200);
      assertLimited(await resend(), 'resend-invitation');
      assert.equal((await mailsTo(target)).length, limitOf('invitation'));
    },
    async signup() {
      await verifiedOrganization('walk-signup.io', true);
      const target = 'newcomer@walk-signup.io';
      await exhaustInvitations(target);
      const res = await t.api('signup', {
        body: { name: 'Newcomer', email: target, password: 'Sup3r-secret!' },
        ip: nextIp(),
      });
      assertLimited(res, 'signup mailing the invitation that proves the address');
      const login = await t.api('login', {
        body: { email: target, password: 'Sup3r-secret!' },
        ip: nextIp(),
      });
      assert.equal(login.status, 401, 'no account is left behind');
    },
    async acceptInviteLink() {
      const admin = await verifiedOrganization('walk-link.io', false);
      const created = await t.api('createInviteLink', { cookie: admin.cookie, body: {} });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      const token = new URL(created.body.data.url).pathname.split('/').pop()!;
      const target = 'joiner@walk-link.io';
      const joiner = await signup(t.api, { email: target });
      await exhaustInvitations(target);
      const res = await t.api('acceptInviteLink', { cookie: joiner.cookie, body: { token }, ip: nextIp() });
      assertLimited(res, 'accept-invite-link mailing the invitation that proves the address');
      assert.equal((await mailsTo(target, /^Boss invited you/)).length, 0);
    },
    async decideJoinRequest() {
      const admin = await verifiedOrganization('walk-request.io', false);
      const target = 'asker@walk-request.io';
      const asker = await signup(t.api, { email: target });
      assert.equal((await t.api('requestToJoin', { cookie: asker.cookie, body: {} })).status, 200);
      const [request] = (await t.api('getCompanyDomain', { cookie: admin.cookie })).body.data.join_requests;
      await exhaustInvitations(target);
      const res = await t.api('decideJoinRequest', {
        cookie: admin.cookie,
        body: { request_id: request.id, decision: 'approve' },
      });
      assertLimited(res, 'approving a request mails the invitation that proves the address');
      const open = (await t.api('getCompanyDomain', { cookie: admin.cookie })).body.data.join_requests;
      assert.deepEqual(
        open.map((r: { email: string }) => r.email),
        [target],
        'nothing half-done: the request is still open',
      );
    },
    async scimCreateUser() {
      const token = await scimToken('walk-scim-create.io');
      const target = 'person@walk-scim-create.io';
      await exhaustInvitations(target);
      const res = await scimCall(token, 'POST', '/Users', { userName: target });
      assertLimited(res as CallResult, 'SCIM create-user mailing the invitation that proves the address');
      const again = await scimCall(token, 'POST', '/Users', { userName: target, active: false });
      assert.equal(again.status, 201, 'nothing half-done: no user was kept');
    },
    async scimReplaceUser() {
      await scimWalk(
        'walk-scim-put.io',
        async (token, id, target) =>
          (await scimCall(token, 'PUT', `/Users/${id}`, { userName: target, active: true })) as CallResult,
      );
    },
    async scimPatchUser() {
      await scimWalk(
        'walk-scim-patch.io',
        async (token, id) =>
          (await scimCall(token, 'PATCH', `/Users/${id}`, {
            Operations: [{ op: 'replace', path: 'active', value: 'True' }],
          })) as CallResult,
      );
    },
  },
  passwordReset: {
    async forgotPassword() {
      const owner = await signup(t.api);
      for (let i = 0; i <= limitOf('passwordReset'); i += 1) {
        const res = await t.api('forgotPassword', { body: { email: owner.email }, ip: nextIp() });
        assert.equal(res.status, 200, 'forgot-password always answers the same');
      }
      await mailToken(t, owner.email); // the first mail, sent in the background
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.equal((await mailsTo(owner.email, /Reset/)).length, limitOf('passwordReset'));
    },
  },
  domainVerification: {
    async startDomainVerification() {
      const admin = await signup(t.api);
      const target = 'it@walk-domain.io';
      const start = () =>
        t.api('startDomainVerification', {
          cookie: admin.cookie,
          body: { domain: 'walk-domain.io', email: target },
        });
      for (let i = 0; i < limitOf('domainVerification'); i += 1) assert.equal((await start()).status, 200);
      assertLimited(await start(), 'start-domain-verification');
      assert.equal((await mailsTo(target)).length, limitOf('domainVerification'));
    },
  },
  joinRequest: {
    async requestToJoin() {
      const admin = await verifiedOrganization('walk-notice.io', false);
      for (let i = 0; i <= limitOf('joinRequest'); i += 1) {
        const asker = await signup(t.api, { email: `asker${i}@walk-notice.io` });
        const res = await t.api('requestToJoin', { cookie: asker.cookie, body: {} });
        assert.equal(res.status, 200, 'the request is stored past the limit: only its mail is skipped');
      }
      assert.equal((await mailsTo(admin.email, /asks to join/)).length, limitOf('joinRequest'));
      const listed = (await t.api('getCompanyDomain', { cookie: admin.cookie })).body.data.join_requests;
      assert.equal(listed.length, limitOf('joinRequest') + 1);
    },
  },
  autoJoin: {
    async googleAuth() {
      const admin = await verifiedOrganization('walk-auto.io', true);
      for (let i = 0; i <= limitOf('autoJoin'); i += 1) {
        const res = await t.api('googleAuth', {
          body: { token: `valid:g${i}@walk-auto.io`, type: 'signup' },
          ip: nextIp(),
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        assert.ok(res.body.user.organization, 'joins past the limit: only the notice is skipped');
      }
      assert.equal((await mailsTo(admin.email, /joined/)).length, limitOf('autoJoin'));
    },
  },
  supportRequest: {
    async supportForm() {
      const sender = uniqueEmail('walk-support');
      const send = () =>
        postForm(t, '/support', { email: sender, message: 'Help with my invoice' }, { ip: nextIp() });
      for (let i = 0; i < limitOf('supportRequest'); i += 1) assert.equal((await send()).statusCode, 303);
      const past = await send();
      assert.equal(past.statusCode, 429);
      assert.ok(Number(past.headers['retry-after']) > 0);
    },
  },
  crmAttention: {
    /** Each refused refresh mails once until the member reconnects; reconnecting again and again is bounded. */
    async syncProfile() {
      await crmAttentionWalk(async (user) => {
        const res = await t.api('syncProfile', {
          cookie: user.cookie,
          body: { software: 'demo-crm', profile: { email: 'ada@example.com' }, dry_run: true },
        });
        assert.equal(res.body.code, 'crm_reconnect');
      });
    },
    async getCrmFields() {
      await crmAttentionWalk(async (user) => {
        const res = await t.api('getCrmFields', { cookie: user.cookie, query: { software: 'demo-crm' } });
        assert.equal(res.body.code, 'crm_reconnect');
      });
    },
    /** No call: the daily key check finds the keys refused, each time after the member connected again. */
    async crmKeyCheck() {
      const user = await signup(t.api);
      for (let i = 0; i <= limitOf('crmAttention'); i += 1) {
        const key = `demo_walk_${randomUUID()}`;
        await connectDemoKey(t, user.cookie, key);
        await pressDemoControl(t, user.cookie, { decision: 'refuse_key', key });
        await t.app.services.db
          .updateTable('crm_connections')
          .set({ keys_checked_at: new Date(Date.now() - 2 * DAY_MS) })
          .where('user_id', '=', Number(user.id))
          .execute();
        assert.equal((await checkApiKeyConnections(t.app.services)).length, 1);
      }
      assert.equal((await mailsTo(user.email, /needs attention/)).length, limitOf('crmAttention'));
    },
  },
  creditRequest: {
    async requestCredits() {
      const admin = await signup(t.api);
      const member = await invitedMember(t, admin);
      for (let i = 0; i <= limitOf('creditRequest'); i += 1) {
        const res = await t.api('requestCredits', { cookie: member.cookie, body: { amount: 10 } });
        assert.equal(res.status, 200, 'the member is answered past the limit: only the mail is skipped');
      }
      assert.equal((await mailsTo(admin.email, /asks you for 10 credits/)).length, limitOf('creditRequest'));
    },
  },
  domainLost: {
    /** No call: the daily DNS check mails the admins each time the domain's record is found gone. */
    async dailyDnsCheck() {
      const domain = `lost-${randomUUID().slice(0, 8)}.com`;
      const admin = await signup(t.api, { email: `boss@${domain}`, name: 'Boss' });
      const started = await t.api('startDnsVerification', { cookie: admin.cookie, body: { domain } });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      // The sandbox finds every record; the check here finds none.
      const gone = {
        ...t.app.services,
        dns: { checkTxt: async () => ({ found: false as const, reason: 'no_record' as const }) },
      };
      for (let i = 1; i <= limitOf('domainLost') + 1; i += 1) {
        const verified = await t.api('checkDnsVerification', { cookie: admin.cookie, body: {} });
        assert.equal(verified.status, 200, JSON.stringify(verified.body));
        assert.deepEqual(await checkDnsDomains(gone, new Date(Date.now() + i * 2 * DAY_MS)), [domain]);
      }
      assert.equal(
        (await mailsTo(admin.email, /is no longer verified/)).length,
        limitOf('domainLost'),
        'the domain was lost each time; past the limit only the mail is skipped',
      );
    },
  },
  creditAlert: {
    spendCredits: () => creditAlertWalk('spendCredits'),
    syncProfile: () => creditAlertWalk('syncProfile'),
  },
  capReached: {
    spendCredits: () => capReachedWalk('spendCredits'),
    syncProfile: () => capReachedWalk('syncProfile'),
  },
};

/** The .ts files under a folder. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

describe('the table of mail senders is the code', () => {
  it('lists every template, every sender has a walk here, and every sender is an operation', () => {
    const templates = readFileSync('src/server/mail/templates.ts', 'utf8');
    const mailTemplates = [...templates.matchAll(/export function (\w+)\([^)]*\): Mail \{/g)].map(
      (m) => m[1],
    );
    assert.ok(mailTemplates.length > 0);
    assert.deepEqual(
      [...mailTemplates].sort(),
      Object.values(MAIL_SENDERS)
        .map((sender) => sender.template)
        .sort(),
      'every mail template is in MAIL_SENDERS',
    );
    const operations = new Set(getContract().operations.map((op) => op.operationId));
    for (const [kind, sender] of Object.entries(MAIL_SENDERS) as [
      MailKind,
      (typeof MAIL_SENDERS)[MailKind],
    ][]) {
      assert.deepEqual(
        Object.keys(WALKS[kind]).sort(),
        [...sender.senders].sort(),
        `every sender of ${kind} mail has a walk`,
      );
      for (const from of sender.senders) {
        assert.ok(
          ['supportForm', 'dailyDnsCheck', 'crmKeyCheck'].includes(from) || operations.has(from),
          `${from} is an operation of openapi.yaml, the support form or a daily check`,
        );
      }
      if (sender.callerChosen) assert.ok(sender.rules.length > 0, `${kind} is limited per address`);
      else assert.ok('bound' in sender && sender.bound, `${kind} says what bounds it`);
    }
  });

  it('only permitMail makes a mail the mailer takes', () => {
    const sealing = sourceFiles('src')
      .filter((path) => /as PermittedMail\b/.test(readFileSync(path, 'utf8')))
      .map((path) => path.replaceAll('\\', '/'));
    assert.deepEqual(sealing, ['src/server/mail/mail-limits.ts']);
  });
});

describe('every sender is limited per target address', () => {
  for (const [kind, walks] of Object.entries(WALKS)) {
    for (const [from, walk] of Object.entries(walks)) {
      it(`${from} (${kind} mail)`, walk);
    }
  }
});

describe('a +tag is no new target', () => {
  it('refuses invitations to name+tag@ once name@ is past its limit: most servers deliver both to one inbox', async () => {
    const limit = Math.min(...MAIL_SENDERS.invitation.rules.map((rule) => rule.limit));
    const box = `tagged-${randomUUID().slice(0, 8)}`;
    const inviter = await signup(t.api);
    let n = 0;
    const invite = (email: string) =>
      t.api('inviteUser', { cookie: inviter.cookie, body: { email }, ip: `10.212.0.${(n += 1)}` });
    for (let i = 0; i < limit; i += 1) assert.notEqual((await invite(`${box}@example.com`)).status, 429);
    assert.equal((await invite(`${box}@example.com`)).status, 429);
    assert.equal((await invite(`${box}+1@example.com`)).status, 429);
    assert.equal((await invite(`${box.toUpperCase()}+news@EXAMPLE.com`)).status, 429);
    assert.notEqual((await invite(`${box}-other@example.com`)).status, 429, 'another mailbox');
  });
});

describe("a reset mail is counted by the account's own address", () => {
  /** The reset links issued to an account: one per mail sent. */
  const resetLinksOf = async (account: { id: string }) =>
    (
      await t.app.services.db
        .selectFrom('reset_tokens')
        .select('token_hash')
        .where('user_id', '=', Number(account.id))
        .execute()
    ).length;

  it("lets no request for owner+tag@ (no account, no mail) hold back the owner's own reset link", async () => {
    const owner = await signup(t.api, { email: uniqueEmail('owner') });
    const [local, domain] = owner.email.split('@') as [string, string];
    assert.equal(
      (await t.api('forgotPassword', { body: { email: `${local}+nobody@${domain}` }, ip: '10.92.0.1' }))
        .status,
      200,
    );
    assert.equal(
      (await t.api('forgotPassword', { body: { email: owner.email }, ip: '10.92.0.2' })).status,
      200,
    );
    assert.equal(await resetLinksOf(owner), 1, 'the owner got their link');
  });

  it("lets no request for a made-up tag (no account, no mail) hold back a tagged account's own link", async () => {
    const owner = uniqueEmail('tags');
    const [local, domain] = owner.split('@') as [string, string];
    const work = await signup(t.api, { email: `${local}+work@${domain}` });
    for (const [i, email] of [`${local}+nobody@${domain}`, work.email].entries()) {
      assert.equal((await t.api('forgotPassword', { body: { email }, ip: `10.94.0.${i + 1}` })).status, 200);
    }
    assert.equal(await resetLinksOf(work), 1, `${work.email} got their link`);
  });

  it('counts the tagged accounts of one mailbox together, and still not against the owner', async () => {
    const owner = await signup(t.api, { email: uniqueEmail('mailbox') });
    const [local, domain] = owner.email.split('@') as [string, string];
    // Anyone may sign up tagged addresses of the owner's mailbox: a signup mails nothing.
    const tagged = [];
    for (const tag of ['a', 'b', 'c'])
      tagged.push(await signup(t.api, { email: `${local}+${tag}@${domain}` }));
    for (const [i, account] of [...tagged, owner].entries()) {
      const res = await t.api('forgotPassword', { body: { email: account.email }, ip: `10.93.0.${i + 1}` });
      assert.equal(res.status, 200);
    }
    const taggedLinks = (await Promise.all(tagged.map(resetLinksOf))).reduce((sum, n) => sum + n, 0);
    assert.equal(taggedLinks, RATE_RULES.forgotMail.limit, 'the tagged addresses share one limit');
    assert.equal(await resetLinksOf(owner), 1, 'the owner got their link');
  });
});
