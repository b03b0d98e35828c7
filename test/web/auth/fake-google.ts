/** Google sign-in for the signup and login tests: Google's widget, and the sandbox popup. */
import { act } from '@testing-library/react';
import { GOOGLE_SANDBOX_MESSAGE } from '../../../src/shared/google-sandbox';
import type {
  GoogleCredentialResponse,
  GoogleIdentity,
} from '../../../src/web/features/auth/lib/google-identity';

/**
 * Google's widget as the pages see it (window.google, with the server's client id configured): it
 * renders a button with `buttonText` and hands over what the test answers.
 */
export function fakeGoogleWidget(buttonText: string) {
  let config: Parameters<GoogleIdentity['initialize']>[0] | undefined;
  window.__APP_CONFIG__ = { googleClientId: 'google-client' };
  window.google = {
    accounts: {
      id: {
        initialize: (given) => {
          config = given;
        },
        renderButton: (parent) => {
          parent.append(Object.assign(document.createElement('button'), { textContent: buttonText }));
        },
      },
    },
  };
  return {
    /** The client id the page initialised the widget with. */
    clientId: () => config?.client_id,
    /** What Google hands the page's callback (a credential, or nothing when it failed). */
    answer: (response: GoogleCredentialResponse) => act(() => config?.callback(response)),
  };
}

/** The sandbox popup: window.open answers a window the test controls. */
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
