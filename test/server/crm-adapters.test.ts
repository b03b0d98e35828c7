/**
 * sync-profile and get-crm-fields through the HubSpot, Pipedrive and Salesforce adapters
 * (docs/product.md#crm-sync-rules), each against a local fake of the CRM's REST API (test/server/fakes/):
 * the field lists, the duplicate search, creates (HubSpot's upsert keyed by email, its 409 "Contact already
 * exists") and updates by the rules, the owner, and how each CRM's failures are answered: an expired token
 * (422 crm_reconnect), a refused value (422 crm_refused_field naming it), a 429 or Salesforce's request limit
 * (429 with Retry-After). One app and the three fakes for the whole file. Runs on PGlite, and on PostgreSQL
 * with DATABASE_URL.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from './helpers/node-test.js';
import { startTestApp, type TestApp } from './helpers/app.js';
import { signup, type TestUser } from './helpers/users.js';
import { defaultSyncSettings } from '../../src/shared/crm-sync-rules.js';
import type { CrmCredentials } from '../../src/server/crm/provider.js';
import { CrmRateLimited } from '../../src/server/crm/provider.js';
import { createPipedriveRecordApi } from '../../src/server/crm/pipedrive-records.js';
import {
  HUBSPOT_OWNER,
  HUBSPOT_PORTAL,
  HUBSPOT_TOKEN,
  hubspotConflict,
  hubspotRateLimited,
  startFakeHubspot,
  type FakeHubspot,
} from './fakes/hubspot.js';
import {
  LINKEDIN_FIELD,
  PIPEDRIVE_API_KEY,
  PIPEDRIVE_OWNER,
  PIPEDRIVE_TOKEN,
  SCORE_FIELD,
  pipedriveRateLimited,
  startFakePipedrive,
  type FakePipedrive,
} from './fakes/pipedrive.js';
import {
  SALESFORCE_TOKEN,
  SALESFORCE_USER,
  salesforceRequestLimit,
  startFakeSalesforce,
  type FakeSalesforce,
} from './fakes/salesforce.js';

let t: TestApp;
let hubspot: FakeHubspot;
let pipedrive: FakePipedrive;
let salesforce: FakeSalesforce;

before(async () => {
  [hubspot, pipedrive, salesforce] = await Promise.all([
    startFakeHubspot(),
    startFakePipedrive(),
    startFakeSalesforce(),
  ]);
  t = await startTestApp({
    HUBSPOT_API_URL: hubspot.url,
    PIPEDRIVE_API_URL: pipedrive.url,
    SALESFORCE_API_URL: salesforce.url,
  });
});
after(async () => {
  await t?.close();
  await Promise.all([hubspot?.close(), pipedrive?.close(), salesforce?.close()]);
});

/** Makes the user's connection to the CRM, as accessToken stores one after the OAuth exchange. */
async function connect(user: TestUser, software: string, credentials: CrmCredentials) {
  const { repos, secretBox } = t.app.services;
  const row = (await repos.users.findById(Number(user.id)))!;
  await repos.transaction((tx) =>
    tx.connections.replace(row, {
      software,
      authType: credentials.api_keys ? 'api key' : 'oauth',
      sealedCredentials: secretBox.seal({ refresh_token: null, ...credentials }),
      shared: false,
    }),
  );
}

const sync = (user: TestUser, software: string, profile: object) =>
  t.api('syncProfile', { cookie: user.cookie, body: { software, profile } });

const fields = (user: TestUser, software: string, object?: string) =>
  t.api('getCrmFields', { cookie: user.cookie, query: { software, ...(object ? { object } : {}) } });

