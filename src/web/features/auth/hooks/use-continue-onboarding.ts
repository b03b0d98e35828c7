/**
 * After a login or signup: remember the CRM the server answered with, make sure the chosen CRM's record
 * is loaded (its auth_options decide between /connected and /complete), then go to the next screen of
 * docs/product.md#onboarding-order — or, when the session had ended mid-use, back to the page the user was on (docs/product.md#session-expiry).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../../api/contract-types';
import { useAppDispatch } from '../../../app/hooks';
import type { AppDispatch } from '../../../app/store';
import { loadChosenSoftware } from '../../../entities/crm';
import { nextScreenFromStorage } from '../../../lib/next-screen';
import { setItem, storageKeys } from '../../../lib/storage';

/** Where a user who just signed in goes; the one rule of the hook below and of single sign-on's callback. */
export async function screenAfterSignIn(
  dispatch: AppDispatch,
  user: User,
  answeredSlug?: string | null,
  returnTo?: string | null,
): Promise<string> {
  if (answeredSlug) setItem(storageKeys.software, answeredSlug);
  const software = await dispatch(loadChosenSoftware(user));
  return returnTo ?? nextScreenFromStorage(user, software?.auth_options);
}

export function useContinueOnboarding() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  return useCallback(
    async (user: User, answeredSlug?: string | null, returnTo?: string | null) => {
      void navigate(await screenAfterSignIn(dispatch, user, answeredSlug, returnTo), { replace: true });
    },
    [dispatch, navigate],
  );
}
