/** The signed-in user's own record: get-user, set-settings, set-user-boolean. */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { signup, type TestUser } from './helpers/users.js';

const t = useTestApp();
let user: TestUser;
before(async () => {
  user = await signup(t.api);
});

describe('get-user', () => {
  it('answers 401 to anonymous callers', async () => {
    const res = await t.api('getUser');
    assert.equal(res.status, 401);
    assert.equal(res.body.error, true);
  });
  it('answers the user with join_timestamp in seconds and no connection', async () => {
    const res = await t.api('getUser', { cookie: user.cookie });
    assert.equal(res.status, 200);
    const now = Math.floor(Date.now() / 1000);
    assert.ok(Math.abs(res.body.data.join_timestamp - now) < 120);
    assert.equal(res.body.data.personal_connection_id, null);
    assert.equal(res.body.data.connection_id, null);
    assert.equal(res.headers['cache-control'], 'no-store');
  });
});

describe('set-settings', () => {
  it('updates the name', async () => {
    const res = await t.api('setSettings', { cookie: user.cookie, body: { name: '  New Name ' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.message, 'Profile updated successfully!');
    assert.equal(res.body.data.name, 'New Name');
  });
  it('refuses a blank name, unknown fields (email cannot change) and anonymous callers', async () => {
    assert.equal((await t.api('setSettings', { cookie: user.cookie, body: { name: '   ' } })).status, 400);
    assert.equal(
      (await t.api('setSettings', { cookie: user.cookie, body: { name: 'x', email: 'a@b.co' } })).status,
      400,
    );
    assert.equal((await t.api('setSettings', { body: { name: 'x' } })).status, 401);
  });
});

describe('set-user-boolean', () => {
  it('sets has_onboarded and has_installed', async () => {
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_onboarded', value: true } }))
        .status,
      200,
    );
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_installed', value: true } }))
        .status,
      200,
    );
    let me = (await t.api('getUser', { cookie: user.cookie })).body.data;
    assert.equal(me.has_onboarded, true);
    assert.equal(me.has_installed, true);
    await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_installed', value: false } });
    me = (await t.api('getUser', { cookie: user.cookie })).body.data;
    assert.equal(me.has_installed, false);
  });
  it('answers 400 for any other key or a non-boolean value, 401 when anonymous', async () => {
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'role', value: true } })).status,
      400,
    );
    assert.equal(
      (await t.api('setUserBoolean', { cookie: user.cookie, body: { key: 'has_installed', value: 'yes' } }))
        .status,
      400,
    );
    assert.equal(
      (await t.api('setUserBoolean', { body: { key: 'has_installed', value: false } })).status,
      401,
    );
  });
});
