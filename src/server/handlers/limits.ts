/** Applies rate limits before costly or sensitive work (password hashing, mails). */
import { tooManyAttempts } from '../domain/errors.js';
import { setTimeout as sleep } from 'node:timers/promises';
import type { RateRule, SlowdownRule } from '../security/rate-limit.js';
import type { Services } from '../services.js';
import { message } from '../../contract/messages.js';

export async function enforceLimits(
  services: Services,
  checks: [RateRule, string | undefined][],
): Promise<void> {
  for (const [rule, subject] of checks) {
    if (subject === undefined || subject === '') continue;
    if (!(await services.rateLimiter.hit(rule, subject))) throw tooManyAttempts(rule.windowSeconds);
  }
}

const ACCOUNT_TURNS_MESSAGE = message('too_many_sign_in_attempts');

/**
 * Holds the request until its turn under a slowdown rule; refuses it (429) when that turn is further
 * away than the rule allows.
 */
export async function awaitTurn(services: Services, rule: SlowdownRule, subject: string): Promise<void> {
  const ms = await services.rateLimiter.takeTurn(rule, subject);
  if (ms === null) throw tooManyAttempts(60, ACCOUNT_TURNS_MESSAGE);
  if (ms > 0) await sleep(ms);
}
