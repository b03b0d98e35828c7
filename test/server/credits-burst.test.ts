/**
 * A burst of spend-credits from one account (a looping extension, a script) must not take the database
 * pool from everyone else: the account's calls run a few at a time, the excess is refused with a declared
 * 429, and another user's calls are served during the burst. Ordering, never wall-clock time, is asserted,
 * so this holds on a busy machine.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { describe, it } from './helpers/node-test.js';
import { useTestApp, type CallResult } from './helpers/app.js';
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

describe('other calls that lock an account’s rows', () => {
  it('set-member-caps takes its turn under the admin’s account limit, as spends do', async () => {
    const admin = await signup(t.api);
    const limit = t.app.services.accountLimit;
    const run = limit.run;
    const turns: number[] = [];
    limit.run = <T>(accountId: number, work: () => Promise<T>) => {
      turns.push(accountId);
      return run.call(limit, accountId, work) as Promise<T>;
    };
    try {
      const set = await t.api('setMemberCaps', {
        cookie: admin.cookie,
        body: { user_ids: [admin.id], monthly_cap: 100 },
      });
      assert.equal(set.status, 200, JSON.stringify(set.body));
    } finally {
      limit.run = run;
    }
    assert.deepEqual(turns, [Number(admin.id)]);
  });
});
