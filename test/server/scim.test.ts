/**
 * docs/scim.md: SCIM 2.0 provisioning at /scim/v2 for an organization's identity provider. The bearer token
 * (shown once, stored hashed, expiry, rotation grace, revocation, last use); the documented Okta and Entra
 * request sequences replayed (Entra's "False" strings, PATCH without path, member removal by value; Okta's
 * memberships in POST/PUT Groups); deprovisioning (seat free, sessions and pending sign-ins ended,
 * invitations revoked, ledger and audit kept, one transaction); every way in needs a proven address;
 * malformed requests answer SCIM 400s, never 500; tokens never reach the log. Runs on PGlite, and on
 * PostgreSQL with DATABASE_URL (where a concurrent call of the deactivated member is checked too).
 */
import assert from 'node:assert/strict';
import { createHash, randomUUID } from 'node:crypto';
import pg from 'pg';
import { before, describe, it } from './helpers/node-test.js';
import { getContract, mailToken, useTestApp, type TestApp } from './helpers/app.js';
import { mappedAccess } from '../../src/server/domain/scim-provisioning.js';
import { scimBoolean } from '../../src/server/domain/scim-resources.js';
import { invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { organizationWithDomain } from './helpers/sso.js';
import { lockWaits } from './helpers/lock-waits.js';

const DOMAIN = 'scim-corp.com';
const logLines: string[] = [];
const t = useTestApp({}, { logger: { level: 'debug', stream: { write: (line) => logLines.push(line) } } });

let admin: TestUser;
let orgId = 0;
let token = '';

interface ScimResult {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked against the contract at run time
  body: any;
  headers: Record<string, unknown>;
}

/** A SCIM call as an identity provider makes it; every answer is checked against openapi.yaml. */
async function scim(
  operationId: string,
  method: string,
  path: string,
  {
    body,
    bearer = token,
    contentType = 'application/scim+json',
    raw,
    ip,
  }: {
    body?: unknown;
    bearer?: string | null;
    contentType?: string;
    raw?: string;
    /** The calling address (the identity provider's): 127.0.0.1 unless given. */
    ip?: string;
  } = {},
  app: TestApp = t,
): Promise<ScimResult> {
  const headers: Record<string, string> = {};
  if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
  const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
  if (payload !== undefined) headers['content-type'] = contentType;
  const response = await app.app.inject({
    method: method as 'GET',
    url: `/scim/v2${path}`,
    headers,
    payload,
    ...(ip ? { remoteAddress: ip } : {}),
  });
  const parsed = response.body === '' ? undefined : JSON.parse(response.body);
  if (response.statusCode !== 204) {
    assert.equal(
      String(response.headers['content-type']).split(';')[0],
      'application/scim+json',
      response.body,
    );
    const validate = getContract().responseValidator(operationId, response.statusCode);
    assert.ok(
      validate(parsed),
      `${operationId} ${response.statusCode}: ${JSON.stringify(validate.errors)} ${response.body}`,
    );
  }
  return { status: response.statusCode, body: parsed, headers: response.headers };
}

const userPath = (id: string) => `/Users/${id}`;
const groupPath = (id: string) => `/Groups/${id}`;

async function signedIn(user: TestUser): Promise<number> {
  return (await t.api('getUser', { cookie: user.cookie, raw: true })).status;
}

async function account(email: string) {
  return t.app.services.db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
}

async function auditOf(type: string) {
  return t.app.services.db
    .selectFrom('audit_events')
    .selectAll()
    .where('type', '=', type)
    .where('organization_id', '=', orgId)
    .orderBy('id')
    .execute();
}

async function newToken(): Promise<string> {
  const res = await t.api('createScimToken', { cookie: admin.cookie, body: { expires_in_days: 30 } });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.data.token;
}

/** A member of the organization at the domain (invited, so the address is proven), holding a Pro seat. */
async function proMember(name: string): Promise<TestUser> {
  const member = await invitedMember(t, admin, { email: `${name}@${DOMAIN}` });
  await t.app.services.db
    .updateTable('organizations')
    .set((eb) => ({ seats_pro: eb('seats_pro', '+', 1) }))
    .where('id', '=', orgId)
    .execute();
  const seated = await t.api('setUserProduct', {
    cookie: admin.cookie,
    body: { user_id: member.id, product: 'Pro', role: 'member' },
  });
  assert.equal(seated.status, 200, JSON.stringify(seated.body));
  return member;
}

before(async () => {
  admin = await signup(t.api, { email: `ada@${DOMAIN}`, name: 'Ada' });
  // Without a domain verified by DNS there is no token: nothing could be provisioned.
  const early = await t.api('createScimToken', { cookie: admin.cookie, body: {} });
  assert.equal(early.status, 400);
  assert.equal(early.body.code, 'scim_needs_domain');
  assert.equal(
    (await t.api('startDnsVerification', { cookie: admin.cookie, body: { domain: DOMAIN } })).status,
    200,
  );
  const checked = await t.api('checkDnsVerification', { cookie: admin.cookie, body: {} });
  assert.equal(checked.status, 200, JSON.stringify(checked.body));
  orgId = (await account(`ada@${DOMAIN}`)).organization_id!;
  token = await newToken();
});

describe('the bearer token', () => {
  it('is shown once and stored as its SHA-256 only', async () => {
    const rows = await t.app.services.db
      .selectFrom('scim_tokens')
      .selectAll()
      .where('organization_id', '=', orgId)
      .execute();
    const hash = createHash('sha256').update(token).digest('hex');
    assert.ok(rows.some((row) => row.token_hash === hash));
    assert.ok(!JSON.stringify(rows).includes(token));
    const settings = await t.api('getScimSettings', { cookie: admin.cookie });
    assert.equal(settings.status, 200);
    assert.equal(settings.body.data.base_url, 'http://localhost:3000/scim/v2');
    assert.equal(settings.body.data.domain, DOMAIN);
    assert.ok(!JSON.stringify(settings.body).includes(token));
    assert.equal((await auditOf('scim.token_created')).length >= 1, true);
  });

  it('refuses a missing or wrong token with 401 and a SCIM error body', async () => {
    for (const bearer of [null, 'not-a-token', `${token}x`]) {
      const res = await scim('scimListUsers', 'GET', '/Users', { bearer });
      assert.equal(res.status, 401);
      assert.deepEqual(res.body.schemas, ['urn:ietf:params:scim:api:messages:2.0:Error']);
      assert.equal(res.body.status, '401');
      assert.equal(res.body.detail, 'The bearer token is missing, wrong, expired or revoked.');
    }
  });

  it('limits failed authentications per source address: 429 with Retry-After, a valid token never refused', async () => {
    const list = (bearer: string | null, ip: string) =>
      scim('scimListUsers', 'GET', '/Users', { bearer, ip });
    const burst = '192.0.2.66';
    // The limit of failures (scimAuthFailedIp, 20 in 15 minutes): wrong, missing and expired tokens alike.
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const res = await list(attempt % 2 === 0 ? null : `wrong-${attempt}`, burst);
      assert.equal(res.status, 401, `attempt ${attempt}`);
    }
    const refused = await list('wrong-again', burst);
    assert.equal(refused.status, 429);
    assert.deepEqual(refused.body.schemas, ['urn:ietf:params:scim:api:messages:2.0:Error']);
    assert.equal(refused.body.status, '429');
    assert.equal(refused.body.detail, 'Too many attempts, please try again later.');
    assert.equal(refused.headers['retry-after'], String(15 * 60));
    // The identity provider, elsewhere, is neither starved nor counted against; another source's wrong
    // token is still told it is wrong.
    assert.equal((await list(token, '198.51.100.80')).status, 200);
    assert.equal((await list('wrong', '198.51.100.81')).status, 401);
    // A valid token is never refused, even from the source that burst.
    assert.equal((await list(token, burst)).status, 200);
    assert.equal((await list(null, burst)).status, 429);
  });

  it('notes its last use, shown in the settings', async () => {
    assert.equal((await scim('scimServiceProviderConfig', 'GET', '/ServiceProviderConfig')).status, 200);
    const settings = await t.api('getScimSettings', { cookie: admin.cookie });
    const hash = createHash('sha256').update(token).digest('hex');
    const row = await t.app.services.db
      .selectFrom('scim_tokens')
      .select(['id'])
      .where('token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    const shown = settings.body.data.tokens.find((entry: { id: string }) => entry.id === String(row.id));
    assert.equal(typeof shown.last_used_at, 'number');
    assert.equal(shown.status, 'active');
  });

  it('rotates: the old token keeps working during the grace period, then stops', async () => {
    const old = await newToken();
    const oldId = (await t.api('getScimSettings', { cookie: admin.cookie })).body.data.tokens[0].id;
    const rotated = await t.api('rotateScimToken', { cookie: admin.cookie, body: { id: oldId } });
    assert.equal(rotated.status, 200, JSON.stringify(rotated.body));
    const fresh = rotated.body.data.token as string;
    assert.notEqual(fresh, old);
    assert.equal((await scim('scimListUsers', 'GET', '/Users', { bearer: old })).status, 200);
    assert.equal((await scim('scimListUsers', 'GET', '/Users', { bearer: fresh })).status, 200);
    const settings = await t.api('getScimSettings', { cookie: admin.cookie });
    const oldEntry = settings.body.data.tokens.find((entry: { id: string }) => entry.id === oldId);
    assert.equal(oldEntry.status, 'rotated');
    const graceHours = (oldEntry.grace_until - Date.now() / 1000) / 3600;
    assert.ok(graceHours > 23.9 && graceHours <= 24, String(graceHours));
    // A rotated token cannot be rotated again.
    assert.equal((await t.api('rotateScimToken', { cookie: admin.cookie, body: { id: oldId } })).status, 404);
    // The grace period over (moved into the past rather than waited for), the old token is refused.
    await t.app.services.db
      .updateTable('scim_tokens')
      .set({ grace_until: new Date(Date.now() - 1000) })
      .where('id', '=', Number(oldId))
      .execute();
    assert.equal((await scim('scimListUsers', 'GET', '/Users', { bearer: old })).status, 401);
    assert.equal((await scim('scimListUsers', 'GET', '/Users', { bearer: fresh })).status, 200);
    assert.equal((await auditOf('scim.token_rotated')).length, 1);
  });

  it('stops working once expired or revoked', async () => {
    const expiring = await newToken();
    await t.app.services.db
      .updateTable('scim_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', createHash('sha256').update(expiring).digest('hex'))
      .execute();
    assert.equal((await scim('scimListUsers', 'GET', '/Users', { bearer: expiring })).status, 401);

    const revoking = await newToken();
    assert.equal((await scim('scimListUsers', 'GET', '/Users', { bearer: revoking })).status, 200);
    const id = (await t.api('getScimSettings', { cookie: admin.cookie })).body.data.tokens[0].id;
    const revoked = await t.api('revokeScimToken', { cookie: admin.cookie, body: { id } });
    assert.equal(revoked.status, 200);
    assert.equal((await scim('scimListUsers', 'GET', '/Users', { bearer: revoking })).status, 401);
    assert.equal((await t.api('revokeScimToken', { cookie: admin.cookie, body: { id } })).status, 404);
    assert.equal((await auditOf('scim.token_revoked')).length, 1);
  });

  it("is the admin's to manage: a member is refused", async () => {
    const member = await invitedMember(t, admin);
    for (const operationId of ['getScimSettings', 'createScimToken']) {
      const res = await t.api(operationId, { cookie: member.cookie, body: {} });
      assert.equal(res.status, 403);
    }
  });
});

describe('discovery', () => {
  it('answers ServiceProviderConfig, Schemas and ResourceTypes', async () => {
    const config = await scim('scimServiceProviderConfig', 'GET', '/ServiceProviderConfig');
    assert.equal(config.body.patch.supported, true);
    assert.equal(config.body.filter.supported, true);
    const schemas = await scim('scimListSchemas', 'GET', '/Schemas');
    assert.deepEqual(
      schemas.body.Resources.map((schema: { name: string }) => schema.name),
      ['User', 'Group'],
    );
    const types = await scim('scimListResourceTypes', 'GET', '/ResourceTypes');
    assert.deepEqual(
      types.body.Resources.map((type: { endpoint: string }) => type.endpoint),
      ['/Users', '/Groups'],
    );
  });
});

describe('Okta (its documented SCIM 2.0 sequence)', () => {
  let bob: TestUser;
  let bobId = '';

  it('looks the user up by userName, creates, reads and lists it', async () => {
    bob = await proMember('bob');
    const lookUp = await scim(
      'scimListUsers',
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "Bob@${DOMAIN}"`)}&startIndex=1&count=100`,
    );
    assert.equal(lookUp.status, 200);
    assert.equal(lookUp.body.totalResults, 0);
    const created = await scim('scimCreateUser', 'POST', '/Users', {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        userName: `Bob@${DOMAIN}`,
        name: { givenName: 'Bob', familyName: 'Builder' },
        emails: [{ primary: true, value: `bob@${DOMAIN}`, type: 'work' }],
        displayName: 'Bob Builder',
        locale: 'en-US',
        externalId: '00ujl29u0le5T6Aj10h7',
        groups: [],
        password: 'ignored-1A!',
        active: true,
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    bobId = created.body.id;
    assert.equal(created.body.userName, `bob@${DOMAIN}`);
    assert.equal(created.headers.location, `http://localhost:3000/scim/v2/Users/${bobId}`);
    // The member was there already: still signed in, still on Pro.
    assert.equal(await signedIn(bob), 200);
    assert.equal((await account(`bob@${DOMAIN}`)).stripe_product, 'pro');

    const again = await scim(
      'scimListUsers',
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "BOB@${DOMAIN}"`)}`,
    );
    assert.equal(again.body.totalResults, 1);
    assert.equal(again.body.Resources[0].id, bobId);
    assert.equal((await scim('scimGetUser', 'GET', userPath(bobId))).body.name.familyName, 'Builder');

    const duplicate = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `bob@${DOMAIN}` } });
    assert.equal(duplicate.status, 409);
    assert.equal(duplicate.body.scimType, 'uniqueness');
  });

  it('pages with startIndex and count', async () => {
    for (const name of ['pa', 'pb', 'pc']) {
      assert.equal(
        (
          await scim('scimCreateUser', 'POST', '/Users', {
            body: { userName: `${name}@${DOMAIN}`, active: false },
          })
        ).status,
        201,
      );
    }
    const all = await scim('scimListUsers', 'GET', '/Users');
    const page = await scim('scimListUsers', 'GET', '/Users?startIndex=2&count=2');
    assert.equal(page.body.totalResults, all.body.totalResults);
    assert.equal(page.body.startIndex, 2);
    assert.equal(page.body.itemsPerPage, 2);
    assert.deepEqual(
      page.body.Resources.map((user: { id: string }) => user.id),
      all.body.Resources.slice(1, 3).map((user: { id: string }) => user.id),
    );
  });

  it('sends memberships in POST and PUT Groups', async () => {
    const carl = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `carl@${DOMAIN}` } });
    const group = await scim('scimCreateGroup', 'POST', '/Groups', {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Engineering',
        members: [{ value: bobId, display: `bob@${DOMAIN}` }],
      },
    });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    assert.deepEqual(
      group.body.members.map((m: { value: string }) => m.value),
      [bobId],
    );
    const replaced = await scim('scimReplaceGroup', 'PUT', groupPath(group.body.id), {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        id: group.body.id,
        displayName: 'Engineering',
        members: [{ value: bobId }, { value: carl.body.id }],
      },
    });
    assert.equal(replaced.status, 200, JSON.stringify(replaced.body));
    assert.deepEqual(
      replaced.body.members.map((m: { value: string }) => m.value).sort(),
      [bobId, carl.body.id].sort(),
    );
    const read = await scim('scimGetUser', 'GET', userPath(bobId));
    assert.deepEqual(
      read.body.groups.map((g: { display: string }) => g.display),
      ['Engineering'],
    );
  });

  it('deactivates with PUT active false: the seat is free, every session ended, the history kept', async () => {
    const ledgerBefore = await t.app.services.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', Number(bob.id))
      .executeTakeFirstOrThrow();
    const res = await scim('scimReplaceUser', 'PUT', userPath(bobId), {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'],
        id: bobId,
        userName: `bob@${DOMAIN}`,
        name: { givenName: 'Bob', familyName: 'Builder' },
        active: false,
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.active, false);
    // The open session's next call is refused.
    assert.equal(await signedIn(bob), 401);
    const row = await account(`bob@${DOMAIN}`);
    assert.equal(row.organization_id, null);
    assert.equal(row.stripe_product, 'free');
    const ledgerAfter = await t.app.services.db
      .selectFrom('credit_ledger')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('user_id', '=', Number(bob.id))
      .executeTakeFirstOrThrow();
    assert.ok(Number(ledgerAfter.n) >= Number(ledgerBefore.n), 'the ledger keeps its entries');
    const [entry] = (await auditOf('scim.user_deprovisioned')).filter(
      (e) => e.target_email === `bob@${DOMAIN}`,
    );
    assert.ok(entry);
    assert.deepEqual(entry.details, { reason: 'deactivated', sessions: 1, product: 'Pro' });
    assert.equal(
      (await auditOf('invitation.accepted')).some((e) => e.target_email === `bob@${DOMAIN}`),
      true,
    );
  });
});

