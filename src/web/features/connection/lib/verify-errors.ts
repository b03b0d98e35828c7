/**
 * docs/product.md#connection-texts lists five texts for a failed connection verification without saying which is which, and also
 * says "Server messages are shown as given". One rule per text, so a user (and support) can tell where
 * it failed:
 *
 * | what happened                                                     | text shown                            |
 * |-------------------------------------------------------------------|---------------------------------------|
 * | the server rejected the credentials and said why                  | the server's message, as given        |
 * | the server answered non-2xx without a message                     | 'Verify failed'                       |
 * | the server answered 2xx but did not confirm a connection          | 'Verification failed'                 |
 * | no usable answer (network down, timeout, unreadable body)         | 'Error verifying settings: {reason}'  |
 * |   ... and the browser gave no reason                              | 'Error verifying settings'            |
 * | anything else (an unexpected exception in the app)                | 'Verify settings error'               |
 *
 * 'Error verifying settings' is also the label of the console log of every failure.
 */
import { bodyMessage, classifyFailure, hasErrorFlag, serverMessage } from '../../../api/errors';

export const ERROR_VERIFYING_SETTINGS = 'Error verifying settings';
const VERIFY_FAILED = 'Verify failed';
export const VERIFICATION_FAILED = 'Verification failed';
const VERIFY_SETTINGS_ERROR = 'Verify settings error';

/** The text for a rejected verify-settings call (an RTK Query error, or whatever was thrown). */
export function verifyErrorText(error: unknown): string {
  const failure = classifyFailure(error);
  switch (failure.kind) {
    case 'flagged':
      return serverMessage(error) ?? VERIFICATION_FAILED;
    case 'refused':
    case 'failed':
      return serverMessage(error) ?? VERIFY_FAILED;
    case 'no-answer':
    case 'aborted':
      return failure.reason ? `${ERROR_VERIFYING_SETTINGS}: ${failure.reason}` : ERROR_VERIFYING_SETTINGS;
    default:
      return VERIFY_SETTINGS_ERROR;
  }
}

/**
 * A 2xx answer still has to confirm the connection: `error: false` and a connection id. Returns null when
 * it does, otherwise the text to show (the server's own message when it sent one with `error: true`).
 */
export function verifyResultError(body: unknown): string | null {
  if (!body || typeof body !== 'object') return VERIFICATION_FAILED;
  if (hasErrorFlag(body)) return bodyMessage(body) ?? VERIFICATION_FAILED;
  const { data } = body as { data?: { connection_id?: unknown } | null };
  return data && typeof data.connection_id === 'string' && data.connection_id !== ''
    ? null
    : VERIFICATION_FAILED;
}
