/**
 * Every failure leaves the server as the contract's error envelope `{ error: true, message, code, params }`
 * (the message by its code: src/contract/messages.ts), and this
 * is the one place that decides its status: the domain's refusals (domain/errors.ts, also thrown by the
 * payment, CRM and mail adapters) by their kind, the HTTP layer's own (HttpError) as they say, Fastify's
 * 4xx with our texts, a database outage as 503. Anything else is logged and answered with a generic
 * 500, so no internals (SQL, stack traces, secrets) reach the client.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { DomainError, type RefusalKind } from '../domain/errors.js';
import { message, type Message } from '../../contract/messages.js';

/** A refusal of the HTTP layer itself (malformed request, CSRF, content type), with its status. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly said: Message,
  ) {
    super(said.message);
    this.name = 'HttpError';
  }
}

const STATUS_OF_KIND: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  rejected: 422,
  'rate-limited': 429,
  'upstream-failed': 502,
  unavailable: 503,
};

/** Seconds a client is asked to wait before repeating a call that failed because the database is away. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
const UNAVAILABLE_MESSAGE = message('service_unavailable');

/** Messages for Fastify's own 4xx errors (its texts name internals such as FST codes). */
const FASTIFY_MESSAGES: Record<string, Message> = {
  FST_ERR_CTP_BODY_TOO_LARGE: message('body_too_large'),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: message('unsupported_content_type'),
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: message('body_length_mismatch'),
  FST_ERR_CTP_EMPTY_JSON_BODY: message('body_empty'),
  FST_ERR_CTP_INVALID_JSON_BODY: message('body_not_json'),
};

/** The contract's error envelope of a message: its English sentence, its code and its values. */
export function errorEnvelope(said: Message) {
  return { error: true as const, message: said.message, code: said.code, params: said.params };
}

export interface FailureAnswer {
  status: number;
  /** What the user is told, by its code. */
  said: Message;
  headers: Record<string, string>;
  /** How the failure is logged: not at all (a refusal), as an outage, or as a bug. */
  log: 'none' | 'outage' | 'bug';
}

/** The answer to a failure, whatever threw it. */
export function answerOf(error: unknown): FailureAnswer {
  if (error instanceof DomainError) {
    const headers: Record<string, string> =
      error.retryAfterSeconds === undefined ? {} : { 'retry-after': String(error.retryAfterSeconds) };
    return {
      status: STATUS_OF_KIND[error.kind],
      said: error.said,
      headers,
      log: 'none',
    };
  }
  if (error instanceof HttpError) {
    return { status: error.statusCode, said: error.said, headers: {}, log: 'none' };
  }
  const status = (error as FastifyError | undefined)?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const said =
      FASTIFY_MESSAGES[(error as FastifyError).code] ??
      (error instanceof SyntaxError ? message('body_not_json') : message('bad_request'));
    return { status, said, headers: {}, log: 'none' };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      status: 503,
      said: UNAVAILABLE_MESSAGE,
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      log: 'outage',
    };
  }
  return { status: 500, said: message('internal_error'), headers: {}, log: 'bug' };
}

/**
 * The answer to a failure of a request, whatever form it takes (the API's envelope, a form page's HTML),
 * logged here when it is an outage or a bug.
 */
export function answerRequestFailure(error: unknown, request: FastifyRequest): FailureAnswer {
  const answer = answerOf(error);
  if (answer.log === 'outage') {
    // An outage, not a bug: one line per call, and the client is told to come back.
    const { message, code } = error as Error & { code?: string };
    request.log.warn({ err: { message, code } }, 'database unavailable');
  } else if (answer.log === 'bug') {
    request.log.error({ err: error }, 'request failed');
  } else if (answer.status >= 400 && answer.status < 500) {
    // Why a call was refused (the message its client got, never a value it sent), for debugging a report.
    request.log.debug({ statusCode: answer.status, reason: answer.said.message }, 'request refused');
  }
  return answer;
}

/** The error handler of every route (the form pages' scope answers with HTML: form-pages.ts). */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  const answer = answerRequestFailure(error, request);
  return reply.status(answer.status).headers(answer.headers).send(errorEnvelope(answer.said));
}