describe('Entra ID (its documented SCIM 2.0 sequence)', () => {
  let dana: TestUser;
  let danaId = '';
  let groupId = '';
  let eveId = '';

  it('creates with the enterprise extension and reads "True"/"False" strings', async () => {
    dana = await proMember('dana');
    const lookUp = await scim(
      'scimListUsers',
      'GET',
      `/Users?filter=${encodeURIComponent(`userName eq "dana@${DOMAIN}"`)}`,
    );
    assert.equal(lookUp.body.totalResults, 0);
    const created = await scim('scimCreateUser', 'POST', '/Users', {
      body: {
        schemas: [
          'urn:ietf:params:scim:schemas:core:2.0:User',
          'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User',
        ],
        externalId: '0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef',
        userName: `dana@${DOMAIN}`,
        active: 'True',
        displayName: 'Dana Scully',
        emails: [{ primary: true, type: 'work', value: `dana@${DOMAIN}` }],
        meta: { resourceType: 'User' },
        name: { formatted: 'Dana Scully', familyName: 'Scully', givenName: 'Dana' },
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'X-Files' },
      },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    danaId = created.body.id;
    assert.equal(created.body.active, true);
    const eve = await scim('scimCreateUser', 'POST', '/Users', {
      body: { userName: `eve@${DOMAIN}`, active: 'True' },
    });
    eveId = eve.body.id;
    const byExternalId = await scim(
      'scimListUsers',
      'GET',
      `/Users?filter=${encodeURIComponent('externalId eq "0a21f0f2-8d2a-4f8e-bf98-7363c4aed4ef"')}`,
    );
    assert.equal(byExternalId.body.Resources[0].id, danaId);
  });

  it('PATCHes attributes with a path and without one', async () => {
    const withPath = await scim('scimPatchUser', 'PATCH', userPath(danaId), {
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'Replace', path: 'name.familyName', value: 'Mulder' },
          { op: 'Add', path: 'emails[type eq "work"].value', value: `dana@${DOMAIN}` },
        ],
      },
    });
    assert.equal(withPath.status, 200, JSON.stringify(withPath.body));
    assert.equal(withPath.body.name.familyName, 'Mulder');
    const withoutPath = await scim('scimPatchUser', 'PATCH', userPath(danaId), {
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'replace', value: { 'name.givenName': 'Fox', externalId: 'fm-1' } }],
      },
    });
    assert.equal(withoutPath.body.name.givenName, 'Fox');
    assert.equal(withoutPath.body.externalId, 'fm-1');
    assert.equal(await signedIn(dana), 200);
  });

  it('adds group members, and removing one by value removes only that one', async () => {
    const group = await scim('scimCreateGroup', 'POST', '/Groups', {
      body: {
        schemas: ['urn:ietf:params:scim:schemas:core:2.0:Group'],
        displayName: 'Agents',
        externalId: 'g-1',
      },
    });
    groupId = group.body.id;
    const added = await scim('scimPatchGroup', 'PATCH', groupPath(groupId), {
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Add', path: 'members', value: [{ value: danaId }, { value: eveId }] }],
      },
    });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.members.length, 2);
    const removed = await scim('scimPatchGroup', 'PATCH', groupPath(groupId), {
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Remove', path: `members[value eq "${eveId}"]` }],
      },
    });
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(
      removed.body.members.map((m: { value: string }) => m.value),
      [danaId],
    );
    // A remove of members that names nobody is refused rather than emptying the group.
    const vague = await scim('scimPatchGroup', 'PATCH', groupPath(groupId), {
      body: { Operations: [{ op: 'remove', path: 'members' }] },
    });
    assert.equal(vague.status, 400);
    assert.equal(vague.body.scimType, 'noTarget');
    const read = await scim('scimGetGroup', 'GET', groupPath(groupId));
    assert.deepEqual(
      read.body.members.map((m: { value: string }) => m.value),
      [danaId],
    );
    const renamed = await scim('scimPatchGroup', 'PATCH', groupPath(groupId), {
      body: { Operations: [{ op: 'Replace', path: 'displayName', value: 'Field agents' }] },
    });
    assert.equal(renamed.body.displayName, 'Field agents');
    const listed = await scim(
      'scimListGroups',
      'GET',
      `/Groups?excludedAttributes=members&filter=${encodeURIComponent('displayName eq "field agents"')}`,
    );
    assert.equal(listed.body.totalResults, 1);
    assert.equal(listed.body.Resources[0].members, undefined);
  });

  it('deactivates with "active": "False" (PATCH, path active): seat, sessions and pending sign-ins go', async () => {
    // A sign-in waiting for its second factor, as two-factor sign-in leaves it.
    await t.app.services.db
      .insertInto('pending_sign_ins')
      .values({
        id_hash: randomUUID(),
        user_id: Number(dana.id),
        expires_at: new Date(Date.now() + 600_000),
      } as never)
      .execute()
      .catch(() => undefined);
    const res = await scim('scimPatchUser', 'PATCH', userPath(danaId), {
      body: {
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [{ op: 'Replace', path: 'active', value: 'False' }],
      },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.active, false);
    assert.equal(await signedIn(dana), 401);
    const row = await account(`dana@${DOMAIN}`);
    assert.equal(row.organization_id, null);
    assert.equal(row.stripe_product, 'free');
    const { db } = t.app.services;
    assert.equal(
      (await db.selectFrom('sessions').select('id').where('user_id', '=', row.id).execute()).length,
      0,
    );
    assert.equal(
      (await db.selectFrom('pending_sign_ins').selectAll().where('user_id', '=', row.id).execute()).length,
      0,
    );
  });

  it('deactivates with PATCH without a path ({"op":"replace","value":{"active":false}}) and deletes', async () => {
    const frank = await proMember('frank');
    const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `frank@${DOMAIN}` } });
    const res = await scim('scimPatchUser', 'PATCH', userPath(created.body.id), {
      body: { Operations: [{ op: 'replace', value: { active: false } }] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(await signedIn(frank), 401);
    assert.equal((await account(`frank@${DOMAIN}`)).stripe_product, 'free');

    const gina = await proMember('gina');
    const ginaScim = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `gina@${DOMAIN}` } });
    assert.equal((await scim('scimDeleteUser', 'DELETE', userPath(ginaScim.body.id))).status, 204);
    assert.equal(await signedIn(gina), 401);
    assert.equal((await scim('scimGetUser', 'GET', userPath(ginaScim.body.id))).status, 404);
    const [entry] = (await auditOf('scim.user_deprovisioned')).filter(
      (e) => e.target_email === `gina@${DOMAIN}`,
    );
    assert.equal((entry?.details as { reason?: string }).reason, 'deleted');
    // The account stays, with its ledger: only its membership ended.
    assert.equal((await account(`gina@${DOMAIN}`)).organization_id, null);
  });
});

