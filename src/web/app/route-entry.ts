/**
 * Work done on entering a route (spec: "on load"), as react-router loaders: it starts once per
 * navigation, before the page renders, whatever React does with effects (Strict Mode runs them twice),
 * and hands the page promises it renders the progress of (deferred data: `<Await>`).
 *
 * A page module exports its entry work as `loader` (an EntryLoader); the route table wraps it.
 */
import { useEffect } from 'react';
import {
  useLoaderData,
  useLocation,
  useNavigate,
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
 * Query parameters a page reads on entry and then takes out of the address bar (useReadOnce): a reset or
 * invitation token, which history, a synced browser or a shared screen would otherwise keep.
 */
const READ_ONCE_PARAMS = ['token'] as const;

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
    const target = state ? (state.navigation.location ?? state.location) : new URL(initialUrl, url);
    if (target.pathname === url.pathname) url.hash = target.hash;
    const first = !state?.initialized;
    return load({ store, url, prerendered: first && prerendered === true }, args);
  };
}

/** The data the current route's entry work handed over. */
export function useEntryData<Loader extends EntryLoader>(): Awaited<ReturnType<Loader>> {
  return useLoaderData() as Awaited<ReturnType<Loader>>;
}

/**
 * Takes the read-once parameters (READ_ONCE_PARAMS) out of the address bar once the page is shown: its
 * entry has read them, and the page keeps what it needs in memory. No new entry follows (enteredAgain).
 */
export function useReadOnce(): void {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(search);
    if (!READ_ONCE_PARAMS.some((name) => params.has(name))) return;
    for (const name of READ_ONCE_PARAMS) params.delete(name);
    const rest = params.toString();
    void navigate({ pathname, search: rest ? `?${rest}` : '', hash }, { replace: true });
  }, [pathname, search, hash, navigate]);
}
