/**
 * The store's answer to a call that met a 401 mid-use (api/session-expiry.ts `awaitSignIn`): a promise
 * kept until the session-expired state ends, true when the same user signed in again (the call goes
 * again), false when nobody was signed in, they logged out, or another account signed in.
 */
import type { Middleware } from '@reduxjs/toolkit';
import { awaitSignIn } from '../../api/session-expiry';
import type { WithApp } from './session-slice';

export function reauthGate(): Middleware<object, WithApp> {
  let waiting: ((again: boolean) => void)[] = [];
  return (store) => (next) => (action) => {
    if (awaitSignIn.match(action)) {
      if (!store.getState().app.sessionExpired) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => waiting.push(resolve));
    }
    const before = store.getState().app;
    const result = next(action);
    const after = store.getState().app;
    if (waiting.length > 0 && before.sessionExpired && !after.sessionExpired) {
      const again = after.user !== null && after.user.id === before.user?.id;
      for (const resolve of waiting) resolve(again);
      waiting = [];
    }
    return result;
  };
}
