// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Lookups answered together (docs/performance.md#batched-session-lookups): a lookup asked while none runs
 * goes at once; those asked while one runs go together in the next, their distinct keys, each caller its
 * own row; a later call is looked up again (nothing is kept from an earlier answer); a batch stays within
 * its size; a failed lookup fails its own callers only. (The session lookups of the other server tests run
 * through it.)
 */
import assert from 'node:assert/strict';
import { batchedByKey } from '../../src/server/db/batched.js';
import { describe, it } from './helpers/node-test.js';

interface Row {
  key: string;
  value: number;
}

/**
 * A batched lookup over `store` that records the keys of each statement; each statement answers once
 * `release()` is called (all of them, when `held` is false).
 */
function recorded(store: Map<string, number>, maxKeys?: number, held = true) {
  const statements: string[][] = [];
  let open = () => {};
  const gate = new Promise<void>((resolve) => (open = resolve));
  const lookup = batchedByKey<Row>(
    async (keys) => {
      statements.push(keys);
      // What the database answers is what it held when the statement was sent.
      const rows = keys.filter((key) => store.has(key)).map((key) => ({ key, value: store.get(key)! }));
      if (held) await gate;
      return rows;
    },
    (row) => row.key,
    maxKeys,
  );
  const release = () => {
    held = false;
    open();
  };
  return { lookup, statements, release };
}

describe('batched lookups', () => {
  it('sends a lookup at once; those asked while it runs go together, each caller its own row', async () => {
    const { lookup, statements, release } = recorded(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const first = lookup('a');
    assert.deepEqual(statements, [['a']], 'an idle lookup waits for nobody');
    const more = [lookup('b'), lookup('a'), lookup('gone'), lookup('b')];
    release();
    const answers = await Promise.all([first, ...more]);
    assert.deepEqual(
      answers.map((row) => row?.value),
      [1, 2, 1, undefined, 2],
    );
    assert.deepEqual(statements, [['a'], ['b', 'a', 'gone']]);
  });

  it('looks a key up again on a later call, so a change made in between is seen', async () => {
    const store = new Map([['a', 1]]);
    const { lookup, statements } = recorded(store, undefined, false);
    assert.equal((await lookup('a'))?.value, 1);
    store.delete('a');
    assert.equal(await lookup('a'), undefined);
    assert.deepEqual(statements, [['a'], ['a']]);
  });

  it('answers a call made while a lookup runs from the next one, which sees what was done meanwhile', async () => {
    const store = new Map<string, number>();
    const { lookup, release } = recorded(store);
    const early = lookup('a');
    store.set('a', 7);
    const late = lookup('a');
    release();
    assert.equal(await early, undefined, 'sent before the change');
    assert.equal((await late)?.value, 7);
  });

  it('puts at most maxKeys distinct keys in one lookup', async () => {
    const store = new Map(['a', 'b', 'c', 'd', 'e'].map((key, i) => [key, i]));
    const { lookup, statements, release } = recorded(store, 2);
    const pending = ['a', 'b', 'a', 'c', 'd', 'e', 'b'].map((key) => lookup(key));
    release();
    const answers = await Promise.all(pending);
    assert.deepEqual(
      answers.map((row) => row?.value),
      [0, 1, 0, 2, 3, 4, 1],
    );
    assert.deepEqual(statements, [['a'], ['b', 'a'], ['c', 'd'], ['e']]);
  });

  it('fails the callers of a failed lookup with its error, and the next call looks up afresh', async () => {
    let fail = true;
    const lookup = batchedByKey<Row>(
      async (keys) => {
        if (fail) throw new Error('connection lost');
        return keys.map((key) => ({ key, value: 1 }));
      },
      (row) => row.key,
    );
    const results = await Promise.allSettled([lookup('a'), lookup('b')]);
    assert.deepEqual(
      results.map((result) => (result.status === 'rejected' ? (result.reason as Error).message : 'answered')),
      ['connection lost', 'connection lost'],
    );
    fail = false;
    assert.equal((await lookup('a'))?.value, 1);
  });
});
