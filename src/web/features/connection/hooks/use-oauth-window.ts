import { useCallback, useRef } from 'react';
import { createOAuthWindowGuard, type OAuthWindowGuard } from '../lib/oauth-window-guard';

export type OpenOAuthResult = 'opened' | 'same-tab' | 'throttled';

/**
 * Opens the CRM's authorize page in a new window, at most once per 5 seconds (spec §4, §9): a double
 * click or an impatient second click must not start two OAuth flows. When the browser blocks the new
 * window, the authorize page opens in this tab instead, so the user is never left with nothing.
 */
export function useOAuthWindow(): (url: string | (() => string)) => OpenOAuthResult {
  const guardRef = useRef<OAuthWindowGuard | null>(null);
  return useCallback((target: string | (() => string)) => {
    guardRef.current ??= createOAuthWindowGuard();
    if (!guardRef.current.tryAcquire()) return 'throttled';
    // A function is called only when a window really opens (it may start a new OAuth state).
    const url = typeof target === 'function' ? target() : target;
    const opened = window.open(url, '_blank');
    if (opened) return 'opened';
    window.location.assign(url);
    return 'same-tab';
  }, []);
}
