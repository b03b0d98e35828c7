/**
 * docs/product.md#single-sign-on: single sign-on through a real OpenID Connect provider (oidc-provider on a
 * local port, started once for the file). The admin's connection (DNS-verified domain, discovery checked on
 * save, the secret never answered, audited), signing in (a Free member made just in time with a proven
 * address, a proven account linked, an unproven one refused), and every check of the provider's answer:
 * the browser's state, used once, the nonce, the audience, the expiry with 2 minutes of clock skew, the
 * domain. Every refusal is a sentence by its code and an audit entry. Runs on PGlite, and on PostgreSQL with
 * DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import {
  fetchThroughApp,
  mailToken,
  postForm,
  PUBLIC_URL,
  useTestApp,
  type CallResult,
} from './helpers/app.js';
import { useOidcProvider } from './helpers/oidc-provider.js';
import {
  accountOf,
  connectOidc,
  lastAuditOf,
  lastRefusalIn,
  organizationWithDomain,
  saveAllowList,
} from './helpers/sso.js';
import { PASSWORD, signup, type TestUser } from './helpers/users.js';
import type { LookupFunction } from 'node:net';
import { createOidcClient } from '../../src/server/sso/oidc.js';
import { SsoSetupError } from '../../src/server/sso/provider.js';
import { nodeFetch, publicOnlyFetch } from '../../src/server/sso/public-fetch.js';
import { sandboxIdentityProvider } from '../../src/server/sso/sandbox-provider.js';
import { SSO_CALLBACK_PATH } from '../../src/shared/sso-paths.js';

const DOMAIN = 'sso-corp.com';
const CALLBACK = `${PUBLIC_URL}${SSO_CALLBACK_PATH}`;
const ID_TOKEN_SECONDS = 60;

// The app's calls reach the provider through the app's own transport (a local install's: any address).
const provider = useOidcProvider({
  redirectUri: CALLBACK,
  idTokenSeconds: ID_TOKEN_SECONDS,
  transport: nodeFetch(),
});
/** How far the server's clock is ahead of the machine's (the provider's). */
let clockAhead = 0;
const logLines: string[] = [];
const t = useTestApp(
  {},
  {
    logger: { level: 'warn', stream: { write: (line) => logLines.push(line) } },
    services: {
      oidc: createOidcClient({ fetch: (input, init) => fetchThroughApp(t, provider.fetch)(input, init) }),
      clock: () => new Date(Date.now() + clockAhead),
    },
  },
);

let admin: TestUser;
let orgId = 0;
let calls = 0;
/** Each sign-in from an address of its own, so the per-address sign-in limit never interferes. */
const anotherIp = () => {
  calls += 1;
  return `10.7.${Math.floor(calls / 250)}.${calls % 250}`;
};

/** The `sso_sign_in` cookie an answer set, as a Cookie header. */
function ssoCookie(res: CallResult): string {
  const set = ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
  const cookie = set.find((c) => c.startsWith('sso_sign_in='));
  assert.ok(cookie, `no sso_sign_in cookie in ${JSON.stringify(set)}`);
  return cookie.split(';')[0]!;
}

interface Started {
  cookie: string;
  callback: URL;
}

/** start-sso for `email`, and the person `as` signing in at the provider; answers where they came back. */
async function startAndSignIn(
  email: string,
  { as = email, alter }: { as?: string; alter?: (url: URL) => void } = {},
): Promise<Started> {
  const started = await t.api('startSso', { body: { email }, ip: anotherIp() });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  const url = new URL(started.body.redirect_url);
  assert.equal(url.searchParams.get('code_challenge_method'), 'S256');
  assert.ok(url.searchParams.get('state') && url.searchParams.get('nonce'));
  alter?.(url);
  provider.signInAs(as, 'Grace Hopper');
  return { cookie: ssoCookie(started), callback: await provider.browse(url.href, CALLBACK) };
}

/** finish-sso with what the provider put in the callback's query, from the browser that started. */
function finish({ cookie, callback }: Started, change: Record<string, string> = {}, caller?: string) {
  const body: Record<string, string> = {};
  for (const field of ['state', 'code', 'iss', 'error']) {
    const value = callback.searchParams.get(field);
    if (value !== null) body[field] = value;
  }
  return t.api('finishSso', {
    body: { ...body, ...change },
    cookie: caller ? `${cookie}; ${caller}` : cookie,
    ip: anotherIp(),
  });
}

