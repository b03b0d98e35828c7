/**
 * Loads Google Identity Services (the official sign-in widget) on demand. The script is fetched only when a
 * page with the widget mounts and a client id is configured, so public pages pay nothing for it otherwise.
 */

const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

export interface GoogleCredentialResponse {
  credential?: string;
}

/** The small part of the GIS API the app uses (google.accounts.id). */
export interface GoogleIdentity {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      width?: number;
      logo_alignment?: 'left' | 'center';
    },
  ): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleIdentity } };
  }
}

let pending: Promise<GoogleIdentity> | null = null;

function identity(): GoogleIdentity | undefined {
  return window.google?.accounts?.id;
}

/** Resolves with google.accounts.id once the script has loaded; rejects when it cannot load. */
export function loadGoogleIdentity(): Promise<GoogleIdentity> {
  const ready = identity();
  if (ready) return Promise.resolve(ready);
  if (!pending) {
    pending = new Promise<GoogleIdentity>((resolve, reject) => {
      const script = document.createElement('script');
      script.src = GOOGLE_IDENTITY_SCRIPT;
      script.async = true;
      script.onload = () => {
        const loaded = identity();
        if (loaded) resolve(loaded);
        else reject(new Error('Google Identity Services did not initialise'));
      };
      script.onerror = () => reject(new Error('Google Identity Services failed to load'));
      document.head.appendChild(script);
    }).catch((error: unknown) => {
      // A later mount (or a retry after a network blip) may try again.
      pending = null;
      throw error;
    });
  }
  return pending;
}