describe('an inactive user lets nobody in (docs/scim.md#deprovisioning)', () => {
  const deactivate = (id: string) =>
    scim('scimPatchUser', 'PATCH', userPath(id), {
      body: { Operations: [{ op: 'replace', path: 'active', value: 'False' }] },
    });

  it('created inactive for someone already a member: they leave', async () => {
    const kira = await proMember('kira');
    const created = await scim('scimCreateUser', 'POST', '/Users', {
      body: { userName: `kira@${DOMAIN}`, active: 'False' },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(await signedIn(kira), 401);
    assert.equal((await account(`kira@${DOMAIN}`)).organization_id, null);
  });

  it('an admin created inactive, or said inactive again, stays an admin: no 409 for every later change', async () => {
    const created = await scim('scimCreateUser', 'POST', '/Users', {
      body: { userName: `ada@${DOMAIN}`, active: false },
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal((await deactivate(created.body.id)).status, 200);
    assert.equal((await account(`ada@${DOMAIN}`)).organization_id, orgId, 'still the organization’s admin');
    assert.equal(await signedIn(admin), 200);
    assert.equal((await scim('scimDeleteUser', 'DELETE', userPath(created.body.id))).status, 409);
  });

  it('said inactive again: whoever came in meanwhile leaves, whatever the user was before', async () => {
    const lou = await proMember('lou');
    const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `lou@${DOMAIN}` } });
    assert.equal((await deactivate(created.body.id)).status, 200);
    // Back in by a way that did not ask (as before every way in did).
    await t.app.services.db
      .updateTable('users')
      .set({ organization_id: orgId, role: 'member' })
      .where('id', '=', Number(lou.id))
      .execute();
    const again = await deactivate(created.body.id);
    assert.equal(again.status, 200, JSON.stringify(again.body));
    assert.equal((await account(`lou@${DOMAIN}`)).organization_id, null);
  });

  it('is not let back in by an invitation link, or by an invitation an admin sends after', async () => {
    const lee = await proMember('lee');
    const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `lee@${DOMAIN}` } });
    assert.equal((await deactivate(created.body.id)).status, 200);
    assert.equal(await signedIn(lee), 401);
    const link = await t.api('createInviteLink', { cookie: admin.cookie, body: {} });
    assert.equal(link.status, 200, JSON.stringify(link.body));
    const linkToken = decodeURIComponent(new URL(link.body.data.url).pathname.replace(/^\/join\//, ''));
    const cookie = `session=${await t.app.services.repos.sessions.create(Number(lee.id))}`;
    const joined = await t.api('acceptInviteLink', { cookie, body: { token: linkToken } });
    assert.equal(joined.status, 403, JSON.stringify(joined.body));
    assert.equal(joined.body.code, 'scim_user_inactive');
    assert.equal(
      joined.body.message,
      `The organization’s identity provider has turned off access for lee@${DOMAIN}: only it can let them in again.`,
    );
    assert.equal((await account(`lee@${DOMAIN}`)).organization_id, null);

    // A new address, provisioned inactive, then invited by an admin: signing up with the invitation is refused.
    const mo = `mo@${DOMAIN}`;
    assert.equal(
      (await scim('scimCreateUser', 'POST', '/Users', { body: { userName: mo, active: false } })).status,
      201,
    );
    assert.equal((await t.api('inviteUser', { cookie: admin.cookie, body: { email: mo } })).status, 200);
    const signedUp = await t.api('signup', {
      body: {
        name: 'Mo',
        email: mo,
        password: 'Sup3r-secret-pass!',
        software: 'demo-crm',
        invitation_token: await mailToken(t, mo),
      },
      ip: '10.9.0.1',
    });
    assert.equal(signedUp.status, 403, JSON.stringify(signedUp.body));
    assert.equal(signedUp.body.code, 'scim_user_inactive');
    assert.equal(
      await t.app.services.db.selectFrom('users').select('id').where('email', '=', mo).executeTakeFirst(),
      undefined,
      'no account made',
    );
  });
});

