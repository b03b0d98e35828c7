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
 * the full URL being entered, again only when the path or the query changes (not for the same URL, as
 * when a page drops the fragment from the address bar).
 */
export function entryRoute(load: EntryLoader, context: EntryContext) {
  return { loader: entryLoader(load, context), shouldRevalidate: enteredAgain };
}

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

/** The query without the read-once parameters, for comparing two URLs of one entry. */
function withoutReadOnce(search: URLSearchParams): string {
  const rest = new URLSearchParams(search);
  for (const name of READ_ONCE_PARAMS) rest.delete(name);
  return rest.toString();
}

const enteredAgain: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => {
  if (currentUrl.pathname !== nextUrl.pathname) return true;
  if (currentUrl.search === nextUrl.search) return false;
  // Taking a read-once parameter out of the address bar is no new entry (another token is).
  const added = READ_ONCE_PARAMS.some((name) => nextUrl.searchParams.has(name));
  return added || withoutReadOnce(currentUrl.searchParams) !== withoutReadOnce(nextUrl.searchParams);
};

function entryLoader(load: EntryLoader, { store, router, initialUrl, prerendered }: EntryContext) {
  return (args: LoaderFunctionArgs) => {
    const url = new URL(args.request.url);
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
    const first = !state?.initialized;
    return load({ store, url, prerendered: first && prerendered === true }, args);
  };
}

/** The data the current route's entry work handed over. */
export function useEntryData<Loader extends EntryLoader>(): Awaited<ReturnType<Loader>> {
  return useLoaderData() as Awaited<ReturnType<Loader>>;
}
