/**
 * The Google sign-in sandbox (docs/product.md#google-sign-in): without GOOGLE_CLIENT_ID, on a sandbox deployment, a page of the
 * server plays Google's popup and hands back a signed credential that google-auth verifies like Google's.
 */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import { createGoogleSandbox, sandboxSubject } from '../../src/server/security/google-sandbox.js';
import { ORIGIN, startTestApp, useTestApp } from './helpers/app.js';
import { PASSWORD, signup, uniqueEmail } from './helpers/users.js';

describe('sandbox credentials', () => {
  const sandbox = createGoogleSandbox('a'.repeat(32));
  const identity = { email: 'Ada@Example.com', name: 'Ada', emailVerified: true };

  it('verifies the credentials it issued', async () => {
    const verified = await sandbox.verifier.verify(sandbox.issue(identity));
    assert.deepEqual(verified, {
      sub: sandboxSubject('ada@example.com'),
      email: 'Ada@Example.com',
      emailVerified: true,
      name: 'Ada',
      sandbox: true,
    });
  });

  it('refuses tampered, foreign, expired and malformed credentials', async () => {
    const [header, payload, signature] = sandbox.issue(identity).split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...claims, email: 'boss@example.com' })).toString(
      'base64url',
    );
    const refused = [
      `${header}.${forged}.${signature}`,
      sandbox.issueInvalid(identity),
      createGoogleSandbox('b'.repeat(32)).issue(identity),
      sandbox.issue(identity, Math.floor(Date.now() / 1000) - 3600),
      'not-a-token',
      `${header}.${payload}`,
    ];
    for (const token of refused) {
      await assert.rejects(sandbox.verifier.verify(token), Error, token);
    }
  });
});

/** The credential (or error) the hand-back page posts to its opener. */
function handedBack(page: string): { credential?: string; error?: string } {
  const match = /postMessage\((\{.*?\}), "([^"]+)"\)/.exec(page);
  assert.ok(match, 'the page posts a message to its opener');
  assert.equal(match[2], ORIGIN);
  const message = JSON.parse(match[1]!) as { type: string; credential?: string; error?: string };
  assert.equal(message.type, 'crm-sync:google-sandbox');
  return message;
}

