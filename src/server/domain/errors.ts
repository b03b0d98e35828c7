/**
 * Why a call is refused, in the product's words rather than HTTP's. Rules (domain/, handlers/) and the
 * adapters (payment, CRM, mail) throw these; http/errors.ts answers every kind with its status, in one
 * place. The message is for users: it is sent as given, with its code and values (src/contract/messages.ts).
 */
import { message, type Message, type MessageCode, type MessageParams } from '../../contract/messages.js';

export type RefusalKind =
  /** The request breaks a rule the caller can fix. */
  | 'invalid'
  /** Nobody is signed in (or the session ended). */
  | 'unauthenticated'
  /** Signed in, but not allowed to do this. */
  | 'forbidden'
  /** No such thing, or not the caller's (another organization's ids look the same as unknown ones). */
  | 'not-found'
  /** It would contradict what exists (an account, a pending invitation, a taken seat). */
  | 'conflict'
  /** An outside service refused what the caller gave (CRM credentials), or a token is not the caller's. */
  | 'rejected'
  /** Too many attempts: try again after retryAfterSeconds. */
  | 'rate-limited'
  /** An outside service (payment, CRM) failed or could not be reached. */
  | 'upstream-failed'
  /** Not available on this server (not configured, payments off). */
  | 'unavailable';

export class DomainError extends Error {
  /** The message's code and values (src/contract/messages.ts), sent with it in the error envelope. */
  readonly code: MessageCode;
  readonly params: MessageParams;

  constructor(
    readonly kind: RefusalKind,
    said: Message,
    readonly retryAfterSeconds?: number,
  ) {
    super(said.message);
    this.name = 'DomainError';
    this.code = said.code;
    this.params = said.params;
  }

  /** The message as it was given, for an answer that carries it (the error envelope, a refused row). */
  get said(): Message {
    return { message: this.message, code: this.code, params: this.params };
  }
}

export const invalid = (said: Message) => new DomainError('invalid', said);
export const unauthenticated = (said = message('not_signed_in')) => new DomainError('unauthenticated', said);
export const forbidden = (said = message('forbidden')) => new DomainError('forbidden', said);
export const notFound = (said = message('not_found')) => new DomainError('not-found', said);
export const conflict = (said: Message) => new DomainError('conflict', said);
export const rejected = (said: Message) => new DomainError('rejected', said);
export const tooManyAttempts = (retryAfterSeconds: number, said = message('too_many_attempts')) =>
  new DomainError('rate-limited', said, retryAfterSeconds);
export const upstreamFailed = (said: Message) => new DomainError('upstream-failed', said);
export const unavailable = (said: Message, retryAfterSeconds?: number) =>
  new DomainError('unavailable', said, retryAfterSeconds);

/** Another organization's member, or an unknown id: the same 404, so ids reveal nothing. */
export const USER_NOT_IN_ORGANIZATION = message('member_not_found');
