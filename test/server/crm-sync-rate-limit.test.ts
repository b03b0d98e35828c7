/**
 * sync-profile (and get-crm-fields) and a CRM that answers 429 (docs/product.md#crm-sync-rules): the wait follows the CRM's
 * Retry-After, a few times; a CRM still busy is answered 429 with Retry-After, the credits charged for the
 * write are given back and the log says it failed. The CRM here is a record API of the test's own.
 */
import assert from 'node:assert/strict';
import { before, describe, it } from './helpers/node-test.js';
import { useTestApp } from './helpers/app.js';
import { signup, type TestUser } from './helpers/users.js';
import { CrmRateLimited, type CrmRecordApi, type CrmRecordsRegistry } from '../../src/server/crm/provider.js';

let busyFor = 0;
const waits: number[] = [];
const api: CrmRecordApi = {
  listFields: async () => {
    if (busyFor > 0) {
      busyFor--;
      throw new CrmRateLimited(2);
    }
    return [];
  },
  findRecord: async () => null,
  createRecord: async (_object, values) => {
    if (busyFor > 0) {
      busyFor--;
      throw new CrmRateLimited(2);
    }
    return { id: '1', fields: values, url: 'http://crm.test/1' };
  },
  updateRecord: async () => {
    throw new Error('not used');
  },
};
const crmRecords: CrmRecordsRegistry = {
  open: () => api,
  backoff: { attempts: 3, maxWaitSeconds: 5, sleep: async (ms) => void waits.push(ms) },
};

const t = useTestApp({}, { services: { crmRecords } });

describe('sync-profile when the CRM is rate limited', () => {
  let user: TestUser;
  before(async () => {
    user = await signup(t.api, { name: 'Busy' });
    const res = await t.api('verifySettings', {
      cookie: user.cookie,
      body: { software: 'demo-crm', auth_type: 'api key', api_key_1: 'demo_busy' },
    });
    assert.equal(res.status, 200);
  });

  const sync = (email: string) =>
    t.api('syncProfile', {
      cookie: user.cookie,
      body: { software: 'demo-crm', profile: { first_name: 'Ada', email } },
    });

  it("waits out two 429s by the CRM's Retry-After and syncs", async () => {
    busyFor = 2;
    const res = await sync('ada@example.com');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.outcome, 'created');
    assert.deepEqual(waits, [2000, 2000]);
  });

  it('answers 429 with Retry-After when the CRM stays busy, gives the credits back and logs the failure', async () => {
    const credits = async () => (await t.app.services.repos.users.findById(Number(user.id)))!.credits;
    const before = await credits();
    busyFor = 5;
    const res = await sync('grace@example.com');
    assert.equal(res.status, 429);
    assert.equal(res.body.code, 'crm_rate_limited');
    assert.equal(res.headers['retry-after'], '2');
    assert.equal(await credits(), before);
    const log = await t.api('listSyncLog', { cookie: user.cookie, query: { outcome: 'failed' } });
    assert.equal(log.body.data.entries.length, 1);
    assert.equal(log.body.data.entries[0].detail, 'Demo CRM is busy. Please try again in 2 seconds.');
  });

  it('answers get-crm-fields the same way when the CRM stays busy: 429 with Retry-After, not a server error', async () => {
    busyFor = 5;
    const res = await t.api('getCrmFields', { cookie: user.cookie, query: { software: 'demo-crm' } });
    busyFor = 0;
    assert.deepEqual([res.status, res.body.code, res.headers['retry-after']], [429, 'crm_rate_limited', '2']);
  });
});
