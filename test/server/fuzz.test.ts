// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Contract-driven fuzzing: requests generated from openapi.yaml (valid, near misses and junk; see
 * helpers/contract-arbitraries.ts) to every operation, anonymous and signed in as users of every kind,
 * from random addresses. Fails on any 500, on an answer whose status the operation does not declare, and
 * on a body that does not match the contract for its status.
 *
 * FUZZ_RUNS sets the number of requests (default 2,000, the CI run); `npm run fuzz` sends 20,000.
 * FUZZ_SEED replays a run (the seed of a failure is printed).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from './helpers/node-test.js';
import fc from 'fast-check';
import { createDemoCrm } from '../../src/server/crm/demo.js';
import type { CrmProvider, CrmRegistry } from '../../src/server/crm/provider.js';
import { rejected, unavailable } from '../../src/server/domain/errors.js';
import { createArbitraries } from './helpers/contract-arbitraries.js';
import { getContract, mailToken, startTestApp, PUBLIC_URL, type TestApp } from './helpers/app.js';
import { invitedMember, signup, uniqueEmail, type TestUser } from './helpers/users.js';
import { message } from '../../src/contract/messages.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 2000);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Real CRMs answer without the network: a fuzzer must never call the outside world. */
const offlineCrm: CrmProvider = {
  async exchangeCode() {
    throw unavailable(message('crm_not_configured', { crm: 'A CRM', prefix: 'A_CRM' }));
  },
  async refreshTokens() {
    throw unavailable(message('crm_not_configured', { crm: 'A CRM', prefix: 'A_CRM' }));
  },
  async verifyApiKeys() {
    throw rejected(message('crm_refused_credentials', { crm: 'A CRM' }));
  },
};

type Json = Record<string, unknown>;

