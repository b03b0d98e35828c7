import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { apiUrl, originUrl } from '../app/config';

export interface ApiRequest extends FetchArgs {
  /** The path is outside the API base (only `/org-subscription`, spec §7). */
  outsideApiBase?: boolean;
}

export type ApiError = FetchBaseQueryError;

// Cookies go with every call (cookie session) unless a request says otherwise (get-pricing: 'omit').
const fetchJson = fetchBaseQuery({ credentials: 'include' });

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
  const { outsideApiBase = false, ...request } = typeof args === 'string' ? { url: args } : args;
  const url = outsideApiBase ? originUrl(request.url) : apiUrl(request.url);
  const result = await fetchJson({ ...request, url }, api, extraOptions);
  if (!result.error && carriesErrorFlag(result.data)) {
    return { error: { status: result.meta?.response?.status ?? 200, data: result.data }, meta: result.meta };
  }
  return result;
};

function carriesErrorFlag(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true;
}

/**
 * The one API of the app. It has no endpoints: each domain file (auth.ts, user.ts, ...) injects its own,
 * and tags.ts says which mutation refreshes what.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: apiBaseQuery,
  endpoints: () => ({}),
});
