/**
 * The current route in the store (`state.route`), so a state snapshot or a DevTools export shows where the
 * user was: the path and the query, with the values of secret-named parameters (`?token=`, `?password=`,
 * `?oauth_code=`...) redacted by the DevTools sanitizer's rule. The fragment is left out: OAuth answers put
 * tokens there.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isSecretKey, REDACTED } from './devtools-sanitizer';

export interface RouteState {
  pathname: string;
  search: string;
}

export const initialRouteState: RouteState = { pathname: '/', search: '' };

/** The query with every secret-named parameter's value replaced by [redacted]. */
function redactedSearch(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of new Set(params.keys())) {
    if (isSecretKey(key)) params.set(key, REDACTED);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const routeSlice = createSlice({
  name: 'route',
  initialState: initialRouteState,
  reducers: {
    routeChanged: {
      reducer: (_state, action: PayloadAction<RouteState>) => action.payload,
      prepare: (location: { pathname: string; search: string }) => ({
        payload: { pathname: location.pathname, search: redactedSearch(location.search) },
      }),
    },
  },
});

export const { routeChanged } = routeSlice.actions;

/** Keeps `state.route` on the router's location, from now on. */
export function trackRoute(
  router: {
    state: { location: { pathname: string; search: string } };
    subscribe(listener: (state: { location: { pathname: string; search: string } }) => void): () => void;
  },
  dispatch: (action: ReturnType<typeof routeChanged>) => unknown,
): () => void {
  let last = '';
  const update = (location: { pathname: string; search: string }) => {
    const key = `${location.pathname}${location.search}`;
    if (key === last) return;
    last = key;
    dispatch(routeChanged(location));
  };
  update(router.state.location);
  return router.subscribe((state) => update(state.location));
}
