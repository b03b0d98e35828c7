import { errorStatus, serverMessage } from '../../../api/errors';

/**
 * docs/product.md#authentication-texts: server messages are shown as given; when the server answered without one the
 * "failed" fallback applies, and when no answer came at all (network down) the "something went wrong" one.
 */
export function failureMessage(error: unknown, answeredFallback: string, networkFallback: string): string {
  const message = serverMessage(error);
  if (message) return message;
  return errorStatus(error) === undefined ? networkFallback : answeredFallback;
}
