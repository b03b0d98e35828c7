/**
 * The per-account share of the pool (src/server/db/pool-share.ts) on its own: how many of an account's
 * calls run at once, how many wait, what is refused, and that other accounts never wait for it.
 */
import assert from 'node:assert/strict';
import { describe, it } from './helpers/node-test.js';
import {
  ACCOUNT_BUSY,
  ACCOUNT_IN_FLIGHT,
  ACCOUNT_RETRY_AFTER_SECONDS,
  ACCOUNT_WAITING,
  createAccountLimit,
} from '../../src/server/db/pool-share.js';
import { DomainError } from '../../src/server/domain/errors.js';

describe('createAccountLimit', () => {
  it('runs an account’s calls a few at a time, refuses those that cannot wait, and never holds another account', async () => {
    const limit = createAccountLimit();
    let running = 0;
    let most = 0;
    const gates: (() => void)[] = [];
    const work = () =>
      new Promise<string>((resolve) => {
        running++;
        most = Math.max(most, running);
        gates.push(() => {
          running--;
          resolve('done');
        });
      });
    const calls = Array.from({ length: ACCOUNT_IN_FLIGHT + ACCOUNT_WAITING + 5 }, () =>
      limit.run(1, work).then(
        (value) => value,
        (error: unknown) => error,
      ),
    );
    await new Promise((resolve) => setImmediate(resolve));
    assert.equal(running, ACCOUNT_IN_FLIGHT, 'only a few run at once');

    // Another account is not behind the burst: its call runs at once.
    assert.equal(await limit.run(2, async () => 'other'), 'other');

    while (gates.length > 0) {
      gates.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    }
    const outcomes = await Promise.all(calls);
    assert.equal(most, ACCOUNT_IN_FLIGHT);
    assert.equal(outcomes.filter((o) => o === 'done').length, ACCOUNT_IN_FLIGHT + ACCOUNT_WAITING);
    const refused = outcomes.filter((o) => o !== 'done');
    assert.equal(refused.length, 5);
    for (const error of refused) {
      assert.ok(error instanceof DomainError);
      assert.deepEqual(
        [error.kind, error.retryAfterSeconds, error.message],
        ['rate-limited', ACCOUNT_RETRY_AFTER_SECONDS, ACCOUNT_BUSY.message],
      );
    }
    assert.equal(await limit.run(1, async () => 'after'), 'after', 'the account runs again afterwards');
  });
});
