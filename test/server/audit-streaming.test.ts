/**
 * docs/product.md#audit-log-streaming: an admin streams the organization's audit log to a SIEM endpoint.
 * Deliveries are checked with the documented algorithm (not the server's code), in order across an
 * endpoint that fails and recovers, on the backoff schedule, given up after 24 hours; a slow endpoint or a
 * dead process holds no one else up. The address is checked against SSRF on a deployment, the test event
 * says how the endpoint answered, and docs/product.md#audit-log's retention is at least 365 days and
 * purges only what is older. The endpoint is a receiver on this machine; the clock is the app's own, moved
 * rather than waited for; deliveries run when a test calls the deliverer (AUDIT_STREAM_POLL_MS=0).
 * Runs on PGlite, and on PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { LookupFunction } from 'node:net';
import { sql } from 'kysely';
import { Ajv2020 } from 'ajv/dist/2020.js';
import ajvFormats from 'ajv-formats';
import { after, before, beforeEach, describe, it } from './helpers/node-test.js';
import { getContract, startTestApp, TEST_SESSION_SECRET, useTestApp, type TestApp } from './helpers/app.js';
import { invitedMember, signup, type TestUser } from './helpers/users.js';
import { startSiemReceiver, type Delivery, type SiemReceiver } from './helpers/siem-receiver.js';
import {
  createAuditDeliverer,
  nextTry,
  retryDelayMs,
  type AuditDeliverer,
} from '../../src/server/audit-stream/deliveries.js';
import { postSigned } from '../../src/server/audit-stream/sender.js';
import { checkStreamUrl } from '../../src/server/domain/audit-stream.js';
import { purgeAuditLog } from '../../src/server/domain/audit-retention.js';

const SECOND = 1000;
const HOUR = 3600 * SECOND;
const DAY = 24 * HOUR;

let clockOffset = 0;
const now = () => new Date(Date.now() + clockOffset);
const t = useTestApp({ AUDIT_STREAM_POLL_MS: '0' }, { services: { clock: now } });
let receiver: SiemReceiver;
let shared: AuditDeliverer | undefined;
/** The deliverer of these tests (made once the app started: a file's top-level hooks run concurrently). */
const deliverer = () => (shared ??= createAuditDeliverer(t.app.services, silentLog, { timeoutMs: 2000 }));
const silentLog = { error: (obj: unknown, msg: string) => assert.fail(`${msg}: ${String(obj)}`) };

before(async () => {
  receiver = await startSiemReceiver();
});
after(async () => {
  await receiver?.close();
});
beforeEach(() => {
  clockOffset = 0;
});

/** The documented check (docs/product.md#audit-log-streaming), written from the text, not from the server. */
function verifies(secret: string, delivery: Pick<Delivery, 'headers' | 'raw'>): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const signed = `${String(delivery.headers['webhook-id'])}.${String(delivery.headers['webhook-timestamp'])}.${delivery.raw}`;
  const expected = createHmac('sha256', key).update(signed).digest();
  return String(delivery.headers['webhook-signature'])
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const payloadSchema = (() => {
  const ajv = new Ajv2020({ strict: false });
  ajvFormats.default(ajv);
  ajv.addKeyword({ keyword: 'example' });
  ajv.addSchema({ ...getContract().doc, $id: 'contract' });
  return ajv.compile({ $ref: 'contract#/components/schemas/AuditStreamPayload' });
})();

/** Waits for what the receiver is to see (it answers on its own schedule). */
async function until(condition: () => boolean) {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 10));
}

/**
 * Lets the deliverer look until no organization has anything due at the app's clock (a process serves a
 * few organizations per look, and other tests' organizations may be due too).
 */
async function deliver(using: AuditDeliverer = deliverer()) {
  for (let look = 0; look < 20; look++) {
    await using.tick();
    if ((await t.app.services.repos.auditStream.dueOrganizations(now(), 1)).length === 0) return;
  }
  assert.fail('deliveries kept coming');
}

