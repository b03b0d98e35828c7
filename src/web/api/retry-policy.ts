/**
 * docs/product.md#accessibility: reads (queries) that failed for a passing reason are tried again with growing waits; writes
 * never are (the user decides, with "Try again"). Pure, so the policy is tested without a clock.
 *
 * Passing reasons: no answer at all (network), 502/503/504 (a proxy, an outage, the server's own
 * "try again" answer). A 500 is a bug and a 4xx is the server's decision: trying again changes nothing.
 */

export interface RetryPolicy {
  /** Tries after the first one. */
  retries: number;
  /** The first wait; each next one doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { retries: 3, baseDelayMs: 500, maxDelayMs: 8_000 };

let policy: RetryPolicy = DEFAULT_RETRY_POLICY;

/** The policy in force. Component tests set `retries: 0` so a failed load shows at once. */
export function retryPolicy(): RetryPolicy {
  return policy;
}

export function setRetryPolicy(next: RetryPolicy): void {
  policy = next;
}

const PASSING_STATUSES = new Set<unknown>(['FETCH_ERROR', 'TIMEOUT_ERROR', 502, 503, 504]);

export function isPassingFailure(status: unknown): boolean {
  return PASSING_STATUSES.has(status);
}

/**
 * How long to wait before try number `attempt` (1 = the first retry): the server's Retry-After when it
 * sent one (seconds; capped), else exponential backoff with jitter in [50%, 100%] so many clients do not
 * come back together.
 */
export function retryDelayMs(
  attempt: number,
  retryAfter: string | null | undefined,
  { baseDelayMs, maxDelayMs }: RetryPolicy,
  random: () => number = Math.random,
): number {
  const seconds = retryAfter ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, maxDelayMs);
  const ceiling = Math.min(baseDelayMs * 2 ** (attempt - 1), maxDelayMs);
  return Math.round(ceiling * (0.5 + random() / 2));
}

/**
 * While a failed load is on screen, it is tried again by itself (components/feedback/use-auto-retry.ts):
 * growing waits from 5 s to a minute, and at once when the browser comes back online. Null turns it off
 * (component tests, where only a click retries).
 */
export const DEFAULT_RECOVERY_POLICY: RetryPolicy = {
  retries: Infinity,
  baseDelayMs: 5_000,
  maxDelayMs: 60_000,
};

let recovery: RetryPolicy | null = DEFAULT_RECOVERY_POLICY;

export function recoveryPolicy(): RetryPolicy | null {
  return recovery;
}

export function setRecoveryPolicy(next: RetryPolicy | null): void {
  recovery = next;
}
