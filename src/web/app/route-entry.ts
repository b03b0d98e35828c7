/**
 * Work done on entering a route (spec: "on load"), as react-router loaders: it starts once per
 * navigation, before the page renders, whatever React does with effects (Strict Mode runs them twice),
 * and hands the page promises it renders the progress of (deferred data: `<Await>`).
 *
 * A page module exports its entry work as `loader` (an EntryLoader); the route table wraps it.
 */
import {
  useLoaderData,
  type LoaderFunctionArgs,
  type Location,
  type ShouldRevalidateFunction,
} from 'react-router-dom';
import type { AppStore } from './store';

export interface RouteEntry {
  store: AppStore;
  /** The URL being entered, fragment included (a loader's own request has none). */
  url: URL;
  /**
   * The page is on screen already: the first navigation of a prerendered page the browser hydrates
   * (main.tsx), drawn for an anonymous visitor. Entry work then holds nothing back for the session: the
   * page follows it once hydrated.
   */
  prerendered?: boolean;
}

export type EntryLoader = (entry: RouteEntry, args: LoaderFunctionArgs) => unknown;

/** The part of a data router an entry needs: where it is going. */
interface RouterState {
  state: { location: Location; navigation: { location?: Location }; initialized: boolean };
}

export interface EntryContext {
  store: AppStore;
  /** The router, once created (loaders of the first navigation may run while it is being created). */
  router: () => RouterState | undefined;
  /** The URL the router starts at, for those first loaders. */
  initialUrl: string;
  /** The first page is prerendered and being hydrated (RouteEntry.prerendered). */
  prerendered?: boolean;
}

/**
 * The route properties of a page's entry work: a react-router loader that runs `load` with the store and
 * the full URL being entered. React Router asks it again for another path, the same URL and another query
 * (a return to the page by back or forward included); it runs `load` again only for an entry it has not
 * just run for (entryLoader).
 */
export function entryRoute(load: EntryLoader, context: EntryContext) {
  return { loader: entryLoader(load, context), shouldRevalidate: enteredOrDefault };
}

/**
 * Another path always asks the loader again: a layout's entry work (the onboarding layout's) runs for each
 * page entered under it, which React Router's default would not ask of a layout whose own match stays.
 */
const enteredOrDefault: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

/**
 * Query parameters a page reads on entry and then takes out of the address bar (use-read-once.ts): a reset or
 * invitation token, which history, a synced browser or a shared screen would otherwise keep.
 */
export const READ_ONCE_PARAMS = ['token'] as const;

export type ReadOnceParam = (typeof READ_ONCE_PARAMS)[number];

/**
 * Where useReadOnce keeps what it took out of the address bar: the history entry's state, which a reload
 * of the page or a return to it (back, forward) still has, and which the address bar, a copied address and
 * a shared screen do not show (docs/product.md#forgot-and-reset-password). A reset link reloaded still resets.
 */
export interface ReadOnceState {
  readOnce: Partial<Record<ReadOnceParam, string>>;
}

/** The read-once parameters kept in a history entry's state (any value: history.state is anyone's). */
export function keptReadOnce(state: unknown): [ReadOnceParam, string][] {
  const kept = (state as { readOnce?: Record<string, unknown> } | null | undefined)?.readOnce;
  return READ_ONCE_PARAMS.flatMap((name) => {
    const value = kept?.[name];
    return typeof value === 'string' ? [[name, value] as [ReadOnceParam, string]] : [];
  });
}

/** What an entry is entered with: its path and its query, read-once parameters kept in its state included. */
function entryKey(url: URL): string {
  const query = [...url.searchParams].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([url.pathname, query]);
}

/**
 * `load` for the entry being entered, run again only when it is entered anew: not when the page it shows
 * is entered with what it was (a page taking a read-once parameter out of the address bar into the
 * entry's state, a revalidation, the same address again), but for another path or query, a read-once
 * parameter in the address (a link opened again) or another entry's kept one (back or forward between
 * two entries of the same address, each entered with its own token).
 */
function entryLoader(load: EntryLoader, { store, router, initialUrl, prerendered }: EntryContext) {
  let last: { key: string; entered: unknown } | undefined;
  return (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
    const inAddress = READ_ONCE_PARAMS.some((name) => url.searchParams.has(name));
    const state = router()?.state;
    const location = state ? (state.navigation.location ?? state.location) : undefined;
    const target = location ?? new URL(initialUrl, url);
    if (target.pathname === url.pathname) {
      url.hash = target.hash;
      // Page loaders are lazy: they run once the router exists, whose location has the entry's state.
      for (const [name, value] of keptReadOnce(location?.state)) {
        if (!url.searchParams.has(name)) url.searchParams.set(name, value);
      }
    }
    const key = entryKey(url);
    // Only while the page is on screen: a page left and entered again is entered anew.
    const onPage = state?.location.pathname === url.pathname;
    if (last && last.key === key && onPage && !inAddress) return last.entered;
    const first = !state?.initialized;
    const entered = load({ store, url, prerendered: first && prerendered === true }, args);
    last = { key, entered };
    return entered;
  };
}

/** The data the current route's entry work handed over. */
export function useEntryData<Loader extends EntryLoader>(): Awaited<ReturnType<Loader>> {
  return useLoaderData() as Awaited<ReturnType<Loader>>;
}
