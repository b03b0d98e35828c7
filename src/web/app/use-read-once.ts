/**
 * The hook of the pages entered with a read-once parameter (route-entry.ts: READ_ONCE_PARAMS), in a module
 * of its own so that only those pages' chunks carry it.
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { keptReadOnce, READ_ONCE_PARAMS, type ReadOnceState } from './route-entry';

/**
 * Takes the read-once parameters out of the address bar once the page is shown, into the history entry's
 * state (ReadOnceState): its entry has read them, and reads them there again after a reload. The page's
 * entry work does not run again for it (route-entry.ts: entryLoader).
 */
export function useReadOnce(): void {
  const { pathname, search, hash, state } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!READ_ONCE_PARAMS.some((name) => params.has(name))) return;
    const readOnce: ReadOnceState['readOnce'] = Object.fromEntries(keptReadOnce(state));
    for (const name of READ_ONCE_PARAMS) {
      const value = params.get(name);
      if (value !== null) readOnce[name] = value;
      params.delete(name);
    }
    const rest = params.toString();
    const others = typeof state === 'object' && state !== null ? state : {};
    void navigate(
      { pathname, search: rest ? `?${rest}` : '', hash },
      { replace: true, state: { ...others, readOnce } satisfies ReadOnceState },
    );
  }, [pathname, search, hash, state, navigate]);
}
