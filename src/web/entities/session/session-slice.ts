/**
 * The session entity: the shared application state of docs/product.md#shared-application-state (`state.app`: the signed-in user, the
 * shared CRM record, loading and error) and the two thunks every area needs: the initial load (docs/product.md#initial-load) and
 * the billing-portal fetch (docs/product.md#checkout-and-the-billing-portal, docs/product.md#billing-portal-texts).
 */
import { createAsyncThunk, createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { catalogueApi } from '../../api/endpoints/catalogue';
import { userApi } from '../../api/endpoints/user';
import { fulfilledBy, rejectedBy } from '../../api/matchers';
import type { Software, User } from '../../api/contract-types';
import { classifyFailure, errorStatus, serverMessage } from '../../api/errors';
import { sessionEndedByPolicy, sessionEndedMidUse, type PolicyEnding } from '../../api/session-expiry';

export interface AppState {
  user: User | null;
  software: Software | null;
  /** True until the initial load has ended, whatever its outcome. */
  loading: boolean;
  error: boolean;
  errorMessage: string | null;
  /**
   * HTTP status of the last failed get-user answer: 401 means "no session" (the guard sends the visitor
   * to /login), anything else is a failure shown as 'Error: {message}'. Null for network errors.
   */
  userErrorStatus: number | null;
  /** Whether loadInitialData was started, so the router starts it only when nobody did. */
  initialLoad: 'idle' | 'started' | 'done';
  billingPortalUrl: string | null;
  portalLoading: boolean;
  /**
   * A call answered 401 while someone was signed in: the session ended mid-use (expired, ended from
   * another device). The user stays (the page and what they typed stay on screen) and a dialog asks
   * them to sign in again (features/auth/components/ReauthDialog.tsx); signing in or out ends it.
   */
  sessionExpired: boolean;
  /**
   * The organization's idle timeout or session lifetime ended the session (docs/product.md#session-and-network-policies):
   * what the server said, which /login shows (app/AppFrame.tsx sends the user there from the dashboard, and
   * /login?reauth=true signs out first). Signing in clears it.
   */
  sessionEndedBy: PolicyEnding | null;
}

export const initialAppState: AppState = {
  user: null,
  software: null,
  loading: true,
  error: false,
  errorMessage: null,
  userErrorStatus: null,
  initialLoad: 'idle',
  billingPortalUrl: null,
  portalLoading: false,
  sessionExpired: false,
  sessionEndedBy: null,
};

export const USER_FETCH_FAILED = 'Failed to fetch user data';
const PORTAL_FETCH_FAILED = 'Failed to fetch billing portal url';
const PORTAL_URL_MISSING = 'Could not load billing portal URL';
const PORTAL_LOAD_FAILED = 'Failed to load billing portal';

/**
 * docs/product.md#initial-load: fetch the user (loading set); when the user has a software slug, fetch that CRM
 * record and store it unless the answer carries an error; on failure store and log the message. Loading
 * ends in every case.
 */
export const loadInitialData = createAsyncThunk<void, void>(
  'app/loadInitialData',
  async (_, { dispatch }) => {
    // The subscription is kept on purpose: while it lives, every mutation that invalidates 'User'
    // (login, settings, ...) refetches the user, and the slice follows (see extraReducers).
    const userResult = await dispatch(userApi.endpoints.getUser.initiate(undefined, { forceRefetch: true }));
    if (userResult.error || !userResult.data) {
      const status = errorStatus(userResult.error) ?? null;
      dispatch(userLoadFailed({ message: USER_FETCH_FAILED, status }));
      // 401 is how the server says "no session": every anonymous visit gets it, so it is no error to log.
      if (status !== 401) console.error(USER_FETCH_FAILED, userResult.error);
      return;
    }

    const slug = userResult.data.data.software?.slug;
    if (!slug) return;
    const softwareQuery = dispatch(catalogueApi.endpoints.getSoftware.initiate({ software: slug }));
    try {
      const softwareResult = await softwareQuery;
      // A non-OK answer or one carrying `error` leaves the software unset (docs/product.md#initial-load).
      if (softwareResult.data && !softwareResult.error) dispatch(softwareLoaded(softwareResult.data.data));
    } finally {
      softwareQuery.unsubscribe();
    }
  },
);

/**
 * docs/product.md#checkout-and-the-billing-portal and docs/product.md#billing-portal-texts: loading flag while fetching, URL stored on success, flag cleared
 * after. A failure stores the error message and resolves to null (it never rejects).
 */
export const fetchBillingPortalUrl = createAsyncThunk<string | null, void>(
  'app/fetchBillingPortalUrl',
  async (_, { dispatch }) => {
    // The billing endpoints load with the pages that ask for the portal, not with every first load.
    const { billingApi } = await import(
      /* webpackChunkName: "billing-endpoints" */ '../../api/endpoints/billing'
    );
    const request = dispatch(billingApi.endpoints.billingPortal.initiate());
    try {
      const result = await request;
      if ('error' in result && result.error) {
        const okButFlagged = classifyFailure(result.error).kind === 'flagged';
        // A 2xx answer with `error: true` is "thrown" with the server's message; a non-OK one is a fetch failure.
        const message = okButFlagged
          ? (serverMessage(result.error) ?? PORTAL_LOAD_FAILED)
          : PORTAL_FETCH_FAILED;
        dispatch(portalFailed(message));
        return null;
      }
      const url = result.data?.data?.url;
      if (!url) {
        dispatch(portalFailed(PORTAL_URL_MISSING));
        return null;
      }
      return url;
    } finally {
      request.reset();
    }
  },
);

// By name: the sign-in endpoints' modules load with the pages that sign in, not with every first load.
const sessionStarted = fulfilledBy(
  'login',
  'verifyTwoFactor',
  'signup',
  'googleAuth',
  'finishSso',
  'accessToken',
);

/** The chosen CRM stays (logout keeps it in local storage too, docs/product.md#local-flags-and-the-auth-route). */
function clearSession(state: AppState) {
  state.user = null;
  state.userErrorStatus = 401;
  state.billingPortalUrl = null;
  state.sessionExpired = false;
}

export const appSlice = createSlice({
  name: 'app',
  initialState: initialAppState,
  reducers: {
    userLoadFailed(state, action: PayloadAction<{ message: string; status: number | null }>) {
      state.error = true;
      state.errorMessage = action.payload.message;
      state.userErrorStatus = action.payload.status;
    },
    softwareLoaded(state, action: PayloadAction<Software | null>) {
      state.software = action.payload;
    },
    portalFailed(state, action: PayloadAction<string>) {
      state.error = true;
      state.errorMessage = action.payload;
    },
    /**
     * The browser side of a logout (docs/product.md#local-flags-and-the-auth-route). Runs whether or not the logout call succeeded: a session the
     * server already ended must not leave its user on screen.
     */
    signedOut(state) {
      clearSession(state);
    },
    /** Lets a page show or clear the shared error ('Error: {message}' on the overview). */
    errorSet(state, action: PayloadAction<string | null>) {
      state.error = action.payload !== null;
      state.errorMessage = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder
      .addCase(loadInitialData.pending, (state) => {
        state.loading = true;
        state.initialLoad = 'started';
      })
      .addCase(loadInitialData.fulfilled, (state) => {
        state.loading = false;
        state.initialLoad = 'done';
      })
      .addCase(loadInitialData.rejected, (state, action) => {
        // Only a bug gets here (the thunk handles failed answers); still, loading must end.
        state.loading = false;
        state.initialLoad = 'done';
        state.error = true;
        state.errorMessage = action.error.message ?? USER_FETCH_FAILED;
      })
      // A call answered 401 while someone was signed in (api/session-expiry.ts): the session has ended,
      // but the page stays until they sign in again or leave.
      .addCase(sessionEndedMidUse, (state) => {
        if (state.user) state.sessionExpired = true;
      })
      .addCase(sessionEndedByPolicy, (state, action) => {
        state.sessionEndedBy = action.payload;
      })
      .addCase(fetchBillingPortalUrl.pending, (state) => {
        state.portalLoading = true;
      })
      .addCase(fetchBillingPortalUrl.fulfilled, (state, action) => {
        state.portalLoading = false;
        if (action.payload) state.billingPortalUrl = action.payload;
      })
      .addCase(fetchBillingPortalUrl.rejected, (state) => {
        state.portalLoading = false;
      })
      // Keep the user in sync whenever get-user answers again (a mutation invalidated 'User').
      .addMatcher(fulfilledBy('getUser'), (state, action) => {
        state.user = action.payload.data;
        state.error = false;
        state.errorMessage = null;
        state.userErrorStatus = null;
      })
      .addMatcher(rejectedBy('getUser'), (state, action) => {
        // No session: the guard sends the visitor to /login. (Mid-use, the call waited for the user to sign
        // in again, and answers 401 only once they logged out instead.)
        if (action.payload?.status === 401) {
          state.user = null;
          state.userErrorStatus = 401;
          state.sessionExpired = false;
        }
      })
      // These answers carry the fresh user: the guard lets the visitor in without waiting for a refetch.
      .addMatcher(sessionStarted, (state, action) => {
        // A login that asks for the two-factor code next has started no session yet.
        if (!('user' in action.payload) || !action.payload.user) return;
        state.user = action.payload.user;
        state.error = false;
        state.errorMessage = null;
        state.userErrorStatus = null;
        state.sessionExpired = false;
        state.sessionEndedBy = null;
      })
      .addMatcher(fulfilledBy('setSettings'), (state, action) => {
        state.user = action.payload.data;
      })
      .addMatcher(fulfilledBy('logout'), clearSession);
  },
});

export const { softwareLoaded, errorSet, signedOut } = appSlice.actions;
const { userLoadFailed, portalFailed } = appSlice.actions;

/** The part of the store state this slice owns (the whole RootState fits). */
export type WithApp = { app: AppState };
export const selectUser = (state: WithApp) => state.app.user;

/**
 * A user whose organization requires two-factor sign-in and whose session does not meet it (no second
 * factor set up, not signed in with single sign-on: the server says so): the dashboard sends them to
 * Settings to set it up, and the server refuses their other calls (docs/product.md#two-factor-sign-in).
 */
export function mustSetUpTwoFactor(user: Pick<User, 'must_set_up_two_factor'>): boolean {
  return user.must_set_up_two_factor === true;
}
export const selectSoftware = (state: WithApp) => state.app.software;
export const selectLoading = (state: WithApp) => state.app.loading;
export const selectErrorMessage = (state: WithApp) => state.app.errorMessage;
export const selectPortalLoading = (state: WithApp) => state.app.portalLoading;

/**
 * Resolves with the signed-in user (null without a session) once the initial load has ended, at once
 * when it has: route loaders wait for it before deciding anything that depends on who is there.
 */
export function sessionSettled(store: {
  getState: () => WithApp;
  subscribe: (listener: () => void) => () => void;
}): Promise<User | null> {
  return new Promise((resolve) => {
    const settled = () => !store.getState().app.loading;
    if (settled()) {
      resolve(store.getState().app.user);
      return;
    }
    const unsubscribe = store.subscribe(() => {
      if (!settled()) return;
      unsubscribe();
      resolve(store.getState().app.user);
    });
  });
}
