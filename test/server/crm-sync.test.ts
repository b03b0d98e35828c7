/**
 * CRM sync through the Demo CRM sandbox (docs/product.md#crm-sync-rules, docs/product.md#sync-log): the
 * admin's settings apply to everyone; syncing twice updates one record by the rules and never overwrites a
 * protected field; a colleague's sync finds the duplicate; a dry run writes nothing; a refusal names the
 * field and writes nothing; credits are charged once per profile; the log shows each member only their own.
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { defaultSyncSettings } from '../../src/shared/crm-sync-rules.js';

const t = useTestApp();
const db = () => t.app.services.db;

async function connect(u: TestUser) {
  const res = await t.api('verifySettings', {
    cookie: u.cookie,
    body: { software: 'demo-crm', auth_type: 'api key', api_key_1: 'demo_key_for_tests' },
  });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

const sync = (u: TestUser, profile: object, dryRun = false) =>
  t.api('syncProfile', { cookie: u.cookie, body: { software: 'demo-crm', profile, dry_run: dryRun } });

async function records(account: string) {
  return db()
    .selectFrom('demo_crm_records')
    .selectAll()
    .where('account', '=', account)
    .orderBy('id')
    .execute();
}

async function credits(u: TestUser) {
  return (await t.app.services.repos.users.findById(Number(u.id)))!.credits;
}

describe('sync-profile with the Demo CRM', () => {
  let admin: TestUser;
  let member: TestUser;
  let colleague: TestUser;
  let account: string;

  before(async () => {
    admin = await signup(t.api, { name: 'Sync Admin' });
    member = await invitedMember(t, admin);
    colleague = await invitedMember(t, admin);
    for (const u of [admin, member, colleague]) await connect(u);
    const org = (await t.app.services.repos.users.findById(Number(admin.id)))!.organization_id;
    account = `org:${org}`;
    await db()
      .updateTable('users')
      .set({ credits: 10 })
      .where(
        'id',
        'in',
        [member, colleague].map((u) => Number(u.id)),
      )
      .execute();
  });

  it('members read the settings (defaults first) and only admins save them', async () => {
    const read = await t.api('getSyncSettings', { cookie: member.cookie, query: { software: 'demo-crm' } });
    assert.equal(read.status, 200);
    assert.equal(read.body.data.saved, false);
    assert.equal(read.body.data.can_edit, false);
    assert.deepEqual(read.body.data.settings, defaultSyncSettings('demo-crm'));

    const settings = defaultSyncSettings('demo-crm');
    const refused = await t.api('setSyncSettings', {
      cookie: member.cookie,
      body: { software: 'demo-crm', settings },
    });
    assert.equal(refused.status, 403);

    const twice = await t.api('setSyncSettings', {
      cookie: admin.cookie,
      body: { software: 'demo-crm', settings: { ...settings, duplicate_keys: ['email', 'email'] } },
    });
    assert.equal(twice.status, 400);
    assert.equal(twice.body.code, 'sync_key_twice');

    const saved = await t.api('setSyncSettings', {
      cookie: admin.cookie,
      body: {
        software: 'demo-crm',
        settings: { ...settings, owner: { kind: 'fixed', crm_user: 'sales@example.com' } },
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    assert.equal(saved.body.message, 'Sync settings were saved.');
    // Audited once (docs/product.md#audit-log): the refused saves changed nothing and left no entry.
    const audit = await t.api('listAuditEvents', {
      cookie: admin.cookie,
      query: { type: 'crm.sync_settings_changed' },
    });
    assert.equal(audit.status, 200);
    assert.deepEqual(
      audit.body.data.events.map((e: { actor_email: string; details: object }) => [e.actor_email, e.details]),
      [[admin.email, { crm: 'Demo CRM' }]],
    );
    const again = await t.api('getSyncSettings', { cookie: member.cookie, query: { software: 'demo-crm' } });
    assert.equal(again.body.data.saved, true);
    assert.equal(again.body.data.settings.owner.crm_user, 'sales@example.com');
  });

  it("reads the CRM's fields through the member's connection", async () => {
    const res = await t.api('getCrmFields', { cookie: member.cookie, query: { software: 'demo-crm' } });
    assert.equal(res.status, 200);
    assert.ok(res.body.data.fields.some((f: { name: string }) => f.name === 'linkedin_url'));
  });

  it("the sandbox's field list answers its own tokens only, and a record opens for its account's members", async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/sandbox/crm/api/fields' });
    assert.equal(anonymous.statusCode, 401);
    const fields = await t.app.inject({
      method: 'GET',
      url: '/sandbox/crm/api/fields?object=lead',
      headers: { authorization: 'Bearer demo_key_for_tests' },
    });
    assert.equal(fields.json().object, 'lead');
    const [created] = await db()
      .insertInto('demo_crm_records')
      .values({
        account,
        object: 'contact',
        fields: JSON.stringify({ firstname: 'Opened' }),
        owner: 'x@example.com',
      })
      .returning('id')
      .execute();
    const page = await t.app.inject({
      method: 'GET',
      url: `/sandbox/crm/records/${created!.id}`,
      headers: { cookie: member.cookie },
    });
    assert.equal(page.statusCode, 200);
    assert.match(page.body, /Opened/);
    const loner = await signup(t.api, { name: 'Outsider' });
    const hidden = await t.app.inject({
      method: 'GET',
      url: `/sandbox/crm/records/${created!.id}`,
      headers: { cookie: loner.cookie },
    });
    assert.equal(hidden.statusCode, 404);
    await db().deleteFrom('demo_crm_records').where('id', '=', created!.id).execute();
  });

  it('a dry run answers what it would do and writes nothing, charges nothing, logs nothing', async () => {
    const before = await credits(member);
    const res = await sync(member, { first_name: 'Dry', last_name: 'Run', email: 'dry@example.com' }, true);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.outcome, 'created');
    assert.equal(res.body.data.dry_run, true);
    assert.equal(res.body.data.credits_charged, 1);
    assert.equal(res.body.data.record_id, null);
    assert.equal((await records(account)).length, 0);
    assert.equal(await credits(member), before);
    const log = await db().selectFrom('crm_sync_log').select('id').execute();
    assert.equal(log.length, 0);
  });

  it('syncs twice and a colleague once: one record, updated by the rules, protected fields kept, charged once', async () => {
    const grace = {
      first_name: 'Grace',
      last_name: 'Hopper',
      title: 'Engineer',
      company: 'Navy',
      email: 'grace@example.com',
      profile_url: 'https://www.linkedin.com/in/grace',
    };
    const start = await credits(member);
    const first = await sync(member, grace);
    assert.equal(first.status, 200, JSON.stringify(first.body));
    assert.equal(first.body.data.outcome, 'created');
    assert.equal(first.body.data.credits_charged, 1);
    assert.equal(await credits(member), start - 1);
    const [created] = await records(account);
    assert.equal(created!.owner, 'sales@example.com');
    assert.equal(created!.fields.email, 'grace@example.com');
    assert.equal(first.body.data.record_url, `http://localhost:3000/sandbox/crm/records/${created!.id}`);

    // A rep edits the company in the CRM: fill-when-empty protects it.
    await db()
      .updateTable('demo_crm_records')
      .set({ fields: JSON.stringify({ ...created!.fields, company: 'US Navy' }) })
      .where('id', '=', created!.id)
      .execute();

    const second = await sync(member, { ...grace, title: 'Rear Admiral', company: 'Navy Reserve' });
    assert.equal(second.status, 200);
    assert.equal(second.body.data.outcome, 'updated');
    assert.equal(second.body.data.matched_by, 'email');
    assert.equal(
      second.body.data.credits_charged,
      0,
      'the email is in the CRM already: nothing found, nothing paid',
    );
    assert.equal(await credits(member), start - 1);

    const third = await sync(colleague, { ...grace, title: 'Rear Admiral', email: null });
    assert.equal(third.status, 200);
    assert.equal(third.body.data.outcome, 'duplicate_skipped');
    assert.equal(third.body.data.matched_by, 'profile_url');

    const all = await records(account);
    assert.equal(all.length, 1);
    assert.equal(all[0]!.fields.jobtitle, 'Rear Admiral');
    assert.equal(all[0]!.fields.company, 'US Navy');
  });

  it('charges an email once per profile and month, whoever syncs it', async () => {
    const linus = {
      first_name: 'Linus',
      email: 'linus@example.com',
      profile_url: 'https://www.linkedin.com/in/linus',
    };
    const first = await sync(member, linus);
    assert.equal(first.body.data.credits_charged, 1);
    // The record loses its email in the CRM; the next sync writes it again but does not charge again.
    await db()
      .updateTable('demo_crm_records')
      .set({ fields: JSON.stringify({ firstname: 'Linus', linkedin_url: linus.profile_url }) })
      .where('id', '=', first.body.data.record_id)
      .execute();
    const before = await credits(colleague);
    const again = await sync(colleague, linus);
    assert.equal(again.body.data.outcome, 'updated');
    assert.equal(again.body.data.credits_charged, 0);
    assert.equal(await credits(colleague), before);
  });

  it('a refused field is named, nothing is written and nothing charged, and the log says so', async () => {
    const before = await credits(member);
    const count = (await records(account)).length;
    const res = await sync(member, {
      first_name: 'Bad',
      email: 'not-an-email',
      profile_url: 'https://x.test/bad',
    });
    assert.equal(res.status, 422);
    assert.equal(res.body.code, 'crm_refused_field');
    assert.equal(res.body.params.field, 'email');
    assert.equal((await records(account)).length, count);
    assert.equal(await credits(member), before);
    const log = await t.api('listSyncLog', { cookie: member.cookie, query: { outcome: 'refused' } });
    assert.equal(log.body.data.entries.length, 1);
    assert.equal(log.body.data.entries[0].refused_field, 'email');
  });

  it('a member reads only their own log; the admin the team, by member, by page', async () => {
    const own = await t.api('listSyncLog', { cookie: member.cookie });
    assert.equal(own.body.data.scope, 'self');
    assert.ok(own.body.data.entries.every((e: { user_id: string }) => e.user_id === member.id));
    const other = await t.api('listSyncLog', { cookie: member.cookie, query: { user_id: colleague.id } });
    assert.equal(other.status, 404);

    const team = await t.api('listSyncLog', { cookie: admin.cookie, query: { limit: '2' } });
    assert.equal(team.body.data.scope, 'organization');
    assert.equal(team.body.data.entries.length, 2);
    const seen = [...team.body.data.entries];
    let cursor = team.body.data.next_cursor;
    while (cursor) {
      const next = await t.api('listSyncLog', { cookie: admin.cookie, query: { limit: '2', cursor } });
      seen.push(...next.body.data.entries);
      cursor = next.body.data.next_cursor;
    }
    const ids = seen.map((e: { id: string }) => e.id);
    assert.equal(new Set(ids).size, ids.length, 'no entry twice across pages');
    assert.deepEqual(seen.map((e: { outcome: string }) => e.outcome).reverse(), [
      'created',
      'updated',
      'duplicate_skipped',
      'created',
      'updated',
      'refused',
    ]);
    const colleagues = await t.api('listSyncLog', { cookie: admin.cookie, query: { user_id: colleague.id } });
    assert.equal(colleagues.body.data.entries.length, 2);
  });

  /** A sync of the member's, logged at a time of the test's choosing. */
  const loggedAt = (profile_name: string, created_at: Date) =>
    db()
      .insertInto('crm_sync_log')
      .values({
        organization_id: null,
        user_id: Number(member.id),
        software: 'demo-crm',
        outcome: 'created',
        profile_name,
        fields_written: '[]',
        created_at,
      })
      .execute();

  it('keeps the log 13 months: older entries are neither listed nor kept', async () => {
    await loggedAt('Old Timer', new Date(Date.now() - 400 * 24 * 3600 * 1000));
    const listed = await t.api('listSyncLog', { cookie: member.cookie, query: { limit: '100' } });
    assert.ok(
      !listed.body.data.entries.some((e: { profile_name: string }) => e.profile_name === 'Old Timer'),
    );
    assert.equal(await t.app.services.repos.crmSync.prune(), 1);
  });

  it('filters the log by period: from and to, in seconds, each bound included', async () => {
    const day = 24 * 3600;
    const now = Math.floor(Date.now() / 1000);
    await loggedAt('Forty Days Ago', new Date((now - 40 * day) * 1000));
    await loggedAt('Three Days Ago', new Date((now - 3 * day) * 1000));
    const names = async (query: Record<string, string>) =>
      (
        await t.api('listSyncLog', { cookie: member.cookie, query: { limit: '100', ...query } })
      ).body.data.entries
        .map((entry: { profile_name: string }) => entry.profile_name)
        .filter((name: string) => name.endsWith('Days Ago'));
    assert.deepEqual(await names({ from: String(now - 10 * day) }), ['Three Days Ago']);
    assert.deepEqual(await names({ to: String(now - 30 * day) }), ['Forty Days Ago']);
    assert.deepEqual(await names({ from: String(now - 40 * day), to: String(now - 40 * day) }), [
      'Forty Days Ago',
    ]);
    assert.deepEqual(await names({ from: String(now - 39 * day), to: String(now - 4 * day) }), []);
  });

  it('includes in `to` the whole second it names, as the times are shown to the second', async () => {
    const second = Math.floor(Date.now() / 1000) - 7 * 24 * 3600;
    await loggedAt('Within A Second', new Date(second * 1000 + 750));
    const res = await t.api('listSyncLog', {
      cookie: member.cookie,
      query: { limit: '100', from: String(second), to: String(second) },
    });
    assert.deepEqual(
      res.body.data.entries.map((entry: { profile_name: string }) => entry.profile_name),
      ['Within A Second'],
    );
  });

  it('refuses a period that starts after it ends, in the list and the export, as the audit log does', async () => {
    const backwards = { from: '1769904000', to: '1767225600' };
    for (const operation of ['listSyncLog', 'exportSyncLog'] as const) {
      const res = await t.api(operation, { cookie: member.cookie, query: backwards });
      assert.equal(res.status, 400, operation);
      assert.equal(res.body.message, 'The start of the period must be before its end.');
    }
  });

  it('exports the log as CSV with formulas defused', async () => {
    await sync(member, { first_name: '=HYPERLINK("x")', profile_url: 'https://x.test/formula' });
    const res = await t.api('exportSyncLog', { cookie: member.cookie });
    assert.equal(res.status, 200);
    const text = String(res.body);
    assert.match(text, /^time,member_email,crm,outcome,/);
    assert.match(text, /"'=HYPERLINK\(""x""\)"/);
    assert.ok(!text.includes(colleague.email));
  });

  it('refuses malformed input with 400 and a CRM without a connection with 404', async () => {
    const bad = await t.api('syncProfile', {
      cookie: member.cookie,
      body: { software: 'demo-crm', profile: { first_name: 42 } },
    });
    assert.equal(bad.status, 400);
    for (const value of ['x', '1.9999999999999999999']) {
      const cursor = await t.api('listSyncLog', { cookie: member.cookie, query: { cursor: value } });
      assert.equal(cursor.status, 400, `${value}: ${JSON.stringify(cursor.body)}`);
    }
    const loner = await signup(t.api, { name: 'Loner' });
    const none = await sync(loner, { first_name: 'Nobody' });
    assert.equal(none.status, 404);
    assert.equal(none.body.code, 'crm_sync_not_connected');
  });

  it("its charge is not the member's to refund: the record stays written and paid for", async () => {
    const grace = { first_name: 'Grace', email: 'grace.sync@example.com' };
    const synced = await sync(member, grace);
    assert.equal(synced.body.data.credits_charged, 1, JSON.stringify(synced.body));
    const spend = await db()
      .selectFrom('credit_ledger')
      .select(['id', 'idempotency_key'])
      .where('user_id', '=', Number(member.id))
      .where('kind', '=', 'spend')
      .where('feature', '=', 'email_sync')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const before = await credits(member);
    for (const body of [{ spend_id: String(spend.id) }, { idempotency_key: spend.idempotency_key! }]) {
      const refund = await t.api('refundCredits', { cookie: member.cookie, body });
      assert.equal(refund.status, 404, JSON.stringify(refund.body));
      assert.equal(refund.body.code, 'spend_not_found');
    }
    assert.equal(await credits(member), before);
  });
});

