/**
 * docs/product.md#verifying-a-domain, by DNS: the admin gets a TXT record to publish; Verify asks DNS (a
 * local server on 127.0.0.1, never the internet) and answers what went wrong when the record is missing,
 * is not ours, or DNS fails or stays silent; the daily check makes a domain pending again when its record
 * is gone. Under DNS_SANDBOX a local install verifies without DNS. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from './helpers/node-test.js';
import { DAY_MS } from '../../src/shared/duration.js';
import { checkDnsDomains } from '../../src/server/dns/daily-check.js';
import {
  START_DNS_FIRST,
  dnsNotAnswering,
  noTxtRecord,
  wrongTxtValue,
} from '../../src/server/handlers/company-domain.js';
import { useTestApp } from './helpers/app.js';
import { startLocalDns } from './helpers/dns-server.js';
import { signup, type TestUser } from './helpers/users.js';

const dns = await startLocalDns();
after(() => dns.close());

const DOMAIN = 'acme-dns.com';

describe('DNS verification against a DNS server', () => {
  const t = useTestApp({ DNS_SERVERS: dns.address, DNS_TIMEOUT_MS: '500' });
  let admin: TestUser;
  let value = '';

  const check = () => t.api('checkDnsVerification', { cookie: admin.cookie, body: {} });
  const state = async () => {
    const res = await t.api('getCompanyDomain', { cookie: admin.cookie });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body.data;
  };
  const auditTypes = async () => {
    const res = await t.api('listAuditEvents', { cookie: admin.cookie });
    return (res.body.data.events as { type: string; details: Record<string, unknown> }[]).map((e) => e.type);
  };

  it('asks for a domain first', async () => {
    admin = await signup(t.api, { name: 'Dana', email: `dana@${DOMAIN}` });
    const res = await check();
    assert.equal(res.status, 400);
    assert.equal(res.body.message, START_DNS_FIRST.message);
  });

  it('gives the TXT record to publish at the domain, the same at every start', async () => {
    const res = await t.api('startDnsVerification', {
      cookie: admin.cookie,
      body: { domain: 'ACME-dns.com' },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.type, 'TXT');
    assert.equal(res.body.data.name, DOMAIN);
    assert.match(res.body.data.value, /^crm-sync-verification=[0-9a-f]{32}$/);
    value = res.body.data.value;
    const again = await t.api('startDnsVerification', { cookie: admin.cookie, body: { domain: DOMAIN } });
    assert.equal(again.body.data.value, value);
    const data = await state();
    assert.equal(data.pending_domain, DOMAIN);
    assert.equal(data.domain, null);
    assert.deepEqual(data.dns_record, { type: 'TXT', name: DOMAIN, value });
  });

  it('refuses free-mail domains like the mailed proof', async () => {
    const res = await t.api('startDnsVerification', { cookie: admin.cookie, body: { domain: 'gmail.com' } });
    assert.equal(res.status, 400);
  });

  it('says when there is no TXT record', async () => {
    const res = await check();
    assert.equal(res.status, 400);
    assert.equal(res.body.message, noTxtRecord(DOMAIN).message);
  });

  it('says when the TXT records are not ours', async () => {
    dns.txt.set(DOMAIN, ['v=spf1 -all', 'crm-sync-verification=0000']);
    const res = await check();
    assert.equal(res.status, 400);
    assert.equal(res.body.message, wrongTxtValue(DOMAIN).message);
  });

  it('says when DNS fails or does not answer in time: an outage (503, Retry-After), not a wrong input', async () => {
    dns.mode = 'servfail';
    const failed = await check();
    assert.equal(failed.status, 503);
    assert.equal(failed.body.message, dnsNotAnswering(DOMAIN).message);
    assert.equal(failed.body.code, 'dns_unanswered');
    assert.ok(Number(failed.headers['retry-after']) > 0, 'Retry-After says when to ask again');
    dns.mode = 'silent';
    const silent = await check();
    assert.equal(silent.status, 503);
    assert.equal(silent.body.message, dnsNotAnswering(DOMAIN).message);
    assert.ok(Number(silent.headers['retry-after']) > 0);
    dns.mode = 'answer';
    assert.equal((await state()).domain, null);
  });

  it('verifies the domain once the record is published, proven by DNS', async () => {
    dns.txt.set(DOMAIN, ['v=spf1 -all', value]);
    const asked = dns.questions;
    const res = await check();
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, `${DOMAIN} is verified.`);
    assert.ok(dns.questions > asked, 'the local DNS server was asked');
    const data = await state();
    assert.equal(data.domain, DOMAIN);
    assert.equal(data.pending_domain, null);
    assert.equal(data.method, 'dns');
    assert.equal(data.record_missing_at, null);
    assert.deepEqual(data.dns_record, { type: 'TXT', name: DOMAIN, value });
    assert.ok((await auditTypes()).includes('domain.verified'));
  });

  it('the daily check keeps a domain whose record is there, or when DNS fails', async () => {
    assert.deepEqual(await checkDnsDomains(t.app.services, new Date(Date.now() + DAY_MS + 60_000)), []);
    dns.mode = 'servfail';
    assert.deepEqual(await checkDnsDomains(t.app.services, new Date(Date.now() + 2 * DAY_MS + 120_000)), []);
    dns.mode = 'answer';
    assert.equal((await state()).domain, DOMAIN);
  });

  it('the daily check makes the domain pending again when the record is gone, and says when', async () => {
    dns.txt.set(DOMAIN, ['v=spf1 -all']);
    // Not due yet: checked less than a day ago.
    assert.deepEqual(await checkDnsDomains(t.app.services, new Date(Date.now() + 2 * DAY_MS + 180_000)), []);
    const later = new Date(Date.now() + 4 * DAY_MS);
    assert.deepEqual(await checkDnsDomains(t.app.services, later), [DOMAIN]);
    const data = await state();
    assert.equal(data.domain, null);
    assert.equal(data.method, null);
    assert.equal(data.pending_domain, DOMAIN);
    assert.equal(data.record_missing_at, Math.floor(later.getTime() / 1000));
    assert.deepEqual(data.dns_record, { type: 'TXT', name: DOMAIN, value });
    assert.ok((await auditTypes()).includes('domain.verification_lost'));
    // The admins are mailed once, when it happens: a later check finds nothing verified to lose.
    assert.deepEqual(await checkDnsDomains(t.app.services, new Date(Date.now() + 6 * DAY_MS)), []);
    const mails = await t.app.services.db
      .selectFrom('outbox')
      .selectAll()
      .where('to_address', '=', admin.email)
      .where('subject', 'like', `${DOMAIN} is no longer verified%`)
      .execute();
    assert.equal(mails.length, 1);
    assert.match(mails[0]!.text_body, /Publish the TXT record again/);
    assert.ok(mails[0]!.text_body.includes('/dashboard/organization'));
    // Nobody at the domain is offered to join any more.
    const colleague = await signup(t.api, { email: `colin@${DOMAIN}` });
    const option = await t.api('getJoinOption', { cookie: colleague.cookie });
    assert.equal(option.body.data, null);
  });

  it('verifies again once the record is back', async () => {
    dns.txt.set(DOMAIN, [value]);
    assert.equal((await check()).status, 200);
    const data = await state();
    assert.equal(data.domain, DOMAIN);
    assert.equal(data.record_missing_at, null);
  });

  it('needs a signed-in admin (roles.test.ts walks the roles)', async () => {
    assert.equal((await t.api('startDnsVerification', { body: { domain: DOMAIN } })).status, 401);
    assert.equal((await t.api('checkDnsVerification', { body: {} })).status, 401);
  });
});

describe('DNS_SANDBOX', () => {
  // A local PUBLIC_URL with the sandboxes on and no DNS_SERVERS: the sandbox finds every record.
  const t = useTestApp();

  it('verifies a domain without asking DNS', async () => {
    const asked = dns.questions;
    const admin = await signup(t.api, { email: 'sam@sandbox-corp.com' });
    const start = await t.api('startDnsVerification', {
      cookie: admin.cookie,
      body: { domain: 'sandbox-corp.com' },
    });
    assert.equal(start.status, 200);
    const res = await t.api('checkDnsVerification', { cookie: admin.cookie, body: {} });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(dns.questions, asked);
  });
});
