/**
 * How much of the database pool one piece of work may hold. A call that waits for a row lock or an
 * advisory lock holds its pool connection while it waits, so a burst of calls on one account (or one
 * subscription) would otherwise fill the pool with waiters and every other user would wait behind them.
 * Calls that have to take turns therefore take them here, in memory, before they touch the pool.
 */
import { tooManyAttempts } from '../domain/errors.js';
import { message } from '../../contract/messages.js';

export interface Limiter {
  /** Runs work once fewer than `limit` works run, in arrival order; refused when the queue is full. */
  run<T>(work: () => Promise<T>): Promise<T>;
  /** Nothing running and nothing waiting. */
  readonly idle: boolean;
}

/**
 * Runs at most `limit` works at a time, the others in arrival order; with `maxWaiting`, a work that would
 * wait behind that many others is refused at once with what `refuse` gives.
 */
export function limiter(limit: number, queue?: { maxWaiting: number; refuse: () => Error }): Limiter {
  let running = 0;
  const waiting: (() => void)[] = [];
  return {
    get idle() {
      return running === 0 && waiting.length === 0;
    },
    async run(work) {
      if (running < limit) running++;
      else if (queue && waiting.length >= queue.maxWaiting) throw queue.refuse();
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await work();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

/** Calls per account that run at once: a small share of the pool (10 connections per process). */
export const ACCOUNT_IN_FLIGHT = 2;
/** Calls per account that may wait their turn; more at once are refused (429). */
export const ACCOUNT_WAITING = 100;
export const ACCOUNT_RETRY_AFTER_SECONDS = 1;
export const ACCOUNT_BUSY = message('account_busy');

export interface AccountLimit {
  /**
   * Runs an account's database work once fewer than ACCOUNT_IN_FLIGHT of its calls run in this process;
   * refused with 429 (Retry-After) when ACCOUNT_WAITING already wait. Other accounts never wait for it.
   */
  run<T>(accountId: number, work: () => Promise<T>): Promise<T>;
}

export function createAccountLimit(): AccountLimit {
  const accounts = new Map<number, Limiter>();
  const refuse = () => tooManyAttempts(ACCOUNT_RETRY_AFTER_SECONDS, ACCOUNT_BUSY);
  return {
    async run(accountId, work) {
      let account = accounts.get(accountId);
      if (!account) {
        account = limiter(ACCOUNT_IN_FLIGHT, { maxWaiting: ACCOUNT_WAITING, refuse });
        accounts.set(accountId, account);
      }
      try {
        return await account.run(work);
      } finally {
        // The last one out removes the account, so the map holds only accounts with calls under way.
        if (account.idle && accounts.get(accountId) === account) accounts.delete(accountId);
      }
    },
  };
}
