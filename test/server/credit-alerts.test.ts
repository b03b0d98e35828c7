/**
 * Credit alerts, the default cap and caps per kind of lookup (docs/product.md#credit-alerts,
 * docs/product.md#monthly-caps): admins choose the alerts; each is mailed once per event and period, even
 * to parallel spends; members join with the default cap whatever the way in; a cap per kind refuses with
 * its own code. Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from './helpers/node-test.js';
import { completeCheckout } from '../../src/server/domain/billing/paid-checkout.js';
import { ACCOUNT_IN_FLIGHT, ACCOUNT_WAITING } from '../../src/server/db/pool-share.js';
import { mailToken, useTestApp } from './helpers/app.js';
import { invitedMember, PASSWORD, signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { connectDemoKey } from './helpers/demo-crm.js';

const t = useTestApp();
const repos = () => t.app.services.repos;

interface Settings {
  cap_warning_alert: boolean;
  cap_reached_alert: boolean;
  pool_below_alert: number | null;
  credit_request_alert: boolean;
  default_monthly_cap: number | null;
}

const DEFAULTS: Settings = {
  cap_warning_alert: false,
  cap_reached_alert: true,
  pool_below_alert: null,
  credit_request_alert: true,
  default_monthly_cap: null,
};

async function row(u: TestUser) {
  return (await repos().users.findById(Number(u.id)))!;
}

async function mailsTo(to: string, subject: RegExp) {
  const rows = await t.app.services.db
    .selectFrom('outbox')
    .selectAll()
    .where('to_address', '=', to)
    .execute();
  return rows.filter((mail) => subject.test(mail.subject));
}

function spend(u: TestUser, amount = 1, feature = 'email_lookup', key = randomUUID()) {
  return t.api('spendCredits', {
    cookie: u.cookie,
    body: { amount, feature, reference: null, idempotency_key: key },
  });
}

async function setAlerts(admin: TestUser, settings: Partial<Settings>) {
  const res = await t.api('setCreditSettings', { cookie: admin.cookie, body: { ...DEFAULTS, ...settings } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  assert.equal(res.body.message, 'Credit alerts and the default cap were saved.');
}

async function setCaps(admin: TestUser, member: TestUser, caps: object) {
  const res = await t.api('setMemberCaps', {
    cookie: admin.cookie,
    body: { user_ids: [member.id], monthly_cap: null, ...caps },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

/** Buys a pack for the team pool through the sandbox checkout. */
async function topUpPool(buyer: TestUser) {
  const checkout = await t.api('buyCredits', { cookie: buyer.cookie, body: { pack: 'credits-100' } });
  assert.equal(checkout.status, 200, JSON.stringify(checkout.body));
  await completeCheckout(t.app.services, new URL(checkout.body.url).pathname.split('/').pop()!);
}

/** An admin of `admin`'s organization who signed in with the app in Chinese. */
async function chineseAdmin(admin: TestUser): Promise<TestUser> {
  const email = uniqueEmail('zh-admin');
  const invited = await t.api('inviteUser', { cookie: admin.cookie, body: { email, role: 'admin' } });
  assert.equal(invited.status, 200);
  const res = await t.api('signup', {
    body: {
      name: 'Wang Fang',
      email,
      password: PASSWORD,
      software: 'demo-crm',
      invitation_token: await mailToken(t, email),
    },
    headers: { 'accept-language': 'zh-CN,zh;q=0.9' },
    ip: '10.77.0.1',
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { id: res.body.id, email, cookie: res.cookie! };
}

describe('credit alert settings', () => {
  it('an admin reads the defaults, saves a choice and reads it back; it is audited', async () => {
    const admin = await signup(t.api);
    const read = await t.api('getCreditSettings', { cookie: admin.cookie });
    assert.equal(read.status, 200);
    assert.deepEqual(read.body.data, DEFAULTS);
    const chosen = {
      cap_warning_alert: true,
      cap_reached_alert: false,
      pool_below_alert: 50,
      credit_request_alert: false,
      default_monthly_cap: 30,
    };
    await setAlerts(admin, chosen);
    assert.deepEqual((await t.api('getCreditSettings', { cookie: admin.cookie })).body.data, chosen);
    const audit = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'credits.alerts_changed' },
    });
    assert.equal(audit.status, 200);
    assert.deepEqual(audit.body.data.events[0].details, {
      cap_warning: true,
      cap_reached: false,
      pool_below: 50,
      credit_requests: false,
      default_cap: 30,
    });
  });

  it('refuses members, and bad input with a clear message, saving nothing', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    for (const operationId of ['getCreditSettings', 'setCreditSettings']) {
      const res = await t.api(operationId, { cookie: member.cookie, body: DEFAULTS });
      assert.equal(res.status, 403, operationId);
    }
    const zero = await t.api('setCreditSettings', {
      cookie: admin.cookie,
      body: { ...DEFAULTS, pool_below_alert: 0 },
    });
    assert.equal(zero.status, 400);
    assert.equal(zero.body.message, 'Team pool threshold must be at least 1.');
    const missing = await t.api('setCreditSettings', {
      cookie: admin.cookie,
      body: { cap_warning_alert: true },
    });
    assert.equal(missing.status, 400);
    assert.match(missing.body.message, /Cap reached alert/);
    const cap = await t.api('setCreditSettings', {
      cookie: admin.cookie,
      body: { ...DEFAULTS, default_monthly_cap: -1 },
    });
    assert.equal(cap.status, 400);
    assert.equal(cap.body.message, 'Default monthly cap must be at least 0.');
    assert.deepEqual((await t.api('getCreditSettings', { cookie: admin.cookie })).body.data, DEFAULTS);
  });
});

