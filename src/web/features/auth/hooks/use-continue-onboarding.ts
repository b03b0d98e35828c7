/**
 * After a login or signup: remember the CRM the server answered with, make sure the chosen CRM's record
 * is loaded (its auth_options decide between /connected and /complete), then go to the next screen of
 * docs/product.md#onboarding-order — or, when the session had ended mid-use, back to the page the user was on (docs/product.md#session-expiry).
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import type { User } from '../../../api/contract-types';
import { useAppDispatch } from '../../../app/hooks';
import { loadChosenSoftware } from '../../../entities/crm';
import { nextScreenFromStorage } from '../../../lib/next-screen';
import { setItem, storageKeys } from '../../../lib/storage';

export function useContinueOnboarding() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  return useCallback(
    async (user: User, answeredSlug?: string | null, returnTo?: string | null) => {
      if (answeredSlug) setItem(storageKeys.software, answeredSlug);
      const software = await dispatch(loadChosenSoftware(user));
      void navigate(returnTo ?? nextScreenFromStorage(user, software?.auth_options), { replace: true });
    },
    [dispatch, navigate],
  );
}
