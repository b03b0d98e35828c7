/**
 * Matchers of an endpoint's answers by the endpoint's name, for reducers that follow calls (the session
 * slice) without importing the endpoint's module: that module, and its tag's other endpoints, stay in the
 * chunks of the screens that make the calls (docs/performance.md#size-budgets).
 */
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import type { OperationId, SuccessBody } from '../../contract/types';
import { baseApi } from './base-api';

interface CallAction {
  type: string;
  meta?: { requestStatus?: unknown; arg?: { endpointName?: unknown } };
}

function answered(action: unknown, status: 'fulfilled' | 'rejected', ids: readonly string[]): boolean {
  const { type, meta } = action as CallAction;
  return (
    typeof type === 'string' &&
    type.startsWith(`${baseApi.reducerPath}/execute`) &&
    meta?.requestStatus === status &&
    ids.includes(meta.arg?.endpointName as string)
  );
}

/** An answer of one of these endpoints that succeeded. */
export function fulfilledBy<K extends OperationId>(...ids: K[]) {
  return (action: unknown): action is { type: string; payload: SuccessBody<K> } =>
    answered(action, 'fulfilled', ids);
}

/** A call of one of these endpoints that failed (`payload` is the error, when the server answered). */
export function rejectedBy(...ids: OperationId[]) {
  return (action: unknown): action is { type: string; payload?: FetchBaseQueryError } =>
    answered(action, 'rejected', ids);
}
