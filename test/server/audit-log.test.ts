/**
 * The audit log: what is recorded (actor, target, time, address), who may read it, filters, paging, the
 * CSV export, and that entries can be neither changed nor deleted, through the database or any operation.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { sql } from 'kysely';
import { AUDIT_EVENT_LABELS, AUDIT_EVENT_TYPES } from '../../src/shared/audit-events.js';
import { recordAuditEvent } from '../../src/server/repositories/audit.js';
import { getContract, useTestApp } from './helpers/app.js';
import { PASSWORD, invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';

const t = useTestApp();
let admin: TestUser;
let member: TestUser;
let outsider: TestUser;
let invitee: string;

const list = (user: TestUser, query: Record<string, string> = {}) =>
  t.api('listAuditEvents', { cookie: user.cookie, query });

before(async () => {
  admin = await signup(t.api, { name: 'Alice' });
  member = await invitedMember(t, admin);
  outsider = await signup(t.api, { name: 'Oscar' });
  // The scripted sequence, in this order.
  const failed = await t.api('login', {
    body: { email: admin.email, password: 'wrong-Password-1' },
    ip: '198.51.100.9',
  });
  assert.equal(failed.status, 401);
  const signedIn = await t.api('login', {
    body: { email: admin.email, password: PASSWORD },
    ip: '198.51.100.9',
  });
  assert.equal(signedIn.status, 200);
  admin.cookie = signedIn.cookie!;
  invitee = uniqueEmail('invitee');
  assert.equal((await t.api('inviteUser', { cookie: admin.cookie, body: { email: invitee } })).status, 200);
  const changed = await t.api('setUserProduct', {
    cookie: admin.cookie,
    body: { user_id: member.id, product: 'free', role: 'admin' },
  });
  assert.equal(changed.status, 200);
});

describe('list-audit-events', () => {
  it("shows the organization's events newest first, with actor, target, address and details", async () => {
    const res = await list(admin);
    assert.equal(res.status, 200);
    const events = res.body.data.events as {
      type: string;
      actor_email: string | null;
      target_email: string | null;
      ip: string | null;
      details: Record<string, unknown>;
      created_at: number;
    }[];
    assert.deepEqual(
      events.map((e) => e.type),
      [
        'member.role_changed',
        'invitation.sent',
        'auth.signed_in',
        'auth.sign_in_failed',
        'invitation.accepted',
        'auth.signed_up',
        'invitation.sent',
        'auth.signed_up',
      ],
    );
    const [roleChanged, invited, signedIn, failed] = events;
    assert.equal(roleChanged!.actor_email, admin.email);
    assert.equal(roleChanged!.target_email, member.email);
    assert.deepEqual(roleChanged!.details, { from: 'member', to: 'admin' });
    assert.equal(invited!.target_email, invitee);
    assert.equal(signedIn!.ip, '198.51.100.9');
    assert.deepEqual(signedIn!.details, { method: 'password' });
    assert.equal(failed!.actor_email, null);
    assert.equal(failed!.target_email, admin.email);
    assert.equal(failed!.ip, '198.51.100.9');
    const now = Date.now() / 1000;
    assert.ok(events.every((e) => Math.abs(now - e.created_at) < 600));
    assert.equal(res.body.data.total, events.length);
  });

  it("another organization's admin sees none of them; a member is refused", async () => {
    const other = await list(outsider);
    assert.equal(other.status, 200);
    assert.deepEqual(
      other.body.data.events.map((e: { type: string; actor_email: string }) => [e.type, e.actor_email]),
      [['auth.signed_up', outsider.email]],
    );
    const lowly = await invitedMember(t, admin);
    const refused = await list(lowly);
    assert.equal(refused.status, 403);
    assert.equal((await t.api('exportAuditEvents', { cookie: lowly.cookie })).status, 403);
    assert.equal((await t.api('listAuditEvents', {})).status, 401);
  });

  it('shows a removed member nothing their former organization wrote about them', async () => {
    const member = await invitedMember(t, admin);
    const adminIp = '203.0.113.77';
    const caps = await t.api('setMemberCaps', {
      cookie: admin.cookie,
      body: { user_ids: [member.id], monthly_cap: 40 },
      ip: adminIp,
    });
    assert.equal(caps.status, 200);
    const removed = await t.api('removeOrganizationUser', {
      cookie: admin.cookie,
      body: { user_id: member.id },
      ip: adminIp,
    });
    assert.equal(removed.status, 200);
    const cookie = (await t.api('login', { body: { email: member.email, password: PASSWORD } })).cookie!;
    const seen = await t.api('listAuditEvents', { cookie });
    assert.equal(seen.status, 200);
    const entries = seen.body.data.events as {
      type: string;
      ip: string | null;
      actor_email: string | null;
    }[];
    assert.ok(!entries.some((entry) => entry.ip === adminIp), JSON.stringify(entries));
    // Their own acts stay theirs: the sign-in just now.
    assert.ok(entries.some((entry) => entry.type === 'auth.signed_in' && entry.actor_email === member.email));
  });

  it('filters by type, by part of an address and by period, and pages on the server', async () => {
    const sent = await list(admin, { type: 'invitation.sent' });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.equal(sent.body.data.total, sent.body.data.events.length);
    assert.ok(sent.body.data.events.length >= 2);
    assert.ok(sent.body.data.events.every((e: { type: string }) => e.type === 'invitation.sent'));

    const byInvitee = await list(admin, { person: invitee.slice(0, 12).toUpperCase() });
    assert.deepEqual(
      byInvitee.body.data.events.map((e: { type: string }) => e.type),
      ['invitation.sent'],
    );

    // `to` takes in the whole second it names: the newest entry is within the second it shows.
    const newest = (await list(admin, { page_size: '1' })).body.data.events[0] as {
      id: string;
      created_at: number;
    };
    const inItsSecond = await list(admin, { from: String(newest.created_at), to: String(newest.created_at) });
    assert.ok(
      inItsSecond.body.data.events.some((e: { id: string }) => e.id === newest.id),
      'listed by the second it shows',
    );

    const future = String(Math.floor(Date.now() / 1000) + 3600);
    assert.equal((await list(admin, { from: future })).body.data.total, 0);
    const backwards = await list(admin, { from: future, to: '0' });
    assert.equal(backwards.status, 400);
    assert.match(backwards.body.message, /start of the period/);

    const all = (await list(admin)).body.data;
    const page1 = (await list(admin, { page_size: '3' })).body.data;
    const page2 = (await list(admin, { page_size: '3', page: '2' })).body.data;
    assert.equal(page1.total, all.total);
    assert.deepEqual(
      [...page1.events, ...page2.events].map((e: { id: string }) => e.id),
      all.events.slice(0, 6).map((e: { id: string }) => e.id),
    );
    assert.equal((await list(admin, { page_size: '1000' })).status, 400);
    assert.equal((await list(admin, { type: 'no.such' })).status, 400);
  });
});

describe('export-audit-events', () => {
  it('answers the same entries as a CSV file, newest first, with a header row', async () => {
    const events = (await list(admin, { page_size: '100' })).body.data.events;
    const res = await t.api('exportAuditEvents', { cookie: admin.cookie });
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /^text\/csv/);
    assert.match(
      String(res.headers['content-disposition']),
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const csv: string = res.body;
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines[0], 'time,event,actor,target,address,details');
    assert.equal(lines.length, events.length + 1);
    events.forEach(
      (
        e: {
          created_at: number;
          type: keyof typeof AUDIT_EVENT_LABELS;
          actor_email: string | null;
          target_email: string | null;
          ip: string | null;
        },
        i: number,
      ) => {
        const time = new Date(e.created_at * 1000).toISOString().slice(0, 19);
        const cells = `${AUDIT_EVENT_LABELS[e.type]},${e.actor_email ?? ''},${e.target_email ?? ''},${e.ip ?? ''},`;
        assert.ok(
          lines[i + 1]!.startsWith(time) && lines[i + 1]!.includes(cells),
          `${lines[i + 1]} ~ ${cells}`,
        );
      },
    );
    assert.match(
      lines.find((l: string) => l.includes(',Role changed,'))!,
      new RegExp(`,Role changed,${admin.email},${member.email},127\\.0\\.0\\.1,to: admin; from: member$`),
    );
  });

  it('quotes cells with commas and quotes, and defuses spreadsheet formulas', async () => {
    const admin2 = await signup(t.api, { name: 'Carol' });
    await recordAuditEvent(t.app.services.db, {
      type: 'crm.connected',
      organizationId: null,
      actor: { id: Number(admin2.id), email: admin2.email },
      target: { id: null, email: '=HYPERLINK("x")' },
      ip: null,
      details: { crm: 'A, "B"' },
    });
    const csv: string = (
      await t.api('exportAuditEvents', { cookie: admin2.cookie, query: { type: 'crm.connected' } })
    ).body;
    assert.equal(
      csv.split('\r\n')[1]!.replace(/^[^,]+,/, ''),
      `CRM connected,${admin2.email},"'=HYPERLINK(""x"")",,"crm: A, ""B"""`,
    );
  });

  it('exports every matching entry, however many: streamed in batches, never cut short', async () => {
    const admin3 = await signup(t.api, { name: 'Dora' });
    const many = 10_001;
    // One statement: more entries than the old cap (10,000) and than one batch of the stream (5,000).
    await sql`insert into audit_events (type, actor_id, actor_email, details)
      select 'crm.connected', ${Number(admin3.id)}, ${admin3.email}, jsonb_build_object('n', n)
      from generate_series(1, ${many}) as n`.execute(t.app.services.db);
    const csv: string = (
      await t.api('exportAuditEvents', { cookie: admin3.cookie, query: { type: 'crm.connected' } })
    ).body;
    const lines = csv.trimEnd().split('\r\n');
    assert.equal(lines.length, many + 1);
    // Newest first across the batches: the last inserted entry leads, the first one closes the file.
    assert.match(lines[1]!, /,n: 10001$/);
    assert.match(lines.at(-1)!, /,n: 1$/);
  });
});

describe('append-only', () => {
  it('the database refuses to change, delete or truncate an entry', async () => {
    const { db } = t.app.services;
    const before = await db.selectFrom('audit_events').selectAll().orderBy('id').execute();
    assert.ok(before.length > 0);
    await assert.rejects(
      db.updateTable('audit_events').set({ actor_email: 'someone@else.com' }).execute(),
      /append-only/,
    );
    await assert.rejects(db.deleteFrom('audit_events').execute(), /append-only/);
    // Refused by the trigger, or first by the streaming outbox's reference to the entries.
    await assert.rejects(sql`truncate audit_events`.execute(db), /append-only|referenced in a foreign key/);
    assert.deepEqual(await db.selectFrom('audit_events').selectAll().orderBy('id').execute(), before);
  });

  it('no operation of the contract changes or deletes an entry', async () => {
    const { db } = t.app.services;
    const before = await db.selectFrom('audit_events').selectAll().orderBy('id').execute();
    for (const op of getContract().operations) {
      for (const caller of [admin, member, undefined]) {
        await t.api(op.operationId, {
          ...(caller ? { cookie: caller.cookie } : {}),
          body: {},
          raw: true,
        });
      }
    }
    const after = await db.selectFrom('audit_events').selectAll().orderBy('id').execute();
    assert.deepEqual(after.slice(0, before.length), before);
  });
});

describe('event types', () => {
  it("the contract's AuditEventType lists exactly the event types of src/shared/audit-events.ts", () => {
    const schemas = (getContract().doc.components as { schemas: Record<string, { enum: string[] }> }).schemas;
    assert.deepEqual(schemas.AuditEventType!.enum, AUDIT_EVENT_TYPES);
    for (const type of [
      'credits.cap_changed',
      'credits.top_up',
      'two_factor.enabled',
      'billing.seats_purchased',
    ]) {
      assert.ok(AUDIT_EVENT_TYPES.includes(type as never), type);
    }
  });
});
