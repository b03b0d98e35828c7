/**
 * What led up to a support snapshot (support-snapshot.ts), kept in the store as it happens
 * (`state.supportTrail`): the last pages the user opened (as route-slice keeps them: no tokens) and the
 * last calls that failed, each as its method, operation, status and error code. No request or answer body
 * is ever kept: a failed sign-in's password or a failed setup's secret has nowhere to go.
 */
import { createSlice, isRejectedWithValue, type UnknownAction } from '@reduxjs/toolkit';
import { baseApi } from '../api/base-api';
import { classifyFailure } from '../api/errors';
import { routeChanged } from './route-slice';

/** How many of each the trail keeps: enough for the minutes before a report, small in a file. */
const TRAIL_LENGTH = 20;

export interface TrailPage {
  /** ISO time the page opened. */
  at: string;
  url: string;
}

export interface FailedRequest {
  /** ISO time the failure arrived. */
  at: string;
  method: string;
  /** The operation (the contract's operationId). */
  operation: string;
  /** The HTTP status, or RTK Query's word for no answer ('FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR'). */
  status: number | string;
  /** The error envelope's machine-readable `code`, when the answer had one. */
  code: string | null;
}

/** @public The store's declaration files name it (state.supportTrail). */
export interface SupportTrailState {
  pages: TrailPage[];
  failedRequests: FailedRequest[];
}

const initialState: SupportTrailState = { pages: [], failedRequests: [] };

/** A code as the contract writes codes (`cap_reached`): anything else is not a code and is not kept. */
const CODE = /^[a-z][a-z0-9_.]{0,63}$/;

interface RejectedCall {
  meta: {
    arg: { endpointName: string; type: 'query' | 'mutation' };
    baseQueryMeta?: { request?: { method?: unknown } };
  };
  payload: unknown;
}

function isRejectedCall(action: UnknownAction): action is UnknownAction & RejectedCall {
  if (!action.type.startsWith(`${baseApi.reducerPath}/execute`) || !isRejectedWithValue(action)) return false;
  const arg = (action.meta as { arg?: { endpointName?: unknown } }).arg;
  return typeof arg?.endpointName === 'string';
}

function failedRequest({ meta, payload }: RejectedCall, at: string): FailedRequest {
  const { status, data } = (payload ?? {}) as { status?: unknown; data?: unknown };
  const code = (data as { code?: unknown } | null | undefined)?.code;
  const method = meta.baseQueryMeta?.request?.method;
  return {
    at,
    method: typeof method === 'string' ? method : meta.arg.type === 'query' ? 'GET' : 'POST',
    operation: meta.arg.endpointName,
    status: typeof status === 'number' || typeof status === 'string' ? status : 'unknown',
    code: typeof code === 'string' && CODE.test(code) ? code : null,
  };
}

function keepLast<T>(list: T[], item: T): T[] {
  return [...list, item].slice(-TRAIL_LENGTH);
}

export const supportTrailSlice = createSlice({
  name: 'supportTrail',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addCase(routeChanged, (state, action) => {
      const at = new Date(action.meta.at).toISOString();
      state.pages = keepLast(state.pages, { at, url: `${action.payload.pathname}${action.payload.search}` });
    });
    builder.addMatcher(isRejectedCall, (state, action) => {
      // A request cut short on purpose (a newer get-pricing) is no failure to report.
      if (classifyFailure(action.payload).kind === 'aborted') return;
      // The time of arrival: RTK Query's rejected actions carry none (a reducer reading the clock only
      // stamps the entry; nothing else depends on it).
      state.failedRequests = keepLast(state.failedRequests, failedRequest(action, new Date().toISOString()));
    });
  },
});