const account = (email: string) => accountOf(t, email);

const lastAudit = (type: string) => lastAuditOf(t, type);

/** Why the last answer was refused, as the log says it (users read a sentence instead). */
const lastRefusal = () => lastRefusalIn(logLines);

/** A refusal as users read it on the login page, and as the audit log keeps it. */
async function assertRefused(res: CallResult, status: number, code: string) {
  assert.equal(res.status, status, JSON.stringify(res.body));
  assert.equal(res.body.code, code);
  assert.equal(res.cookie, undefined, 'no session');
  const failed = await lastAudit('auth.sign_in_failed');
  assert.deepEqual(failed?.details, { method: 'sso', reason: code });
}

before(async () => {
  ({ owner: admin, orgId } = await organizationWithDomain(t, `ada@${DOMAIN}`));
  await connectOidc(t, admin, provider);
});

describe('the connection (admins)', () => {
  it('shows what to paste into the identity provider, never the client secret', async () => {
    const res = await t.api('getSsoConnection', { cookie: admin.cookie });
    assert.equal(res.status, 200);
    const { data } = res.body;
    assert.equal(data.domain, DOMAIN);
    assert.equal(data.redirect_uri, CALLBACK);
    assert.equal(data.saml.metadata_url, `${PUBLIC_URL}/sso/saml/metadata`);
    assert.equal(data.saml.acs_url, `${PUBLIC_URL}/sso/saml/acs`);
    assert.equal(data.connection.issuer, provider.issuer);
    assert.equal(data.connection.client_secret_set, true);
    assert.ok(!JSON.stringify(res.body).includes(provider.clientSecret));
    const stored = await t.app.services.db
      .selectFrom('sso_connections')
      .selectAll()
      .executeTakeFirstOrThrow();
    assert.ok(!stored.oidc_client_secret!.includes(provider.clientSecret), 'the secret is sealed at rest');
    const saved = await lastAudit('sso.connection_saved');
    assert.deepEqual(saved?.details, { method: 'oidc', domain: DOMAIN });
  });

  it('needs the company domain verified by DNS', async () => {
    const other = await signup(t.api, { email: `lin@elsewhere-${process.pid}.com` });
    const res = await t.api('saveSsoConnection', {
      cookie: other.cookie,
      body: { protocol: 'oidc', issuer: provider.issuer, client_id: 'x', client_secret: 'y' },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.message, 'Verify your company domain by DNS before setting up single sign-on.');
  });

  it('checks the issuer and its OpenID configuration before saving anything, with a clear error', async () => {
    const before = await t.app.services.db
      .selectFrom('sso_connections')
      .selectAll()
      .executeTakeFirstOrThrow();
    const notHttps = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: { protocol: 'oidc', issuer: 'http://idp.example.com', client_id: 'x', client_secret: 'y' },
    });
    assert.equal(notHttps.status, 400);
    assert.equal(notHttps.body.code, 'sso_issuer_invalid');
    const wrongPath = `${provider.issuer}/not-an-issuer`;
    const missing = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: { protocol: 'oidc', issuer: wrongPath, client_id: 'x', client_secret: 'y' },
    });
    assert.equal(missing.status, 400);
    assert.equal(
      missing.body.message,
      `Could not read the OpenID configuration of ${wrongPath}: HTTP 404. Check the issuer URL.`,
    );
    const noSecret = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: { protocol: 'oidc', issuer: provider.issuer, client_id: 'another-client' },
    });
    assert.equal(noSecret.status, 400);
    assert.equal(noSecret.body.code, 'sso_client_secret_required');
    const after = await t.app.services.db.selectFrom('sso_connections').selectAll().executeTakeFirstOrThrow();
    assert.deepEqual(after, before, 'nothing was saved');
  });
});