/** A new admin with an organization streaming to the receiver's `name`: the admin and the secret. */
async function streamingAdmin(name: string): Promise<{ admin: TestUser; secret: string }> {
  const admin = await signup(t.api, { name: `Admin ${name}` });
  const res = await t.api('setAuditStream', { cookie: admin.cookie, body: { url: receiver.url(name) } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return { admin, secret: res.body.data.secret };
}

async function settings(admin: TestUser) {
  const res = await t.api('getAuditSettings', { cookie: admin.cookie });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data;
}

/** An audited change of the admin's organization: its rename. */
async function rename(admin: TestUser, name: string) {
  const res = await t.api('renameOrganization', { cookie: admin.cookie, body: { name } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

const organizationOf = async (admin: TestUser) =>
  (
    await t.app.services.db
      .selectFrom('users')
      .select('organization_id')
      .where('id', '=', Number(admin.id))
      .executeTakeFirstOrThrow()
  ).organization_id!;

const queue = async (admin: TestUser) =>
  t.app.services.db
    .selectFrom('audit_deliveries')
    .selectAll()
    .where('organization_id', '=', await organizationOf(admin))
    .orderBy('id')
    .execute();

describe('adding an endpoint', () => {
  it('shows the signing secret once, keeps it sealed, and audits it', async () => {
    const { admin, secret } = await streamingAdmin('added');
    assert.match(secret, /^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = await t.app.services.db
      .selectFrom('audit_streams')
      .selectAll()
      .where('organization_id', '=', await organizationOf(admin))
      .executeTakeFirstOrThrow();
    assert.ok(!stored.secret.includes(secret.slice(6)), 'stored sealed');
    assert.equal(t.app.services.secretBox.open<string>(stored.secret), secret);

    const shown = await settings(admin);
    assert.equal(shown.retention_days, 365);
    assert.equal(shown.stream.url, receiver.url('added'));
    assert.equal(JSON.stringify(shown).includes(secret), false, 'never shown again');
    assert.deepEqual([shown.stream.pending, shown.stream.failed, shown.stream.last_success_at], [1, 0, null]);

    // Saving another address keeps the secret; saving the same one changes nothing.
    const moved = await t.api('setAuditStream', {
      cookie: admin.cookie,
      body: { url: receiver.url('added-2') },
    });
    assert.equal(moved.status, 200);
    assert.equal(moved.body.data.secret, null);
    assert.equal(moved.body.message, 'The SIEM endpoint was saved.');
    const log = (await t.api('listAuditEvents', { cookie: admin.cookie })).body.data.events;
    assert.deepEqual(
      log.slice(0, 2).map((e: { type: string; details: unknown }) => [e.type, e.details]),
      [
        [
          'audit.stream_changed',
          { from: new URL(receiver.url('')).host, to: new URL(receiver.url('')).host },
        ],
        ['audit.stream_created', { host: new URL(receiver.url('')).host }],
      ],
    );
  });

  it('refuses what is not an https:// address (http only to this machine on a local install)', async () => {
    const admin = await signup(t.api, { name: 'Refused' });
    for (const [url, code] of [
      ['http://example.com/ingest', 'audit_stream_url_not_https'],
      ['ftp://localhost/ingest', 'audit_stream_url_not_https'],
      ['https://user:secret@siem.example.com/', 'audit_stream_url_credentials'],
      ['siem.example.com/ingest', 'audit_stream_url_invalid'],
    ]) {
      const res = await t.api('setAuditStream', { cookie: admin.cookie, body: { url } });
      assert.equal(res.status, 400, url);
      assert.equal(res.body.code, code, url);
    }
    assert.equal((await settings(admin)).stream, null);
  });

  it('is for admins: a member is refused', async () => {
    const { admin } = await streamingAdmin('members');
    const member = await invitedMember(t, admin);
    for (const operationId of ['getAuditSettings', 'testAuditStream', 'removeAuditStream']) {
      const res = await t.api(operationId, { cookie: member.cookie, body: {} });
      assert.equal(res.status, 403, operationId);
    }
  });
});

describe('deliveries', () => {
  it('each entry is JSON signed by the Standard Webhooks scheme, verifiable with the documented algorithm', async () => {
    const { admin, secret } = await streamingAdmin('signed');
    await rename(admin, 'Signed Ltd');
    await deliver();
    const got = receiver.received('signed');
    assert.deepEqual(
      got.map((d) => d.body.data.type),
      ['audit.stream_created', 'organization.renamed'],
    );
    const organizationId = String(await organizationOf(admin));
    for (const delivery of got) {
      assert.ok(verifies(secret, delivery), 'signature verifies');
      assert.ok(
        !verifies('whsec_' + Buffer.alloc(32).toString('base64'), delivery),
        'not with another secret',
      );
      assert.ok(payloadSchema(delivery.body), JSON.stringify(payloadSchema.errors));
      assert.equal(delivery.headers['content-type'], 'application/json');
      assert.equal(delivery.headers['webhook-id'], `audit_${String(delivery.body.data.id)}`);
      assert.ok(Math.abs(Number(delivery.headers['webhook-timestamp']) - Date.now() / 1000) < 60);
      assert.equal(delivery.body.type, 'audit.entry');
      assert.equal(delivery.body.data.organization_id, organizationId);
    }
    // A tampered body does not verify.
    assert.ok(!verifies(secret, { ...got[1]!, raw: got[1]!.raw.replace('Signed Ltd', 'Forged Ltd') }));
    const shown = (await settings(admin)).stream;
    assert.equal(shown.pending, 0);
    assert.ok(shown.last_success_at !== null && shown.last_failure === null);
    assert.deepEqual(await queue(admin), [], 'delivered rows leave the outbox');
  });

  it('keeps the order per organization across an endpoint that fails, then recovers', async () => {
    const { admin, secret } = await streamingAdmin('flaky');
    await deliver();
    receiver.answer('flaky', 503);
    for (const name of ['One', 'Two', 'Three']) await rename(admin, `Flaky ${name}`);
    await deliver();
    await deliver();
    const renames = () =>
      receiver
        .received('flaky')
        .filter((d) => d.body.data.type === 'organization.renamed')
        .map((d) => (d.body.data.details as { to: string }).to);
    // The head was tried once and failed; nothing behind it went, even on the second look.
    assert.deepEqual(renames(), ['Flaky One']);
    const failing = (await settings(admin)).stream;
    assert.deepEqual(
      failing.last_failure && [failing.last_failure.status_code, failing.last_failure.reason],
      [503, 'http_status'],
    );
    assert.equal(failing.pending, 3);

    receiver.answer('flaky', 200);
    clockOffset = 10 * SECOND;
    await deliver();
    assert.deepEqual(renames(), ['Flaky One', 'Flaky One', 'Flaky Two', 'Flaky Three']);
    const ids = receiver.received('flaky').map((d) => Number(d.body.data.id));
    assert.deepEqual(
      ids.slice(1),
      [...ids.slice(1)].sort((a, b) => a - b),
      'never a later entry first',
    );
    assert.ok(receiver.received('flaky').every((d) => verifies(secret, d)));
    assert.equal((await settings(admin)).stream.pending, 0);
  });

  it('retries on the backoff schedule: 10 s, 20 s, 40 s... at most an hour apart', async () => {
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20].map((n) => retryDelayMs(n) / SECOND),
      [10, 20, 40, 80, 160, 320, 640, 1280, 2560, 3600, 3600],
    );
    const written = new Date('2026-01-01T00:00:00Z');
    assert.deepEqual(nextTry(written, 1, written), new Date(written.getTime() + 10 * SECOND));
    // The last try is at 24 hours, whatever the schedule says; after that, none.
    assert.deepEqual(
      nextTry(written, 30, new Date(written.getTime() + DAY - 60 * SECOND)),
      new Date(written.getTime() + DAY),
    );
    assert.equal(nextTry(written, 31, new Date(written.getTime() + DAY)), null);

    const { admin } = await streamingAdmin('backoff');
    receiver.answer('backoff', 500);
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt++) {
      await deliver();
      const [head] = await queue(admin);
      assert.equal(head!.attempts, attempt);
      waits.push(Math.round((head!.next_attempt_at!.getTime() - now().getTime()) / SECOND));
      // Not due yet: a look now sends nothing.
      const before = receiver.received('backoff').length;
      await deliver();
      assert.equal(receiver.received('backoff').length, before);
      clockOffset = head!.next_attempt_at!.getTime() - Date.now();
    }
    assert.deepEqual(waits, [10, 20, 40, 80]);
  });

  it('gives an entry up 24 hours after it was written, marks it failed, and sends the next', async () => {
    const { admin } = await streamingAdmin('gone');
    receiver.answer('gone', 500);
    await deliver();
    await rename(admin, 'During the outage');
    const written = async () =>
      (
        await t.app.services.db
          .selectFrom('audit_deliveries as d')
          .innerJoin('audit_events as e', 'e.id', 'd.audit_event_id')
          .select('e.created_at')
          .where('d.organization_id', '=', await organizationOf(admin))
          .orderBy('d.id')
          .execute()
      ).map((row) => row.created_at.getTime());
    const [first, second] = await written();
    // 5 s before its 24 hours the head is tried, and once more at exactly 24 hours.
    clockOffset = first! + DAY - 5 * SECOND - Date.now();
    await deliver();
    const [retried] = await queue(admin);
    assert.equal(retried!.status, 'pending');
    assert.equal(retried!.next_attempt_at!.getTime(), first! + DAY);
    // Past both entries' 24 hours: the head fails for good, and the next has its one try.
    clockOffset = second! + DAY - Date.now();
    await deliver();
    assert.deepEqual(
      (await queue(admin)).map((row) => [row.status, row.attempts]),
      [
        ['failed', 3],
        ['failed', 1],
      ],
    );
    const shown = (await settings(admin)).stream;
    assert.deepEqual([shown.pending, shown.failed], [0, 2]);

    // After an outage longer than a day, a recovered endpoint gets what is new.
    receiver.answer('gone', 200);
    clockOffset = 0;
    await rename(admin, 'Back again');
    await deliver();
    const last = receiver.received('gone').at(-1)!;
    assert.equal((last.body.data.details as { to: string }).to, 'Back again');
  });

  it('a slow endpoint costs its own turn only, and a dead process’s lease runs out', async () => {
    const slow = await streamingAdmin('slow');
    const fast = await streamingAdmin('fast');
    await deliver();
    receiver.answer('slow', 'hang');
    await rename(slow.admin, 'Slow One');
    await rename(fast.admin, 'Fast One');
    // Long enough that the other organization is surely served before this try gives up, on a busy machine
    // too (1.5 s was not, with both cores busy ten deep); the test waits it out once.
    const patient = createAuditDeliverer(t.app.services, silentLog, { timeoutMs: 6000 });
    const look = patient.tick();
    // The other organization is served while the slow endpoint still holds its own try (each
    // organization's try runs on its own, so the slow one may reach its endpoint after the fast one is
    // served: what counts is a moment with both).
    await until(() => receiver.received('fast').length === 2 && receiver.waiting('slow') === 1);
    await look;
    await until(() => receiver.waiting('slow') === 0); // the sender gave up on it
    const slowStatus = (await settings(slow.admin)).stream;
    assert.deepEqual(
      [slowStatus.last_failure?.reason, slowStatus.last_failure?.status_code],
      ['timeout', null],
    );
    assert.equal((await settings(fast.admin)).stream.pending, 0);
    receiver.answer('slow', 200);

    // A process took the fast organization's turn and died: nobody sends until its lease ran out.
    await rename(fast.admin, 'Fast Two');
    await t.app.services.db
      .updateTable('audit_streams')
      .set({ lease_owner: 'a-dead-process', lease_until: new Date(Date.now() + 60 * SECOND) })
      .where('organization_id', '=', await organizationOf(fast.admin))
      .execute();
    await deliverer().tick();
    assert.equal(receiver.received('fast').length, 2);
    clockOffset = 61 * SECOND;
    await deliver();
    assert.equal(receiver.received('fast').length, 3);
  });

  it('rotating the secret signs with both for 24 hours, then with the new one only', async () => {
    const { admin, secret: old } = await streamingAdmin('rotated');
    const res = await t.api('rotateAuditStreamSecret', { cookie: admin.cookie, body: {} });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const fresh: string = res.body.data.secret;
    assert.notEqual(fresh, old);
    await deliver();
    for (const delivery of receiver.received('rotated')) {
      assert.equal(String(delivery.headers['webhook-signature']).split(' ').length, 2);
      assert.ok(verifies(old, delivery) && verifies(fresh, delivery));
    }
    clockOffset = DAY + SECOND;
    await rename(admin, 'Rotated Ltd');
    await deliver();
    const last = receiver.received('rotated').at(-1)!;
    assert.ok(verifies(fresh, last) && !verifies(old, last));
    assert.equal((await settings(admin)).stream.previous_secret_until, null);
  });

  it('a changed address gets the next entry of a turn under way, not the address it replaced', async () => {
    const { admin } = await streamingAdmin('moved-from');
    await deliver();
    await rename(admin, 'Moving One');
    await rename(admin, 'Moving Two');
    receiver.answer('moved-from', 'hang');
    const patient = createAuditDeliverer(t.app.services, silentLog, { timeoutMs: 10_000 });
    const look = patient.tick();
    // The first rename is on its way to the old address when the admin saves the new one.
    await until(() => receiver.waiting('moved-from') === 1);
    const moved = await t.api('setAuditStream', {
      cookie: admin.cookie,
      body: { url: receiver.url('moved-to') },
    });
    assert.equal(moved.status, 200, JSON.stringify(moved.body));
    receiver.release('moved-from');
    await look;
    await deliver();
    const renamedTo = (name: string) =>
      receiver
        .received(name)
        .filter((delivery) => delivery.body.data.type === 'organization.renamed')
        .map((delivery) => (delivery.body.data.details as { to?: string }).to);
    assert.deepEqual(renamedTo('moved-from'), ['Moving One']);
    assert.deepEqual(renamedTo('moved-to'), ['Moving Two']);
  });

  it('removing the endpoint drops its queue and is audited', async () => {
    const { admin } = await streamingAdmin('removed');
    receiver.answer('removed', 500);
    await deliver();
    await rename(admin, 'Removed Ltd');
    const res = await t.api('removeAuditStream', { cookie: admin.cookie, body: {} });
    assert.equal(res.status, 200);
    assert.deepEqual(await queue(admin), []);
    assert.equal((await settings(admin)).stream, null);
    const [latest] = (await t.api('listAuditEvents', { cookie: admin.cookie })).body.data.events;
    assert.equal(latest.type, 'audit.stream_removed');
    assert.equal((await t.api('removeAuditStream', { cookie: admin.cookie, body: {} })).status, 404);
  });
});

describe('the test event', () => {
  it('is sent at once, signed, and says how the endpoint answered', async () => {
    const { admin, secret } = await streamingAdmin('test-event');
    const sent = await t.api('testAuditStream', { cookie: admin.cookie, body: {} });
    assert.equal(sent.status, 200, JSON.stringify(sent.body));
    assert.deepEqual([sent.body.data.delivered, sent.body.data.status_code], [true, 200]);
    assert.equal(sent.body.message, 'The test event was delivered (HTTP 200).');
    const [delivery] = receiver.received('test-event');
    assert.equal(delivery!.body.type, 'audit.test');
    assert.match(String(delivery!.headers['webhook-id']), /^test_/);
    assert.ok(verifies(secret, delivery!));
    assert.ok(payloadSchema(delivery!.body), JSON.stringify(payloadSchema.errors));
    assert.deepEqual(sent.body.data.event, delivery!.body, 'the answer shows the body as sent');

    receiver.answer('test-event', 401);
    const refused = await t.api('testAuditStream', { cookie: admin.cookie, body: {} });
    assert.deepEqual([refused.body.data.delivered, refused.body.data.status_code], [false, 401]);
    assert.equal(refused.body.message, 'The test event was not accepted: the endpoint answered HTTP 401.');
    const shown = (await settings(admin)).stream;
    assert.deepEqual([shown.last_failure.status_code, shown.last_failure.reason], [401, 'http_status']);
    assert.equal(shown.pending, 1, 'the queue is left as it was');

    const none = await signup(t.api, { name: 'No endpoint' });
    const missing = await t.api('testAuditStream', { cookie: none.cookie, body: {} });
    assert.equal(missing.status, 404);
    assert.equal(missing.body.code, 'audit_stream_not_found');
  });
});

describe('retention', () => {
  it('refuses fewer than 365 days and audits a change', async () => {
    const admin = await signup(t.api, { name: 'Keeper' });
    const refused = await t.api('setAuditRetention', { cookie: admin.cookie, body: { retention_days: 364 } });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.code, 'field_below_minimum');
    assert.equal(refused.body.message, 'Retention days must be at least 365.');
    assert.equal(
      (await t.api('setAuditRetention', { cookie: admin.cookie, body: { retention_days: 3651 } })).status,
      400,
    );
    const saved = await t.api('setAuditRetention', { cookie: admin.cookie, body: { retention_days: 730 } });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.message, 'Audit log entries are now kept for 730 days.');
    assert.equal((await settings(admin)).retention_days, 730);
    const [latest] = (await t.api('listAuditEvents', { cookie: admin.cookie })).body.data.events;
    assert.deepEqual([latest.type, latest.details], ['audit.retention_changed', { from: 365, to: 730 }]);
  });

  it('the purge deletes what is past the retention and keeps every younger entry', async () => {
    const { db } = t.app.services;
    const admin = await signup(t.api, { name: 'Purged' });
    await t.api('setAuditRetention', { cookie: admin.cookie, body: { retention_days: 730 } });
    const organizationId = await organizationOf(admin);
    const aged = async (days: number, organization: number | null = organizationId) =>
      (
        await db
          .insertInto('audit_events')
          .values({
            type: 'organization.renamed',
            organization_id: organization,
            details: JSON.stringify({ to: `${days} days` }),
            created_at: new Date(Date.now() - days * DAY),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const ids = {
      d10: await aged(10),
      d400: await aged(400),
      d800: await aged(800),
      lone400: await aged(400, null),
    };
    const left = async () =>
      (await db.selectFrom('audit_events').select('id').where('id', 'in', Object.values(ids)).execute()).map(
        (row) => row.id,
      );

    await purgeAuditLog(t.app.services.repos, now());
    // 730 days for the organization; 365 (the least) for an entry of no organization.
    assert.deepEqual((await left()).sort(), [ids.d10, ids.d400].sort());
    const [purged] = (await t.api('listAuditEvents', { cookie: admin.cookie })).body.data.events;
    assert.deepEqual([purged.type, purged.details], ['audit.entries_purged', { entries: 1, days: 730 }]);

    await t.api('setAuditRetention', { cookie: admin.cookie, body: { retention_days: 365 } });
    await purgeAuditLog(t.app.services.repos, now());
    assert.deepEqual(await left(), [ids.d10]);

    // Even the purge's own switch cannot delete an entry younger than 365 days: the database refuses.
    await assert.rejects(
      db.transaction().execute(async (trx) => {
        await sql`select set_config('audit.purge', 'on', true)`.execute(trx);
        await trx.deleteFrom('audit_events').where('id', '=', ids.d10).execute();
      }),
      /append-only/,
    );
    // A clock run ahead does not make young entries old to the database either.
    await assert.rejects(
      purgeAuditLog(t.app.services.repos, new Date(Date.now() + 400 * DAY)),
      /append-only/,
    );
    assert.deepEqual(await left(), [ids.d10]);
  });
});

describe('SSRF: a deployment reaches only public addresses', () => {
  let deployment: TestApp;
  let admin: TestUser;
  before(async () => {
    deployment = await startTestApp({
      PUBLIC_URL: 'https://app.example.com',
      SESSION_SECRET: TEST_SESSION_SECRET,
      AUDIT_STREAM_POLL_MS: '0',
    });
    admin = await signup(deployment.api, { name: 'Deployed' });
  });
  after(async () => {
    await deployment?.close();
  });

  it('refuses http://, and hosts that are or resolve to private, loopback or link-local addresses', async () => {
    const refuse = async (url: string, code: string) => {
      const res = await deployment.api('setAuditStream', { cookie: admin.cookie, body: { url } });
      assert.equal(res.status, 400, `${url}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.code, code, url);
    };
    await refuse(receiver.url('deployed'), 'audit_stream_url_not_https');
    for (const url of [
      'https://localhost/ingest',
      'https://127.0.0.1/ingest',
      'https://10.0.0.5/ingest',
      'https://172.16.4.2/',
      'https://192.168.1.1/',
      'https://169.254.169.254/latest/meta-data/',
      'https://100.64.0.1/',
      'https://0.0.0.0/',
      'https://[::1]/',
      'https://[fd00::1]/',
      'https://[fe80::1]/',
      'https://[::ffff:10.0.0.1]/',
      'https://[::7f00:1]/',
      'https://[::ffff:0:7f00:1]/',
      'https://[fec0::1]/',
      'https://2130706433/',
    ]) {
      await refuse(url, 'audit_stream_address_not_allowed');
    }
    const shown = await deployment.api('getAuditSettings', { cookie: admin.cookie });
    assert.equal(shown.body.data.stream, null);
  });

  it('checks what a name resolves to when saved, and again when each delivery connects', async () => {
    const names: Record<string, string[]> = {
      'siem.example.com': ['93.184.215.14'],
      'inside.example.com': ['10.1.2.3'],
      'both.example.com': ['93.184.215.14', '192.168.0.9'],
    };
    const check = { local: false, resolve: async (host: string) => names[host] ?? [] };
    assert.equal(await checkStreamUrl('https://siem.example.com/in#x', check), 'https://siem.example.com/in');
    for (const [url, code] of [
      ['https://inside.example.com/', 'audit_stream_address_not_allowed'],
      ['https://both.example.com/', 'audit_stream_address_not_allowed'],
      ['https://nowhere.example.com/', 'audit_stream_host_unknown'],
    ]) {
      await assert.rejects(checkStreamUrl(url, check), (error: { code: string }) => error.code === code);
    }
    // A name that resolved to a public address when saved and to this machine now (DNS rebinding):
    // the connection is refused before anything is sent.
    const rebound: LookupFunction = (_host, options, callback) =>
      options.all ? callback(null, [{ address: '127.0.0.1', family: 4 }]) : callback(null, '127.0.0.1', 4);
    const port = new URL(receiver.url('rebound')).port;
    const outcome = await postSigned(
      `http://siem.example.com:${port}/siem/rebound`,
      '{}',
      {},
      {
        timeoutMs: 2000,
        publicOnly: true,
        lookup: rebound,
      },
    );
    assert.deepEqual(outcome, { delivered: false, status: null, reason: 'address_not_allowed' });
    assert.equal(receiver.received('rebound').length, 0);
    // The same lookup on a local install connects.
    const local = await postSigned(
      `http://siem.example.com:${port}/siem/rebound`,
      '{}',
      {},
      {
        timeoutMs: 2000,
        publicOnly: false,
        lookup: rebound,
      },
    );
    assert.deepEqual(local, { delivered: true, status: 200 });
  });
});
