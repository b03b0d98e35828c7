/** Applies rate limits before costly or sensitive work (password hashing, mails). */
import { tooManyAttempts } from '../domain/errors.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateRule, SlowdownRule } from '../security/rate-limit.js';
import type { Services } from '../services.js';

export async function enforceLimits(
  services: Services,
  checks: [RateRule, string | undefined][],
): Promise<void> {
  for (const [rule, subject] of checks) {
    if (subject === undefined || subject === '') continue;
    if (!(await services.rateLimiter.hit(rule, subject))) throw tooManyAttempts(rule.windowSeconds);
  }
}

/** Holds the request as long as a slowdown rule says (never refuses it). */
export async function slowDown(services: Services, rule: SlowdownRule, subject: string): Promise<void> {
  const ms = await services.rateLimiter.delay(rule, subject);
  if (ms > 0) await sleep(ms);
}