/** Two syncs of one profile racing (docs/product.md#crm-sync-rules): the Demo CRM's create is checked under a lock. */
describe('sync-profile with the Demo CRM, at once', () => {
  it('syncs of one profile at once make one record: the others update it or skip (on PostgreSQL, truly parallel)', async () => {
    const katherine = {
      first_name: 'Katherine',
      last_name: 'Johnson',
      company: 'NASA',
      email: 'katherine@example.com',
      profile_url: 'https://www.linkedin.com/in/katherine',
    };
    const admin = await signup(t.api, { name: 'Race Admin' });
    const [member, colleague] = [await invitedMember(t, admin), await invitedMember(t, admin)];
    for (const u of [member, colleague]) await connect(u);
    await db()
      .updateTable('users')
      .set({ credits: 10 })
      .where('id', 'in', [Number(member.id), Number(colleague.id)])
      .execute();
    const organization = (await t.app.services.repos.users.findById(Number(admin.id)))!.organization_id;
    const [memberStart, colleagueStart] = [await credits(member), await credits(colleague)];
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => sync(i % 2 === 0 ? member : colleague, katherine)),
    );
    for (const answer of answers) assert.equal(answer.status, 200, JSON.stringify(answer.body));
    const outcomes = answers.map((a) => a.body.data.outcome as string);
    assert.deepEqual(
      outcomes.filter((o) => o === 'created'),
      ['created'],
      `one create: ${outcomes.join(', ')}`,
    );
    const made = (await records(`org:${organization}`)).filter(
      (r) => r.fields.email === 'katherine@example.com',
    );
    assert.equal(made.length, 1);
    assert.ok(answers.every((a) => a.body.data.record_id === String(made[0]!.id)));
    // The email is paid once, by whichever sync wrote it.
    const spent = memberStart + colleagueStart - (await credits(member)) - (await credits(colleague));
    assert.equal(spent, 1);
    const log = await t.api('listSyncLog', { cookie: admin.cookie });
    assert.equal(log.body.data.entries.length, 8, 'every sync is logged once');
  });
});
