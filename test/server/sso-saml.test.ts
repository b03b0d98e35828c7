/**
 * docs/product.md#signing-in-with-sso, SAML: a local identity provider (its own RSA key and self-signed
 * certificate, its metadata served at a URL) signs the answers it posts to /sso/saml/acs. Signing in
 * (a Free member made just in time, a signed response or a signed assertion), and every refusal as users
 * read it on /login by its code and as the audit log keeps it: tampered, unsigned, replayed, expired,
 * another audience, another recipient or destination, another browser's request, an address outside the
 * domain, an unproven account. An answer sent unasked (IdP-initiated) starts a sign-in of its own; a
 * rotated certificate is read from the metadata again after the signature fails. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { newPrivateKey } from '../../src/server/security/key-pairs.js';
import { before, describe, it } from './helpers/node-test.js';
import { fetchThroughApp, postForm, PUBLIC_URL, useTestApp, type CallResult } from './helpers/app.js';
import { signup, type TestUser } from './helpers/users.js';
import {
  accountOf,
  lastAuditOf,
  lastRefusalIn,
  organizationWithDomain,
  saveAllowList,
} from './helpers/sso.js';
import {
  issuerMetadata,
  issueSamlResponse,
  readAuthnRequest,
  type SamlAnswerOptions,
  type SamlIssuerKeys,
} from '../../src/server/sso/saml-issuer.js';
import { selfSignedCertificate } from '../../src/server/sso/self-signed.js';
import { SAML_ACS_PATH, SAML_METADATA_PATH } from '../../src/shared/sso-paths.js';
import { refreshStaleSamlMetadata } from '../../src/server/domain/sso-connections.js';
import { createSamlClient } from '../../src/server/sso/saml.js';
import { RATE_RULES } from '../../src/server/security/rate-limit.js';

const DOMAIN = 'saml-corp.com';
const ACS = `${PUBLIC_URL}${SAML_ACS_PATH}`;
const ENTITY_ID = `${PUBLIC_URL}${SAML_METADATA_PATH}`;
const IDP_ENTITY = 'https://idp.saml-corp.com/metadata';
const METADATA_URL = 'https://idp.saml-corp.com/app/metadata.xml';
const SSO_URL = 'https://idp.saml-corp.com/sso';

function newKeys(name: string): SamlIssuerKeys {
  const privateKey = newPrivateKey('rsa');
  const now = Date.now();
  return {
    entityId: IDP_ENTITY,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    certificate: selfSignedCertificate(privateKey, {
      commonName: name,
      notBefore: new Date(now - 86_400_000),
      notAfter: new Date(now + 365 * 86_400_000),
    }),
  };
}

/** The identity provider's current key: rotation replaces it (and the metadata its URL serves). */
let idp = newKeys('Test IdP');
/** The sign-on URL the metadata URL serves (a test changes it). */
let servedSsoUrl = SSO_URL;
let metadataReads = 0;
const logLines: string[] = [];
/** The app's clock runs this far ahead (moved, never waited for); the identity provider's answers too. */
let clockOffset = 0;
const MINUTE = 60_000;
const appNow = () => new Date(Date.now() + clockOffset);
const t = useTestApp(
  {},
  {
    logger: { level: 'warn', stream: { write: (line) => logLines.push(line) } },
    services: {
      clock: appNow,
      // The identity provider's metadata URL, as the app's guarded fetch would read it; the app's own
      // addresses (the sandbox) reach the app in this process.
      ssoFetch: (input, init) =>
        fetchThroughApp(t, async (url) => {
          if (String(url) !== METADATA_URL) return new Response('not found', { status: 404 });
          metadataReads += 1;
          return new Response(issuerMetadata(idp, servedSsoUrl), {
            headers: { 'content-type': 'application/samlmetadata+xml' },
          });
        })(input, init),
    },
  },
);

let admin: TestUser;
let orgId = 0;
let calls = 0;
const anotherIp = () => {
  calls += 1;
  return `10.8.${Math.floor(calls / 250)}.${calls % 250}`;
};

function setCookies(res: { headers: Record<string, unknown> }): string[] {
  return ([] as string[]).concat((res.headers['set-cookie'] as string | string[] | undefined) ?? []);
}

function ssoCookieOf(res: { headers: Record<string, unknown> }): string {
  const cookie = setCookies(res).find((c) => c.startsWith('sso_sign_in=') && !c.startsWith('sso_sign_in=;'));
  assert.ok(cookie, `no sso_sign_in cookie in ${JSON.stringify(setCookies(res))}`);
  return cookie;
}

interface Started {
  cookie: string;
  requestId: string;
  relayState: string;
}