describe('signing in', () => {
  it('a first sign-in at the verified domain makes a Free member with a proven address', async () => {
    const email = `grace@${DOMAIN}`;
    // Letter case is not an address of its own.
    const res = await finish(
      await startAndSignIn(`Grace@${DOMAIN.toUpperCase()}`, { as: `Grace@${DOMAIN}` }),
    );
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.outcome, 'signed_in');
    assert.equal(res.body.message, 'Account created.');
    assert.equal(res.body.user.email, email);
    assert.ok(res.cookie, 'a session');
    const user = (await account(email))!;
    assert.equal(user.organization_id, orgId);
    assert.equal(user.role, 'member');
    assert.equal(user.stripe_product ?? 'free', 'free');
    assert.ok(user.email_proven_at, 'the address is proven');
    assert.equal(user.name, 'Grace Hopper');
    assert.equal((await lastAudit('sso.user_joined'))?.target_email, email);
    assert.deepEqual((await lastAudit('auth.signed_in'))?.details, { method: 'sso' });
    const me = await t.api('getUser', { cookie: res.cookie });
    assert.equal(me.status, 200);
    assert.equal(me.body.data.email, email);

    const again = await finish(await startAndSignIn(email));
    assert.equal(again.status, 200);
    assert.equal(again.body.message, 'Signed in.');
    assert.equal(again.body.user.id, res.body.user.id);
  });

  it('links an account whose address is proven, and it joins the organization', async () => {
    const email = `proven@${DOMAIN}`;
    await signup(t.api, { email });
    // A mailed reset link proves the address (docs/product.md#proven-addresses).
    assert.equal((await t.api('forgotPassword', { body: { email } })).status, 200);
    const reset = await t.api('resetPassword', {
      body: { token: await mailToken(t, email), new_password: `${PASSWORD}-again` },
    });
    assert.equal(reset.status, 200);
    const res = await finish(await startAndSignIn(email));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, 'Signed in.');
    assert.equal((await account(email))!.organization_id, orgId);
    const linked = await t.app.services.db
      .selectFrom('sso_identities')
      .select('user_id')
      .where('subject', '=', email)
      .executeTakeFirst();
    assert.equal(linked?.user_id, (await account(email))!.id);
  });

  it('refuses to link an account whose address nobody proved, and says what to do', async () => {
    const email = `typed@${DOMAIN}`;
    await signup(t.api, { email });
    const res = await finish(await startAndSignIn(email));
    await assertRefused(res, 409, 'sso_account_unproven');
    assert.equal(
      res.body.message,
      `An account with ${email} already exists, but its address was never confirmed. Log in with its password (or reset it from the link we mail you), then use single sign-on.`,
    );
    assert.equal((await account(email))!.organization_id, null);
  });

  it('refuses an address outside the organization’s domain', async () => {
    const res = await finish(await startAndSignIn(`someone@${DOMAIN}`, { as: 'eve@elsewhere.com' }));
    await assertRefused(res, 401, 'sso_email_not_at_domain');
    assert.equal(await account('eve@elsewhere.com'), undefined);
  });

  it('says so when no single sign-on is set up for a domain, or the input is no address', async () => {
    const unknown = await t.api('startSso', { body: { email: 'kim@unknown-corp.com' }, ip: anotherIp() });
    assert.equal(unknown.status, 404);
    assert.equal(
      unknown.body.message,
      'No single sign-on is set up for unknown-corp.com. Log in with your email and password, or ask your organization admin.',
    );
    const bare = await t.api('startSso', { body: { email: 'unknown-corp.com' }, ip: anotherIp() });
    assert.equal(bare.body.code, 'sso_not_configured');
    const nonsense = await t.api('startSso', { body: { email: 'not an address' }, ip: anotherIp() });
    assert.equal(nonsense.status, 400);
    assert.equal(nonsense.body.code, 'sso_address_invalid');
  });
});

describe('the organization’s IP allow-list', () => {
  it('refuses a sign-in from outside it before anyone is created, joined or linked, audited', async () => {
    const policies = (list: string[]) => saveAllowList(t, admin.cookie, list);
    const identityOf = (email: string) =>
      t.app.services.db
        .selectFrom('sso_identities')
        .select('user_id')
        .where('subject', '=', email)
        .executeTakeFirst();
    // An address without account, and a proven account in no organization yet (which would join).
    const newcomer = `hedy@${DOMAIN}`;
    const joiner = `joan@${DOMAIN}`;
    await signup(t.api, { email: joiner });
    assert.equal((await t.api('forgotPassword', { body: { email: joiner } })).status, 200);
    const reset = await t.api('resetPassword', {
      body: { token: await mailToken(t, joiner), new_password: `${PASSWORD}-again` },
    });
    assert.equal(reset.status, 200);
    await policies(['127.0.0.1', '203.0.113.0/24']);
    try {
      // From 10.7.x.x (anotherIp): outside the list, once the identity provider has signed them in.
      for (const email of [newcomer, joiner]) {
        const res = await finish(await startAndSignIn(email));
        await assertRefused(res, 403, 'ip_not_allowed');
        assert.equal((await lastAudit('auth.sign_in_failed'))?.target_email, email);
        assert.equal(await identityOf(email), undefined, `${email} is not linked`);
      }
      assert.equal(await account(newcomer), undefined, 'no account made just in time');
      assert.equal((await account(joiner))!.organization_id, null, 'the account joined nothing');
    } finally {
      await policies([]);
    }
    // Nothing was left half made: the first sign-in allowed makes the account then.
    const allowed = await finish(await startAndSignIn(newcomer));
    assert.equal(allowed.status, 200, JSON.stringify(allowed.body));
    assert.equal(allowed.body.message, 'Account created.');
  });
});

