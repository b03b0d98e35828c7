/**
 * Spec §8 lists five texts for a failed connection verification without saying which is which, and also
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

export const ERROR_VERIFYING_SETTINGS = 'Error verifying settings';
export const VERIFY_FAILED = 'Verify failed';
export const VERIFICATION_FAILED = 'Verification failed';
export const VERIFY_SETTINGS_ERROR = 'Verify settings error';

const NO_ANSWER_STATUSES = new Set(['FETCH_ERROR', 'TIMEOUT_ERROR', 'PARSING_ERROR']);

function serverMessage(data: unknown): string | null {
  if (!data || typeof data !== 'object') return null;
  const message = (data as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

const isSuccessStatus = (status: number) => status >= 200 && status < 300;

/** The text for a rejected verify-settings call (an RTK Query error, or whatever was thrown). */
export function verifyErrorText(error: unknown): string {
  if (error && typeof error === 'object' && 'status' in error) {
    const { status, data, error: reason } = error as { status: unknown; data?: unknown; error?: unknown };
    if (typeof status === 'number') {
      // The API layer turns a 2xx answer with `error: true` into an error carrying that 2xx status.
      return serverMessage(data) ?? (isSuccessStatus(status) ? VERIFICATION_FAILED : VERIFY_FAILED);
    }
    if (typeof status === 'string' && NO_ANSWER_STATUSES.has(status)) {
      return typeof reason === 'string' && reason.trim() !== ''
        ? `${ERROR_VERIFYING_SETTINGS}: ${reason}`
        : ERROR_VERIFYING_SETTINGS;
    }
  }
  return VERIFY_SETTINGS_ERROR;
}

/**
 * A 2xx answer still has to confirm the connection: `error: false` and a connection id. Returns null when
 * it does, otherwise the text to show (the server's own message when it sent one with `error: true`).
 */
export function verifyResultError(body: unknown): string | null {
  if (!body || typeof body !== 'object') return VERIFICATION_FAILED;
  const { error, data } = body as { error?: unknown; data?: { connection_id?: unknown } | null };
  if (error === true) return serverMessage(body) ?? VERIFICATION_FAILED;
  return data && typeof data.connection_id === 'string' && data.connection_id !== ''
    ? null
    : VERIFICATION_FAILED;
}