/** A sign-in started by `res` (its cookie) at `redirect` (the identity provider's sign-on URL). */
function startedAt(redirect: string, res: { headers: Record<string, unknown> }): Started {
  const url = new URL(redirect);
  assert.equal(url.origin + url.pathname, SSO_URL);
  const request = readAuthnRequest(url.searchParams.get('SAMLRequest') ?? '');
  assert.ok(request, 'an AuthnRequest');
  assert.equal(request.acsUrl, ACS);
  const cookie = ssoCookieOf(res);
  // The answer comes back by a cross-site POST: only a SameSite=None cookie comes along.
  assert.match(cookie, /SameSite=None/i);
  assert.match(cookie, /Secure/i);
  return {
    cookie: cookie.split(';')[0]!,
    requestId: request.id,
    relayState: url.searchParams.get('RelayState')!,
  };
}

/** start-sso for `email`: the AuthnRequest the browser carries to the identity provider. */
async function start(email = `grace@${DOMAIN}`): Promise<Started> {
  const started = await t.api('startSso', { body: { email }, ip: anotherIp() });
  assert.equal(started.status, 200, JSON.stringify(started.body));
  return startedAt(started.body.redirect_url, started);
}

type Answer = Partial<SamlAnswerOptions> & { keys?: SamlIssuerKeys; tamper?: (xml: string) => string };

function answer(started: Pick<Started, 'requestId'> | null, email: string, options: Answer = {}) {
  const { keys = idp, tamper, ...rest } = options;
  return issueSamlResponse(keys, {
    acsUrl: ACS,
    audience: ENTITY_ID,
    email,
    name: 'Grace Hopper',
    now: appNow(),
    ...(started ? { inResponseTo: started.requestId } : {}),
    ...rest,
  }).then((encoded) =>
    tamper
      ? Buffer.from(tamper(Buffer.from(encoded, 'base64').toString('utf8'))).toString('base64')
      : encoded,
  );
}

/** The identity provider's POST to the ACS from the browser (its cookies), and where it sends it. */
async function post(fields: Record<string, string>, cookie?: string) {
  const res = await postForm(t, SAML_ACS_PATH, fields, {
    ...(cookie ? { cookie } : {}),
    // A cross-site form post: the identity provider's origin.
    headers: { origin: 'https://idp.saml-corp.com' },
    ip: anotherIp(),
  });
  assert.equal(res.statusCode, 303, res.body);
  const location = String(res.headers.location);
  const session = setCookies(res)
    .find((c) => c.startsWith('session='))
    ?.split(';')[0];
  return { res, location, session };
}

/** /sso/callback's entry work: it posts what the ACS concluded to finish-sso, as the app does. */
async function conclude(location: string, session?: string): Promise<CallResult> {
  const url = new URL(location, PUBLIC_URL);
  assert.equal(url.pathname, '/sso/callback');
  const sealed = url.searchParams.get('saml_outcome');
  assert.ok(sealed, `no outcome in ${location}`);
  return t.api('finishSso', {
    body: { saml_outcome: sealed },
    ...(session ? { cookie: session } : {}),
    ip: anotherIp(),
  });
}

/** The whole sign-in: start, the identity provider's answer posted back, and the app's finish. */
async function signInThrough(
  started: Started,
  samlResponse: string,
  cookie: string | undefined = started.cookie,
) {
  const posted = await post({ SAMLResponse: samlResponse, RelayState: started.relayState }, cookie);
  return { ...posted, finished: await conclude(posted.location, posted.session) };
}

const account = (email: string) => accountOf(t, email);

const lastAudit = (type: string) => lastAuditOf(t, type);

const lastRefusal = () => lastRefusalIn(logLines);

/** The identity provider's metadata as the organization's connection keeps it. */
async function keptIdp() {
  const row = await t.app.services.db
    .selectFrom('sso_connections')
    .select('saml_idp')
    .where('organization_id', '=', orgId)
    .executeTakeFirstOrThrow();
  return row.saml_idp;
}

/** A refusal as /login shows it (by its code), no session, and its audit entry. */
async function assertRefused(
  outcome: { session: string | undefined; finished: CallResult },
  status: number,
  code: string,
) {
  assert.equal(outcome.session, undefined, 'no session');
  assert.equal(outcome.finished.status, status, JSON.stringify(outcome.finished.body));
  assert.equal(outcome.finished.body.code, code);
  const failed = await lastAudit('auth.sign_in_failed');
  assert.deepEqual(failed?.details, { method: 'sso', reason: code });
}

before(async () => {
  ({ owner: admin, orgId } = await organizationWithDomain(t, `ada@${DOMAIN}`));
  const saved = await t.api('saveSsoConnection', {
    cookie: admin.cookie,
    body: { protocol: 'saml', metadata_url: METADATA_URL },
  });
  assert.equal(saved.status, 200, JSON.stringify(saved.body));
});