describe('every way in needs a proven address', () => {
  it('mails an invitation to a new address and revokes it on deactivation', async () => {
    const email = `hank@${DOMAIN}`;
    const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: email } });
    assert.equal(created.status, 201);
    const pending = () =>
      t.app.services.db
        .selectFrom('invitations')
        .selectAll()
        .where('email', '=', email)
        .where('accepted_at', 'is', null)
        .execute();
    assert.equal((await pending()).length, 1);
    assert.ok(await mailToken(t, email));
    await scim('scimPatchUser', 'PATCH', userPath(created.body.id), {
      body: { Operations: [{ op: 'replace', path: 'active', value: false }] },
    });
    assert.equal((await pending()).length, 0);
  });

  it('does not join an account whose address nobody proved: it is mailed an invitation instead', async () => {
    const ivan = await signup(t.api, { email: `ivan@${DOMAIN}` });
    const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `ivan@${DOMAIN}` } });
    assert.equal(created.status, 201);
    assert.equal((await account(`ivan@${DOMAIN}`)).organization_id, null);
    const accepted = await t.api('acceptInvite', {
      cookie: ivan.cookie,
      query: { token: await mailToken(t, `ivan@${DOMAIN}`), join: 'true' },
      body: {},
    });
    assert.equal(accepted.status, 200, JSON.stringify(accepted.body));
    assert.equal((await account(`ivan@${DOMAIN}`)).organization_id, orgId);
  });

  it('joins a proven account in no organization at once, as a Free member', async () => {
    const email = `judy@${DOMAIN}`;
    await signup(t.api, { email });
    await t.app.services.db
      .updateTable('users')
      .set({ email_proven_at: new Date() })
      .where('email', '=', email)
      .execute();
    const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: email } });
    assert.equal(created.status, 201);
    const row = await account(email);
    assert.equal(row.organization_id, orgId);
    assert.equal(row.stripe_product, 'free');
    assert.equal(
      (await auditOf('scim.user_joined')).some((e) => e.target_email === email),
      true,
    );
  });

  it('refuses an address outside the verified domain', async () => {
    const res = await scim('scimCreateUser', 'POST', '/Users', {
      body: { userName: uniqueEmail('outsider') },
    });
    assert.equal(res.status, 400);
    assert.equal(res.body.scimType, 'invalidValue');
    assert.equal(
      res.body.detail,
      `userName must be an address at ${DOMAIN}, the organization's verified domain.`,
    );
  });

  it('refuses an address at the domain with a trailing dot or an empty label: another address', async () => {
    for (const userName of [`bob@${DOMAIN}.`, `bob@scim-corp..com`]) {
      const res = await scim('scimCreateUser', 'POST', '/Users', { body: { userName } });
      assert.equal(res.status, 400, `${userName}: ${JSON.stringify(res.body)}`);
      assert.equal(res.body.detail, 'The request is not valid SCIM: userName must be an email address');
    }
  });
});