describe('contract-driven fuzzing', () => {
  let t: TestApp;
  const identities: Record<string, (TestUser & { userId: number }) | undefined> = { anonymous: undefined };

  before(async () => {
    let demo: CrmProvider | undefined;
    const crm: CrmRegistry = {
      forSoftware: (slug) =>
        slug === 'demo-crm' ? (demo ??= createDemoCrm(t.app.services.db, PUBLIC_URL)) : offlineCrm,
    };
    // Limits ten times higher: the fuzzer's guesses at known accounts must not slow every login.
    t = await startTestApp({ RATE_LIMIT_FACTOR: '10' }, { services: { crm } });
    const withId = (user: TestUser) => ({ ...user, userId: Number(user.id) });
    const admin = await signup(t.api, { name: 'Fuzz Admin' });
    const member = await invitedMember(t, admin, { email: uniqueEmail('fuzz-member') });
    await t.api('inviteUser', {
      cookie: admin.cookie,
      body: { email: uniqueEmail('fuzz-pending'), role: 'admin' },
    });
    await t.app.services.db.updateTable('organizations').set({ seats_standard: 2, seats_pro: 1 }).execute();
    identities.admin = withId(admin);
    identities.member = withId(member);
    identities.loner = withId(await signup(t.api, { name: 'Fuzz Loner' }));
  });
  after(async () => {
    await t?.close();
  });

  it(`answers ${RUNS} generated requests with declared statuses and bodies, never 500`, async () => {
    const contract = getContract();
    const doc = contract.doc as Json;
    const users = Object.values(identities).filter((u) => u !== undefined);
    const pricing = (await t.api('getPricing', { query: { schedule: 'monthly' } })).body.data;
    const slugs = (await t.api('getSoftwareOptions')).body.data.map((s: { slug: string }) => s.slug);
    const invitations = await t.app.services.db.selectFrom('invitations').select('id').execute();
    const pendingEmail = uniqueEmail('fuzz-token');
    await t.api('inviteUser', { cookie: identities.admin!.cookie, body: { email: pendingEmail } });
    const token = await mailToken(t, pendingEmail);

    const arbitraries = createArbitraries(doc, {
      user_id: fc.constantFrom(...users.map((u) => u.id), '0', '999999', '-1', 'abc'),
      invitation_id: fc.constantFrom(...invitations.map((i) => String(i.id)), '0'),
      software: fc.constantFrom(...slugs),
      price_id: fc.constantFrom(
        ...['free', 'standard', 'pro'].flatMap((p) => [
          pricing[p].monthly_price_id,
          pricing[p].yearly_price_id,
        ]),
      ),
      email: fc.constantFrom(...users.map((u) => u.email), pendingEmail),
      token: fc.constant(token),
      invitation_token: fc.constantFrom(token, 'x'.repeat(43)),
      coupon: fc.constantFrom('LAUNCH30', 'launch30', 'NOPE'),
      coupon_code: fc.constantFrom('LAUNCH30', 'NOPE'),
      product: fc.constantFrom('free', 'Standard', 'PRO'),
      // A SIEM endpoint (docs/product.md#audit-log-streaming): this machine or refused, never the internet.
      url: fc.constantFrom('http://localhost:9/siem', 'https://127.0.0.1:9/siem', 'http://example.com/', 'x'),
      request_url: fc.constantFrom(
        `${PUBLIC_URL}/pricing`,
        'https://evil.example.com/',
        'javascript:alert(1)',
      ),
    });

    const paths = doc.paths as Record<string, Json>;
    const requests = contract.operations.map((op) => {
      const spec = paths[op.path]![op.method.toLowerCase()] as Json;
      const parameters = ((spec.parameters as Json[] | undefined) ?? [])
        .map((p) => arbitraries.resolve(p))
        .filter((p) => p.in === 'query') as { name: string; required?: boolean; schema: Json }[];
      const requestBody = spec.requestBody ? arbitraries.resolve(spec.requestBody as Json) : undefined;
      const bodySchema = (requestBody?.content as Json | undefined)?.['application/json'] as Json | undefined;
      const payload =
        op.method === 'GET'
          ? fc.constant(undefined)
          : fc.oneof(
              {
                arbitrary: (bodySchema ? arbitraries.body(bodySchema.schema as Json) : fc.constant({})).map(
                  (b) => JSON.stringify(b),
                ),
                weight: 9,
              },
              {
                arbitrary: fc.constantFrom('', '{"email":', 'not json', '[]', 'null', '{"__proto__":{}}'),
                weight: 1,
              },
            );
      return fc.record({
        op: fc.constant(op),
        identity: fc.constantFrom(...Object.keys(identities)),
        query: parameters.length > 0 ? arbitraries.query(parameters) : arbitraries.query([]),
        payload,
        contentType: fc.oneof(
          { arbitrary: fc.constant('application/json'), weight: 19 },
          {
            arbitrary: fc.constantFrom(
              'text/plain',
              'application/x-www-form-urlencoded',
              'application/json; charset=latin1',
            ),
            weight: 1,
          },
        ),
        ip: fc.ipV4(),
      });
    });

    const seen = new Map<string, Map<number, number>>();
    const identitiesSeen = new Set<string>();
    await fc.assert(
      fc.asyncProperty(fc.oneof(...requests), async (request) => {
        const { op } = request;
        const user = identities[request.identity];
        const headers: Record<string, string> = {};
        if (user) headers.cookie = user.cookie;
        if (op.method !== 'GET') {
          headers['content-type'] = request.contentType;
          headers.origin = PUBLIC_URL;
        }
        const response = await t.app.inject({
          method: op.method,
          url: op.outsideApiBase ? op.path : `${t.config.apiBase}${op.path}`,
          query: request.query,
          headers,
          payload: request.payload,
          remoteAddress: request.ip,
        });
        const status = response.statusCode;
        const counts = seen.get(op.operationId) ?? new Map<number, number>();
        counts.set(status, (counts.get(status) ?? 0) + 1);
        seen.set(op.operationId, counts);
        identitiesSeen.add(request.identity);
        assert.notEqual(status, 500, `500 from ${op.operationId}: ${response.body}`);
        // A file (the CSV exports, the SAML metadata) is not JSON: it counts when the contract declares its type.
        const type = String(response.headers['content-type'] ?? '').split(';')[0]!;
        if (type === 'text/csv' || type === 'application/samlmetadata+xml') {
          const declared = JSON.stringify(contract.doc.paths ?? {});
          assert.ok(
            status === 200 && declared.includes(`"${type}"`),
            `${op.operationId} sent ${type} with ${status}`,
          );
          return;
        }
        let body: unknown;
        assert.doesNotThrow(
          () => (body = JSON.parse(response.body)),
          `not JSON: ${response.body.slice(0, 200)}`,
        );
        let validate;
        try {
          validate = contract.responseValidator(op.operationId, status);
        } catch {
          assert.fail(`${op.operationId} answered ${status}, which it does not declare: ${response.body}`);
        }
        assert.ok(
          validate(body),
          `${op.operationId} ${status} does not match the contract: ${JSON.stringify(validate.errors)}`,
        );
        // A generated logout ends a shared identity's session: give it a new one.
        if (user && op.operationId === 'logout' && status === 200) {
          user.cookie = `session=${await t.app.services.repos.sessions.create(user.userId)}`;
        }
      }),
      { numRuns: RUNS, seed: SEED, verbose: 1 },
    );

    const missing = contract.operations.filter((op) => !seen.has(op.operationId)).map((op) => op.operationId);
    assert.deepEqual(missing, [], 'operations never fuzzed');
    assert.deepEqual([...identitiesSeen].sort(), Object.keys(identities).sort());
    const summary = [...seen].map(
      ([id, counts]) => `${id} ${[...counts].map(([s, n]) => `${s}×${n}`).join(' ')}`,
    );
    console.log(`fuzzed ${RUNS} requests:\n  ${summary.join('\n  ')}`);
  });
});
