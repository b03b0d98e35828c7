/**
 * Rate limits while Redis is down. The counters normally live in Redis (REDIS_URL); when a hit cannot be
 * counted there (connection lost, Redis stopped, no answer within a second) it is counted in the database
 * instead, which every process shares too, so limits keep holding across processes and login, signup and
 * forgot-password keep working. Nothing is lost but the counts Redis held: for one window after the
 * switch, a caller may get up to twice its limit (once in Redis, once in the database). Once Redis answers
 * again, hits go back to it.
 */
import type { RateLimitStore } from './rate-limit.js';

export interface FallbackOptions {
  /** Longest wait for the primary store before counting in the fallback (a stalled Redis). */
  timeoutMs?: number;
  /** While on the fallback, how often one hit tries the primary again. */
  probeIntervalMs?: number;
  /** Told when counting moves to the fallback and back, once per change. */
  onSwitch?: (usingFallback: boolean, error?: Error) => void;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export function createFallbackRateLimitStore(
  primary: RateLimitStore,
  fallback: RateLimitStore,
  options: FallbackOptions = {},
): RateLimitStore {
  const timeoutMs = options.timeoutMs ?? 1000;
  const probeIntervalMs = options.probeIntervalMs ?? 1000;
  let usingFallback = false;
  let nextProbe = 0;
  /** Runs one store call on the primary, or on the fallback while the primary does not answer. */
  async function counted<T>(call: (store: RateLimitStore) => Promise<T>): Promise<T> {
    // While Redis is down, only one hit now and then waits for it; the others go straight to the database.
    if (usingFallback && Date.now() < nextProbe) return call(fallback);
    try {
      const result = await withTimeout(call(primary), timeoutMs);
      if (usingFallback) {
        usingFallback = false;
        options.onSwitch?.(false);
      }
      return result;
    } catch (error) {
      nextProbe = Date.now() + probeIntervalMs;
      if (!usingFallback) {
        usingFallback = true;
        options.onSwitch?.(true, error instanceof Error ? error : new Error(String(error)));
      }
      return call(fallback);
    }
  }
  return {
    increment: (key, windowSeconds, within) =>
      counted((store) => store.increment(key, windowSeconds, within)),
    reserveTurn: (key, delayMs, maxWaitMs) => counted((store) => store.reserveTurn(key, delayMs, maxWaitMs)),
    async close() {
      await primary.close();
      await fallback.close();
    },
  };
}