describe('a domain the organization no longer holds', () => {
  it('lets nobody in by reactivating a user at it (PATCH or PUT), as creating one there is refused', async () => {
    const OLD = 'scim-old.com';
    const { owner } = await organizationWithDomain(t, `ada@${OLD}`);
    const own = await t.api('createScimToken', { cookie: owner.cookie, body: { expires_in_days: 30 } });
    const bearer = own.body.data.token as string;
    const email = `victim@${OLD}`;
    const created = await scim('scimCreateUser', 'POST', '/Users', {
      body: { userName: email, active: false },
      bearer,
    });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    // The organization moves to another domain (DNS); the old one may now be another organization's.
    assert.equal(
      (await t.api('startDnsVerification', { cookie: owner.cookie, body: { domain: 'scim-new.com' } }))
        .status,
      200,
    );
    assert.equal((await t.api('checkDnsVerification', { cookie: owner.cookie, body: {} })).status, 200);
    // A proven account at the old domain, in no organization.
    await signup(t.api, { email });
    await t.app.services.db
      .updateTable('users')
      .set({ email_proven_at: new Date() })
      .where('email', '=', email)
      .execute();

    const patched = await scim('scimPatchUser', 'PATCH', userPath(created.body.id), {
      body: { Operations: [{ op: 'replace', path: 'active', value: true }] },
      bearer,
    });
    assert.equal(patched.status, 400, JSON.stringify(patched.body));
    const replaced = await scim('scimReplaceUser', 'PUT', userPath(created.body.id), {
      body: { schemas: ['urn:ietf:params:scim:schemas:core:2.0:User'], userName: email, active: true },
      bearer,
    });
    assert.equal(replaced.status, 400, JSON.stringify(replaced.body));
    assert.equal((await account(email)).organization_id, null);
    const invitations = await t.app.services.db
      .selectFrom('invitations')
      .select('id')
      .where('email', '=', email)
      .execute();
    assert.deepEqual(invitations, [], 'nobody mailed an invitation either');
  });
});

