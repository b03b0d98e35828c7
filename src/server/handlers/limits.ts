/** Applies rate limits before costly or sensitive work (password hashing, mails). */
import { tooManyRequests } from '../http/errors.js';
import type { RateRule } from '../security/rate-limit.js';
import type { Services } from '../services.js';

export async function enforceLimits(
  services: Services,
  checks: [RateRule, string | undefined][],
): Promise<void> {
  for (const [rule, subject] of checks) {
    if (subject === undefined || subject === '') continue;
    if (!(await services.rateLimiter.hit(rule, subject))) throw tooManyRequests(rule.windowSeconds);
  }
}
