/**
 * No secret reaches the log. A scripted walk runs every flow that creates or accepts a secret (passwords,
 * session and pending sign-in cookies, the device cookie, the TOTP secret, codes and recovery codes, reset
 * and invitation tokens, invitation links and their /join/<token> page, the domain verification code, the
 * Google credential, CRM keys and OAuth codes and tokens), then calls every operation of openapi.yaml with
 * secrets in each field that can carry one, with the server's own logger at debug capturing every line.
 * Every value collected on the way must be absent from the log. Which operations carry a secret is read
 * from the contract, so a new one that the walk does not script fails here until it does.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from './helpers/node-test.js';
import { Secret, TOTP } from 'otpauth';
import {
  getContract,
  mailToken,
  fetchThroughApp,
  postForm,
  PUBLIC_URL,
  startTestApp,
  type CallOptions,
  type CallResult,
  type TestApp,
} from './helpers/app.js';
import { deref as contractDeref } from '../../src/server/contract.js';
import { createOidcClient } from '../../src/server/sso/oidc.js';
import { GOOGLE_TEST_CLIENT_ID, fakeGoogleVerifier } from './helpers/google.js';
import { PASSWORD, uniqueEmail } from './helpers/users.js';

type Json = Record<string, unknown>;

/** Request fields, parameters and answer fields whose names say they carry a secret. */
const SECRET_FIELD = /(password|token|secret|(^|_)code|api_key_\d)$/;
const SECRET_ANSWER_FIELD = /^(secret|recovery_codes|access_token|refresh_token|token)$/;
/** Named like a secret, but public: a promotion code printed on the pricing page. */
const NOT_SECRET = new Set(['coupon_code']);

const isSecretField = (name: string) => SECRET_FIELD.test(name) && !NOT_SECRET.has(name);

/** A node of the document, its local $ref followed. */
const resolved = (doc: Json, node: unknown): Json | undefined =>
  node === undefined ? undefined : (contractDeref(doc, node).node as Json | undefined);

/** Every property name of a schema, nested ones included. */
function propertyNames(doc: Json, schema: unknown, into = new Set<string>(), seen = new Set<unknown>()) {
  const node = resolved(doc, schema);
  if (!node || typeof node !== 'object' || seen.has(node)) return into;
  seen.add(node);
  for (const [name, child] of Object.entries((node.properties as Json | undefined) ?? {})) {
    into.add(name);
    propertyNames(doc, child, into, seen);
  }
  for (const key of ['items', 'additionalProperties']) propertyNames(doc, node[key], into, seen);
  for (const key of ['allOf', 'oneOf', 'anyOf']) {
    for (const child of (node[key] as unknown[] | undefined) ?? []) propertyNames(doc, child, into, seen);
  }
  return into;
}

interface SecretBearing {
  operationId: string;
  /** Request fields (path, query, body) that carry a secret. */
  fields: string[];
  /** Whether the answer hands out a secret. */
  answers: boolean;
}

/** The operations of openapi.yaml that take or give a secret, read from their schemas. */
function secretBearingOperations(): SecretBearing[] {
  const doc = getContract().doc;
  const found: SecretBearing[] = [];
  for (const item of Object.values(doc.paths as Record<string, Record<string, Json>>)) {
    for (const op of Object.values(item)) {
      if (typeof op?.operationId !== 'string') continue;
      const fields = new Set<string>();
      for (const parameter of (op.parameters as unknown[] | undefined) ?? []) {
        const name = resolved(doc, parameter)?.name;
        if (typeof name === 'string') fields.add(name);
      }
      for (const media of Object.values((resolved(doc, op.requestBody)?.content as Json | undefined) ?? {})) {
        propertyNames(doc, (media as Json).schema, fields);
      }
      const answered = new Set<string>();
      for (const response of Object.values((op.responses as Json | undefined) ?? {})) {
        for (const media of Object.values((resolved(doc, response)?.content as Json | undefined) ?? {})) {
          propertyNames(doc, (media as Json).schema, answered);
        }
      }
      const secretFields = [...fields].filter(isSecretField);
      const answers = [...answered].some((name) => SECRET_ANSWER_FIELD.test(name));
      if (secretFields.length > 0 || answers) {
        found.push({ operationId: op.operationId, fields: secretFields, answers });
      }
    }
  }
  return found;
}

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSeconds * 1000,
  });

