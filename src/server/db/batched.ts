/**
 * Lookups by key answered together (docs/performance.md#batched-session-lookups): one statement at a time,
 * and the keys asked while it runs go together in the next. Under load the requests read from many sockets
 * each ask for their session; each statement costs a system call and wakes a database backend, which on a
 * small machine cost more than the lookup itself. An idle server sends a lookup at once, without waiting for
 * company. Every statement is sent after the calls it answers were made, so it sees everything committed
 * before: batching never answers from an older state, unlike a cache.
 *
 * No timer decides when a batch goes: on PGlite, whose statements run in this process and answer without
 * the event loop turning, a batch waiting for the end of a turn waited for a whole burst of another
 * account's spends to finish (docs/invariants.md#a-burst-from-one-account-cannot-starve-the-pool-for-others).
 *
 * A key asked twice in one batch is looked up once; at most `maxKeys` keys go in one statement.
 */
interface Waiter<R> {
  resolve: (row: R | undefined) => void;
  reject: (error: unknown) => void;
}

export function batchedByKey<R>(
  lookup: (keys: string[]) => Promise<R[]>,
  keyOf: (row: R) => string,
  maxKeys = 100,
): (key: string) => Promise<R | undefined> {
  let running = false;
  const asked = new Map<string, Waiter<R>[]>();

  async function answer(batch: Map<string, Waiter<R>[]>) {
    try {
      const rows = new Map((await lookup([...batch.keys()])).map((row) => [keyOf(row), row]));
      for (const [key, waiters] of batch) for (const waiter of waiters) waiter.resolve(rows.get(key));
    } catch (error) {
      for (const waiters of batch.values()) for (const waiter of waiters) waiter.reject(error);
    }
  }

  /** Sends what was asked, unless a statement is under way: its end sends the next. */
  function send() {
    if (running || asked.size === 0) return;
    const batch = new Map<string, Waiter<R>[]>();
    for (const [key, waiters] of asked) {
      if (batch.size === maxKeys) break;
      batch.set(key, waiters);
      asked.delete(key);
    }
    running = true;
    void answer(batch).finally(() => {
      running = false;
      send();
    });
  }

  return (key) =>
    new Promise<R | undefined>((resolve, reject) => {
      const waiters = asked.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else asked.set(key, [{ resolve, reject }]);
      send();
    });
}