describe('alerts are mailed once per event and period', () => {
  it('parallel spends crossing 75 % and 100 % of a cap mail each admin once per threshold, in their language', async () => {
    const admin = await signup(t.api, { name: 'Ada Admin' });
    const member = await invitedMember(t, admin);
    const zh = await chineseAdmin(admin);
    await setAlerts(admin, { cap_warning_alert: true });
    await setCaps(admin, member, { monthly_cap: 4 });
    const answers = await Promise.all(Array.from({ length: 6 }, () => spend(member)));
    assert.deepEqual(answers.map((a) => a.status).sort(), [200, 200, 200, 200, 409, 409]);
    assert.equal((await mailsTo(admin.email, /used 75% of their monthly credit cap/)).length, 1);
    const reached = await mailsTo(admin.email, /reached their monthly credit cap/);
    assert.equal(reached.length, 1);
    assert.match(reached[0]!.text_body, /has spent all 4 credits of their monthly cap/);
    assert.match(reached[0]!.text_body, new RegExp(`/dashboard/member/edit/${member.id}`));
    assert.equal((await mailsTo(zh.email, /已用掉每月点数上限的 75%/)).length, 1);
    assert.equal((await mailsTo(zh.email, /已达到每月点数上限/)).length, 1);
    // The member hears of their own cap in their own mail, not in the admins' alerts.
    assert.equal((await mailsTo(member.email, /reached their monthly credit cap/)).length, 0);
    assert.equal((await mailsTo(member.email, /You reached your monthly credit cap/)).length, 1);
    // A retried spend of the last key changes nothing and mails nothing more.
    const key = randomUUID();
    await setCaps(admin, member, { monthly_cap: 5 });
    assert.equal((await spend(member, 1, 'email_lookup', key)).status, 200);
    assert.equal((await spend(member, 1, 'email_lookup', key)).status, 200);
    assert.equal((await mailsTo(admin.email, /reached their monthly credit cap/)).length, 1);
  });

  it('a CRM sync that charges up to the cap mails them as a spend does, and uses them up only then', async () => {
    const admin = await signup(t.api, { name: 'Sync Admin' });
    const member = await invitedMember(t, admin);
    await connectDemoKey(t, member.cookie, 'demo_key_for_tests');
    await setCaps(admin, member, { monthly_cap: 1 });
    const synced = await t.api('syncProfile', {
      cookie: member.cookie,
      body: {
        software: 'demo-crm',
        profile: { first_name: 'Ada', last_name: 'Cap', email: `ada-${randomUUID()}@example.com` },
      },
    });
    assert.equal(synced.status, 200, JSON.stringify(synced.body));
    assert.equal(synced.body.data.credits_charged, 1);
    assert.equal((await mailsTo(admin.email, /reached their monthly credit cap/)).length, 1);
    assert.equal((await mailsTo(member.email, /You reached your monthly credit cap/)).length, 1);
  });

  it('alerts that are off are not mailed', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await setAlerts(admin, { cap_reached_alert: false });
    await setCaps(admin, member, { monthly_cap: 1 });
    assert.equal((await spend(member)).status, 200);
    assert.equal((await mailsTo(admin.email, /monthly credit cap/)).length, 0);
  });

  it('parallel spends drawing the pool below N mail once; again only after the pool was back at N', async () => {
    const admin = await signup(t.api);
    const members = [await invitedMember(t, admin), await invitedMember(t, admin)];
    for (const member of members)
      assert.equal((await spend(member, (await row(member)).credits)).status, 200);
    await topUpPool(admin);
    await setAlerts(admin, { pool_below_alert: 95 });
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => spend(members[i % 2]!, 1)));
    for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const low = await mailsTo(admin.email, /The team pool is below 95 credits/);
    assert.equal(low.length, 1);
    assert.match(low[0]!.text_body, /The team pool holds (9[0-4]) credits/);
    // Still below: no mail.
    assert.equal((await spend(members[0]!, 1)).status, 200);
    assert.equal((await mailsTo(admin.email, /below 95 credits/)).length, 1);
    // Topped back up (189), then below again by a spend: a new fall, a new mail.
    await topUpPool(admin);
    const organizationId = (await row(admin)).organization_id!;
    const pool = await repos().creditPool.balance(organizationId);
    const grant = await t.api('grantCredits', {
      cookie: admin.cookie,
      body: { user_ids: [members[1]!.id], amount: pool - 95 },
    });
    assert.equal(grant.status, 200, JSON.stringify(grant.body));
    assert.equal((await mailsTo(admin.email, /below 95 credits/)).length, 1, 'a grant mails nothing');
    assert.equal((await spend(members[0]!, 1)).status, 200);
    assert.equal((await mailsTo(admin.email, /below 95 credits/)).length, 2);
  });

  it("requests for credits: mailed in the admin's language, refused when the admins turned them off", async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    const zh = await chineseAdmin(admin);
    const asked = await t.api('requestCredits', { cookie: member.cookie, body: { amount: 40 } });
    assert.equal(asked.status, 200);
    assert.equal((await mailsTo(admin.email, /asks you for 40 credits/)).length, 1);
    assert.equal((await mailsTo(zh.email, /向您申请 40 点数/)).length, 1);
    await setAlerts(admin, { credit_request_alert: false });
    const off = await t.api('requestCredits', { cookie: member.cookie, body: { amount: 40 } });
    assert.equal(off.status, 400);
    assert.equal(
      off.body.message,
      "Your organization's admins turned off requests for credits here: ask one of them directly.",
    );
    assert.equal(off.body.code, 'credit_requests_off');
    assert.equal((await mailsTo(admin.email, /asks you for 40 credits/)).length, 1);
  });
});

