/**
 * Hand-written, unlike the rest of this folder (README.md): what an operation takes and answers, derived
 * from the generated `operations` so a change of openapi.yaml shows up as a compile error where it
 * matters. The server's handlers, the SPA's endpoints and the web tests' MSW handlers all read these, so
 * the three agree on what "no body" or "no query" is.
 */
import type { components, operations } from './api.js';

export type OperationId = keyof operations;

type JsonBodyOf<T> = T extends { content: { 'application/json': infer Body } } ? Body : undefined;

/**
 * The JSON body an operation takes (undefined when it takes none). An optional body is the one the
 * server's handler sees: the server reads a missing optional body as `{}`.
 */
export type RequestBody<K extends OperationId> = JsonBodyOf<NonNullable<operations[K]['requestBody']>>;

/** The query parameters an operation takes (an empty record when it takes none). */
export type QueryParams<K extends OperationId> = operations[K]['parameters'] extends { query?: infer Query }
  ? [Query] extends [never | undefined]
    ? Record<string, never>
    : NonNullable<Query>
  : Record<string, never>;

/** The JSON body of an operation's 200 answer (undefined when that answer is not JSON). */
export type SuccessBody<K extends OperationId> = operations[K]['responses'] extends { 200: infer Answer }
  ? JsonBodyOf<Answer>
  : never;

/** The error envelope every failed answer carries. */
export type ErrorEnvelope = components['schemas']['Error'];
