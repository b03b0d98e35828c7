// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Configuration from the environment: defaults, every bad value named in one error, and TRUST_PROXY,
 * which decides whose address the rate limits count.
 */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { startTestApp } from './helpers/app.js';

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    // A local PUBLIC_URL (the default) turns the sandboxes on: such a server answers this machine only.
    assert.equal(config.host, 'localhost');
    assert.equal(config.publicUrl, 'http://localhost:3000');
    assert.equal(config.apiBase, '/api');
    assert.equal(config.dataDir, './data');
    assert.equal(config.databaseUrl, undefined);
  });
  it('derives PUBLIC_URL from PORT and trims API_BASE', () => {
    const config = loadConfig({ PORT: '8080', API_BASE: '/v1/' });
    assert.equal(config.publicUrl, 'http://localhost:8080');
    assert.equal(config.apiBase, '/v1');
  });
  it('lists every bad value in one ConfigError', () => {
    assert.throws(
      () =>
        loadConfig({
          PORT: 'eighty',
          DATABASE_URL: 'mysql://x',
          PUBLIC_URL: 'ftp://x',
          API_BASE: 'api',
          SESSION_SECRET: 'short',
          STRIPE_SECRET_KEY: 'pk_live_x',
          SMTP_URL: 'http://mail',
          GOOGLE_CLIENT_ID: 'abc',
          HUBSPOT_CLIENT_ID: 'id-only',
          ALLOWED_ORIGINS: 'not a url',
          REDIS_URL: 'http://redis',
        }),
      (error: unknown) => {
        assert.ok(error instanceof ConfigError);
        assert.equal(error.problems.length, 12);
        assert.match(error.message, /PORT must be an integer/);
        assert.match(error.message, /HUBSPOT_CLIENT_ID and HUBSPOT_CLIENT_SECRET must be set together/);
        return true;
      },
    );
  });
  it('reads CRM credentials and allowed origins', () => {
    const config = loadConfig({
      HUBSPOT_CLIENT_ID: 'id',
      HUBSPOT_CLIENT_SECRET: 'secret',
      ALLOWED_ORIGINS: 'https://a.example.com/, https://b.example.com',
    });
    assert.deepEqual(config.crm.hubspot, { clientId: 'id', clientSecret: 'secret' });
    assert.deepEqual(config.allowedOrigins, ['https://a.example.com', 'https://b.example.com']);
  });
});

describe('TRUST_PROXY trusts only the configured hops, never every X-Forwarded-For entry', () => {
  it('refuses true and malformed values with a message naming the accepted forms', () => {
    for (const raw of ['true', 'yes', '10.0.0.0/33', 'proxy.example.com', '10.0.0.1,nope', '-1']) {
      assert.throws(
        () => loadConfig({ TRUST_PROXY: raw }),
        (e: unknown) =>
          e instanceof ConfigError &&
          /TRUST_PROXY must be a hop count .* or a comma-separated list of proxy addresses or CIDRs/.test(
            e.message,
          ),
        raw,
      );
    }
    assert.equal(loadConfig({}).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: 'false' }).trustProxy, false);
    assert.equal(loadConfig({ TRUST_PROXY: '2' }).trustProxy, 2);
    assert.deepEqual(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.10,::1,loopback' }).trustProxy, [
      '10.0.0.0/8',
      '192.168.1.10',
      '::1',
      'loopback',
    ]);
  });

  async function clientIp(env: Record<string, string>, remoteAddress: string, xff: string) {
    const lines: string[] = [];
    const p = await startTestApp(env, {
      logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } },
    });
    try {
      await p.app.inject({
        method: 'GET',
        url: '/api/get-pricing',
        remoteAddress,
        headers: { 'x-forwarded-for': xff },
      });
      const completed = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'request completed');
      return completed?.remoteAddress as string;
    } finally {
      await p.close();
    }
  }

  it('a hop count or a proxy list takes the address the trusted proxy saw, not a spoofed first entry', async () => {
    assert.equal(await clientIp({ TRUST_PROXY: '1' }, '10.0.0.1', '6.6.6.6, 1.2.3.4'), '1.2.3.4');
    assert.equal(await clientIp({ TRUST_PROXY: '10.0.0.0/8' }, '10.0.0.1', '6.6.6.6, 1.2.3.4'), '1.2.3.4');
    // A caller that is not a listed proxy is not believed at all.
    assert.equal(await clientIp({ TRUST_PROXY: '10.0.0.0/8' }, '8.8.8.8', '6.6.6.6'), '8.8.8.8');
  });
});

describe('DNS for domain verification', () => {
  const production = { PUBLIC_URL: 'https://app.example.com', SESSION_SECRET: 'x'.repeat(32) };

  it('a local install verifies domains in the sandbox; DNS_SERVERS or a real URL ask DNS', () => {
    assert.equal(loadConfig({}).dnsSandbox, true);
    const asking = loadConfig({ DNS_SERVERS: '127.0.0.1:5353, 1.1.1.1', DNS_TIMEOUT_MS: '800' });
    assert.equal(asking.dnsSandbox, false);
    assert.deepEqual(asking.dnsServers, ['127.0.0.1:5353', '1.1.1.1']);
    assert.equal(asking.dnsTimeoutMs, 800);
    assert.equal(loadConfig(production).dnsSandbox, false);
    assert.equal(loadConfig({ ...production, SANDBOXES: 'true' }).dnsSandbox, false);
  });

  it('never takes domains unproven in production, and names bad DNS settings', () => {
    assert.throws(
      () => loadConfig({ ...production, DNS_SANDBOX: 'true' }),
      (e: unknown) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('DNS_SANDBOX=true')),
    );
    assert.throws(
      () => loadConfig({ DNS_SERVERS: 'dns.example.com' }),
      (e: unknown) => e instanceof ConfigError && e.problems.some((p) => p.startsWith('DNS_SERVERS')),
    );
  });
});
