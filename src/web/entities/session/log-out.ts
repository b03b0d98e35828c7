/**
 * docs/product.md#local-flags-and-the-auth-route, logout: call logout, clear all local storage except the chosen CRM, reset the API cache and the
 * shared user. Run by /logout and /login?reauth=true on entry, and by 'Log out and create a new account'
 * and the invitation page's 'Log out and continue'.
 */
import { authApi } from '../../api/endpoints/auth';
import type { useAppDispatch } from '../../app/hooks';
import { clearAllExcept, storageKeys } from '../../lib/storage';
import { signedOut } from './session-slice';

type AppDispatch = ReturnType<typeof useAppDispatch>;

export async function logOut(dispatch: AppDispatch): Promise<void> {
  try {
    await dispatch(authApi.endpoints.logout.initiate()).unwrap();
  } catch (error) {
    // The server may already have ended the session; the browser side is cleaned up regardless.
    console.error('Logout failed', error);
  } finally {
    clearAllExcept([storageKeys.software]);
    dispatch(authApi.util.resetApiState());
    dispatch(signedOut());
  }
}
