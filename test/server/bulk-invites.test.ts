/**
 * docs/product.md#bulk-invitations (invite-users): the valid rows are sent through the single-invitation path,
 * the others refused with their reason, whatever the browser's preview said; the batch is capped, the
 * call rate limited, and only admins may send. preview-invite-users judges the same rows against the
 * organization as stored, writing nothing, and agrees with the send row by row.
 */
import assert from 'node:assert/strict';
import { afterEach, before, describe, it } from './helpers/node-test.js';
import { mailLinks, useTestApp } from './helpers/app.js';
import { invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { assertSeatsMatchProvider } from './helpers/seats.js';
import { MAX_BULK_INVITES } from '../../src/shared/invite-list.js';

const t = useTestApp();
afterEach(() => assertSeatsMatchProvider(t));

let admin: TestUser;
let member: TestUser;
let ipCounter = 0;
/** Each call from its own address, so the per-IP bulk limit only bites where a test wants it to. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

before(async () => {
  admin = await signup(t.api, { name: 'Bulk Admin' });
  member = await invitedMember(t, admin);
});

const bulk = (by: TestUser, rows: { email: string; role?: string; line?: number }[], ip = freshIp()) =>
  t.api('inviteUsers', { cookie: by.cookie, body: { rows }, ip });

async function pendingCount(emails: string[]): Promise<number> {
  const row = await t.app.services.db
    .selectFrom('invitations')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('email', 'in', emails)
    .where('accepted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('invite-users', () => {
  it('sends 195 of 200 rows and refuses the 5 bad ones, each with its reason', async () => {
    const pending = uniqueEmail('pending');
    assert.equal((await t.api('inviteUser', { cookie: admin.cookie, body: { email: pending } })).status, 200);
    const good = Array.from({ length: 195 }, (_, i) => uniqueEmail(`bulk${i}`));
    const rows = good.map((email, i) => ({ line: i + 1, email: i === 7 ? email.toUpperCase() : email }));
    const bad = [
      { line: 196, email: 'not-an-address' },
      { line: 197, email: good[3]!.toUpperCase() }, // listed twice, ignoring case
      { line: 198, email: member.email }, // already a member
      { line: 199, email: pending }, // already invited
      { line: 200, email: good[10]!.replace('@', '+x@'), role: 'owner' }, // unknown role
    ];
    const res = await bulk(admin, [...rows, ...bad]);
    assert.equal(res.status, 200, JSON.stringify(res.body).slice(0, 500));
    assert.equal(res.body.message, '195 invitations sent, 5 refused.');
    assert.equal(res.body.data.sent.length, 195);
    assert.deepEqual(
      res.body.data.refused.map((row: { line: number; reason: string }) => [row.line, row.reason]),
      [
        [196, 'invalid'],
        [197, 'duplicate'],
        [198, 'member'],
        [199, 'invited'],
        [200, 'invalid-role'],
      ],
    );
    assert.equal(res.body.data.refused[2].message, 'This person is already a member of your organization.');
    // Stored in the one normalized form, and mailed like any invitation.
    assert.equal(res.body.data.sent[7].email, good[7]);
    assert.equal(await pendingCount(good), 195);
    assert.equal((await mailLinks(t, good[194]!)).length, 1);
  });

  it('judges again on the server: an address invited since the preview is refused, the rest sent', async () => {
    const a = uniqueEmail('raced');
    const b = uniqueEmail('fresh');
    await t.api('inviteUser', { cookie: admin.cookie, body: { email: a } });
    const res = await bulk(admin, [{ email: a }, { email: b, role: 'viewer' }, { email: admin.email }]);
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.data.sent.map((row: { email: string; invitation: { role: string } }) => [
        row.email,
        row.invitation.role,
      ]),
      [[b, 'viewer']],
    );
    assert.deepEqual(
      res.body.data.refused.map((row: { line: number; reason: string }) => [row.line, row.reason]),
      [
        [1, 'invited'],
        [3, 'self'],
      ],
    );
  });

  it('caps the batch with a clear message and sends nothing', async () => {
    const rows = Array.from({ length: MAX_BULK_INVITES + 1 }, (_, i) => ({ email: `cap${i}@example.com` }));
    const res = await bulk(admin, rows);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'Invitation list must have at most 500 items.');
    assert.equal(await pendingCount(['cap0@example.com']), 0);
  });

  it('is rate limited per IP per call, whatever the number of rows', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 10; i++) {
      assert.equal((await bulk(admin, [{ email: 'bad' }], ip)).status, 200);
    }
    const res = await bulk(admin, [{ email: uniqueEmail('late') }], ip);
    assert.equal(res.status, 429);
  });

  it('refuses members (only admins invite)', async () => {
    const email = uniqueEmail('by-member');
    const res = await bulk(member, [{ email }]);
    assert.equal(res.status, 403);
    assert.equal(await pendingCount([email]), 0);
  });
});

const preview = (
  by: TestUser,
  rows: { email: string; role?: string; line?: number }[],
  product?: string,
  ip = freshIp(),
) => t.api('previewInviteUsers', { cookie: by.cookie, body: { rows, ...(product ? { product } : {}) }, ip });

/** Rows of a table the preview must not write to. */
async function rowCount(table: 'audit_events' | 'outbox'): Promise<number> {
  const row = await t.app.services.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type PreviewRow = { line: number; email: string; role: string; other_domain: boolean; reason?: string };

describe('preview-invite-users', () => {
  it('flags the members and pending invitations stored in the database, and writes nothing', async () => {
    const pending = uniqueEmail('preview-pending');
    assert.equal((await t.api('inviteUser', { cookie: admin.cookie, body: { email: pending } })).status, 200);
    const fresh = uniqueEmail('preview-fresh');
    const before = { audit: await rowCount('audit_events'), outbox: await rowCount('outbox') };
    const res = await preview(admin, [
      { line: 1, email: fresh },
      { line: 2, email: member.email.toUpperCase() },
      { line: 3, email: pending },
      { line: 4, email: 'friend@gmail.com', role: 'viewer' },
      { line: 5, email: 'not-an-address' },
    ]);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, '2 of 5 rows will be sent.');
    assert.deepEqual(
      res.body.data.rows.map((row: PreviewRow) => [row.line, row.role, row.reason ?? 'ok', row.other_domain]),
      [
        [1, 'member', 'ok', false],
        [2, 'member', 'member', false],
        [3, 'member', 'invited', false],
        [4, 'viewer', 'ok', true],
        [5, 'member', 'invalid', false],
      ],
    );
    assert.equal(res.body.data.rows[1].message, 'This person is already a member of your organization.');
    assert.equal(await pendingCount([fresh, 'friend@gmail.com']), 0);
    assert.equal(await rowCount('audit_events'), before.audit);
    assert.equal(await rowCount('outbox'), before.outbox);
  });

  it('agrees with the send row by row, including a paid product without free seats', async () => {
    const pending = uniqueEmail('agree-pending');
    await t.api('inviteUser', { cookie: admin.cookie, body: { email: pending } });
    const a = uniqueEmail('agree-a');
    const rows = [
      { line: 1, email: a },
      { line: 2, email: a.toUpperCase() },
      { line: 3, email: member.email },
      { line: 4, email: pending },
      { line: 5, email: admin.email },
      { line: 6, email: uniqueEmail('agree-b'), role: 'owner' },
      { line: 7, email: 'nope@' },
      { line: 8, email: uniqueEmail('agree-c'), role: 'viewer' },
    ];
    for (const product of ['Standard', undefined]) {
      const judged = await preview(admin, rows, product);
      assert.deepEqual(
        judged.body.data.rows.map((row: PreviewRow) => row.reason ?? 'ok'),
        [
          product ? 'no-seat' : 'ok',
          'duplicate',
          'member',
          'invited',
          'self',
          'invalid-role',
          'invalid',
        ].concat(product ? 'no-seat' : 'ok'),
      );
      assert.equal(judged.status, 200, JSON.stringify(judged.body));
      const sent = await t.api('inviteUsers', {
        cookie: admin.cookie,
        body: { rows, ...(product ? { product } : {}) },
        ip: freshIp(),
      });
      assert.equal(sent.status, 200, JSON.stringify(sent.body));
      const refused = new Map<number, { reason: string; message: string }>(
        sent.body.data.refused.map((row: { line: number; reason: string; message: string }) => [
          row.line,
          row,
        ]),
      );
      for (const row of judged.body.data.rows as (PreviewRow & { message?: string })[]) {
        assert.equal(row.reason, refused.get(row.line)?.reason, `${product} line ${row.line}`);
        assert.equal(row.message, refused.get(row.line)?.message, `${product} line ${row.line}`);
      }
      assert.equal(
        judged.body.data.rows.filter((row: PreviewRow) => !row.reason).length,
        sent.body.data.sent.length,
      );
    }
  });

  it('refuses members and viewers (only admins invite)', async () => {
    const viewer = await invitedMember(t, admin, { role: 'viewer' });
    for (const who of [member, viewer]) {
      const res = await preview(who, [{ email: uniqueEmail('by-non-admin') }]);
      assert.equal(res.status, 403, JSON.stringify(res.body));
    }
  });

  it('takes at most 500 rows, with the same message as the send', async () => {
    const rows = Array.from({ length: MAX_BULK_INVITES + 1 }, (_, i) => ({ email: `pcap${i}@example.com` }));
    const res = await preview(admin, rows);
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'Invitation list must have at most 500 items.');
  });
});
