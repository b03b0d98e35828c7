/** The sandbox Google popup, for the signup and login tests: window.open answers a window the test controls. */
import { act } from '@testing-library/react';
import { GOOGLE_SANDBOX_MESSAGE } from '../../../src/web/features/auth/components/SandboxGoogleButton';

export function fakeSandboxPopup() {
  // jsdom opens no windows; an iframe's window is a real Window to be the source of messages.
  const frame = document.createElement('iframe');
  document.body.append(frame);
  const popup = frame.contentWindow!;
  const open = jest.spyOn(window, 'open').mockImplementation(() => popup);
  return {
    open,
    popup,
    /** What the sandbox page posts back; `from` another window or origin plays a foreign page. */
    answer(
      result: { credential: string } | { error: string },
      from: { source?: Window; origin?: string } = {},
    ) {
      act(() => {
        window.dispatchEvent(
          new MessageEvent('message', {
            data: { type: GOOGLE_SANDBOX_MESSAGE, ...result },
            origin: from.origin ?? window.location.origin,
            source: from.source ?? popup,
          }),
        );
      });
    },
    remove: () => frame.remove(),
  };
}
