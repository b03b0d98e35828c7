/** The database's own values (src/server/db/meta.ts). Runs on PGlite, and on PostgreSQL with DATABASE_URL. */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { metaValue } from '../../src/server/db/meta.js';

const t = useTestApp();

describe('metaValue', () => {
  it('makes the initial value once, only when none is stored, and answers the stored one after', async () => {
    let made = 0;
    const initial = () => `value-${++made}`;
    const key = `test-key-${Date.now()}`;
    assert.equal(await metaValue(t.app.services.db, key, initial), 'value-1');
    assert.equal(await metaValue(t.app.services.db, key, initial), 'value-1');
    assert.equal(made, 1, 'not made again (a key can cost ~100 ms)');
  });
});
