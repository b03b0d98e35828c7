/** The failure texts of the Settings profile form (spec §8 Settings). */
import { isFailedAnswer, serverMessage } from '../../../api/errors';

export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const PROFILE_UPDATE_ERROR = 'Error updating profile';

export interface ProfileErrorText {
  /** The text of the red banner. */
  text: string;
  /** The server's own message under it, when it sent one that is not already the text. */
  detail?: string;
}

/**
 * A non-OK answer reads 'Failed to update profile' (with the server's message beside it, since server
 * messages are shown as given); an OK answer flagged `error: true` shows the server's message, or
 * 'Error updating profile' without one, as does a call that never got an answer.
 */
export function profileErrorText(error: unknown): ProfileErrorText {
  const message = serverMessage(error);
  if (isFailedAnswer(error)) {
    return message && message !== PROFILE_UPDATE_FAILED
      ? { text: PROFILE_UPDATE_FAILED, detail: message }
      : { text: PROFILE_UPDATE_FAILED };
  }
  return { text: message ?? PROFILE_UPDATE_ERROR };
}