describe('secrets in the log', () => {
  let t: TestApp;
  const log: string[] = [];
  /** Every secret value the walk saw. */
  const secrets = new Set<string>();
  /** Operations that answered 2xx during the scripted walk. */
  const walked = new Set<string>();

  const keep = (...values: (string | null | undefined)[]) => {
    for (const value of values) if (value) secrets.add(value);
  };

  /** The value of every cookie the answer sets (session, pending sign-in, device...). */
  function keepCookies(headers: Record<string, unknown>): Record<string, string> {
    const cookies: Record<string, string> = {};
    for (const line of ([] as string[]).concat(
      (headers['set-cookie'] as string | string[] | undefined) ?? [],
    )) {
      const [pair] = line.split(';');
      const equals = pair!.indexOf('=');
      const value = pair!.slice(equals + 1);
      cookies[pair!.slice(0, equals)] = value;
      keep(value);
    }
    return cookies;
  }

  /** An operation of the walk: its answer must be a success; its cookies are secrets. */
  async function call(operationId: string, options: CallOptions = {}): Promise<CallResult> {
    const res = await t.api(operationId, options);
    assert.ok(
      res.status >= 200 && res.status < 300,
      `${operationId}: ${res.status} ${JSON.stringify(res.body)}`,
    );
    walked.add(operationId);
    keepCookies(res.headers);
    return res;
  }

  const cookieHeader = (cookies: Record<string, string>) =>
    Object.entries(cookies)
      .filter(([, value]) => value !== '')
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');

  before(async () => {
    t = await startTestApp(
      { GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID },
      {
        // Single sign-on through the identity-provider sandbox: the app's calls to itself stay in process.
        services: {
          google: fakeGoogleVerifier,
          oidc: createOidcClient({ fetch: (...args) => fetchThroughApp(t)(...args) }),
        },
        logger: { level: 'debug', stream: { write: (line) => void log.push(line) } },
      },
    );
  });
  after(async () => {
    await t?.close();
  });

  it('the scripted walk: every flow that makes or takes a secret', async () => {
    // Sign-up and sign-in: the password, the session and device cookies.
    const email = uniqueEmail('walk');
    keep(PASSWORD);
    const signedUp = await call('signup', {
      body: { name: 'Walker', email, password: PASSWORD, software: 'demo-crm' },
      ip: '10.60.0.1',
    });
    const admin = signedUp.cookie!;
    const loggedIn = await call('login', { body: { email, password: PASSWORD }, ip: '10.60.0.2' });
    const browser = keepCookies(loggedIn.headers);

    // Two-factor: the TOTP secret and its URI, codes, recovery codes, the pending sign-in cookie.
    const started = await call('startTwoFactorSetup', { cookie: admin, body: { password: PASSWORD } });
    const totpSecret: string = started.body.data.secret;
    keep(totpSecret, started.body.data.otpauth_url);
    const firstCode = codeAt(totpSecret);
    keep(firstCode);
    const confirmed = await call('confirmTwoFactorSetup', { cookie: admin, body: { code: firstCode } });
    const recoveryCodes: string[] = confirmed.body.data.recovery_codes;
    keep(...recoveryCodes, ...recoveryCodes.map((c) => c.replace(/-/g, '')));
    const passwordStep = await call('login', {
      body: { email, password: PASSWORD },
      headers: { cookie: cookieHeader({ device: browser.device ?? '' }) },
      ip: '10.60.0.3',
    });
    const pending = keepCookies(passwordStep.headers).pending_sign_in;
    assert.ok(pending);
    const secondCode = codeAt(totpSecret, 30);
    keep(secondCode);
    const verified = await call('verifyTwoFactor', {
      cookie: `pending_sign_in=${pending}`,
      body: { code: secondCode },
    });
    assert.ok(verified.cookie);
    const recoveryStep = await call('login', { body: { email, password: PASSWORD }, ip: '10.60.0.4' });
    await call('verifyTwoFactor', {
      cookie: `pending_sign_in=${keepCookies(recoveryStep.headers).pending_sign_in}`,
      body: { code: recoveryCodes[0]! },
    });

    // Password change and reset: old and new passwords, the mailed reset token.
    const changed = 'Ch4nged-secret!';
    keep(changed);
    await call('changePassword', {
      cookie: admin,
      body: { current_password: PASSWORD, new_password: changed },
    });
    // A proven address keeps its second factor through the reset (docs/product.md#two-factor-sign-in).
    await t.app.services.db
      .updateTable('users')
      .set({ email_proven_at: new Date() })
      .where('email', '=', email)
      .execute();
    await call('forgotPassword', { body: { email }, ip: '10.60.0.5' });
    const resetToken = await mailToken(t, email);
    keep(resetToken);
    await call('checkResetToken', { body: { token: resetToken } });
    const reset = 'R3set-secret!';
    keep(reset);
    await call('resetPassword', { body: { token: resetToken, new_password: reset } });
    const again = await call('login', { body: { email, password: reset }, ip: '10.60.0.6' });
    const pendingAgain = keepCookies(again.headers).pending_sign_in;
    const back = await call('verifyTwoFactor', {
      cookie: `pending_sign_in=${pendingAgain}`,
      body: { code: recoveryCodes[1]! },
    });
    const owner = back.cookie!;

    // Invitations: the mailed tokens, accepted by query and by signup.
    const invitee = uniqueEmail('walk-invitee');
    await call('inviteUser', { cookie: owner, body: { email: invitee } });
    const firstInvitation = await mailToken(t, invitee);
    keep(firstInvitation);
    const members = await call('getOrganizationMembers', { cookie: owner });
    const invitation = members.body.data.invitations.find((i: { email: string }) => i.email === invitee);
    await call('resendInvitation', { cookie: owner, body: { invitation_id: invitation.id } });
    const invitationToken = await mailToken(t, invitee);
    keep(invitationToken);
    await call('acceptInvite', { query: { token: invitationToken } });
    await t.app.inject({
      method: 'GET',
      url: `/accept-invitation?token=${invitationToken}&software=demo-crm`,
    });
    await call('signup', {
      body: { name: 'Invitee', email: invitee, password: PASSWORD, invitation_token: invitationToken },
      ip: '10.60.0.7',
    });
    const bulk = uniqueEmail('walk-bulk');
    await call('inviteUsers', { cookie: owner, body: { rows: [{ line: 1, email: bulk }] } });
    keep(await mailToken(t, bulk));

    // The company domain: the mailed verification code; then an invitation link and its page.
    const domainAdmin = `walker@walk-${randomBytes(3).toString('hex')}.com`;
    const domainOwner = (
      await call('signup', {
        body: { name: 'Domain', email: domainAdmin, password: PASSWORD, software: 'demo-crm' },
        ip: '10.60.0.8',
      })
    ).cookie!;
    await call('inviteUser', { cookie: domainOwner, body: { email: uniqueEmail('walk-org') } });
    const domain = domainAdmin.split('@')[1]!;
    await call('startDomainVerification', { cookie: domainOwner, body: { domain, email: domainAdmin } });
    const domainCode = await mailToken(t, domainAdmin, 'domain_code');
    keep(domainCode, domainCode.toLowerCase());
    await call('verifyDomain', { cookie: domainOwner, body: { code: domainCode } });
    const link = await call('createInviteLink', { cookie: domainOwner, body: {} });
    const linkToken = decodeURIComponent(new URL(link.body.data.url).pathname.replace(/^\/join\//, ''));
    keep(linkToken, link.body.data.url);
    keep((await call('getCompanyDomain', { cookie: domainOwner })).body.data.invite_link?.url);
    await call('getInviteLink', { query: { token: linkToken } });
    await t.app.inject({ method: 'GET', url: `/join/${encodeURIComponent(linkToken)}` });
    const colleague = `colleague@${domain}`;
    const googleToken = `valid:${colleague}`;
    keep(googleToken);
    const google = await call('googleAuth', {
      body: { token: googleToken, type: 'signup', software: 'demo-crm' },
      ip: '10.60.0.9',
    });
    await call('acceptInviteLink', { cookie: google.cookie!, body: { token: linkToken } });

    // SCIM provisioning (docs/scim.md#the-token): the bearer token, shown once, used by an identity
    // provider in its header (and, wrongly, in a query and a path), rotated, revoked.
    const scimDomain = `walk-scim-${randomBytes(3).toString('hex')}.com`;
    const scimOwner = (
      await call('signup', {
        body: { name: 'Scim', email: `idp@${scimDomain}`, password: PASSWORD, software: 'demo-crm' },
        ip: '10.60.0.10',
      })
    ).cookie!;
    await call('startDnsVerification', { cookie: scimOwner, body: { domain: scimDomain } });
    await call('checkDnsVerification', { cookie: scimOwner, body: {} });
    const scim = (await call('createScimToken', { cookie: scimOwner, body: {} })).body.data;
    keep(scim.token);
    for (const url of [
      '/scim/v2/Users',
      `/scim/v2/Users?access_token=${scim.token}`,
      `/scim/v2/Users/${scim.token}`,
    ]) {
      const seen = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${scim.token}` },
      });
      assert.ok(seen.statusCode < 500, seen.body);
    }
    const rotated = (await call('rotateScimToken', { cookie: scimOwner, body: { id: scim.id } })).body.data;
    keep(rotated.token);
    await t.app.inject({
      method: 'GET',
      url: '/scim/v2/Groups',
      headers: { authorization: `Bearer ${rotated.token}` },
    });
    await call('revokeScimToken', { cookie: scimOwner, body: { id: rotated.id } });

    // Single sign-on (docs/product.md#single-sign-on) through the identity-provider sandbox: the client
    // secret, the state in its cookie, the PKCE and nonce of the authorization URL, the code.
    const sandbox = (await call('getSsoConnection', { cookie: scimOwner })).body.data.sandbox;
    keep(sandbox.client_secret);
    const { issuer, client_id, client_secret } = sandbox;
    await call('saveSsoConnection', {
      cookie: scimOwner,
      body: { protocol: 'oidc', issuer, client_id, client_secret },
    });
    const sso = await call('startSso', { body: { email: `walker@${scimDomain}` }, ip: '10.60.0.11' });
    const authorize = new URL(sso.body.redirect_url);
    keep(authorize.searchParams.get('nonce'), authorize.searchParams.get('code_challenge'));
    await t.app.inject({ method: 'GET', url: `${authorize.pathname}${authorize.search}` });
    const answered = await postForm(t, '/sandbox/idp/authorize', {
      ...Object.fromEntries(authorize.searchParams),
      email: `walker@${scimDomain}`,
      outcome: 'continue',
    });
    const callback = new URL(String(answered.headers.location));
    keep(callback.searchParams.get('code'));
    await call('finishSso', {
      body: {
        state: callback.searchParams.get('state'),
        code: callback.searchParams.get('code'),
        iss: callback.searchParams.get('iss'),
      },
      cookie: cookieHeader(keepCookies(sso.headers)),
      ip: '10.60.0.11',
    });
    // Audit-log streaming (docs/product.md#audit-log-streaming): the signing secret, shown once and rotated,
    // signs a test event (to a port where nothing listens) and the deliveries.
    const siem = 'http://localhost:9/siem';
    keep((await call('setAuditStream', { cookie: scimOwner, body: { url: siem } })).body.data.secret);
    keep((await call('rotateAuditStreamSecret', { cookie: scimOwner, body: {} })).body.data.secret);
    await call('testAuditStream', { cookie: scimOwner, body: {} });
    await call('removeAuditStream', { cookie: scimOwner, body: {} });

    // The CRM: an API key, the sandbox's OAuth code and the tokens it is exchanged for.
    const apiKey = `demo_${randomBytes(16).toString('hex')}`;
    keep(apiKey);
    await call('verifySettings', { cookie: domainOwner, body: { auth_type: 'api key', api_key_1: apiKey } });
    const software = (await call('getSoftware', { query: { software: 'demo-crm' } })).body.data;
    const redirectUri = `${PUBLIC_URL}/callback`;
    const approved = await postForm(
      t,
      '/sandbox/crm/authorize',
      { client_id: software.oauth_client_id, redirect_uri: redirectUri, state: 'walk', decision: 'approve' },
      { cookie: owner },
    );
    const oauthCode = new URL(String(approved.headers.location)).searchParams.get('code')!;
    keep(oauthCode);
    const exchanged = await call('accessToken', { cookie: owner, body: { oauth_code: oauthCode } });
    keep(exchanged.body.data.access_token, exchanged.body.data.refresh_token);
    await call('verifySettings', {
      cookie: owner,
      body: {
        auth_type: 'oauth',
        oauth_access_token: exchanged.body.data.access_token,
        oauth_expires_at: exchanged.body.data.expires_at,
        oauth_updated_at: exchanged.body.data.updated_at,
      },
    });

    // Two-factor off: the password and a recovery code; then signed out.
    await call('disableTwoFactor', { cookie: owner, body: { password: reset, code: recoveryCodes[2]! } });
    await call('logout', { cookie: owner, body: {} });
  });

  it('then every operation of openapi.yaml, signed in, with a secret in each field that can carry one', async () => {
    const probe = () => {
      const value = `probe_${randomBytes(16).toString('hex')}`;
      keep(value);
      return value;
    };
    const email = uniqueEmail('walk-sweep');
    const sweeper = (
      await call('signup', {
        body: { name: 'Sweeper', email, password: PASSWORD, software: 'demo-crm' },
        ip: '10.60.1.1',
      })
    ).cookie!;
    const doc = getContract().doc;
    for (const op of getContract().operations) {
      const raw = (doc.paths as Record<string, Record<string, Json>>)[op.path]![op.method.toLowerCase()]!;
      const query: Record<string, string> = {};
      for (const parameter of (raw.parameters as unknown[] | undefined) ?? []) {
        const name = resolved(doc, parameter)?.name;
        if (typeof name === 'string' && isSecretField(name)) query[name] = probe();
      }
      const body: Record<string, string> = {};
      for (const media of Object.values(
        (resolved(doc, raw.requestBody)?.content as Json | undefined) ?? {},
      )) {
        for (const name of propertyNames(doc, (media as Json).schema))
          if (isSecretField(name)) body[name] = probe();
      }
      // Signing out and ending sessions would end the sweep's own session: those are called signed out.
      const signsOut = ['logout', 'endOtherSessions', 'endSession'].includes(op.operationId);
      await t.api(op.operationId, {
        ...(signsOut ? {} : { cookie: sweeper }),
        body,
        query,
        raw: true,
        ip: '10.60.1.2',
      });
    }
    for (const page of ['/join/', '/reset-password?token=', '/accept-invitation?software=demo-crm&token=']) {
      await t.app.inject({ method: 'GET', url: `${page}${probe()}`, headers: { cookie: sweeper } });
    }
  });

  it('no secret of the walk is in the log, whatever the level', () => {
    const text = log.join('');
    assert.ok(log.length > 100, `only ${log.length} lines were captured`);
    assert.ok(secrets.size > 40, `only ${secrets.size} secrets were collected`);
    const leaked = [...secrets].filter((secret) => {
      const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      // Whole values only: a 6-digit code must not match inside a timestamp.
      return new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`).test(text);
    });
    const lines = leaked.map((secret) => log.find((line) => line.includes(secret)));
    assert.deepEqual(leaked, [], `secrets in the log:\n${lines.join('\n')}`);
  });

  it('the walk covers every operation of the contract that takes or gives a secret', () => {
    const bearing = secretBearingOperations();
    // The derivation finds what it should: a new operation with a token is found the same way.
    for (const operationId of [
      'login',
      'resetPassword',
      'acceptInviteLink',
      'getInviteLink',
      'verifyDomain',
    ]) {
      assert.ok(
        bearing.some((op) => op.operationId === operationId),
        operationId,
      );
    }
    assert.ok(bearing.some((op) => op.operationId === 'confirmTwoFactorSetup' && op.answers));
    const missing = bearing.filter((op) => !walked.has(op.operationId));
    assert.deepEqual(
      missing.map(
        (op) => `${op.operationId} (${[...op.fields, ...(op.answers ? ['its answer'] : [])].join(', ')})`,
      ),
      [],
      'each of these carries a secret: script a successful call of it in the walk above',
    );
  });
});
