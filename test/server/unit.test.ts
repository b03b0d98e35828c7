/** Pure rules (no database): password strength, seats, configuration, HTML escaping. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { escapeHtml, html } from '../../src/server/http/html.js';
import { linkify } from '../../src/server/sandbox/mail-page.js';
import { appConfigScript } from '../../src/server/http/web.js';
import {
  PASSWORD_SYMBOLS,
  characterKinds,
  isAcceptablePassword,
  passwordStrength,
} from '../../src/shared/password-strength.js';
import { assignedSeats, availableSeats, canAssignProduct, seatOptionLabel } from '../../src/shared/seats.js';
import { planKeyOf } from '../../src/shared/plans.js';

describe('password strength (spec §5)', () => {
  it('grades by kinds and length', () => {
    assert.equal(passwordStrength(''), 'Too weak');
    assert.equal(passwordStrength('abcdef'), 'Too weak'); // one kind
    assert.equal(passwordStrength('abcde1'), 'Weak'); // 2 kinds, 6 chars
    assert.equal(passwordStrength('abc1'), 'Too weak'); // 2 kinds, too short
    assert.equal(passwordStrength('Abcdef1!'), 'Medium'); // 4 kinds, 8
    assert.equal(passwordStrength('Abcdefg1'), 'Weak'); // 3 kinds, 8
    assert.equal(passwordStrength('Abcdefgh1!'), 'Strong'); // 4 kinds, 10
    assert.equal(passwordStrength('Abcdef1!x'), 'Medium'); // 4 kinds, 9
  });
  it('knows the ASCII punctuation set as symbols', () => {
    assert.equal(PASSWORD_SYMBOLS.length, 32);
    for (const c of PASSWORD_SYMBOLS) assert.deepEqual(characterKinds(c), ['symbol']);
    assert.deepEqual(characterKinds('é €'), []);
  });
  it('accepts Medium and Strong only', () => {
    assert.equal(isAcceptablePassword('Abcdef1!'), true);
    assert.equal(isAcceptablePassword('abcde1'), false);
  });
});

describe('seats (spec §5 member product selection)', () => {
  const purchased = { standard: 2, pro: 1 };
  it('normalizes products case-insensitively with Free as default', () => {
    assert.equal(planKeyOf('PRO'), 'pro');
    assert.equal(planKeyOf(undefined), 'free');
    assert.equal(planKeyOf('gold'), 'free');
  });
  it('counts available seats with the member own seat counted back, never below 0', () => {
    const assigned = assignedSeats(['standard', 'Standard', 'pro', null, 'free']);
    assert.deepEqual(assigned, { standard: 2, pro: 1 });
    assert.equal(availableSeats('standard', purchased, assigned, 'free'), 0);
    assert.equal(availableSeats('standard', purchased, assigned, 'standard'), 1);
    assert.equal(availableSeats('pro', { standard: 0, pro: 0 }, assigned, 'free'), 0);
  });
  it('allows Free always, a held product, or a free seat', () => {
    const assigned = { standard: 2, pro: 0 };
    assert.equal(canAssignProduct('free', purchased, assigned, 'pro'), true);
    assert.equal(canAssignProduct('standard', purchased, assigned, 'free'), false);
    assert.equal(canAssignProduct('standard', purchased, assigned, 'standard'), true);
    assert.equal(canAssignProduct('pro', purchased, assigned, 'standard'), true);
  });
  it('labels options as the spec words them, singular for one seat', () => {
    assert.equal(seatOptionLabel('standard', 2), 'Standard (2 seats available)');
    assert.equal(seatOptionLabel('standard', 1), 'Standard (1 seat available)');
    assert.equal(seatOptionLabel('pro', -1), 'Pro (0 seats available)');
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({});
    assert.equal(config.port, 3000);
    assert.equal(config.host, '0.0.0.0');
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

describe('HTML escaping', () => {
  it('escapes interpolations', () => {
    assert.equal(escapeHtml(`<a href="x">'&`), '&lt;a href=&quot;x&quot;&gt;&#39;&amp;');
    assert.equal(html`<p>${'<script>'}</p>`.value, '<p>&lt;script&gt;</p>');
  });
  it('linkifies URLs without letting markup through', () => {
    const out = linkify('Go to http://localhost:3000/x?a=1&b=<2> now <b>').value;
    assert.equal(
      out,
      'Go to <a href="http://localhost:3000/x?a=1&amp;b=">http://localhost:3000/x?a=1&amp;b=</a>&lt;2&gt; now &lt;b&gt;',
    );
  });
  it('app-config.js cannot close a script element', () => {
    const script = appConfigScript(loadConfig({ API_BASE: '/api' }), {
      supportFormUrl: 'https://help.example.com/</script>',
    });
    assert.equal(
      script,
      'window.__APP_CONFIG__ = {"apiBase":"/api","googleClientId":null,"supportFormUrl":"https://help.example.com/\\u003c/script>","googleSandbox":true};\n',
    );
  });
  it('app-config.js offers the Google sandbox only without a client id and on a sandbox deployment', () => {
    const served = (env: NodeJS.ProcessEnv) =>
      JSON.parse(
        appConfigScript(loadConfig(env), { supportFormUrl: null }).replace(
          /^window.__APP_CONFIG__ = |;\n$/g,
          '',
        ),
      ) as {
        googleClientId: string | null;
        googleSandbox: boolean;
      };
    assert.deepEqual(served({ GOOGLE_CLIENT_ID: 'abc.apps.googleusercontent.com' }), {
      apiBase: '/api',
      googleClientId: 'abc.apps.googleusercontent.com',
      supportFormUrl: null,
      googleSandbox: false,
    });
    const deployed = { PUBLIC_URL: 'https://app.example.com', SESSION_SECRET: 'x'.repeat(32) };
    assert.equal(served(deployed).googleSandbox, false);
    assert.equal(served({ ...deployed, SANDBOX_PAGES: 'true' }).googleSandbox, true);
    assert.equal(served({ SANDBOX_PAGES: 'false' }).googleSandbox, false);
  });
});