describe('the sandbox sign-in page and google-auth', () => {
  const t = useTestApp();

  const choose = (form: Record<string, string>, origin: string | null = ORIGIN) =>
    t.app.inject({
      method: 'POST',
      url: '/sandbox/google/signin',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(origin ? { origin } : {}),
      },
      payload: new URLSearchParams(form).toString(),
    });

  it('shows an account chooser marked as a sandbox', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sandbox/google/signin?context=signup' });
    assert.equal(res.statusCode, 200);
    assert.match(res.body, /SANDBOX/);
    assert.match(res.body, /Choose an account/);
    assert.match(res.body, /to sign up to CRM Sync with Google\./);
    assert.match(res.headers['content-security-policy'] as string, /default-src 'none'/);
    assert.doesNotMatch(res.headers['content-security-policy'] as string, /script-src/);
  });

  it('signs up, then signs in, with the credential it hands back', async () => {
    const email = uniqueEmail('sandbox-google');
    const res = await choose({ email, name: 'Grace Hopper', email_verified: 'true', outcome: 'continue' });
    assert.equal(res.statusCode, 200);
    // Only the page's own script runs, and only in the window the app opened.
    const policy = res.headers['content-security-policy'] as string;
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    assert.ok(nonce);
    assert.match(res.body, new RegExp(`<script nonce="${nonce.replace(/[+/]/g, '\\$&')}">`));
    const { credential } = handedBack(res.body);
    assert.ok(credential);

    const signedUp = await t.api('googleAuth', {
      body: { token: credential, type: 'signup', software: 'demo-crm', has_installed: true },
    });
    assert.equal(signedUp.status, 200);
    assert.equal(signedUp.body.message, 'Account created.');
    assert.equal(signedUp.body.user.email, email);
    assert.equal(signedUp.body.user.name, 'Grace Hopper');
    assert.ok(signedUp.cookie);

    const again = handedBack((await choose({ email, email_verified: 'true', outcome: 'continue' })).body);
    const loggedIn = await t.api('googleAuth', { body: { token: again.credential, type: 'login' } });
    assert.equal(loggedIn.status, 200);
    assert.equal(loggedIn.body.message, 'Signed in.');
    assert.equal(loggedIn.body.id, signedUp.body.id);
  });

  it('lets the visitor try every failure the app has a text for', async () => {
    const email = uniqueEmail('sandbox-google-fail');
    const invalid = handedBack((await choose({ email, email_verified: 'true', outcome: 'invalid' })).body);
    const login = await t.api('googleAuth', { body: { token: invalid.credential, type: 'login' } });
    assert.deepEqual([login.status, login.body.message], [401, 'Google login failed']);
    const signup = await t.api('googleAuth', { body: { token: invalid.credential, type: 'signup' } });
    assert.deepEqual([signup.status, signup.body.message], [401, 'Google auth failed']);

    const unverified = handedBack((await choose({ email, outcome: 'continue' })).body);
    const refused = await t.api('googleAuth', { body: { token: unverified.credential, type: 'signup' } });
    assert.deepEqual(
      [refused.status, refused.body.message],
      [401, 'Your Google account email is not verified.'],
    );

    const failed = handedBack((await choose({ outcome: 'error' })).body);
    assert.equal(failed.credential, undefined);
    assert.ok(failed.error);
  });

  it('never signs into, or links to, an account with a password (no account takeover)', async () => {
    const victim = await signup(t.api, { email: uniqueEmail('sandbox-victim') });
    const { credential } = handedBack(
      (await choose({ email: victim.email, email_verified: 'true', outcome: 'continue' })).body,
    );
    for (const type of ['login', 'signup'] as const) {
      const res = await t.api('googleAuth', { body: { token: credential, type } });
      assert.deepEqual(
        [res.status, res.body.message, res.cookie],
        [
          409,
          'An account with this email already exists. Please log in with your email and password.',
          undefined,
        ],
      );
    }
    // Nothing of the victim's account changed: the password works, the session lives, no Google link.
    const login = await t.api('login', {
      body: { email: victim.email, password: PASSWORD },
      ip: '10.77.0.1',
    });
    assert.equal(login.status, 200);
    assert.equal((await t.api('getUser', { cookie: victim.cookie })).status, 200);
    const row = await t.app.services.db
      .selectFrom('users')
      .select(['google_sub', 'password_hash'])
      .where('id', '=', Number(victim.id))
      .executeTakeFirstOrThrow();
    assert.equal(row.google_sub, null);
    assert.ok(row.password_hash);
  });

  it('signs into the accounts it created only while they have no password and no other Google link', async () => {
    const email = uniqueEmail('sandbox-own');
    const credential = async () =>
      handedBack((await choose({ email, email_verified: 'true', outcome: 'continue' })).body).credential;
    const created = await t.api('googleAuth', { body: { token: await credential(), type: 'signup' } });
    assert.equal(created.status, 200);
    const account = t.app.services.db.updateTable('users').where('id', '=', Number(created.body.id));

    // Linked to the real Google (a deployment that had GOOGLE_CLIENT_ID): not the sandbox's any more.
    await account.set({ google_sub: '1234567890' }).execute();
    const foreign = await t.api('googleAuth', { body: { token: await credential(), type: 'login' } });
    assert.equal(foreign.status, 409);
    assert.match(foreign.body.message, /Log in with your email and password/);

    // Its owner set a password ("forgot password"): from then on the password is the way in.
    await account.set({ google_sub: sandboxSubject(email), password_hash: 'x' }).execute();
    const withPassword = await t.api('googleAuth', { body: { token: await credential(), type: 'login' } });
    assert.equal(withPassword.status, 409);
  });

  it('refuses a post without an allowed Origin and asks again for a bad address', async () => {
    assert.equal((await choose({ email: 'a@example.com', outcome: 'continue' }, null)).statusCode, 403);
    assert.equal(
      (await choose({ email: 'a@example.com', outcome: 'continue' }, 'https://evil.example')).statusCode,
      403,
    );
    const bad = await choose({ email: 'not an address', outcome: 'continue' });
    assert.equal(bad.statusCode, 400);
    assert.match(bad.body, /Enter an email address/);
    assert.doesNotMatch(bad.body, /postMessage/);
  });
});

describe('when sandboxes are off', () => {
  it('serves no sandbox page and google-auth is unavailable', async () => {
    const off = await startTestApp({ SANDBOX_PAGES: 'false' });
    try {
      const page = await off.app.inject({ method: 'GET', url: '/sandbox/google/signin' });
      assert.equal(page.statusCode, 404);
      const res = await off.api('googleAuth', { body: { token: 'x', type: 'login' } });
      assert.equal(res.status, 503);
    } finally {
      await off.close();
    }
  });
});