describe('the default cap for new members', () => {
  it('is set on whoever joins, by signing up with an invitation or by accepting one signed in', async () => {
    const admin = await signup(t.api);
    const before = await invitedMember(t, admin);
    await setAlerts(admin, { default_monthly_cap: 30 });
    assert.equal((await row(before)).monthly_cap, null, 'members already in keep their cap');
    const invited = await invitedMember(t, admin);
    assert.equal((await row(invited)).monthly_cap, 30);
    // An account of its own first, then it accepts an invitation (joinOrganization).
    const existing = await signup(t.api);
    assert.equal((await row(existing)).monthly_cap, null);
    const res = await t.api('inviteUser', { cookie: admin.cookie, body: { email: existing.email } });
    assert.equal(res.status, 200);
    const joined = await t.api('acceptInvite', {
      cookie: existing.cookie,
      query: { token: await mailToken(t, existing.email), join: 'true' },
    });
    assert.equal(joined.status, 200, JSON.stringify(joined.body));
    assert.equal(joined.body.data.outcome, 'joined');
    assert.equal((await row(existing)).monthly_cap, 30);
  });
});

describe('caps per kind of lookup', () => {
  it('refuse past the kind with its code, leave other kinds alone, and count refunds back', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await setCaps(admin, member, { monthly_cap: 8, phone_cap: 2 });
    const first = await spend(member, 1, 'phone_lookup');
    assert.equal(first.status, 200);
    assert.equal((await spend(member, 1, 'phone_lookup')).status, 200);
    const refused = await spend(member, 1, 'phone_lookup');
    assert.equal(refused.status, 409);
    assert.equal(refused.body.code, 'phone_cap_reached');
    assert.equal(
      refused.body.message,
      'You reached your monthly cap of 2 credits on phone lookups. Ask your organization admin to raise it.',
    );
    assert.equal((await spend(member, 3, 'email_lookup')).status, 200, 'email lookups have no cap');
    const usage = await t.api('getCreditUsage', { cookie: admin.cookie, query: { user_id: member.id } });
    assert.equal(usage.status, 200);
    assert.equal(usage.body.data.phone_cap, 2);
    assert.equal(usage.body.data.email_cap, null);
    assert.equal(usage.body.data.phone_spent, 2);
    assert.equal(usage.body.data.email_spent, 3);
    // A lookup that found nothing is given back, to the kind's cap too.
    const refund = await t.api('refundCredits', {
      cookie: member.cookie,
      body: { spend_id: first.body.data.spend_id },
    });
    assert.equal(refund.status, 200);
    assert.equal((await spend(member, 1, 'phone_lookup')).status, 200);
    // The monthly cap still bounds every kind.
    await setCaps(admin, member, { monthly_cap: 5, email_cap: 100 });
    const monthly = await spend(member, 1, 'email_lookup');
    assert.equal(monthly.status, 409);
    assert.equal(monthly.body.code, 'cap_reached');
    // Absent from the call, the phone cap stayed; the changes are audited with their kind.
    assert.equal((await row(member)).phone_cap, 2);
    const audit = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'credits.cap_changed' },
    });
    const kinds = audit.body.data.events.map((item: { details: { lookup?: string } }) => item.details.lookup);
    assert.ok(kinds.includes('phone') && kinds.includes('email'), JSON.stringify(kinds));
  });

  it('leave with the organization: a removed member is bound by none of its caps', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await setCaps(admin, member, { monthly_cap: 100, email_cap: 0, phone_cap: 0 });
    const removed = await t.api('removeOrganizationUser', {
      cookie: admin.cookie,
      body: { user_id: member.id },
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    const r = await row(member);
    assert.deepEqual([r.monthly_cap, r.email_cap, r.phone_cap], [null, null, null]);
    const cookie = (await t.api('login', { body: { email: member.email, password: PASSWORD } })).cookie!;
    assert.equal((await spend({ ...member, cookie }, 1, 'email_lookup')).status, 200);
  });

  it('a kind cap is refused out of range with a clear message', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    const res = await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [member.id], monthly_cap: null, email_cap: 'ten' },
    });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /^Cap on email lookups must be/);
    assert.equal((await row(member)).email_cap, null);
  });
});