describe('a burst of one organization’s writes', () => {
  it('takes its turns, 200 or 429 with Retry-After, and serves a bystander during it', async () => {
    const { owner } = await organizationWithDomain(t, 'ada@scim-burst.com');
    const bearer = (await t.api('createScimToken', { cookie: owner.cookie, body: { expires_in_days: 30 } }))
      .body.data.token as string;
    const bystander = await signup(t.api);
    const group = await scim('scimCreateGroup', 'POST', '/Groups', {
      body: { displayName: 'Burst' },
      bearer,
    });
    assert.equal(group.status, 201);
    let finished = 0;
    const burst = Array.from({ length: 200 }, (_, i) =>
      scim('scimPatchGroup', 'PATCH', groupPath(group.body.id), {
        body: {
          schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
          Operations: [{ op: 'replace', path: 'externalId', value: `burst-${i}` }],
        },
        bearer,
      }).then((answer) => ({ answer, order: ++finished })),
    );
    const bystanderCalls = (async () => {
      const calls: { status: number; order: number }[] = [];
      for (let i = 0; i < 5; i++) {
        calls.push({
          status: (await t.api('getUser', { cookie: bystander.cookie })).status,
          order: ++finished,
        });
      }
      return calls;
    })();
    const [answers, calls] = await Promise.all([Promise.all(burst), bystanderCalls]);
    for (const { answer } of answers) {
      assert.ok([200, 429].includes(answer.status), String(answer.status));
      if (answer.status === 429) assert.ok(answer.headers['retry-after']);
    }
    assert.ok(calls.every(({ status }) => status === 200));
    const worked = answers.filter(({ answer }) => answer.status !== 429);
    const before = worked.filter(({ order }) => order < calls.at(-1)!.order).length;
    assert.ok(
      before < worked.length / 2,
      `the bystander waited for ${before} of the burst's ${worked.length} calls`,
    );
  });
});