describe('the SAML connection', () => {
  it('reads the metadata on save: the sign-on URL and the signing certificate', async () => {
    const row = await t.app.services.db
      .selectFrom('sso_connections')
      .selectAll()
      .where('organization_id', '=', orgId)
      .executeTakeFirstOrThrow();
    assert.equal(row.saml_idp?.entryPoint, SSO_URL);
    assert.equal(row.saml_idp_entity_id, IDP_ENTITY);
    assert.deepEqual(row.saml_idp?.certificates, [idp.certificate]);
  });

  it('refuses metadata that names no sign-on service, saying why', async () => {
    const res = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: {
        protocol: 'saml',
        metadata_xml: issuerMetadata(idp, SSO_URL).replace(/<md:SingleSignOnService[^>]*\/>/, ''),
      },
    });
    assert.equal(res.status, 400);
    assert.equal(
      res.body.message,
      'The SAML metadata is not usable: it has no SingleSignOnService (HTTP-Redirect or HTTP-POST).',
    );
  });

  it('refuses metadata without an entity ID: it is what tells one identity provider from another', async () => {
    const res = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: { protocol: 'saml', metadata_xml: issuerMetadata(idp, SSO_URL).replace(/ entityID="[^"]*"/, '') },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.code, 'sso_saml_entity_id_missing');
    assert.equal(
      res.body.message,
      'The SAML metadata names no identity provider (its EntityDescriptor has no entityID). Download it again from your identity provider.',
    );
  });

  it('refuses a sign-on URL in the clear to another machine: the browser is sent there', async () => {
    const res = await t.api('saveSsoConnection', {
      cookie: admin.cookie,
      body: { protocol: 'saml', metadata_xml: issuerMetadata(idp, 'http://idp.saml-corp.com/sso') },
    });
    assert.equal(res.status, 400);
    assert.equal(
      res.body.message,
      'The SAML metadata is not usable: its SingleSignOnService Location must start with https://.',
    );
  });
});

describe('signing in with SAML', () => {
  it('makes a Free member with a proven address, and signs them in again later', async () => {
    const email = `grace@${DOMAIN}`;
    const started = await start(email);
    const { session, finished } = await signInThrough(started, await answer(started, 'Grace@SAML-corp.com'));
    assert.ok(session, 'a session');
    assert.equal(finished.status, 200, JSON.stringify(finished.body));
    assert.equal(finished.body.message, 'Account created.');
    assert.equal(finished.body.user.email, email);
    const user = (await account(email))!;
    assert.equal(user.organization_id, orgId);
    assert.ok(user.email_proven_at);
    assert.equal(user.name, 'Grace Hopper');
    assert.deepEqual((await lastAudit('auth.signed_in'))?.details, { method: 'sso' });
    const me = await t.api('getUser', { cookie: session });
    assert.equal(me.body.data.email, email);

    // A signed response (rather than a signed assertion) will do as well.
    const again = await start(email);
    const second = await signInThrough(again, await answer(again, email, { sign: 'response' }));
    assert.equal(second.finished.status, 200, JSON.stringify(second.finished.body));
    assert.equal(second.finished.body.message, 'Signed in.');
  });

  it('an outcome is answered only to the session the ACS started', async () => {
    const started = await start();
    const posted = await post(
      { SAMLResponse: await answer(started, `grace@${DOMAIN}`), RelayState: started.relayState },
      started.cookie,
    );
    const elsewhere = await conclude(posted.location);
    assert.equal(elsewhere.status, 401);
    assert.equal(elsewhere.body.code, 'sso_sign_in_expired');
  });
});

