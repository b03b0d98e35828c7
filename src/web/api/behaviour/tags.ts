/**
 * What the contract cannot say about the endpoints, shared by the behaviour of each tag (behaviour/<tag>.ts,
 * Grafana's enhanceEndpoints): the shape of an endpoint's behaviour and the rule that only a call that
 * succeeded refreshes anything. The cache's tag names are base-api.ts's `tagTypes`.
 */
import type { OperationId, QueryParams, SuccessBody } from '../../../contract/types';
import type { ApiRequest, TagType } from '../base-api';

/** What an endpoint provides, or refreshes once it succeeded. */
interface Tagged<K extends OperationId> {
  providesTags?: readonly TagType[];
  invalidatesTags?: (result: SuccessBody<K> | undefined) => readonly TagType[];
}

/** A change to how an endpoint's request goes out (the generated definition is edited in place). */
type RequestChange<K extends OperationId> = (definition: {
  query?: (arg: QueryParams<K>) => string | ApiRequest;
}) => void;

/** The behaviour of a tag's endpoints, by operationId. */
export type Behaviours = { [K in OperationId]?: Tagged<K> | RequestChange<K> };

/** Invalidate only when the call succeeded: a failed mutation changed nothing worth refetching. */
export function onSuccess(...tags: TagType[]) {
  return (result: unknown) => (result === undefined ? [] : tags);
}