describe('the checks of the provider’s answer', () => {
  it('a state that is not this browser’s signs nobody in (and stays its browser’s)', async () => {
    const started = await startAndSignIn(`grace@${DOMAIN}`);
    await assertRefused(await finish(started, { state: 'x'.repeat(43) }), 401, 'sso_sign_in_expired');
    const otherBrowser = await t.api('finishSso', {
      body: {
        state: started.callback.searchParams.get('state'),
        code: started.callback.searchParams.get('code'),
      },
      ip: anotherIp(),
    });
    await assertRefused(otherBrowser, 401, 'sso_sign_in_expired');
    assert.equal((await finish(started)).status, 200, 'the browser that started still finishes');
  });

  it('a state works once: a replayed answer is refused', async () => {
    const started = await startAndSignIn(`grace@${DOMAIN}`);
    assert.equal((await finish(started)).status, 200);
    const replay = await finish(started);
    await assertRefused(replay, 401, 'sso_sign_in_expired');
    assert.equal(
      replay.body.message,
      'This single sign-on attempt has expired or was already used. Please start again with "Sign in with SSO".',
    );
  });

  it('an ID token with another nonce is refused', async () => {
    const started = await startAndSignIn(`grace@${DOMAIN}`, {
      alter: (url) => url.searchParams.set('nonce', 'a-nonce-this-server-never-made'),
    });
    await assertRefused(await finish(started), 401, 'sso_identity_rejected');
    assert.match(lastRefusal(), /"nonce"/);
  });

  it('an ID token for another audience is refused', async () => {
    provider.tamper((claims) => {
      claims.aud = 'another-client';
    });
    try {
      await assertRefused(
        await finish(await startAndSignIn(`grace@${DOMAIN}`)),
        401,
        'sso_identity_rejected',
      );
      assert.match(lastRefusal(), /"aud"/);
    } finally {
      provider.tamper(undefined);
    }
  });

  it('an ID token from another issuer is refused', async () => {
    provider.tamper((claims) => {
      claims.iss = 'https://impostor.example.com';
    });
    try {
      await assertRefused(
        await finish(await startAndSignIn(`grace@${DOMAIN}`)),
        401,
        'sso_identity_rejected',
      );
      assert.match(lastRefusal(), /"iss"/);
    } finally {
      provider.tamper(undefined);
    }
  });

  it('an address in a form a mailer delivers to another domain is refused, whatever it ends with', async () => {
    // 'victim@gmail.com(@sso-corp.com' ends at the organization's domain; nodemailer reads victim@gmail.com.
    const asserted = `victim@gmail.com(@${DOMAIN}`;
    provider.tamper((claims) => {
      claims.email = asserted;
    });
    try {
      await assertRefused(
        await finish(await startAndSignIn(`grace@${DOMAIN}`)),
        401,
        'sso_email_not_at_domain',
      );
    } finally {
      provider.tamper(undefined);
    }
    const made = await t.app.services.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', asserted)
      .execute();
    assert.deepEqual(made, [], 'no account made');
  });

  it('an expired ID token is accepted within 2 minutes of clock skew, refused beyond', async () => {
    try {
      // The token expires ID_TOKEN_SECONDS after it is made: 90 s past that is within the tolerance.
      clockAhead = (ID_TOKEN_SECONDS + 90) * 1000;
      assert.equal((await finish(await startAndSignIn(`grace@${DOMAIN}`))).status, 200);
      clockAhead = (ID_TOKEN_SECONDS + 150) * 1000;
      await assertRefused(
        await finish(await startAndSignIn(`grace@${DOMAIN}`)),
        401,
        'sso_identity_rejected',
      );
      assert.match(lastRefusal(), /"exp"/);
    } finally {
      clockAhead = 0;
    }
  });

  it('the provider’s refusal is a sentence, never its description', async () => {
    const started = await startAndSignIn(`grace@${DOMAIN}`);
    const res = await finish(started, { error: 'access_denied', error_description: '<script>x</script>' });
    await assertRefused(res, 401, 'sso_provider_refused');
    assert.equal(
      res.body.message,
      'Your identity provider did not sign you in (access_denied). Please try again, or ask your organization admin.',
    );
  });
});