describe('group mappings', () => {
  it('gives the members of a mapped group its product, seat permitting, and takes it back when they leave', async () => {
    const kim = await invitedMember(t, admin, { email: `kim@${DOMAIN}` });
    await t.app.services.db
      .updateTable('organizations')
      .set((eb) => ({ seats_standard: eb('seats_standard', '+', 1) }))
      .where('id', '=', orgId)
      .execute();
    const saved = await t.api('setScimGroupMapping', {
      cookie: admin.cookie,
      body: { display_name: 'sales', product: 'standard' },
    });
    assert.equal(saved.status, 200, JSON.stringify(saved.body));
    const both = await t.api('setScimGroupMapping', {
      cookie: admin.cookie,
      body: { display_name: 'x', product: 'pro', role: 'viewer' },
    });
    assert.equal(both.status, 400);
    const kimScim = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `kim@${DOMAIN}` } });
    const group = await scim('scimCreateGroup', 'POST', '/Groups', {
      body: { displayName: 'Sales', members: [{ value: kimScim.body.id }] },
    });
    assert.equal(group.status, 201);
    assert.equal((await account(`kim@${DOMAIN}`)).stripe_product, 'standard');
    await scim('scimPatchGroup', 'PATCH', groupPath(group.body.id), {
      body: { Operations: [{ op: 'remove', path: `members[value eq "${kimScim.body.id}"]` }] },
    });
    assert.equal((await account(`kim@${DOMAIN}`)).stripe_product, 'free');
    assert.equal(await signedIn(kim), 200);
    const settings = await t.api('getScimSettings', { cookie: admin.cookie });
    const mapping = settings.body.data.mappings.find(
      (m: { display_name: string }) => m.display_name === 'sales',
    );
    assert.equal(mapping.product, 'Standard');
    assert.equal(
      (await t.api('removeScimGroupMapping', { cookie: admin.cookie, body: { id: mapping.id } })).status,
      200,
    );
  });
});

describe('group changes and other calls on the same members', { skip: !process.env.DATABASE_URL }, () => {
  it('lock the members in the same order (by id): a group change and a bulk cap change at once both go through', async () => {
    const low = await invitedMember(t, admin, { email: `low-${randomUUID()}@${DOMAIN}` });
    const high = await invitedMember(t, admin, { email: `high-${randomUUID()}@${DOMAIN}` });
    assert.ok(Number(low.id) < Number(high.id));
    const mapped = await t.api('setScimGroupMapping', {
      cookie: admin.cookie,
      body: { display_name: 'readers', role: 'viewer' },
    });
    assert.equal(mapped.status, 200, JSON.stringify(mapped.body));
    const scimIds = [];
    for (const member of [high, low]) {
      const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: member.email } });
      assert.equal(created.status, 201, JSON.stringify(created.body));
      scimIds.push(created.body.id as string);
    }
    const group = await scim('scimCreateGroup', 'POST', '/Groups', {
      body: { displayName: 'Readers', members: [] },
    });
    assert.equal(group.status, 201, JSON.stringify(group.body));
    const holder = new pg.Client({ connectionString: t.config.databaseUrl });
    await holder.connect();
    const { untilWaiting, end } = await lockWaits(t.config.databaseUrl!);
    try {
      await holder.query('begin');
      await holder.query('select id from users where id = $1 for update', [Number(low.id)]);
      // The cap change waits for the first of the two; then the group change, the higher id named first.
      const capping = t.api('setMemberCaps', {
        cookie: admin.cookie,
        body: { user_ids: [low.id, high.id], monthly_cap: 5 },
      });
      await untilWaiting(1);
      const joining = scim('scimPatchGroup', 'PATCH', groupPath(group.body.id), {
        body: { Operations: [{ op: 'add', path: 'members', value: scimIds.map((value) => ({ value })) }] },
      });
      await untilWaiting(2);
      await holder.query('commit');
      const [capped, joined] = await Promise.all([capping, joining]);
      assert.equal(capped.status, 200, JSON.stringify(capped.body));
      assert.ok(joined.status < 300, JSON.stringify(joined.body));
      for (const member of [low, high]) {
        const row = await account(member.email);
        assert.deepEqual([row.role, row.monthly_cap], ['viewer', 5]);
      }
    } finally {
      await Promise.all([holder.end(), end()]);
    }
  });
});

describe('the pure rules', () => {
  it('reads booleans as Entra sends them ("True", "False", any case) and refuses anything else', () => {
    for (const [value, expected] of [
      [true, true],
      [false, false],
      ['True', true],
      ['False', false],
      [' false ', false],
      ['TRUE', true],
    ] as const) {
      assert.equal(scimBoolean(value, 'active'), expected, String(value));
    }
    for (const value of ['yes', 0, 1, null, {}, 'Falsey']) assert.throws(() => scimBoolean(value, 'active'));
  });

  it("gives the first role in the order of the roles and the highest product of a user's mapped groups", () => {
    assert.deepEqual(mappedAccess([]), {});
    assert.deepEqual(
      mappedAccess([
        { role: 'viewer', product: null },
        { role: null, product: 'standard' },
        { role: null, product: 'pro' },
        { role: 'member', product: null },
      ]),
      { role: 'member', product: 'pro' },
    );
    assert.deepEqual(mappedAccess([{ role: null, product: 'free' }]), { product: 'free' });
  });
});

