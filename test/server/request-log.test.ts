// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * The request log: one line per request ('request completed') with method, route, status, duration and
 * the signed-in user's id, never a secret; files of the build at debug, not info; why a call was refused
 * (4xx) at debug.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from './helpers/node-test.js';
import { ORIGIN, startTestApp, type TestApp } from './helpers/app.js';
import { PASSWORD, signup, type TestUser } from './helpers/users.js';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  [key: string]: unknown;
}

const INFO = 30;
const DEBUG = 20;

describe('the request log', () => {
  const lines: Line[] = [];
  let t: TestApp;
  let user: TestUser;
  before(async () => {
    t = await startTestApp(
      {},
      { logger: { level: 'debug', stream: { write: (line) => void lines.push(JSON.parse(line)) } } },
    );
    user = await signup(t.api);
  });
  after(async () => {
    await t?.close();
  });

  /** The lines of the requests made by `call`. */
  async function linesOf(call: () => Promise<unknown>): Promise<Line[]> {
    const from = lines.length;
    await call();
    return lines.slice(from).filter((line) => line.reqId !== undefined);
  }

  it('writes one line per request: method, route, url, status, duration and user, at info', async () => {
    const logged = await linesOf(() => t.api('getUser', { cookie: user.cookie }));
    assert.equal(logged.length, 1, JSON.stringify(logged));
    const [line] = logged;
    assert.equal(line!.level, INFO);
    assert.equal(line!.msg, 'request completed');
    assert.equal(line!.method, 'GET');
    assert.equal(line!.route, '/api/get-user');
    assert.equal(line!.url, '/api/get-user');
    assert.equal(line!.statusCode, 200);
    assert.equal(typeof line!.durationMs, 'number');
    assert.ok((line!.durationMs as number) >= 0);
    assert.equal(line!.userId, user.id);
    assert.equal(typeof line!.remoteAddress, 'string');
    // Never the session cookie, not even its name's value.
    const session = user.cookie.split('=')[1]!;
    assert.ok(!JSON.stringify(logged).includes(session));
  });

  it('logs refused calls with their reason at debug, and never what was sent', async () => {
    const logged = await linesOf(() => t.api('getUser'));
    const completed = logged.filter((line) => line.msg === 'request completed');
    assert.equal(completed.length, 1);
    assert.equal(completed[0]!.level, INFO);
    assert.equal(completed[0]!.statusCode, 401);
    assert.equal(completed[0]!.userId, null);
    const refused = logged.filter((line) => line.msg === 'request refused');
    assert.deepEqual(
      refused.map((line) => [line.level, line.statusCode, line.reason]),
      [[DEBUG, 401, 'You are not signed in.']],
    );

    const bad = await linesOf(() =>
      t.api('login', { body: { email: 'not-an-email', password: 'Secret-in-body-1!' }, ip: '10.77.0.1' }),
    );
    assert.deepEqual(
      bad
        .filter((line) => line.msg === 'request refused')
        .map((line) => [line.level, line.statusCode, line.reason]),
      [[DEBUG, 400, 'Email must be a valid email address, like name@example.com.']],
    );
    assert.ok(!JSON.stringify(bad).includes('Secret-in-body-1!'));
    assert.ok(!JSON.stringify(bad).includes(PASSWORD));
  });

  it('keeps query values out unless harmless, with the route as its pattern', async () => {
    const logged = await linesOf(() =>
      t.app.inject({ method: 'GET', url: '/api/get-software?software=demo-crm&token=tok_secret_1' }),
    );
    assert.equal(logged.length, 1);
    assert.equal(logged[0]!.route, '/api/get-software');
    assert.equal(logged[0]!.url, '/api/get-software?software=demo-crm&token=[redacted]');
    assert.ok(!JSON.stringify(logged).includes('tok_secret_1'));
  });

  it("keeps a token out of the path: an invitation link's /join/<token>, and any token-shaped segment", async () => {
    const logged = await linesOf(async () => {
      await t.app.inject({ method: 'GET', url: '/join/short-link-secret-1?software=demo-crm' });
      await t.app.inject({ method: 'GET', url: '/JOIN/short-link-secret-2' });
      await t.app.inject({ method: 'GET', url: '/somewhere/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-aBcDe/x' });
    });
    assert.deepEqual(
      logged.filter((line) => line.msg === 'request completed').map((line) => line.url),
      ['/join/[redacted]?software=demo-crm', '/JOIN/[redacted]', '/somewhere/[redacted]/x'],
    );
    const text = JSON.stringify(logged);
    for (const secret of ['short-link-secret-1', 'short-link-secret-2', 'AbCdEfGhIjKlMnOpQrStUvWxYz']) {
      assert.ok(!text.includes(secret), secret);
    }
  });

  it('logs static files at debug, not info', async () => {
    const logged = await linesOf(() => t.app.inject({ method: 'GET', url: '/app-config.js' }));
    assert.deepEqual(
      logged.map((line) => [line.level, line.msg, line.route, line.statusCode]),
      [[DEBUG, 'request completed', '/app-config.js', 200]],
    );
  });

  it('names the user of a signed-in write, and logs nothing of its body', async () => {
    const logged = await linesOf(() =>
      t.app.inject({
        method: 'POST',
        url: '/api/set-settings',
        headers: { 'content-type': 'application/json', origin: ORIGIN, cookie: user.cookie },
        payload: { name: 'Body-name-in-log' },
      }),
    );
    assert.equal(logged.length, 1);
    assert.deepEqual(
      [logged[0]!.method, logged[0]!.route, logged[0]!.statusCode, logged[0]!.userId],
      ['POST', '/api/set-settings', 200, user.id],
    );
    assert.ok(!JSON.stringify(logged).includes('Body-name-in-log'));
  });
});
