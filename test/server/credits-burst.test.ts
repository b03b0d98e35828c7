/**
 * A burst of spend-credits from one account (a looping extension, a script) must not take the database
 * pool from everyone else: the account's calls run a few at a time, the excess is refused with a declared
 * 429, and another user's calls are served during the burst. Ordering, never wall-clock time, is asserted,
 * so this holds on a busy machine.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from './helpers/node-test.js';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { takesAccountTurns } from '../../src/server/http/api.js';
import { getContract, useTestApp, type CallResult } from './helpers/app.js';
import { signup } from './helpers/users.js';

const t = useTestApp();
const BURST = 200;

describe('a burst of spends from one account', () => {
  it('answers each spend 200 or 429 with Retry-After, overspends nothing, and serves a bystander during it', async () => {
    const spender = await signup(t.api);
    const bystander = await signup(t.api);
    const { repos } = t.app.services;
    await repos.transaction((tx) =>
      tx.credits.record({
        user_id: Number(spender.id),
        organization_id: null,
        kind: 'admin_grant',
        amount: 990,
        reason: 'test',
      }),
    );

    let finished = 0;
    const spends = Array.from({ length: BURST }, () =>
      t
        .api('spendCredits', {
          cookie: spender.cookie,
          body: { amount: 1, feature: 'email_lookup', idempotency_key: randomUUID() },
        })
        .then((answer) => ({ answer, order: ++finished })),
    );
    const bystanderCalls = (async () => {
      const calls: { answer: CallResult; order: number }[] = [];
      for (let i = 0; i < 5; i++) {
        const answer = await t.api('getUser', { cookie: bystander.cookie });
        calls.push({ answer, order: ++finished });
      }
      return calls;
    })();
    const [burst, calls] = await Promise.all([Promise.all(spends), bystanderCalls]);

    for (const { answer } of burst) {
      assert.ok(
        [200, 409, 429].includes(answer.status),
        `a spend answered ${answer.status}: ${JSON.stringify(answer.body)}`,
      );
      if (answer.status === 409) assert.equal(answer.body.code, 'insufficient_credits');
      if (answer.status === 429) assert.match(String(answer.headers['retry-after']), /^[1-9][0-9]*$/);
    }
    const charged = burst.filter(({ answer }) => answer.status === 200).length;
    const row = (await repos.users.findById(Number(spender.id)))!;
    assert.equal(row.credits, 1000 - charged, 'each 200 charged once, nothing else');
    assert.equal(row.credits, await repos.credits.sumOf(row.id), 'balance = ledger sum');
    assert.ok(charged > 0 && row.credits >= 0);

    assert.ok(calls.every(({ answer }) => answer.status === 200));
    // Served while the burst runs: before half of the spends that reached the database had answered.
    const bystanderDone = calls.at(-1)!.order;
    const worked = burst.filter(({ answer }) => answer.status !== 429);
    const before = worked.filter(({ order }) => order < bystanderDone).length;
    assert.ok(
      before < worked.length / 2,
      `the bystander waited for ${before} of the burst's ${worked.length} spends`,
    );
  });
});

describe('every signed-in call that writes takes its account’s turns', () => {
  it('declares the refusal of a call that cannot wait its turn (429 account_busy) for each of them', () => {
    const operations = getContract().operations.filter((op) => !op.scim && takesAccountTurns(op));
    assert.ok(operations.length > 50, `${operations.length} operations`);
    const document = parse(readFileSync('openapi.yaml', 'utf8')) as {
      paths: Record<
        string,
        Record<string, { operationId?: string; responses?: Record<string, { $ref?: string }> }>
      >;
      components: { responses: Record<string, unknown> };
    };
    const refusals = new Map(
      Object.values(document.paths)
        .flatMap((item) => Object.values(item))
        .map((op) => [op.operationId, op.responses?.['429']] as const),
    );
    // The response itself, or the shared one it names, says account_busy.
    const saysBusy = (response: { $ref?: string } | undefined) =>
      response !== undefined &&
      JSON.stringify(
        response.$ref ? document.components.responses[response.$ref.split('/').pop()!] : response,
      ).includes('account_busy');
    for (const op of [...operations, { operationId: 'syncProfile' }]) {
      assert.ok(saysBusy(refusals.get(op.operationId)), `${op.operationId} declares 429 account_busy`);
    }
  });

  it('runs each under the caller’s account limit, once, and reads under none', async () => {
    const admin = await signup(t.api);
    const limit = t.app.services.accountLimit;
    const run = limit.run;
    const turns: number[] = [];
    limit.run = <T>(accountId: number, work: () => Promise<T>) => {
      turns.push(accountId);
      return run.call(limit, accountId, work) as Promise<T>;
    };
    const calls = [
      ['setMemberCaps', { user_ids: [admin.id], monthly_cap: 100 }],
      ['renameOrganization', { name: 'Turns' }],
      [
        'setCreditSettings',
        {
          cap_warning_alert: true,
          cap_reached_alert: true,
          pool_below_alert: null,
          credit_request_alert: true,
          default_monthly_cap: null,
        },
      ],
      [
        'spendCredits',
        { amount: 1, feature: 'email_lookup', reference: null, idempotency_key: randomUUID() },
      ],
    ] as const;
    try {
      for (const [operationId, body] of calls) {
        turns.length = 0;
        const answer = await t.api(operationId, { cookie: admin.cookie, body });
        assert.equal(answer.status, 200, `${operationId}: ${JSON.stringify(answer.body)}`);
        assert.deepEqual(turns, [Number(admin.id)], operationId);
      }
      turns.length = 0;
      assert.equal((await t.api('getUser', { cookie: admin.cookie })).status, 200);
      assert.deepEqual(turns, [], 'a read takes no turn');
      // A call anonymous callers may make too takes the signed-in caller's turns (accept-invite's join).
      const query = { token: 'x'.repeat(43), join: 'true' };
      await t.api('acceptInvite', { cookie: admin.cookie, query });
      assert.deepEqual(turns, [Number(admin.id)], 'signed in');
      turns.length = 0;
      await t.api('acceptInvite', { query });
      assert.deepEqual(turns, [], 'anonymous');
    } finally {
      limit.run = run;
    }
  });

  it('serves a bystander during one admin’s burst of rename-organization', async () => {
    const admin = await signup(t.api);
    assert.equal(
      (await t.api('renameOrganization', { cookie: admin.cookie, body: { name: 'Start' } })).status,
      200,
    );
    const bystander = await signup(t.api);
    let finished = 0;
    const burst = Array.from({ length: 200 }, (_, i) =>
      t
        .api('renameOrganization', { cookie: admin.cookie, body: { name: `Burst ${i}` } })
        .then((answer) => ({ answer, order: ++finished })),
    );
    const bystanderCalls = (async () => {
      const calls: { answer: CallResult; order: number }[] = [];
      for (let i = 0; i < 5; i++) {
        calls.push({ answer: await t.api('getUser', { cookie: bystander.cookie }), order: ++finished });
      }
      return calls;
    })();
    const [answers, calls] = await Promise.all([Promise.all(burst), bystanderCalls]);
    for (const { answer } of answers) assert.ok([200, 429].includes(answer.status), String(answer.status));
    assert.ok(calls.every(({ answer }) => answer.status === 200));
    const bystanderDone = calls.at(-1)!.order;
    const worked = answers.filter(({ answer }) => answer.status !== 429);
    const before = worked.filter(({ order }) => order < bystanderDone).length;
    assert.ok(
      before < worked.length / 2,
      `the bystander waited for ${before} of the burst's ${worked.length} calls`,
    );
  });
});
