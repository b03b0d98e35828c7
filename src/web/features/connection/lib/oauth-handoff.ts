/**
 * The OAuth round trip ends in the window the app opened for the CRM (/callback). The tab that opened it
 * is where the visitor was: the window hands the outcome back to that tab and closes, so one tab remains,
 * on the next step. A BroadcastChannel (same origin only) carries it rather than window.opener, which a
 * CRM's Cross-Origin-Opener-Policy may have cut on the way; for the same reason the window knows it is
 * the popup from the session storage it inherited (oauth-state.ts), not from window.opener. Each side
 * names the flow by its OAuth `state`, so a tab only takes over the flow it started.
 */

export const OAUTH_HANDOFF_CHANNEL = 'crm-sync-oauth';

/** How long /callback waits for the opening tab to answer before it carries on by itself. */
export const HANDOFF_WAIT_MS = 1500;

export type OAuthOutcome = { result: 'connected' } | { result: 'failed'; errorText: string };

type OutcomeMessage = { type: 'oauth-outcome'; state: string } & OAuthOutcome;
type AckMessage = { type: 'oauth-ack'; state: string };

function openChannel(): BroadcastChannel | null {
  try {
    return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(OAUTH_HANDOFF_CHANNEL);
  } catch {
    return null;
  }
}

/**
 * In the OAuth window: offers the outcome of flow `state` to the tab that started it, when the flow runs
 * in a window that tab opened (`inOpenedWindow`). Resolves true when that tab took it over (the window may
 * close), false when there is none or nobody answered in time (carry on here).
 */
export function handOffOutcome(
  state: string | null,
  outcome: OAuthOutcome,
  inOpenedWindow: boolean,
  waitMs: number = HANDOFF_WAIT_MS,
): Promise<boolean> {
  if (!state || !inOpenedWindow) return Promise.resolve(false);
  const channel = openChannel();
  if (!channel) return Promise.resolve(false);
  return new Promise((resolve) => {
    const finish = (taken: boolean) => {
      window.clearTimeout(timer);
      channel.close();
      resolve(taken);
    };
    const timer = window.setTimeout(() => finish(false), waitMs);
    channel.onmessage = (event: MessageEvent<unknown>) => {
      const message = event.data as Partial<AckMessage> | null;
      if (message?.type === 'oauth-ack' && message.state === state) finish(true);
    };
    channel.postMessage({ type: 'oauth-outcome', state, ...outcome } satisfies OutcomeMessage);
  });
}

/**
 * In the tab that opened the OAuth window: calls `onOutcome` once the window reports the outcome of flow
 * `state`, after telling it the outcome was taken over. Returns the function that stops listening.
 */
export function awaitOutcome(state: string, onOutcome: (outcome: OAuthOutcome) => void): () => void {
  const channel = openChannel();
  if (!channel) return () => {};
  channel.onmessage = (event: MessageEvent<unknown>) => {
    const message = event.data as {
      type?: string;
      state?: string;
      result?: string;
      errorText?: unknown;
    } | null;
    if (message?.type !== 'oauth-outcome' || message.state !== state) return;
    channel.postMessage({ type: 'oauth-ack', state } satisfies AckMessage);
    onOutcome(
      message.result === 'connected'
        ? { result: 'connected' }
        : { result: 'failed', errorText: String(message.errorText ?? '') },
    );
  };
  return () => channel.close();
}