describe('testing the connection', () => {
  it('the admin signs in at the provider once; the test is recorded, nobody else is signed in', async () => {
    const started = await t.api('testSsoConnection', { cookie: admin.cookie, body: {} });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    provider.signInAs(`ada@${DOMAIN}`);
    const test = {
      cookie: ssoCookie(started),
      callback: await provider.browse(started.body.redirect_url, CALLBACK),
    };
    // Finished without the admin's session, a test proves nothing.
    const res = await finish(test, {}, admin.cookie);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.outcome, 'tested');
    assert.equal(
      res.body.message,
      `The connection works: ada@${DOMAIN} signed in through your identity provider.`,
    );
    assert.equal(res.cookie, undefined, 'the admin’s session stays as it is');
    const settings = await t.api('getSsoConnection', { cookie: admin.cookie });
    assert.ok(settings.body.data.connection.tested_at > 0);
    assert.equal((await lastAudit('sso.connection_tested'))?.actor_email, `ada@${DOMAIN}`);
  });

  it('a test finished without the admin’s session is refused', async () => {
    const started = await t.api('testSsoConnection', { cookie: admin.cookie, body: {} });
    provider.signInAs(`ada@${DOMAIN}`);
    const test = {
      cookie: ssoCookie(started),
      callback: await provider.browse(started.body.redirect_url, CALLBACK),
    };
    await assertRefused(await finish(test), 401, 'sso_sign_in_expired');
  });
});

describe('a test of the admin’s own address', () => {
  it('proves it, so single sign-on then lets the admin in; a test of another address proves nothing', async () => {
    const domain = 'tester-corp.com';
    const { owner } = await organizationWithDomain(t, `tess@${domain}`);
    await connectOidc(t, owner, provider);
    const testAs = async (as: string) => {
      const started = await t.api('testSsoConnection', { cookie: owner.cookie, body: {} });
      provider.signInAs(as);
      const callback = await provider.browse(started.body.redirect_url, CALLBACK);
      const res = await finish({ cookie: ssoCookie(started), callback }, {}, owner.cookie);
      assert.equal(res.body.outcome, 'tested', JSON.stringify(res.body));
    };
    await testAs(`someone@${domain}`);
    assert.equal((await account(`tess@${domain}`))!.email_proven_at, null);
    await assertRefused(await finish(await startAndSignIn(`tess@${domain}`)), 409, 'sso_account_unproven');

    await testAs(`tess@${domain}`);
    assert.ok((await account(`tess@${domain}`))!.email_proven_at, 'the address is proven');
    const res = await finish(await startAndSignIn(`tess@${domain}`));
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.message, 'Signed in.');
    assert.equal(res.body.user.email, `tess@${domain}`);
  });
});