async function saveSettings(
  user: TestUser,
  software: string,
  change: (s: ReturnType<typeof defaultSyncSettings>) => void,
) {
  const settings = defaultSyncSettings(software);
  change(settings);
  const res = await t.api('setSyncSettings', { cookie: user.cookie, body: { software, settings } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
}

async function lastLog(user: TestUser) {
  const res = await t.api('listSyncLog', { cookie: user.cookie, query: { limit: '1' } });
  return res.body.data.entries[0];
}

async function credits(user: TestUser) {
  return (await t.app.services.repos.users.findById(Number(user.id)))!.credits;
}

/** The fake's requests since `from`, as "METHOD path". */
const calls = (fake: { requests: { method: string; path: string }[] }, from: number) =>
  fake.requests.slice(from).map((r) => `${r.method} ${r.path}`);

describe('HubSpot', () => {
  let user: TestUser;
  before(async () => {
    user = await signup(t.api, { name: 'Hub Spotter' });
    await connect(user, 'hubspot', { access_token: HUBSPOT_TOKEN });
    await saveSettings(user, 'hubspot', (s) => {
      s.owner = { kind: 'fixed', crm_user: HUBSPOT_OWNER.email };
    });
  });

  it("lists the contact properties a profile's text can go to", async () => {
    const res = await fields(user, 'hubspot');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const byName = Object.fromEntries(
      res.body.data.fields.map((f: { name: string; type: string }) => [f.name, f.type]),
    );
    assert.deepEqual(byName, {
      firstname: 'text',
      lastname: 'text',
      jobtitle: 'text',
      company: 'text',
      city: 'text',
      hs_linkedin_url: 'url',
      email: 'email',
      phone: 'phone',
      message: 'textarea',
    });
  });

  it('creates a contact by an upsert keyed by email, with its owner, then updates it by the rules', async () => {
    const from = hubspot.requests.length;
    const ada = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      title: 'Analyst',
      company: 'Engines',
      email: 'ada@example.com',
    };
    const created = await sync(user, 'hubspot', ada);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.data.outcome, 'created');
    const contact = hubspot.contacts.find((c) => c.properties.email === 'ada@example.com')!;
    assert.equal(created.body.data.record_id, contact.id);
    assert.equal(
      created.body.data.record_url,
      `https://app.hubspot.com/contacts/${HUBSPOT_PORTAL}/record/0-1/${contact.id}`,
    );
    assert.equal(contact.properties.hubspot_owner_id, HUBSPOT_OWNER.id);
    const upsert = hubspot.requests.find((r, i) => i >= from && r.path.endsWith('/batch/upsert'))!;
    assert.deepEqual(
      (upsert.body as { inputs: { idProperty: string; id: string }[] }).inputs.map((i) => [
        i.idProperty,
        i.id,
      ]),
      [['email', 'ada@example.com']],
    );
    assert.ok(
      !calls(hubspot, from).includes('POST /crm/v3/objects/contacts'),
      'no plain create beside the upsert',
    );

    // A rep edits the company in HubSpot: fill-when-empty keeps it, the title is overwritten.
    contact.properties.company = 'Analytical Engines Ltd';
    const again = await sync(user, 'hubspot', { ...ada, title: 'Countess', company: 'Other' });
    assert.equal(again.body.data.outcome, 'updated');
    assert.equal(again.body.data.matched_by, 'email');
    assert.equal(contact.properties.jobtitle, 'Countess');
    assert.equal(contact.properties.company, 'Analytical Engines Ltd');
    assert.equal(hubspot.contacts.filter((c) => c.properties.email === 'ada@example.com').length, 1);
  });

  it("updates a contact HubSpot's search does not show yet, rather than making a second one", async () => {
    const lagging = hubspot.seed({ email: 'new@example.com', firstname: 'Newly' }, { indexed: false });
    const res = await sync(user, 'hubspot', {
      first_name: 'Newly',
      last_name: 'Made',
      email: 'new@example.com',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.record_id, lagging.id);
    assert.equal(hubspot.contacts.filter((c) => c.properties.email === 'new@example.com').length, 1);
    assert.equal(lagging.properties.lastname, 'Made');
  });

  it('treats a 409 "Contact already exists" as the duplicate and updates it', async () => {
    const existing = hubspot.seed(
      { firstname: 'Grace', hs_linkedin_url: 'https://www.linkedin.com/in/grace' },
      { indexed: false },
    );
    hubspot.answerNext('POST', /^\/crm\/v3\/objects\/contacts$/, hubspotConflict(existing.id));
    const from = hubspot.requests.length;
    const res = await sync(user, 'hubspot', {
      first_name: 'Grace',
      last_name: 'Hopper',
      profile_url: 'https://www.linkedin.com/in/grace',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.data.record_id, existing.id);
    assert.ok(calls(hubspot, from).includes(`PATCH /crm/v3/objects/contacts/${existing.id}`));
    assert.equal(existing.properties.lastname, 'Hopper');
  });

  it('names the property HubSpot refuses; nothing is written or charged, and the log says so', async () => {
    const before = await credits(user);
    const count = hubspot.contacts.length;
    const res = await sync(user, 'hubspot', { first_name: 'Bad', email: 'not-an-email' });
    assert.equal(res.status, 422);
    assert.equal(res.body.code, 'crm_refused_field');
    assert.deepEqual(res.body.params, {
      crm: 'HubSpot',
      field: 'email',
      reason: 'Email address not-an-email is invalid',
    });
    assert.equal(hubspot.contacts.length, count);
    assert.equal(await credits(user), before);
    const log = await lastLog(user);
    assert.equal(log.outcome, 'refused');
    assert.equal(log.refused_field, 'email');
  });

  it("answers HubSpot's 429 with its Retry-After once it is longer than the server waits", async () => {
    hubspot.answerNext('POST', /\/search$/, hubspotRateLimited(30));
    const res = await sync(user, 'hubspot', { first_name: 'Busy', email: 'busy@example.com' });
    assert.equal(res.status, 429);
    assert.equal(res.body.code, 'crm_rate_limited');
    assert.equal(res.headers['retry-after'], '30');
  });

  it('asks to connect again when HubSpot says the token expired', async () => {
    const expired = await signup(t.api, { name: 'Expired Hub' });
    await connect(expired, 'hubspot', { access_token: 'an-expired-token' });
    const listed = await fields(expired, 'hubspot');
    assert.equal(listed.status, 422);
    assert.equal(listed.body.code, 'crm_reconnect');
    assert.equal(
      listed.body.message,
      'HubSpot no longer accepts this connection. Please connect HubSpot again.',
    );
    const synced = await sync(expired, 'hubspot', { first_name: 'Nobody', email: 'nobody@example.com' });
    assert.equal(synced.status, 422);
    assert.equal(synced.body.code, 'crm_reconnect');
    assert.equal((await lastLog(expired)).outcome, 'failed');
  });
});

describe('Pipedrive', () => {
  let user: TestUser;
  before(async () => {
    user = await signup(t.api, { name: 'Pipe Driver' });
    await saveSettings(user, 'pipedrive', (s) => {
      s.owner = { kind: 'fixed', crm_user: PIPEDRIVE_OWNER.email };
      for (const row of s.mapping) {
        if (row.profile_field === 'profile_url')
          Object.assign(row, { crm_field: LINKEDIN_FIELD, rule: 'overwrite' });
        if (row.profile_field === 'notes') Object.assign(row, { crm_field: SCORE_FIELD, rule: 'fill_empty' });
      }
    });
  });

  it('connects by API key, checked against Pipedrive, and refuses a key Pipedrive does not know', async () => {
    const refused = await t.api('verifySettings', {
      cookie: user.cookie,
      body: { software: 'pipedrive', auth_type: 'api key', api_key_1: 'not-a-key' },
    });
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'crm_refused_credentials');
    const res = await t.api('verifySettings', {
      cookie: user.cookie,
      body: { software: 'pipedrive', auth_type: 'api key', api_key_1: PIPEDRIVE_API_KEY },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(pipedrive.requests.at(-1)!.headers['x-api-token'], PIPEDRIVE_API_KEY);
  });

  it('lists the name parts, email, phone and the text custom fields', async () => {
    const res = await fields(user, 'pipedrive');
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.deepEqual(
      res.body.data.fields.map((f: { name: string; type: string }) => `${f.name}:${f.type}`),
      [
        'name:text',
        'first_name:text',
        'last_name:text',
        'email:email',
        'phone:phone',
        `${LINKEDIN_FIELD}:text`,
      ],
    );
  });

  it('creates a person with its owner, then completes the name and keeps the emails by the rules', async () => {
    const grace = {
      first_name: 'Grace',
      email: 'grace@example.com',
      profile_url: 'https://linkedin.com/in/g1',
    };
    const created = await sync(user, 'pipedrive', grace);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.data.outcome, 'created');
    const person = pipedrive.persons.find((p) => p.name === 'Grace')!;
    assert.equal(created.body.data.record_url, `https://app.pipedrive.com/person/${person.id}`);
    assert.equal(person.owner_id, PIPEDRIVE_OWNER.id);
    assert.deepEqual(person.emails, [{ value: 'grace@example.com', primary: true, label: 'work' }]);
    assert.equal(person.custom_fields[LINKEDIN_FIELD], 'https://linkedin.com/in/g1');

    // A second address typed in Pipedrive stays; the last name fills the empty one, the URL is overwritten.
    person.emails.push({ value: 'grace@navy.mil', primary: false, label: 'home' });
    const again = await sync(user, 'pipedrive', {
      ...grace,
      last_name: 'Hopper',
      profile_url: 'https://linkedin.com/in/g2',
    });
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal(again.body.data.outcome, 'updated');
    assert.equal(again.body.data.record_id, String(person.id));
    assert.equal(person.name, 'Grace Hopper');
    assert.equal(person.custom_fields[LINKEDIN_FIELD], 'https://linkedin.com/in/g2');
    assert.deepEqual(
      person.emails.map((e) => e.value),
      ['grace@example.com', 'grace@navy.mil'],
    );
    assert.equal(pipedrive.persons.length, 1);
  });

  it('names the custom field Pipedrive refuses', async () => {
    const res = await sync(user, 'pipedrive', { first_name: 'Score', notes: 'not a number' });
    assert.equal(res.status, 422);
    assert.equal(res.body.params.field, SCORE_FIELD);
    assert.match(res.body.params.reason, /must be a number/);
    assert.equal(pipedrive.persons.filter((p) => p.name === 'Score').length, 0);
  });

  it("answers Pipedrive's 429 with its Retry-After, and reads x-ratelimit-reset when that is all it sends", async () => {
    pipedrive.answerNext('GET', /\/persons\/search$/, pipedriveRateLimited(20));
    const res = await sync(user, 'pipedrive', { first_name: 'Busy', email: 'busy@example.com' });
    assert.equal(res.status, 429);
    assert.equal(res.headers['retry-after'], '20');

    const limited = pipedriveRateLimited(3);
    delete limited.headers!['retry-after'];
    pipedrive.answerNext('GET', /\/personFields$/, limited);
    const api = createPipedriveRecordApi(
      { software: 'pipedrive', account: 'test', credentials: { api_keys: [PIPEDRIVE_API_KEY] } },
      pipedrive.url,
    );
    await assert.rejects(
      api.listFields('contact'),
      (error) => error instanceof CrmRateLimited && error.retryAfterSeconds === 3,
    );
  });

  it("opens records at the OAuth connection's company domain, and asks to connect again when its token is refused", async () => {
    const oauth = await signup(t.api, { name: 'Pipe OAuth' });
    await connect(oauth, 'pipedrive', {
      access_token: PIPEDRIVE_TOKEN,
      api_domain: 'https://acme.pipedrive.com',
    });
    const res = await sync(oauth, 'pipedrive', {
      first_name: 'Linus',
      last_name: 'T',
      email: 'linus@example.com',
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.match(res.body.data.record_url, /^https:\/\/acme\.pipedrive\.com\/person\/\d+$/);

    await connect(oauth, 'pipedrive', { access_token: 'revoked', api_domain: 'https://acme.pipedrive.com' });
    const refused = await fields(oauth, 'pipedrive');
    assert.equal(refused.status, 422);
    assert.equal(refused.body.code, 'crm_reconnect');
  });
});

describe('Salesforce', () => {
  const instance = 'https://acme.my.salesforce.com';
  let user: TestUser;
  before(async () => {
    user = await signup(t.api, { name: 'Sales Forcer' });
    await connect(user, 'salesforce', { access_token: SALESFORCE_TOKEN, api_domain: instance });
    await saveSettings(user, 'salesforce', (s) => {
      s.owner = { kind: 'fixed', crm_user: SALESFORCE_USER.Email };
    });
  });

  it("lists the writable text fields of the object's describe", async () => {
    const contact = await fields(user, 'salesforce');
    assert.equal(contact.status, 200, JSON.stringify(contact.body));
    const names = (res: typeof contact) => res.body.data.fields.map((f: { name: string }) => f.name);
    assert.deepEqual(names(contact), [
      'FirstName',
      'LastName',
      'Title',
      'Email',
      'Phone',
      'Description',
      'LinkedIn_URL__c',
      'MailingCity',
    ]);
    const lead = await fields(user, 'salesforce', 'lead');
    assert.ok(names(lead).includes('Company'));
  });

  it('creates a contact with its owner, finds it by SOQL and updates it by the rules', async () => {
    const from = salesforce.requests.length;
    const profile = {
      first_name: 'Mary',
      last_name: "O'Brien",
      title: 'Engineer',
      location: 'Dublin',
      email: "mary.o'brien@example.com",
    };
    const created = await sync(user, 'salesforce', profile);
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.data.outcome, 'created');
    const [contact] = salesforce.records.Contact!;
    assert.equal(contact!.OwnerId, SALESFORCE_USER.Id);
    assert.equal(contact!.MailingCity, 'Dublin');
    assert.equal(created.body.data.record_url, `${instance}/lightning/r/Contact/${contact!.Id}/view`);
    const soql = salesforce.requests
      .slice(from)
      .find((r) => r.path.endsWith('/query'))!
      .query.get('q');
    assert.equal(
      soql,
      "SELECT Id, FirstName, LastName, Title, MailingCity, Email, Phone, Description FROM Contact WHERE Email = 'mary.o\\'brien@example.com' LIMIT 1",
    );

    const again = await sync(user, 'salesforce', { ...profile, title: 'Director', location: 'Cork' });
    assert.equal(again.body.data.outcome, 'updated');
    assert.equal(again.body.data.record_id, contact!.Id);
    assert.equal(contact!.Title, 'Director');
    assert.equal(contact!.MailingCity, 'Dublin');
    assert.equal(salesforce.records.Contact!.length, 1);
  });

  it('names the field Salesforce requires', async () => {
    const res = await sync(user, 'salesforce', { first_name: 'Mononym', email: 'mono@example.com' });
    assert.equal(res.status, 422);
    assert.deepEqual(res.body.params, {
      crm: 'Salesforce',
      field: 'LastName',
      reason: 'Required fields are missing: [LastName]',
    });
  });

  it("answers Salesforce's request limit (403 REQUEST_LIMIT_EXCEEDED) as a 429 of an hour", async () => {
    salesforce.answerNext('GET', /\/query$/, salesforceRequestLimit());
    const res = await sync(user, 'salesforce', {
      first_name: 'Busy',
      last_name: 'Org',
      email: 'busy@example.com',
    });
    assert.equal(res.status, 429);
    assert.equal(res.body.code, 'crm_rate_limited');
    assert.equal(res.headers['retry-after'], '3600');
  });

  it('asks to connect again when Salesforce says the session expired', async () => {
    const expired = await signup(t.api, { name: 'Expired Force' });
    await connect(expired, 'salesforce', { access_token: 'expired-session', api_domain: instance });
    const res = await sync(expired, 'salesforce', {
      first_name: 'No',
      last_name: 'Body',
      email: 'nobody@example.com',
    });
    assert.equal(res.status, 422);
    assert.equal(res.body.code, 'crm_reconnect');
    assert.equal(res.body.params.crm, 'Salesforce');
  });
});

/**
 * The API host a token answer names (Salesforce's instance_url, Pipedrive's api_domain) receives the
 * connection's token, so only the CRM's own https hosts are taken (docs/product.md#crm-sync-rules).
 */
describe("the API host of a CRM's token answer", () => {
  let app: TestApp;
  let tokenServer: Server;
  let tokenAnswer: object = {};

  before(async () => {
    tokenServer = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(tokenAnswer));
      });
    });
    await new Promise<void>((resolve) => tokenServer.listen(0, '127.0.0.1', resolve));
    const { port } = tokenServer.address() as AddressInfo;
    app = await startTestApp({
      SALESFORCE_CLIENT_ID: 'sf-id',
      SALESFORCE_CLIENT_SECRET: 'sf-secret',
      PIPEDRIVE_CLIENT_ID: 'pd-id',
      PIPEDRIVE_CLIENT_SECRET: 'pd-secret',
      SALESFORCE_API_URL: salesforce.url,
    });
    await app.app.services.db
      .updateTable('software')
      .set({ oauth_token_url: `http://127.0.0.1:${port}/token` })
      .where('slug', 'in', ['salesforce', 'pipedrive'])
      .execute();
  });
  after(async () => {
    await app?.close();
    await new Promise((resolve) => tokenServer?.close(resolve));
  });

  const connectionsOf = async (user: TestUser) =>
    app.app.services.db
      .selectFrom('crm_connections')
      .select('software')
      .where('user_id', '=', Number(user.id))
      .execute();

  it('refuses an instance_url or api_domain outside the CRM and stores nothing', async () => {
    const user = await signup(app.api, { name: 'Token Harvest' });
    const hostile: [string, object, string][] = [
      ['salesforce', { instance_url: 'https://attacker.example' }, 'attacker.example'],
      ['salesforce', { instance_url: 'http://acme.my.salesforce.com' }, 'acme.my.salesforce.com'],
      [
        'salesforce',
        { instance_url: 'https://salesforce.com.attacker.example' },
        'salesforce.com.attacker.example',
      ],
      [
        'pipedrive',
        { api_domain: 'https://acme.pipedrive.com.attacker.example' },
        'acme.pipedrive.com.attacker.example',
      ],
      ['pipedrive', { api_domain: 'https://pipedrive.com@attacker.example' }, 'attacker.example'],
    ];
    for (const [software, named, host] of hostile) {
      tokenAnswer = { access_token: 'the-token', refresh_token: 'the-refresh', ...named };
      const res = await app.api('accessToken', {
        cookie: user.cookie,
        body: { oauth_code: 'code', software },
      });
      assert.equal(res.status, 502, `${software} ${JSON.stringify(named)}`);
      assert.equal(res.body.code, 'crm_untrusted_host');
      assert.equal(res.body.params.host, host);
      assert.match(res.body.message, /is not one of its own\. Nothing was saved/);
    }
    assert.deepEqual(await connectionsOf(user), []);
  });

  it("takes the CRM's own hosts, and the configured API base of the local fakes", async () => {
    const user = await signup(app.api, { name: 'Token Keeper' });
    const own: [string, object][] = [
      ['salesforce', { instance_url: 'https://acme.my.salesforce.com' }],
      ['salesforce', { instance_url: 'https://acme--uat.sandbox.my.salesforce.com' }],
      ['salesforce', { instance_url: salesforce.url }],
      ['pipedrive', { api_domain: 'https://acme.pipedrive.com' }],
    ];
    for (const [software, named] of own) {
      tokenAnswer = { access_token: 'the-token', refresh_token: 'the-refresh', ...named };
      const res = await app.api('accessToken', {
        cookie: user.cookie,
        body: { oauth_code: 'code', software },
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
    }
    assert.deepEqual(await connectionsOf(user), [{ software: 'pipedrive' }]);
  });

  it('never sends a stored token to a host that is not the CRM’s', async () => {
    const user = await signup(t.api, { name: 'Old Connection' });
    await connect(user, 'pipedrive', {
      access_token: PIPEDRIVE_TOKEN,
      api_domain: 'https://attacker.example',
    });
    const before = pipedrive.requests.length;
    const res = await sync(user, 'pipedrive', { first_name: 'Ada', last_name: 'Lovelace' });
    assert.equal(res.status, 502);
    assert.equal(res.body.code, 'crm_untrusted_host');
    assert.equal(pipedrive.requests.length, before);
  });
});
