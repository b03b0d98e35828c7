/**
 * False while React renders on the server (prerender.tsx) and while it hydrates that HTML in the browser;
 * true afterwards and on a page rendered in the browser. What only the browser knows (the runtime
 * configuration, local storage) is read when this is true, so hydration renders what the server did and
 * the browser's values follow in the next render.
 */
import { useSyncExternalStore } from 'react';

const noChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}