describe('the checks of the identity provider’s answer', () => {
  const email = `grace@${DOMAIN}`;

  it('refuses a tampered answer', async () => {
    const started = await start();
    const outcome = await signInThrough(
      started,
      await answer(started, `someone@${DOMAIN}`, { tamper: (xml) => xml.replace(/someone@/g, 'ada@') }),
    );
    await assertRefused(outcome, 401, 'sso_identity_rejected');
    assert.equal(
      outcome.finished.body.message,
      "Your identity provider's answer could not be verified, so you were not signed in. Please try again; if it keeps happening, ask your organization admin to test the single sign-on connection.",
    );
    assert.match(lastRefusal(), /signature/i);
  });

  it('refuses an unsigned answer, and one signed by another key', async () => {
    const started = await start();
    await assertRefused(
      await signInThrough(started, await answer(started, email, { sign: 'none' })),
      401,
      'sso_identity_rejected',
    );
    const other = await start();
    await assertRefused(
      await signInThrough(other, await answer(other, email, { keys: newKeys('Impostor') })),
      401,
      'sso_identity_rejected',
    );
  });

  it('refuses a signed assertion wrapped in an unsigned response naming this browser’s request', async () => {
    // An assertion sent unasked (IdP-initiated), leaked, put in a response of one's own sign-in.
    const started = await start();
    const wrapped = await answer(null, email, {
      tamper: (xml) =>
        xml.replace('<samlp:Response ', `<samlp:Response InResponseTo="${started.requestId}" `),
    });
    await assertRefused(await signInThrough(started, wrapped), 401, 'sso_identity_rejected');
    assert.match(lastRefusal(), /has no InResponseTo/);
  });

  it('refuses a replayed answer', async () => {
    const started = await start();
    const samlResponse = await answer(started, email);
    const first = await signInThrough(started, samlResponse);
    assert.equal(first.finished.status, 200);
    await assertRefused(await signInThrough(started, samlResponse), 401, 'sso_sign_in_expired');
  });

  it('refuses an expired answer, and accepts one within 2 minutes of clock skew', async () => {
    const started = await start();
    const old = new Date(Date.now() - 10 * 60_000);
    await assertRefused(
      await signInThrough(started, await answer(started, email, { now: old, validSeconds: 60 })),
      401,
      'sso_identity_rejected',
    );
    assert.match(lastRefusal(), /expired/);
    const skewed = await start();
    const late = new Date(Date.now() - 150_000);
    const res = await signInThrough(skewed, await answer(skewed, email, { now: late, validSeconds: 60 }));
    assert.equal(res.finished.status, 200, JSON.stringify(res.finished.body));
    const early = await start();
    const future = await signInThrough(
      early,
      await answer(early, email, { now: new Date(Date.now() + 5 * 60_000) }),
    );
    await assertRefused(future, 401, 'sso_identity_rejected');
  });

  it('refuses another audience, another recipient and another destination', async () => {
    for (const wrong of [
      { audience: 'https://another-app.example.com/saml' },
      { recipient: 'https://another-app.example.com/acs' },
      { destination: 'https://another-app.example.com/acs' },
    ]) {
      const started = await start();
      await assertRefused(
        await signInThrough(started, await answer(started, email, wrong)),
        401,
        'sso_identity_rejected',
      );
    }
  });

  it('refuses an answer to another browser’s request', async () => {
    const mine = await start();
    const theirs = await start();
    // Their answer, posted from my browser with my RelayState.
    await assertRefused(await signInThrough(mine, await answer(theirs, email)), 401, 'sso_identity_rejected');
    assert.match(lastRefusal(), /InResponseTo/);
    // Their request's ID is their live sign-in's secret: never in the log (docs/invariants.md).
    assert.doesNotMatch(lastRefusal(), /_[\w-]{40,}/);
    // Their RelayState without their cookie.
    const stolen = await signInThrough(theirs, await answer(theirs, email), mine.cookie);
    await assertRefused(stolen, 401, 'sso_sign_in_expired');
  });

  it('refuses an address outside the organization’s domain', async () => {
    const started = await start();
    const outcome = await signInThrough(started, await answer(started, 'eve@elsewhere.com'));
    await assertRefused(outcome, 401, 'sso_email_not_at_domain');
    assert.equal(await account('eve@elsewhere.com'), undefined);
  });

  it('refuses an existing account whose address nobody proved', async () => {
    const typed = `typed@${DOMAIN}`;
    await signup(t.api, { email: typed });
    const started = await start();
    const outcome = await signInThrough(started, await answer(started, typed));
    await assertRefused(outcome, 409, 'sso_account_unproven');
    assert.equal((await account(typed))!.organization_id, null);
  });

  it('says the identity provider refused, by its status', async () => {
    const started = await start();
    const outcome = await signInThrough(started, await answer(started, email, { refusal: 'AuthnFailed' }));
    await assertRefused(outcome, 401, 'sso_provider_refused');
    assert.equal(outcome.finished.body.params.error, 'AuthnFailed');
  });

  it('a post with no answer at all is a sentence, not an error page', async () => {
    const { location, session } = await post({});
    assert.equal(session, undefined);
    const finished = await conclude(location);
    assert.equal(finished.status, 401);
    assert.equal(finished.body.code, 'sso_saml_unsolicited');
  });

  it('past the sign-in limit of its address, says when to try again as any sign-in does', async () => {
    const ip = '10.77.0.1';
    let last = '';
    for (let i = 0; i <= RATE_RULES.loginIp.limit; i += 1) {
      last = String((await postForm(t, SAML_ACS_PATH, {}, { ip })).headers.location);
    }
    const finished = await conclude(last);
    assert.equal(finished.status, 429, JSON.stringify(finished.body));
    assert.equal(finished.body.code, 'too_many_attempts');
    assert.equal(finished.headers['retry-after'], String(RATE_RULES.loginIp.windowSeconds));
  });

  it('a post that is not this browser’s answer leaves its sign-in in progress', async () => {
    // Any site can make a browser post here: only the answer to its own sign-in (its RelayState) ends it.
    const started = await start();
    const ended = (res: { headers: Record<string, unknown> }) =>
      setCookies(res).some((c) => c.startsWith('sso_sign_in='));
    assert.equal(ended((await post({}, started.cookie)).res), false);
    assert.equal(ended((await post({ RelayState: 'another' }, started.cookie)).res), false);
    const done = await signInThrough(started, await answer(started, `grace@${DOMAIN}`));
    assert.equal(done.finished.status, 200, JSON.stringify(done.finished.body));
    assert.equal(ended(done.res), true, 'its own answer ends it');
  });
});

