import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { selectSoftware, selectUser } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { nextScreenFromStorage } from '../../../lib/next-screen';

/**
 * Goes to the next screen (docs/product.md#onboarding-order) for the current visitor. Computed at call time, not render time:
 * the step pages change local flags in effects, after their first render.
 */
export function useGoToNextScreen(): () => void {
  const navigate = useNavigate();
  const user = useAppSelector(selectUser);
  const software = useAppSelector(selectSoftware);
  return useCallback(
    () => navigate(nextScreenFromStorage(user, software?.auth_options)),
    [navigate, software, user],
  );
}
