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

export interface ApiRequest extends FetchArgs {
  /** The path is outside the API base (only `/org-subscription`, spec §7). */
  outsideApiBase?: boolean;
  /** A new request of the same endpoint aborts this one while it is in flight (get-pricing, spec §7). */
  supersedable?: boolean;
}

export type ApiError = FetchBaseQueryError;

// Cookies go with every call (cookie session) unless a request says otherwise (get-pricing: 'omit').
const fetchJson = fetchBaseQuery({ credentials: 'include' });

/** The supersedable request in flight, per endpoint. */
const inFlight = new Map<string, AbortController>();

/**
 * Resolves the URL per request from the runtime configuration (one build serves any API base), and turns
 * a 2xx answer whose body says `error: true` into an error: the spec says "An error field in the response
 * is thrown", so callers see it in `error` like any non-OK answer.
 */
export const apiBaseQuery: BaseQueryFn<
  string | ApiRequest,
  unknown,
  ApiError,
  object,
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  const {
    outsideApiBase = false,
    supersedable = false,
    ...request
  } = typeof args === 'string' ? { url: args } : args;
  const url = outsideApiBase ? originUrl(request.url) : apiUrl(request.url);
  const signal = supersedable ? supersede(api.endpoint, api.signal) : api.signal;
  try {
    const result = await fetchJson({ ...request, url }, { ...api, signal }, extraOptions);
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
 * The one API of the app. Its endpoints are generated from openapi.yaml (generated-endpoints.ts); tags
 * and the behaviour of single calls are layered on top in index.ts.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  endpoints: () => ({}),
});
