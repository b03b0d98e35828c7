/**
 * What a failed call means, in one place: pages ask these functions instead of reading statuses or
 * `error` flags themselves.
 *
 * | kind         | what happened                                                                  |
 * |--------------|--------------------------------------------------------------------------------|
 * | 'flagged'    | a 2xx answer whose body says `error: true` (the base query makes it an error)  |
 * | 'refused'    | a 4xx answer: the server refused this request                                  |
 * | 'failed'     | any other non-2xx answer (5xx...): the server could not do it                  |
 * | 'no-answer'  | no usable answer: network down, timeout, unreadable body                       |
 * | 'aborted'    | the request was cut short on purpose (a newer get-pricing, docs/product.md#the-pricing-page)            |
 * | 'unexpected' | anything else that was thrown                                                  |
 */

import { serverText, type ServerSaid } from '../i18n';

type FailureKind = 'flagged' | 'refused' | 'failed' | 'no-answer' | 'aborted' | 'unexpected';

export interface Failure {
  kind: FailureKind;
  /** The HTTP status of an answer ('flagged', 'refused', 'failed'). */
  status?: number;
  /** Why no usable answer came, as the browser said it ('no-answer', 'aborted'), when it said anything. */
  reason?: string;
}

const NO_ANSWER_STATUSES = new Set(['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR']);

/** Classifies an RTK Query error (`{ status, data }` or `{ status: 'FETCH_ERROR', error }`), or anything thrown. */
export function classifyFailure(error: unknown): Failure {
  if (typeof error !== 'object' || error === null || !('status' in error)) return { kind: 'unexpected' };
  const { status, error: detail } = error as { status: unknown; error?: unknown };
  if (typeof status === 'number') {
    if (status >= 200 && status < 300) return { kind: 'flagged', status };
    if (status >= 400 && status < 500) return { kind: 'refused', status };
    return { kind: 'failed', status };
  }
  if (typeof status === 'string' && NO_ANSWER_STATUSES.has(status)) {
    const reason = typeof detail === 'string' && detail.trim() !== '' ? detail : undefined;
    if (status === 'FETCH_ERROR' && reason && /abort/i.test(reason)) return { kind: 'aborted', reason };
    return reason ? { kind: 'no-answer', reason } : { kind: 'no-answer' };
  }
  return { kind: 'unexpected' };
}

/** The server answered, but not with a 2xx: 'refused' or 'failed'. */
export function isFailedAnswer(error: unknown): boolean {
  const { kind } = classifyFailure(error);
  return kind === 'refused' || kind === 'failed';
}

/** A body carrying the error envelope's `error: true` (spec: "An error field in the response is thrown"). */
export function hasErrorFlag(body: unknown): boolean {
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true;
}

/**
 * The text to show for a failed call: the server's message when it sent one ("Server messages are shown
 * as given", docs/product.md#error-texts, in the user's language by its code), else the caller's
 * fallback text from the same list.
 */
export function errorMessage(error: unknown, fallback: string): string {
  return serverMessage(error) ?? fallback;
}

/** The error envelope's message in an RTK Query error (`{ status, data: { message, code } }`), if any. */
export function serverMessage(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  return bodyMessage((error as { data?: unknown }).data);
}

/** What an answer's body (the error envelope: message, code, params) says, when its `message` is not blank. */
function saidIn(body: unknown): ServerSaid | undefined {
  const said = body as Partial<ServerSaid> | null | undefined;
  return typeof said?.message === 'string' && said.message.trim() !== '' ? (said as ServerSaid) : undefined;
}

/** The message of an answer's body (the error envelope) in the user's language, when it is not blank. */
export function bodyMessage(body: unknown): string | undefined {
  const said = saidIn(body);
  return said && serverText(said);
}

/** The HTTP status of an RTK Query error, or undefined for network, parsing and abort errors. */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}

/** A failure as shown: the spec's text, and the server's own message under it when it differs. */
export interface ErrorText {
  text: string;
  detail?: string | null;
}

export const OFFLINE_TEXT = 'You are offline. Check your connection and try again.';
export const UNREACHABLE_TEXT =
  'The service could not be reached. Check your connection or try again in a moment.';
export const UNAVAILABLE_TEXT = 'The service is not available right now. Try again in a moment.';

/** Why a call got no answer, when the browser knows: it is offline. */
function offlineReason(error: unknown): string | undefined {
  const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
  return offline && classifyFailure(error).kind === 'no-answer' ? OFFLINE_TEXT : undefined;
}

/**
 * Why a call failed when the server said nothing itself: the browser is offline, no answer came (the
 * service cannot be reached), or the service failed (a 5xx, often from a proxy while it restarts). A
 * refusal (4xx) or a flagged answer has no such reason: its message, or the caller's text, says it.
 */
export function failureReason(error: unknown): string | undefined {
  const { kind } = classifyFailure(error);
  if (kind === 'failed' || serverFailedUnreadably(error)) return UNAVAILABLE_TEXT;
  if (kind === 'no-answer') return offlineReason(error) ?? UNREACHABLE_TEXT;
  return undefined;
}

/** A 5xx whose body is no JSON (a proxy's error page): RTK Query reports it as unreadable, with the status. */
function serverFailedUnreadably(error: unknown): boolean {
  const originalStatus = (error as { originalStatus?: unknown } | null)?.originalStatus;
  return typeof originalStatus === 'number' && originalStatus >= 500;
}

/**
 * The spec's text for a failed call, with the server's message (if any, and not the same) as the detail,
 * or else why it failed (failureReason): every failed send and load says so the same way.
 */
export function withDetail(text: string, error: unknown): ErrorText {
  const said = saidIn((error as { data?: unknown } | null)?.data);
  // Compared in English: the spec's text and the server's message are both English until shown.
  const english = said?.message ?? failureReason(error);
  return english && english !== text ? { text, detail: said ? serverText(said) : english } : { text };
}
