/**
 * Why a call is refused, in the product's words rather than HTTP's. Rules (domain/, handlers/) and the
 * adapters (payment, CRM, mail) throw these; http/errors.ts answers every kind with its status, in one
 * place. The message is for users: it is sent as given.
 */

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
  constructor(
    readonly kind: RefusalKind,
    message: string,
    readonly retryAfterSeconds?: number,
    /** A machine-readable reason, sent as `code` where the contract declares one (credit refusals). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

export const invalid = (message: string) => new DomainError('invalid', message);
export const unauthenticated = (message = 'You are not signed in.') =>
  new DomainError('unauthenticated', message);
export const forbidden = (message = 'You are not allowed to do this.') =>
  new DomainError('forbidden', message);
export const notFound = (message = 'Not found') => new DomainError('not-found', message);
export const conflict = (message: string, code?: string) =>
  new DomainError('conflict', message, undefined, code);
export const rejected = (message: string) => new DomainError('rejected', message);
export const tooManyAttempts = (
  retryAfterSeconds: number,
  message = 'Too many attempts, please try again later.',
) => new DomainError('rate-limited', message, retryAfterSeconds);
export const upstreamFailed = (message: string) => new DomainError('upstream-failed', message);
export const unavailable = (message: string) => new DomainError('unavailable', message);

/** Another organization's member, or an unknown id: the same 404, so ids reveal nothing. */
export const USER_NOT_IN_ORGANIZATION = 'User not found in your organization';
