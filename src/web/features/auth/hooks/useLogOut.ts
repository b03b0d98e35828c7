/**
 * Spec §4 logout: call logout, clear all local storage except the chosen CRM, reset the API cache and the
 * shared user. Used by /logout and by /login?reauth=true.
 */
import { useCallback } from 'react';
import { api, useLogoutMutation } from '../../../api';
import { signedOut } from '../../../entities/session';
import { useAppDispatch } from '../../../app/hooks';
import { clearAllExcept, storageKeys } from '../../../lib/storage';

export function useLogOut() {
  const dispatch = useAppDispatch();
  const [logout, state] = useLogoutMutation();

  const logOut = useCallback(async () => {
    try {
      await logout().unwrap();
    } catch (error) {
      // The server may already have ended the session; the browser side is cleaned up regardless.
      console.error('Logout failed', error);
    } finally {
      clearAllExcept([storageKeys.software]);
      dispatch(api.util.resetApiState());
      dispatch(signedOut());
    }
  }, [dispatch, logout]);

  return [logOut, state] as const;
}
