// @database-agnostic: pure rules, no database.
/**
 * The CRM sync rules (docs/product.md#crm-sync-rules), pure: what a sync writes into a new and into an
 * existing record by each field's rule, the duplicate searches in the settings' order, what it charges,
 * the check of an admin's settings, and the bounded wait on a CRM's 429.
 */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import {
  chargeableKinds,
  defaultSyncSettings,
  duplicateSearches,
  planWrite,
  profileKey,
  settingsProblem,
  type SyncSettings,
} from '../../src/shared/crm-sync-rules.js';
import { CrmRateLimited, withCrmBackoff } from '../../src/server/crm/provider.js';

const ada = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  title: 'Analyst',
  company: 'Analytical Engines',
  email: 'Ada@Example.com',
  phone: '+44 20 7946 0000',
  profile_url: 'https://www.linkedin.com/in/ada/',
};

function withRule(settings: SyncSettings, field: string, rule: 'fill_empty' | 'overwrite' | 'never') {
  return {
    ...settings,
    mapping: settings.mapping.map((row) => (row.profile_field === field ? { ...row, rule } : row)),
  };
}

describe('CRM sync rules', () => {
  const demo = defaultSyncSettings('demo-crm');

  it('defaults: every profile field mapped for the Demo CRM, phones not looked up, title overwritten', () => {
    assert.deepEqual(demo.duplicate_keys, ['email', 'profile_url', 'name_company']);
    assert.equal(demo.look_up_phones, false);
    assert.equal(demo.mapping.find((r) => r.profile_field === 'title')?.rule, 'overwrite');
    assert.equal(demo.mapping.find((r) => r.profile_field === 'company')?.rule, 'fill_empty');
    // Pipedrive has no title field of its own by default: not synced rather than guessed.
    const pipedrive = defaultSyncSettings('pipedrive').mapping.find((r) => r.profile_field === 'title');
    assert.deepEqual(pipedrive, { profile_field: 'title', crm_field: null, rule: 'never' });
  });

  it('a new record gets every mapped value but those set to never and phones not looked up', () => {
    const plan = planWrite(withRule(demo, 'location', 'never'), { ...ada, location: 'London' }, null);
    assert.equal(plan.outcome, 'created');
    assert.equal(plan.values.firstname, 'Ada');
    assert.equal(plan.values.email, 'Ada@Example.com');
    assert.equal(plan.values.city, undefined);
    assert.equal(plan.values.phone, undefined);
    assert.equal(plan.fields.find((f) => f.crm_field === 'city')?.action, 'skipped');
    assert.equal(plan.fields.find((f) => f.crm_field === 'phone')?.action, 'skipped');
  });

  it('an existing record: fill when empty keeps what is there, overwrite replaces, nothing new skips', () => {
    const existing = { firstname: 'Ada', company: 'Babbage & Co', jobtitle: 'Clerk', email: '' };
    const plan = planWrite(demo, ada, existing);
    assert.equal(plan.outcome, 'updated');
    assert.equal(plan.values.company, undefined, 'a protected field is not overwritten');
    assert.equal(plan.fields.find((f) => f.crm_field === 'company')?.action, 'kept');
    assert.equal(plan.values.jobtitle, 'Analyst');
    assert.equal(plan.values.email, 'Ada@Example.com', 'an empty field is filled');
    const same = planWrite(demo, ada, {
      ...plan.values,
      ...existing,
      email: 'x@y.z',
      lastname: 'L',
      linkedin_url: 'u',
      jobtitle: 'Analyst',
    });
    assert.equal(same.outcome, 'duplicate_skipped');
    assert.deepEqual(same.values, {});
  });

  it('duplicate searches follow the settings order and need every value of the key', () => {
    const searches = duplicateSearches({ ...demo, duplicate_keys: ['name_company', 'email'] }, ada);
    assert.deepEqual(searches, [
      {
        key: 'name_company',
        match: { firstname: 'Ada', lastname: 'Lovelace', company: 'Analytical Engines' },
      },
      { key: 'email', match: { email: 'ada@example.com' } },
    ]);
    assert.deepEqual(
      duplicateSearches(demo, { first_name: 'Ada' }).map((s) => s.key),
      [],
    );
    assert.deepEqual(
      duplicateSearches({ ...demo, look_up_emails: false }, ada).map((s) => s.key),
      ['profile_url', 'name_company'],
    );
  });

  it('charges only emails and phones it writes: a miss or a kept value costs nothing', () => {
    const phones = { ...demo, look_up_phones: true };
    assert.deepEqual(chargeableKinds(planWrite(phones, ada, null)), ['email', 'phone']);
    assert.deepEqual(chargeableKinds(planWrite(demo, { ...ada, email: null }, null)), []);
    assert.deepEqual(chargeableKinds(planWrite(demo, ada, { email: 'old@example.com' })), []);
    assert.equal(profileKey(ada), 'url:https://www.linkedin.com/in/ada');
    assert.equal(profileKey({ email: 'A@B.co' }), 'email:a@b.co');
  });

  it('refuses settings that map a field twice, repeat a key, or name no fixed owner', () => {
    assert.equal(settingsProblem('demo-crm', demo), null);
    assert.equal(
      settingsProblem('demo-crm', { ...demo, mapping: [...demo.mapping, demo.mapping[0]!] })?.code,
      'sync_field_twice',
    );
    assert.equal(
      settingsProblem('demo-crm', { ...demo, duplicate_keys: ['email', 'email'] })?.code,
      'sync_key_twice',
    );
    assert.equal(
      settingsProblem('demo-crm', { ...demo, owner: { kind: 'fixed', crm_user: ' ' } })?.code,
      'sync_owner_missing',
    );
    assert.equal(settingsProblem('hubspot', { ...demo, object: 'lead' })?.code, 'sync_object_unsupported');
  });

  it("waits out a CRM's 429 by its Retry-After, a bounded number of times", async () => {
    const waits: number[] = [];
    const options = { attempts: 3, maxWaitSeconds: 5, sleep: async (ms: number) => void waits.push(ms) };
    let calls = 0;
    const answer = await withCrmBackoff(async () => {
      calls++;
      if (calls < 3) throw new CrmRateLimited(2);
      return 'done';
    }, options);
    assert.equal(answer, 'done');
    assert.deepEqual(waits, [2000, 2000]);

    waits.length = 0;
    await assert.rejects(
      withCrmBackoff(async () => {
        throw new CrmRateLimited(1);
      }, options),
      CrmRateLimited,
    );
    assert.deepEqual(waits, [1000, 2000], 'the wait doubles when the CRM asks for less, then it gives up');
    await assert.rejects(
      withCrmBackoff(async () => {
        throw new CrmRateLimited(60);
      }, options),
      CrmRateLimited,
    );
    assert.equal(waits.length, 2, 'a Retry-After longer than the longest wait goes to the caller at once');
  });
});
