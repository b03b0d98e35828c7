/**
 * Recovery without Reload: while a failed load is shown (ErrorAlert's "Try again", the account error
 * page), it is tried again by itself on growing waits (api/retry-policy.ts's recovery policy) and as soon
 * as the browser is back online, so the page comes back when the server answers again.
 */
import { useEffect, useRef } from 'react';
import { recoveryPolicy, retryDelayMs } from '../../api/retry-policy';

/**
 * The tries so far, kept across mounts: a retry usually swaps the error for a loading state and back,
 * and the next wait must still grow. A failure shown long after the last try starts again from the first.
 */
const lastTry = { attempt: 0, at: 0 };

function nextAttempt(now: number, maxDelayMs: number): number {
  return now - lastTry.at < maxDelayMs * 2 ? lastTry.attempt + 1 : 1;
}

/** Calls `retry` on a growing wait and on 'online' while it is given (while the failure is shown). */
export function useAutoRetry(retry: (() => void) | undefined): void {
  const latest = useRef(retry);
  useEffect(() => {
    latest.current = retry;
  });
  const active = retry !== undefined;
  useEffect(() => {
    const policy = recoveryPolicy();
    if (!active || !policy) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tryAgain = () => {
      lastTry.at = Date.now();
      latest.current?.();
      schedule();
    };
    const schedule = () => {
      lastTry.attempt = nextAttempt(Date.now(), policy.maxDelayMs);
      clearTimeout(timer);
      timer = setTimeout(tryAgain, retryDelayMs(lastTry.attempt, null, policy));
    };
    const onOnline = () => {
      lastTry.attempt = 0;
      lastTry.at = 0;
      tryAgain();
    };
    schedule();
    window.addEventListener('online', onOnline);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('online', onOnline);
    };
  }, [active]);
}
