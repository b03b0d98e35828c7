import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
// The slice itself, not the entity's index: its hooks and components use the store's types.
import { appSlice, initialAppState, type AppState } from '../entities/session/session-slice';
import { reauthGate } from '../entities/session/reauth-gate';
import { devToolsOptions } from './devtools-sanitizer';
import { initialRouteState, routeSlice, type RouteState } from './route-slice';
import { noticesSlice } from '../components/feedback/notices';
import { supportTrailSlice } from './support-snapshot-trail';

const rootReducer = combineReducers({
  app: appSlice.reducer,
  route: routeSlice.reducer,
  notices: noticesSlice.reducer,
  supportTrail: supportTrailSlice.reducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

/** What a test or a prerender may start from: any part of the app state, the rest from the defaults. */
export interface PreloadedState {
  app?: Partial<AppState>;
  api?: RootState['api'];
  route?: RouteState;
}

export function makeStore(preloadedState: PreloadedState = {}) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: {
      ...preloadedState,
      app: { ...initialAppState, ...preloadedState.app },
      route: preloadedState.route ?? initialRouteState,
    } as Partial<RootState>,
    middleware: (getDefaultMiddleware) => getDefaultMiddleware().concat(baseApi.middleware, reauthGate()),
    // Enabled in production too, so support staff can export a session; secrets are redacted.
    devTools: devToolsOptions,
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
