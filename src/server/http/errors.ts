/**
 * Every failure leaves the server as the contract's error envelope `{ error: true, message }`.
 * Handlers throw HttpError with a message users may read; anything else is logged and answered
 * with a generic 500 so no internals (SQL, stack traces, secrets) reach the client.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseUnavailable } from '../db/unavailable.js';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'You are not signed in.') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this.') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, 'Too many attempts, please try again later.', {
    'retry-after': String(retryAfterSeconds),
  });

/** Seconds a client is asked to wait before repeating a call that failed because the database is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 2;
export const UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a moment.';

/** Messages for Fastify's own 4xx errors (its texts name internals such as FST codes). */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type: send application/json.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body does not match its Content-Length.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The JSON body is empty.',
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
};

export function errorEnvelope(message: string) {
  return { error: true as const, message };
}

export interface ErrorAnswer {
  status: number;
  headers: Record<string, string>;
  /** What the user may read. */
  message: string;
}

/**
 * The answer to a failure, whatever form it takes (the API's envelope, a form page's HTML): logged here
 * when it is an outage or a bug.
 */
export function errorAnswer(error: FastifyError | HttpError | Error, request: FastifyRequest): ErrorAnswer {
  if (error instanceof HttpError) {
    return { status: error.statusCode, headers: error.headers, message: error.message };
  }
  const status = (error as FastifyError).statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    const code = (error as FastifyError).code;
    const message =
      FASTIFY_MESSAGES[code] ??
      (error instanceof SyntaxError ? 'The request body is not valid JSON.' : 'Bad request.');
    return { status, headers: {}, message };
  }
  if (isDatabaseUnavailable(error)) {
    // An outage, not a bug: one line per call, and the client is told to come back.
    request.log.warn(
      { err: { message: error.message, code: (error as { code?: string }).code } },
      'database unavailable',
    );
    return {
      status: 503,
      headers: { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) },
      message: UNAVAILABLE_MESSAGE,
    };
  }
  request.log.error({ err: error }, 'request failed');
  return { status: 500, headers: {}, message: 'Something went wrong' };
}

export function handleError(
  error: FastifyError | HttpError | Error,
  request: FastifyRequest,
  reply: FastifyReply,
) {
  const { status, headers, message } = errorAnswer(error, request);
  return reply.status(status).headers(headers).send(errorEnvelope(message));
}