describe("a CRM sync's charges tell their news once they stand", () => {
  it('mails nothing for a charge given back (the CRM refused the write); reaching the cap by a sync that stands does', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await connectDemoKey(t, member.cookie, 'demo_key_for_tests');
    await setCaps(admin, member, { monthly_cap: 1 });
    const reachedMails = async () =>
      (await t.app.services.db.selectFrom('outbox').select(['to_address', 'subject']).execute()).filter(
        (mail) => [member.email, admin.email].includes(mail.to_address) && /reached/i.test(mail.subject),
      );
    const sync = (email: string) =>
      t.api('syncProfile', {
        cookie: member.cookie,
        body: { software: 'demo-crm', profile: { first_name: 'Ada', email } },
      });
    // The Demo CRM refuses an email that is not an address: charged, then given back.
    assert.equal((await sync('not-an-address@')).status, 422);
    assert.deepEqual(await reachedMails(), [], 'nothing reached');
    // A sync that writes: its charge reaches the cap of 1, told to the member and the admin, once.
    const written = await sync('ada@example.com');
    assert.equal(written.status, 200, JSON.stringify(written.body));
    for (let i = 0; i < 200 && (await reachedMails()).length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.deepEqual(
      (await reachedMails()).map((mail) => mail.to_address).sort(),
      [admin.email, member.email].sort(),
    );
  });

  it('answers a sync whose write stood (200, logged) though the account is busy by then', async () => {
    const admin = await signup(t.api);
    const member = await invitedMember(t, admin);
    await connectDemoKey(t, member.cookie, 'demo_key_for_tests');
    const memberId = Number(member.id);
    const limit = t.app.services.accountLimit;
    const run = limit.run.bind(limit);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const busy: Promise<unknown>[] = [];
    // The member's other calls fill the account's turns and queue once the sync has charged.
    limit.run = (async (accountId: number, work: () => Promise<unknown>) => {
      const answer = await run(accountId, work);
      if (accountId === memberId && busy.length === 0) {
        for (let i = 0; i < ACCOUNT_IN_FLIGHT + ACCOUNT_WAITING; i += 1) {
          busy.push(run(accountId, () => held).catch(() => undefined));
        }
      }
      return answer;
    }) as typeof limit.run;
    try {
      const res = await t.api('syncProfile', {
        cookie: member.cookie,
        body: { software: 'demo-crm', profile: { first_name: 'Busy', email: 'busy@example.com' } },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const logged = await t.app.services.db
        .selectFrom('crm_sync_log')
        .select('outcome')
        .where('user_id', '=', memberId)
        .execute();
      assert.deepEqual(
        logged.map((row) => row.outcome),
        ['created'],
      );
    } finally {
      limit.run = run;
      release();
      await Promise.all(busy);
    }
  });
});
