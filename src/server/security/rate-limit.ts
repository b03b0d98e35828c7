/**
 * Fixed-window rate limits whose counters every server process sees, so running several processes
 * behind a load balancer does not multiply the limits: in Redis when REDIS_URL is set
 * (rate-limit-redis.ts), else in the database (one upsert per hit, below).
 */
import { sql } from 'kysely';
import type { Db } from '../db/index.js';

export interface RateRule {
  /** Name of the limited action and of what is counted, e.g. 'login:ip'. */
  name: string;
  limit: number;
  windowSeconds: number;
}

/** A limit that slows rather than refuses: attempts past `limit` are held, longer each time. */
export interface SlowdownRule extends RateRule {
  /** Delay of the first attempt over the limit; each later one waits twice as long as the one before. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export interface RateLimiter {
  /** Counts one attempt; false when the caller is over the limit for the current window. */
  hit(rule: RateRule, subject: string): Promise<boolean>;
  /** Counts one attempt and answers how long to hold it (0 within the limit), see slowdownDelay. */
  delay(rule: SlowdownRule, subject: string): Promise<number>;
}

/** 0 up to the limit, then baseDelayMs, doubling with each attempt, capped at maxDelayMs. */
export function slowdownDelay(
  count: number,
  limit: number,
  rule: Omit<SlowdownRule, 'name' | 'limit' | 'windowSeconds'>,
): number {
  if (count <= limit) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(30, count - limit - 1));
}

/**
 * Where the counters live. The contract every store keeps (test/server/rate-limit.test.ts):
 * increment is atomic across processes, answers 1 for the first hit of a window and one more for each
 * later hit of that window, and starts again at 1 once windowSeconds have passed since the first hit.
 */
export interface RateLimitStore {
  /** Counts one hit on key and answers the number of hits of its current window, this one included. */
  increment(key: string, windowSeconds: number): Promise<number>;
  /** Releases connections the store opened itself (the database is closed by its owner). */
  close(): Promise<void>;
}

export function createRateLimiter(store: RateLimitStore, factor = 1): RateLimiter {
  const count = (rule: RateRule, subject: string) =>
    store.increment(`${rule.name}:${subject.toLowerCase()}`, rule.windowSeconds);
  return {
    async hit(rule, subject) {
      return (await count(rule, subject)) <= Math.ceil(rule.limit * factor);
    },
    async delay(rule, subject) {
      return slowdownDelay(await count(rule, subject), Math.ceil(rule.limit * factor), rule);
    },
  };
}

export function createDbRateLimitStore(db: Db): RateLimitStore {
  let hits = 0;
  return {
    async increment(key, windowSeconds) {
      const window = `${windowSeconds} seconds`;
      const row = await sql<{ count: number }>`
        insert into rate_limits as r (key, window_start, count)
        values (${key}, now(), 1)
        on conflict (key) do update set
          count = case when r.window_start <= now() - ${window}::interval then 1 else r.count + 1 end,
          window_start = case when r.window_start <= now() - ${window}::interval then now() else r.window_start end
        returning count`.execute(db);
      // Expired windows are swept now and then so the table stays small without a scheduler.
      if (++hits % 500 === 0) {
        await sql`delete from rate_limits where window_start < now() - interval '1 day'`.execute(db);
      }
      return Number(row.rows[0]?.count ?? 0);
    },
    async close() {},
  };
}

export function createDbRateLimiter(db: Db, factor = 1): RateLimiter {
  return createRateLimiter(createDbRateLimitStore(db), factor);
}

/**
 * The limits. None of them lets a stranger lock an owner out of their own account:
 * - login refuses (429) per address and per (address, account), so guessing from one address stops there,
 *   while the owner signing in from any other address is not refused; across all addresses an account is
 *   only slowed (loginAccount: past 10 attempts in 15 minutes each attempt waits, 250 ms doubling up to
 *   4 s), which makes guessing from many addresses slow without refusing the right password;
 * - forgot-password refuses per address only; per account it limits how often a mail is sent
 *   (forgotMail: one a minute), and always answers the same, so the owner always has a fresh link.
 */
export const RATE_RULES = {
  loginIp: { name: 'login:ip', limit: 30, windowSeconds: 15 * 60 },
  loginIpAccount: { name: 'login:ip-account', limit: 10, windowSeconds: 15 * 60 },
  signupIp: { name: 'signup:ip', limit: 20, windowSeconds: 60 * 60 },
  signupEmail: { name: 'signup:email', limit: 5, windowSeconds: 60 * 60 },
  forgotIp: { name: 'forgot:ip', limit: 10, windowSeconds: 60 * 60 },
  forgotMail: { name: 'forgot:mail', limit: 1, windowSeconds: 60 },
  /** Opening a reset link checks it first; generous, as guessing a 256-bit token is hopeless anyway. */
  resetCheckIp: { name: 'reset-check:ip', limit: 60, windowSeconds: 60 * 60 },
  inviteIp: { name: 'invite:ip', limit: 60, windowSeconds: 60 * 60 },
  inviteEmail: { name: 'invite:email', limit: 5, windowSeconds: 60 * 60 },
  supportIp: { name: 'support:ip', limit: 10, windowSeconds: 60 * 60 },
  supportEmail: { name: 'support:email', limit: 5, windowSeconds: 60 * 60 },
} satisfies Record<string, RateRule>;

export const SLOWDOWN_RULES = {
  loginAccount: {
    name: 'login:account',
    limit: 10,
    windowSeconds: 15 * 60,
    baseDelayMs: 250,
    maxDelayMs: 4000,
  },
} satisfies Record<string, SlowdownRule>;