describe('the organization’s IP allow-list', () => {
  it('refuses a sign-in from outside it before a session starts, saying why, audited', async () => {
    const policies = (list: string[]) => saveAllowList(t, admin.cookie, list);
    await policies(['127.0.0.1', '203.0.113.0/24']);
    try {
      const started = await start();
      // From 10.8.x.x (anotherIp): outside the list.
      const outcome = await signInThrough(started, await answer(started, `grace@${DOMAIN}`));
      await assertRefused(outcome, 403, 'ip_not_allowed');
      assert.match(
        outcome.finished.body.message,
        /^Your organization allows access only from its approved networks, and your address 10\.8\.\d+\.\d+ is not one of them\./,
      );
      // A first sign-in: refused before the account would be made just in time.
      const newcomer = `hedy@${DOMAIN}`;
      const first = await start(newcomer);
      await assertRefused(await signInThrough(first, await answer(first, newcomer)), 403, 'ip_not_allowed');
      assert.equal((await lastAudit('auth.sign_in_failed'))?.target_email, newcomer);
      assert.equal(await account(newcomer), undefined, 'no account made just in time');
    } finally {
      await policies([]);
    }
  });
});

describe('an answer sent unasked (IdP-initiated)', () => {
  it('signs nobody in, and starts a sign-in of its own at the same identity provider', async () => {
    const email = `grace@${DOMAIN}`;
    const unasked = await answer(null, email);
    // With the default RelayState an identity provider may add to an answer nobody asked for.
    const res = await postForm(
      t,
      SAML_ACS_PATH,
      { SAMLResponse: unasked, RelayState: '/dashboard' },
      { ip: anotherIp() },
    );
    assert.equal(res.statusCode, 303);
    assert.equal(
      setCookies(res).find((c) => c.startsWith('session=')),
      undefined,
      'no session',
    );
    const started = startedAt(String(res.headers.location), res);
    const done = await signInThrough(started, await answer(started, email));
    assert.equal(done.finished.status, 200, JSON.stringify(done.finished.body));
    assert.equal(done.finished.body.user.email, email);
  });

  it('refuses one from an identity provider no organization connected', async () => {
    const stranger = { ...newKeys('Stranger'), entityId: 'https://stranger.example.com' };
    const res = await postForm(
      t,
      SAML_ACS_PATH,
      { SAMLResponse: await answer(null, 'x@y.com', { keys: stranger }) },
      { ip: anotherIp() },
    );
    assert.equal(res.statusCode, 303);
    const finished = await conclude(String(res.headers.location));
    assert.equal(finished.status, 401);
    assert.equal(
      finished.body.message,
      'Your identity provider sent a sign-in nobody started here. Please start with "Sign in with SSO".',
    );
  });
});