describe('the identity-provider sandbox of a local install', () => {
  it('signs anyone in at the organization’s domain through the real protocol, or denies', async () => {
    const sandboxDomain = 'sandbox-corp.com';
    const { owner } = await organizationWithDomain(t, `olga@${sandboxDomain}`);
    const { sandbox } = (await t.api('getSsoConnection', { cookie: owner.cookie })).body.data;
    assert.equal(sandbox.issuer, `${PUBLIC_URL}/sandbox/idp`);
    const saved = await t.api('saveSsoConnection', {
      cookie: owner.cookie,
      body: {
        protocol: 'oidc',
        issuer: sandbox.issuer,
        client_id: sandbox.client_id,
        client_secret: sandbox.client_secret,
      },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));

    const signInThroughSandbox = async (outcome: 'continue' | 'deny') => {
      const started = await t.api('startSso', { body: { email: `pat@${sandboxDomain}` }, ip: anotherIp() });
      const authorize = new URL(started.body.redirect_url);
      const pageAnswer = await t.app.inject({
        method: 'GET',
        url: `${authorize.pathname}${authorize.search}`,
      });
      assert.equal(pageAnswer.statusCode, 200);
      assert.match(pageAnswer.body, /Sign in to your company/);
      const posted = await postForm(t, '/sandbox/idp/authorize', {
        ...Object.fromEntries(authorize.searchParams),
        email: `Pat@${sandboxDomain}`,
        name: 'Pat Sandbox',
        outcome,
      });
      assert.equal(posted.statusCode, 303, posted.body);
      const callback = new URL(String(posted.headers.location));
      assert.equal(`${callback.origin}${callback.pathname}`, CALLBACK);
      return finish({ cookie: ssoCookie(started), callback });
    };
    const signedIn = await signInThroughSandbox('continue');
    assert.equal(signedIn.status, 200, JSON.stringify(signedIn.body));
    assert.equal(signedIn.body.user.email, `pat@${sandboxDomain}`);
    assert.equal(signedIn.body.user.name, 'Pat Sandbox');
    await assertRefused(await signInThroughSandbox('deny'), 401, 'sso_provider_refused');
  });

  it('never exists on a non-local PUBLIC_URL, whatever SANDBOXES says', () => {
    assert.equal(sandboxIdentityProvider({ sandboxes: true, publicUrl: 'https://crm.example.com' }), null);
    assert.ok(sandboxIdentityProvider({ sandboxes: true, publicUrl: 'http://localhost:8080' }));
    assert.equal(sandboxIdentityProvider({ sandboxes: false, publicUrl: 'http://localhost:8080' }), null);
  });
});

describe('on a deployment, identity providers on the public internet only', () => {
  const refusedAsPrivate = (error: unknown) =>
    error instanceof SsoSetupError && error.reason === 'it is not on the public internet';

  it('an issuer on this machine, the private network or the metadata service is refused before any request', async () => {
    const guarded = createOidcClient({ fetch: publicOnlyFetch() });
    for (const issuer of [provider.issuer, 'https://10.0.0.7', 'https://169.254.169.254', 'https://[::1]']) {
      await assert.rejects(guarded.discover(issuer, 'x'), refusedAsPrivate, issuer);
    }
  });

  it('so is a name that resolves to one (checked as it connects)', async () => {
    const privately = ((_host, _options, callback) =>
      callback(null, [{ address: '192.168.1.20', family: 4 }])) as LookupFunction;
    const guarded = createOidcClient({ fetch: publicOnlyFetch(privately) });
    await assert.rejects(guarded.discover('https://idp.example.com', 'x'), refusedAsPrivate);
  });
});

describe('SAML (modelled; its sign-in is for later)', () => {
  it('serves the service provider’s metadata', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sso/saml/metadata' });
    assert.equal(res.statusCode, 200);
    assert.match(String(res.headers['content-type']), /^application\/samlmetadata\+xml/);
    assert.match(res.body, new RegExp(`entityID="${PUBLIC_URL}/sso/saml/metadata"`));
    assert.match(res.body, new RegExp(`Location="${PUBLIC_URL}/sso/saml/acs"`));
  });
});

describe('deleting the connection', () => {
  it('ends single sign-on for the domain (audited); SAML metadata that describes no identity provider is refused', async () => {
    const deleted = await t.api('deleteSsoConnection', { cookie: admin.cookie, body: {} });
    assert.equal(deleted.status, 200);
    assert.equal((await lastAudit('sso.connection_deleted'))?.actor_email, `ada@${DOMAIN}`);
    assert.equal(
      (await t.api('startSso', { body: { email: `grace@${DOMAIN}` }, ip: anotherIp() })).status,
      404,
    );
    assert.equal((await t.api('deleteSsoConnection', { cookie: admin.cookie, body: {} })).status, 404);

    // SAML itself: sso-saml.test.ts.
    const badXml = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: { protocol: 'saml', metadata_xml: '<html>not metadata</html>' },
    });
    assert.equal(badXml.status, 400);
    assert.equal(
      badXml.body.message,
      'The SAML metadata is not usable: it describes no identity provider (IDPSSODescriptor).',
    );
  });
});
