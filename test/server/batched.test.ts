// @database-agnostic: nothing here depends on the database kind; `npm test` runs it once, on PGlite.
/**
 * Lookups of one turn of the event loop answered by one statement (docs/performance.md#batched-session-lookups):
 * the callers of one turn share a lookup of their distinct keys and each gets its own row; a later call is
 * looked up again (nothing is kept from an earlier answer); a batch stays within its size; a failed lookup
 * fails its own callers only. (The session lookups of the other server tests run through it.)
 */
import assert from 'node:assert/strict';
import { batchedByKey } from '../../src/server/db/batched.js';
import { describe, it } from './helpers/node-test.js';

interface Row {
  key: string;
  value: number;
}

/** A batched lookup over `store` that records the keys of each statement it would send. */
function recorded(store: Map<string, number>, maxKeys?: number) {
  const statements: string[][] = [];
  const lookup = batchedByKey<Row>(
    async (keys) => {
      statements.push(keys);
      return keys.filter((key) => store.has(key)).map((key) => ({ key, value: store.get(key)! }));
    },
    (row) => row.key,
    maxKeys,
  );
  return { lookup, statements };
}

describe('batched lookups', () => {
  it('answers the calls of one turn with one lookup of their distinct keys, each its own row', async () => {
    const { lookup, statements } = recorded(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    const answers = await Promise.all([lookup('a'), lookup('b'), lookup('a'), lookup('gone')]);
    assert.deepEqual(
      answers.map((row) => row?.value),
      [1, 2, 1, undefined],
    );
    assert.deepEqual(statements, [['a', 'b', 'gone']]);
  });

  it('looks a key up again on a later call, so a change made in between is seen', async () => {
    const store = new Map([['a', 1]]);
    const { lookup, statements } = recorded(store);
    assert.equal((await lookup('a'))?.value, 1);
    store.delete('a');
    assert.equal(await lookup('a'), undefined);
    assert.deepEqual(statements, [['a'], ['a']]);
  });

  it('sends the lookup after the turn the call was made in, so what the caller did before is seen', async () => {
    const store = new Map<string, number>();
    const { lookup } = recorded(store);
    const pending = lookup('a');
    store.set('a', 7);
    assert.equal((await pending)?.value, 7);
  });

  it('puts at most maxKeys distinct keys in one lookup', async () => {
    const store = new Map(['a', 'b', 'c', 'd', 'e'].map((key, i) => [key, i]));
    const { lookup, statements } = recorded(store, 2);
    const answers = await Promise.all(['a', 'b', 'a', 'c', 'd', 'e', 'b'].map((key) => lookup(key)));
    assert.deepEqual(
      answers.map((row) => row?.value),
      [0, 1, 0, 2, 3, 4, 1],
    );
    // A key already in a full batch joins it; a new one starts the next.
    assert.deepEqual(statements, [
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'b'],
    ]);
  });

  it('fails the callers of a failed lookup with its error, and the next turn looks up afresh', async () => {
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