describe('an answer sent unasked, when another organization names the same identity provider', () => {
  // An organization may save any metadata: here one naming our identity provider's entity ID, with its
  // own key and its own sign-on page (docs/product.md#signing-in-with-sso).
  const EVIL = 'evil-saml.com';
  const EVIL_SSO = 'https://evil-saml.com/phish';
  const impostor = newKeys('Impostor IdP');

  before(async () => {
    const { owner } = await organizationWithDomain(t, `mallory@${EVIL}`);
    const saved = await t.api('saveSsoConnection', {
      cookie: owner.cookie,
      body: { protocol: 'saml', metadata_xml: issuerMetadata(impostor, EVIL_SSO) },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
  });

  async function postUnasked(samlResponse: string) {
    const res = await postForm(t, SAML_ACS_PATH, { SAMLResponse: samlResponse }, { ip: anotherIp() });
    assert.equal(res.statusCode, 303);
    return { res, location: String(res.headers.location) };
  }

  async function assertUnsolicitedRefusal(samlResponse: string) {
    const { location } = await postUnasked(samlResponse);
    assert.ok(!location.startsWith(EVIL_SSO), `sent to ${location}`);
    assert.ok(!location.startsWith(SSO_URL), `sent to ${location}`);
    const finished = await conclude(location);
    assert.equal(finished.status, 401);
    assert.equal(finished.body.code, 'sso_saml_unsolicited');
  }

  it('starts the sign-in at the organization whose key signed it and whose domain the address is at', async () => {
    const { res, location } = await postUnasked(await answer(null, `grace@${DOMAIN}`));
    assert.equal(new URL(location).origin + new URL(location).pathname, SSO_URL);
    startedAt(location, res);
  });

  it('sends nobody anywhere on an answer signed by another key, unsigned, or at another domain', async () => {
    await assertUnsolicitedRefusal(await answer(null, `grace@${DOMAIN}`, { keys: impostor }));
    await assertUnsolicitedRefusal(await answer(null, `mallory@${EVIL}`, { sign: 'none' }));
    await assertUnsolicitedRefusal(await answer(null, `grace@${DOMAIN}`, { sign: 'none' }));
    await assertUnsolicitedRefusal(await answer(null, `mallory@${EVIL}`));
  });

  it('uses up the answer: the same one posted again starts nothing', async () => {
    const unasked = await answer(null, `grace@${DOMAIN}`);
    const first = await postUnasked(unasked);
    assert.equal(new URL(first.location).origin + new URL(first.location).pathname, SSO_URL);
    await assertUnsolicitedRefusal(unasked);
  });
});

describe('the test of a SAML connection', () => {
  it('records that it worked, signs nobody in and leaves the admin’s session', async () => {
    const test = await t.api('testSsoConnection', { cookie: admin.cookie, body: {} });
    assert.equal(test.status, 200, JSON.stringify(test.body));
    const started = startedAt(test.body.redirect_url, test);
    // The identity provider's cross-site POST brings the SameSite=None binding cookie, not the session.
    const posted = await post(
      { SAMLResponse: await answer(started, `ada@${DOMAIN}`), RelayState: started.relayState },
      started.cookie,
    );
    assert.equal(posted.session, undefined, 'no new session');
    const finished = await conclude(posted.location, admin.cookie);
    assert.equal(finished.status, 200, JSON.stringify(finished.body));
    assert.equal(
      finished.body.message,
      `The connection works: ada@${DOMAIN} signed in through your identity provider.`,
    );
    const connection = await t.api('getSsoConnection', { cookie: admin.cookie });
    assert.ok(connection.body.data.connection.tested_at);
  });
});

describe('a test of a SAML connection that no longer holds when the answer comes', () => {
  const testsRecorded = async () =>
    (
      await t.app.services.db
        .selectFrom('audit_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('type', '=', 'sso.connection_tested')
        .executeTakeFirstOrThrow()
    ).n;

  /**
   * Starts a test as the admin (in the session of `cookie`), lets `meanwhile` happen, then the identity
   * provider answers it.
   */
  async function testWith(meanwhile: () => Promise<void>, cookie = admin.cookie) {
    const test = await t.api('testSsoConnection', { cookie, body: {} });
    assert.equal(test.status, 200, JSON.stringify(test.body));
    const started = startedAt(test.body.redirect_url, test);
    await meanwhile();
    const posted = await post(
      { SAMLResponse: await answer(started, `ada@${DOMAIN}`), RelayState: started.relayState },
      started.cookie,
    );
    return conclude(posted.location, cookie);
  }

  /** Another session of the admin's, to end without ending the one the other tests use. */
  const anotherSession = async () =>
    `session=${await t.app.services.repos.sessions.create(Number(admin.id))}`;

  it('is not concluded by an admin demoted meanwhile', async () => {
    const before = await testsRecorded();
    const setRole = (role: 'member' | 'admin') =>
      t.app.services.db.updateTable('users').set({ role }).where('id', '=', Number(admin.id)).execute();
    try {
      const finished = await testWith(() => setRole('member').then(() => undefined));
      assert.equal(finished.status, 401, JSON.stringify(finished.body));
      assert.equal(finished.body.code, 'sso_sign_in_expired');
    } finally {
      await setRole('admin');
    }
    assert.equal(await testsRecorded(), before, 'not recorded as tested');
  });

  it('ends with the one session it was started in (logged out there)', async () => {
    const before = await testsRecorded();
    const cookie = await anotherSession();
    const finished = await testWith(async () => {
      const loggedOut = await t.api('logout', { cookie });
      assert.equal(loggedOut.status, 200, JSON.stringify(loggedOut.body));
    }, cookie);
    assert.equal(finished.status, 401, JSON.stringify(finished.body));
    assert.equal(await testsRecorded(), before, 'not recorded as tested');
  });

  it('is not concluded where the session it was started in may not be used (the allow-list)', async () => {
    const before = await testsRecorded();
    try {
      // The identity provider's answer comes from the admin's browser, at 10.8.x.x (anotherIp).
      const finished = await testWith(() => saveAllowList(t, admin.cookie, ['127.0.0.1']));
      assert.equal(finished.status, 401, JSON.stringify(finished.body));
    } finally {
      await saveAllowList(t, admin.cookie, []);
    }
    assert.equal(await testsRecorded(), before, 'not recorded as tested');
  });

  it('ends with the admin’s sessions', async () => {
    const before = await testsRecorded();
    const finished = await testWith(async () => {
      const ended = await t.api('endOtherSessions', { cookie: admin.cookie });
      assert.equal(ended.status, 200, JSON.stringify(ended.body));
    });
    assert.equal(finished.status, 401, JSON.stringify(finished.body));
    assert.equal(await testsRecorded(), before, 'not recorded as tested');
  });
});

describe('certificate rotation', () => {
  it('reads the metadata again after a signature fails, and the new certificate signs in', async () => {
    clockOffset += 6 * MINUTE; // the last read is older than the cooldown of reads after a refusal
    const reads = metadataReads;
    idp = newKeys('Test IdP (rotated)');
    const started = await start();
    const outcome = await signInThrough(started, await answer(started, `grace@${DOMAIN}`));
    assert.equal(outcome.finished.status, 200, JSON.stringify(outcome.finished.body));
    assert.equal(metadataReads, reads + 1, 'read once more');
    assert.deepEqual((await keptIdp())?.certificates, [idp.certificate]);
  });
});

describe('certificate rotation, for an answer sent unasked', () => {
  it('reads the metadata again after its signature fails, and starts the sign-in at that identity provider', async () => {
    clockOffset += 6 * MINUTE; // the last read is older than the cooldown of reads after a refusal
    const reads = metadataReads;
    idp = newKeys('Test IdP (rotated, then an unasked answer)');
    const res = await postForm(
      t,
      SAML_ACS_PATH,
      { SAMLResponse: await answer(null, `grace@${DOMAIN}`) },
      { ip: anotherIp() },
    );
    assert.equal(res.statusCode, 303);
    const location = String(res.headers.location);
    // Relative when refused: /sso/callback with the refusal sealed.
    const sentTo = new URL(location, PUBLIC_URL);
    assert.equal(sentTo.origin + sentTo.pathname, SSO_URL, `sent to ${location}`);
    startedAt(location, res);
    assert.equal(metadataReads, reads + 1, 'read once more');
    assert.deepEqual((await keptIdp())?.certificates, [idp.certificate]);
  });
});

describe('reads of the metadata after a signature fails', () => {
  it('are at most one per connection in five minutes, however many forged answers come', async () => {
    const forged = newKeys('Forger');
    clockOffset += 6 * MINUTE;
    const reads = metadataReads;
    const kept = await keptIdp();
    for (let i = 0; i < 10; i += 1) {
      const res = await postForm(
        t,
        SAML_ACS_PATH,
        { SAMLResponse: await answer(null, `grace@${DOMAIN}`, { keys: forged }) },
        { ip: anotherIp() },
      );
      assert.equal(res.statusCode, 303);
      assert.equal(new URL(String(res.headers.location), PUBLIC_URL).pathname, '/sso/callback');
    }
    assert.equal(metadataReads, reads + 1, 'read once for ten forged answers');
    assert.deepEqual(await keptIdp(), kept, 'the metadata kept as it was');
    // Asked for or not, the same bound; once five minutes have passed, one read again.
    const started = await start();
    const refused = await signInThrough(started, await answer(started, `grace@${DOMAIN}`, { keys: forged }));
    assert.equal(refused.finished.status, 401);
    assert.equal(metadataReads, reads + 1);
    clockOffset += 5 * MINUTE + 1000;
    const later = await start();
    await signInThrough(later, await answer(later, `grace@${DOMAIN}`, { keys: forged }));
    assert.equal(metadataReads, reads + 2, 'read again after five minutes');
  });
});

describe('the daily refresh of the metadata', () => {
  /** The hourly task's run `hoursAhead` from now (past a day since the last read), on a deployment at `publicUrl`. */
  const refreshAt = (hoursAhead: number, failures: unknown[], publicUrl = PUBLIC_URL) =>
    refreshStaleSamlMetadata(
      {
        repos: t.app.services.repos,
        saml: createSamlClient(t.app.services.ssoFetch),
        clock: () => new Date(Date.now() + hoursAhead * 60 * 60 * 1000),
        config: { publicUrl },
      },
      (_id, error) => failures.push(error),
    );

  it('holds what it reads to the guard of saving: on a deployment, no sign-on URL in the clear', async () => {
    const before = await keptIdp();
    // A metadata URL that now names a sign-on URL on the server's own machine, in the clear.
    servedSsoUrl = 'http://localhost:3000/sso';
    try {
      const failures: unknown[] = [];
      const refreshed = await refreshAt(25, failures, 'https://app.example.com');
      assert.equal(refreshed, 0);
      assert.equal(failures.length, 1);
      assert.match(String(failures[0]), /SingleSignOnService Location must start with https:\/\//);
    } finally {
      servedSsoUrl = SSO_URL;
    }
    assert.deepEqual(await keptIdp(), before, 'kept as it was');
  });

  it('reads a metadata URL read a day ago again, and keeps what it says', async () => {
    idp = newKeys('Test IdP (rotated daily)');
    const failures: unknown[] = [];
    assert.equal(await refreshAt(50, failures), 1);
    assert.equal(failures.length, 0, String(failures[0]));
    assert.deepEqual((await keptIdp())?.certificates, [idp.certificate]);
    // Read a moment ago: not again.
    assert.equal(await refreshAt(50, failures), 0);
  });

  it('keeps the metadata (and the people it links) when the URL now names another identity provider', async () => {
    const before = await keptIdp();
    const kept = idp;
    // Its subjects are its own: read into the connection, one of them could sign in as one of ours.
    idp = { ...newKeys('Another IdP'), entityId: 'https://another-idp.example.com/metadata' };
    try {
      const failures: unknown[] = [];
      const refreshed = await refreshAt(75, failures);
      assert.equal(refreshed, 0);
      assert.equal(failures.length, 1);
      assert.match(
        String(failures[0]),
        /another identity provider \(https:\/\/another-idp\.example\.com\/metadata, not https:\/\/idp\.saml-corp\.com\/metadata\); save the connection again/,
      );
    } finally {
      idp = kept;
    }
    assert.deepEqual(await keptIdp(), before, 'kept as it was');
  });
});

describe('the identity-provider sandbox in SAML mode', () => {
  it('signs anyone in at the organization’s domain with signed assertions, or refuses', async () => {
    clockOffset = 0; // the sandbox signs its answers by the real clock
    const sandboxDomain = 'saml-sandbox-corp.com';
    const { owner } = await organizationWithDomain(t, `olga@${sandboxDomain}`);
    const { sandbox } = (await t.api('getSsoConnection', { cookie: owner.cookie })).body.data;
    assert.equal(sandbox.saml_metadata_url, `${PUBLIC_URL}/sandbox/idp/saml/metadata`);
    const saved = await t.api('saveSsoConnection', {
      cookie: owner.cookie,
      body: { protocol: 'saml', metadata_url: sandbox.saml_metadata_url },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));

    const throughSandbox = async (outcome: 'continue' | 'deny') => {
      const started = await t.api('startSso', { body: { email: `pat@${sandboxDomain}` }, ip: anotherIp() });
      assert.equal(started.status, 200, JSON.stringify(started.body));
      const sso = new URL(started.body.redirect_url);
      assert.equal(`${sso.origin}${sso.pathname}`, `${PUBLIC_URL}/sandbox/idp/saml/sso`);
      const signInPage = await t.app.inject({ method: 'GET', url: `${sso.pathname}${sso.search}` });
      assert.equal(signInPage.statusCode, 200);
      assert.match(signInPage.body, /Sign in to your company/);
      const posted = await postForm(t, '/sandbox/idp/saml/sso', {
        SAMLRequest: sso.searchParams.get('SAMLRequest')!,
        RelayState: sso.searchParams.get('RelayState')!,
        email: `Pat@${sandboxDomain}`,
        name: 'Pat Sandbox',
        outcome,
      });
      assert.equal(posted.statusCode, 200, posted.body);
      // The page's form the browser posts to the ACS.
      const field = (name: string) =>
        new RegExp(`name="${name}" value="([^"]*)"`).exec(posted.body)?.[1] ?? '';
      assert.match(posted.body, new RegExp(`action="${ACS}"`));
      const cookie = ssoCookieOf(started).split(';')[0]!;
      const acs = await post(
        { SAMLResponse: field('SAMLResponse'), RelayState: field('RelayState') },
        cookie,
      );
      return { session: acs.session, finished: await conclude(acs.location, acs.session) };
    };
    const signedIn = await throughSandbox('continue');
    assert.equal(signedIn.finished.status, 200, JSON.stringify(signedIn.finished.body));
    assert.equal(signedIn.finished.body.user.email, `pat@${sandboxDomain}`);
    assert.equal(signedIn.finished.body.user.name, 'Pat Sandbox');
    await assertRefused(await throughSandbox('deny'), 401, 'sso_provider_refused');
  });
});
