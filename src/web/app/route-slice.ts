/**
 * The current route in the store (`state.route`), so a state snapshot or a DevTools export shows where the
 * user was: the path and the query as support-snapshot-url.ts allows them (route words and the parameters
 * support reads; `/join/<token>`, `?token=`, `?code=`... never reach the store). The fragment is left out:
 * OAuth answers put tokens there. The action carries the time, for the snapshot's navigation trail.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { shownLocation } from './support-snapshot-url';

export interface RouteState {
  pathname: string;
  search: string;
}

export const initialRouteState: RouteState = { pathname: '/', search: '' };

export const routeSlice = createSlice({
  name: 'route',
  initialState: initialRouteState,
  reducers: {
    routeChanged: {
      reducer: (_state, action: PayloadAction<RouteState, string, { at: number }>) => action.payload,
      prepare: (location: { pathname: string; search: string }) => ({
        payload: shownLocation(location),
        meta: { at: Date.now() },
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
