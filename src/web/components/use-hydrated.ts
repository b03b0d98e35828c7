/**
 * False while React renders on the server (prerender.tsx) and while it hydrates that HTML in the browser;
 * true afterwards and on a page rendered in the browser. What only the browser knows (the runtime
 * configuration, local storage) is read when this is true, so hydration renders what the server did and
 * the browser's values follow in the next render.
 */
import { useState, useSyncExternalStore } from 'react';

const noChanges = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * True for a component first rendered while a prerendered page hydrates (or on the server): what it drew
 * is on screen already, so it keeps it while the initial load runs instead of showing that it waits
 * (docs/performance.md#input-before-hydration).
 */
export function useDrawnAhead(): boolean {
  const hydrated = useHydrated();
  const [drawnAhead] = useState(!hydrated);
  return drawnAhead;
}
