import { useCallback, useRef } from 'react';
import { createOAuthWindowGuard, type OAuthWindowGuard } from '../lib/oauth-window-guard';
import type { OAuthFlowWindow } from '../lib/oauth-state';

export type OpenOAuthResult = 'opened' | 'same-tab' | 'throttled';

/**
 * Opens the CRM's authorize page in a new window, at most once per 5 seconds (docs/product.md#connecting-on-the-public-pages): a double
 * click or an impatient second click must not start two OAuth flows. When the browser blocks the new
 * window, the authorize page opens in this tab instead, so the user is never left with nothing.
 */
export function useOAuthWindow(): (url: string | ((where: OAuthFlowWindow) => string)) => OpenOAuthResult {
  const guardRef = useRef<OAuthWindowGuard | null>(null);
  return useCallback((target: string | ((where: OAuthFlowWindow) => string)) => {
    guardRef.current ??= createOAuthWindowGuard();
    if (!guardRef.current.tryAcquire()) return 'throttled';
    // A function is called only when a window really opens (it may start a new OAuth state), before it
    // opens (the window starts with a copy of this tab's session storage), and again for this tab when
    // the browser blocked the window.
    const urlFor = (where: OAuthFlowWindow) => (typeof target === 'function' ? target(where) : target);
    const opened = window.open(urlFor('window'), '_blank');
    if (opened) return 'opened';
    window.location.assign(urlFor('this-tab'));
    return 'same-tab';
  }, []);
}
