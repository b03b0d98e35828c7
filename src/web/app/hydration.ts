/** What the browser needs to hydrate a prerendered page (scripts/prerender.ts, main.tsx). */
import { isLocale, type Locale } from '../../shared/locale';
import { PRERENDER_STATE_ID } from '../../shared/prerender';
import type { RootState } from './store';

export interface PrerenderedState {
  /** The language the page was rendered in. */
  locale: Locale;
  /** The store it was rendered from. */
  state: RootState;
}

/** The state a prerendered page carries, or null on a page rendered in the browser. */
export function readPrerenderedState(document: Document): PrerenderedState | null {
  const element = document.getElementById(PRERENDER_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const value = JSON.parse(element.textContent) as Partial<PrerenderedState>;
    return isLocale(value.locale) && value.state ? { locale: value.locale, state: value.state } : null;
  } catch {
    return null;
  }
}

interface InitializingRouter {
  state: { initialized: boolean };
  subscribe: (listener: (state: { initialized: boolean }) => void) => () => void;
}

/** Resolves once the router's first navigation is done: the route's lazy modules and loaders. */
export function whenInitialized(router: InitializingRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}
