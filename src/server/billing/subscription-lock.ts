/**
 * One change of a subscription's quantities at the provider at a time (issue: two seat purchases at
 * once lost one). Stripe has no compare-and-set on a quantity, and its proration is asymmetric (more
 * seats are invoiced at once, fewer are not credited), so two pushes racing each other can lower the
 * quantity and then raise it again, invoicing the same seats twice. Every push of a subscription
 * therefore reads what to send and sends it while holding this lock.
 *
 * Within a process: a queue per subscription id. Across processes (PostgreSQL): a transaction-scoped
 * advisory lock, held on a connection of its own while the work runs on others, and released by
 * PostgreSQL when that transaction ends, even if the process dies. PGlite is one process's embedded
 * database (its single connection cannot be held while the work needs it), so the queue is enough there.
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';
import { limiter } from '../db/pool-share.js';
import type { SubscriptionLock } from './provider.js';

/** Namespaces the advisory lock keys (pg_advisory_xact_lock(int, int)): 'seat' in ASCII. */
const ADVISORY_NAMESPACE = 0x73656174;

/**
 * Advisory locks a process holds at once. Each holds a pool connection while its work needs others: as
 * many holders as connections would leave the work none, and the whole app would wait for the pool.
 */
const MAX_HOLDERS = 2;

export function createSubscriptionLock(
  db: Db,
  { acrossProcesses }: { acrossProcesses: boolean },
): SubscriptionLock {
  const queues = new Map<string, Promise<unknown>>();
  const holding = limiter(MAX_HOLDERS);

  function inProcess<T>(key: string, work: () => Promise<T>): Promise<T> {
    const previous = queues.get(key) ?? Promise.resolve();
    const result = previous.then(work, work);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    queues.set(key, tail);
    // The last one out removes the queue, so the map does not grow with every subscription ever pushed.
    void tail.then(() => {
      if (queues.get(key) === tail) queues.delete(key);
    });
    return result;
  }

  return {
    run(subscriptionId, work) {
      if (!acrossProcesses) return inProcess(subscriptionId, work);
      return inProcess(subscriptionId, () =>
        holding.run(() =>
          db.transaction().execute(async (trx) => {
            await sql`select pg_advisory_xact_lock(${ADVISORY_NAMESPACE}, hashtext(${subscriptionId}))`.execute(
              trx,
            );
            return work();
          }),
        ),
      );
    },
  };
}
