import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { apiUrl, originUrl } from '../app/config';
import { hasErrorFlag } from './errors';
import { isPassingFailure, retryDelayMs, retryPolicy } from './retry-policy';
import {
  endsSession,
  policyEnding,
  sessionEndedByPolicy,
  sessionEndedMidUse,
  signedInAgain,
} from './session-expiry';

export interface ApiRequest extends FetchArgs {
  /** The path is outside the API base (only `/org-subscription`, docs/product.md#api-calls). */
  outsideApiBase?: boolean;
  /** A new request of the same endpoint aborts this one while it is in flight (get-pricing, docs/product.md#the-pricing-page). */
  supersedable?: boolean;
}

type ApiError = FetchBaseQueryError;

/** What the cache can tag: each tag's behaviour (behaviour/<tag>.ts) says what provides and refreshes which. */
const tagTypes = [
  'User',
  'Members',
  'OrgSubscription',
  'Sessions',
  'Audit',
  'TwoFactor',
  'Credits',
  'SessionPolicies',
  'CrmSync',
  'Scim',
  'Sso',
  'AuditSettings',
] as const;
export type TagType = (typeof tagTypes)[number];

// Cookies go with every call (cookie session) unless a request says otherwise (get-pricing: 'omit').
const fetchJson = fetchBaseQuery({ credentials: 'include' });

/** The supersedable request in flight, per endpoint. */
const inFlight = new Map<string, AbortController>();

/**
 * Resolves the URL per request from the runtime configuration (one build serves any API base), and turns
 * a 2xx answer whose body says `error: true` into an error: the spec says "An error field in the response
 * is thrown", so callers see it in `error` like any non-OK answer.
 */
const apiBaseQuery: BaseQueryFn<string | ApiRequest, unknown, ApiError, object, FetchBaseQueryMeta> = async (
  args,
  api,
  extraOptions,
) => {
  const {
    outsideApiBase = false,
    supersedable = false,
    ...request
  } = typeof args === 'string' ? { url: args } : args;
  const url = outsideApiBase ? originUrl(request.url) : apiUrl(request.url);
  const signal = supersedable ? supersede(api.endpoint, api.signal) : api.signal;
  try {
    let result = await fetchJson({ ...request, url }, { ...api, signal }, extraOptions);
    // Reads only: a write is never sent twice without the user asking (retry-policy.ts).
    for (let attempt = 1; api.type === 'query' && attempt <= retryPolicy().retries; attempt++) {
      if (!result.error || !isPassingFailure(result.error.status) || signal.aborted) break;
      const wait = retryDelayMs(attempt, result.meta?.response?.headers.get('Retry-After'), retryPolicy());
      if (!(await sleep(wait, signal))) break;
      result = await fetchJson({ ...request, url }, { ...api, signal }, extraOptions);
    }
    // The server refused the call without doing anything: once the user has signed in again it goes
    // again (a write too: they asked for it and it never happened), so the page's work is not lost.
    while (result.error && endsSession(api.endpoint, result.error.status)) {
      const ending = policyEnding(result.error.data);
      if (ending) {
        api.dispatch(sessionEndedByPolicy(ending));
        break;
      }
      api.dispatch(sessionEndedMidUse());
      if (!(await signedInAgain(api.dispatch, signal))) break;
      result = await fetchJson({ ...request, url }, { ...api, signal }, extraOptions);
    }
    if (!result.error && hasErrorFlag(result.data)) {
      return {
        error: { status: result.meta?.response?.status ?? 200, data: result.data },
        meta: result.meta,
      };
    }
    return result;
  } finally {
    if (supersedable) release(api.endpoint, signal);
  }
};

/** Resolves true after `ms`, or false as soon as `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve(true);
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/** Aborts the endpoint's request in flight and returns the signal of this one (RTK's own abort still applies). */
function supersede(endpoint: string, rtkSignal: AbortSignal): AbortSignal {
  inFlight.get(endpoint)?.abort();
  const controller = new AbortController();
  inFlight.set(endpoint, controller);
  rtkSignal.addEventListener('abort', () => controller.abort(), { once: true });
  return controller.signal;
}

function release(endpoint: string, signal: AbortSignal) {
  if (inFlight.get(endpoint)?.signal === signal) inFlight.delete(endpoint);
}

/**
 * The one API of the app, without endpoints: each contract tag's module (endpoints/<tag>.ts, generated
 * from openapi.yaml) injects its own when first imported, with its tags and the behaviour of single calls
 * (behaviour/<tag>.ts), so a first load carries only the endpoints its screens call.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  tagTypes,
  // With setupListeners (main.tsx): data comes back by itself when the network or the tab does.
  refetchOnReconnect: true,
  refetchOnFocus: true,
  endpoints: () => ({}),
});