describe('malformed requests', () => {
  it('answer a SCIM 400 (or 404, 415), never a 500', async () => {
    const someone = await scim('scimCreateUser', 'POST', '/Users', {
      body: { userName: `lou@${DOMAIN}`, active: false },
    });
    const id = someone.body.id as string;
    const cases: [string, string, string, { body?: unknown; raw?: string; contentType?: string }, number][] =
      [
        ['scimCreateUser', 'POST', '/Users', { raw: 'not json' }, 400],
        ['scimCreateUser', 'POST', '/Users', { raw: '[]' }, 400],
        ['scimCreateUser', 'POST', '/Users', { raw: 'null' }, 400],
        ['scimCreateUser', 'POST', '/Users', { raw: '{"__proto__":{"x":1}}' }, 400],
        ['scimCreateUser', 'POST', '/Users', { body: { userName: 5 } }, 400],
        ['scimCreateUser', 'POST', '/Users', { body: { userName: `x@${DOMAIN}`, active: 'maybe' } }, 400],
        ['scimCreateUser', 'POST', '/Users', { body: { userName: `x@${DOMAIN}`, name: 'flat' } }, 400],
        [
          'scimCreateUser',
          'POST',
          '/Users',
          { body: { userName: `x@${DOMAIN}` }, contentType: 'text/plain' },
          415,
        ],
        ['scimReplaceUser', 'PUT', userPath(id), { body: {} }, 400],
        ['scimPatchUser', 'PATCH', userPath(id), { body: { Operations: 'x' } }, 400],
        ['scimPatchUser', 'PATCH', userPath(id), { body: { Operations: [] } }, 400],
        [
          'scimPatchUser',
          'PATCH',
          userPath(id),
          { body: { Operations: [{ op: 'move', path: 'active' }] } },
          400,
        ],
        [
          'scimPatchUser',
          'PATCH',
          userPath(id),
          { body: { Operations: [{ op: 'replace', value: 'x' }] } },
          400,
        ],
        ['scimPatchUser', 'PATCH', userPath(id), { body: { Operations: [{ op: 'remove' }] } }, 400],
        ['scimPatchUser', 'PATCH', userPath(id), { body: { Operations: [null] } }, 400],
        [
          'scimPatchUser',
          'PATCH',
          userPath('not-a-uuid'),
          { body: { Operations: [{ op: 'replace', value: { active: true } }] } },
          404,
        ],
        ['scimGetUser', 'GET', userPath('not-a-uuid'), {}, 404],
        ['scimGetUser', 'GET', userPath(randomUUID()), {}, 404],
        ['scimListUsers', 'GET', `/Users?filter=${encodeURIComponent('userName co "a"')}`, {}, 400],
        ['scimListUsers', 'GET', '/Users?filter=garbage', {}, 400],
        ['scimListUsers', 'GET', '/Users?startIndex=abc', {}, 400],
        ['scimCreateGroup', 'POST', '/Groups', { body: { members: [] } }, 400],
        ['scimCreateGroup', 'POST', '/Groups', { body: { displayName: 'G', members: [{ nope: 1 }] } }, 400],
        [
          'scimPatchGroup',
          'PATCH',
          groupPath(randomUUID()),
          { body: { Operations: [{ op: 'add', path: 'members', value: [] }] } },
          404,
        ],
        [
          'scimPatchGroup',
          'PATCH',
          groupPath(randomUUID()),
          { body: { Operations: [{ op: 'add', path: 'nothing', value: 1 }] } },
          400,
        ],
      ];
    for (const [operationId, method, path, options, status] of cases) {
      const res = await scim(operationId, method, path, options);
      assert.equal(
        res.status,
        status,
        `${method} ${path} ${JSON.stringify(options)}: ${JSON.stringify(res.body)}`,
      );
      assert.equal(res.body.status, String(status));
      assert.ok(res.body.detail);
    }
    const unknownPath = await t.app.inject({
      method: 'GET',
      url: '/scim/v2/Nothing',
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(unknownPath.statusCode, 404);
    assert.equal(JSON.parse(unknownPath.body).status, '404');
  });
});

describe('logs', () => {
  it('never carry a SCIM token, in the header, the query or the path', async () => {
    const fresh = await newToken();
    await scim('scimListUsers', 'GET', '/Users', { bearer: fresh });
    await scim(
      'scimListUsers',
      'GET',
      `/Users?access_token=${fresh}&filter=${encodeURIComponent(`userName eq "a@${DOMAIN}"`)}`,
      { bearer: fresh },
    );
    await t.app.inject({
      method: 'GET',
      url: `/scim/v2/Users/${fresh}`,
      headers: { authorization: `Bearer ${fresh}` },
    });
    await scim('scimListUsers', 'GET', '/Users', { bearer: `${fresh}wrong` });
    const log = logLines.join('\n');
    assert.ok(log.includes('/scim/v2/Users'), 'the SCIM calls were logged');
    assert.ok(!log.includes(fresh), 'a token reached the log');
    assert.ok(!log.includes(token), 'a token reached the log');
    assert.ok(!log.includes(`a@${DOMAIN}`), 'a filtered address reached the log');
  });
});

describe(
  'a deactivated member racing their own calls (PostgreSQL)',
  { skip: process.env.DATABASE_URL ? false : 'needs PostgreSQL (DATABASE_URL)' },
  () => {
    it('leaves no session and no seat, whichever commits first', async () => {
      const mia = await proMember('mia');
      const created = await scim('scimCreateUser', 'POST', '/Users', { body: { userName: `mia@${DOMAIN}` } });
      const calls = Array.from({ length: 12 }, (_, i) =>
        t.api(i % 2 === 0 ? 'spendCredits' : 'getUser', {
          cookie: mia.cookie,
          body: { amount: 1, feature: 'email_lookup', reference: null, idempotency_key: randomUUID() },
          raw: true,
        }),
      );
      const [deactivated, ...answers] = await Promise.all([
        scim('scimPatchUser', 'PATCH', userPath(created.body.id), {
          body: { Operations: [{ op: 'replace', value: { active: 'False' } }] },
        }),
        ...calls,
      ]);
      assert.equal(deactivated.status, 200, JSON.stringify(deactivated.body));
      for (const answer of answers)
        assert.ok(answer.status < 500, `${answer.status} ${JSON.stringify(answer.body)}`);
      const row = await account(`mia@${DOMAIN}`);
      assert.equal(row.organization_id, null);
      assert.equal(row.stripe_product, 'free');
      const { db } = t.app.services;
      assert.equal(
        (await db.selectFrom('sessions').select('id').where('user_id', '=', row.id).execute()).length,
        0,
      );
      assert.equal(await signedIn(mia), 401);
      // A spend that got in before the deprovisioning was charged as a member; none after it is charged to
      // the organization or draws on its pool: the member's row is locked by both, so they are serialized.
      const ledger = await db
        .selectFrom('credit_ledger')
        .select(['id', 'organization_id', 'kind', 'pool_amount'])
        .where('user_id', '=', row.id)
        .orderBy('id')
        .execute();
      const leftAt = ledger.findIndex((entry) => entry.organization_id === null);
      if (leftAt !== -1) {
        for (const entry of ledger.slice(leftAt)) {
          assert.equal(entry.organization_id, null, JSON.stringify(ledger));
          assert.equal(entry.pool_amount, 0, JSON.stringify(ledger));
        }
      }
    });
  },
);
