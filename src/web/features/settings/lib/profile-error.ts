/** The failure texts of the Settings profile form (docs/product.md#settings-texts). */
import {
  failureReason,
  isFailedAnswer,
  serverMessage,
  withDetail,
  type ErrorText,
} from '../../../api/errors';

const PROFILE_UPDATE_FAILED = 'Failed to update profile';
const PROFILE_UPDATE_ERROR = 'Error updating profile';

/**
 * A non-OK answer reads 'Failed to update profile' (with the server's message beside it, since server
 * messages are shown as given); an OK answer flagged `error: true` shows the server's message, or
 * 'Error updating profile' without one, as does a call that never got an answer (saying why: offline,
 * or the service cannot be reached).
 */
export function profileErrorText(error: unknown): ErrorText {
  if (isFailedAnswer(error)) return withDetail(PROFILE_UPDATE_FAILED, error);
  const reason = failureReason(error);
  if (reason) return { text: PROFILE_UPDATE_ERROR, detail: reason };
  return { text: serverMessage(error) ?? PROFILE_UPDATE_ERROR };
}
