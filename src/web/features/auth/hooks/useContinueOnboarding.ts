/**
 * After a login or signup: remember the CRM the server answered with, make sure its record is loaded (its
 * auth_options decide between /connected and /complete), then go to the next screen of spec §4.
 */
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useLazyGetSoftwareQuery } from '../../../api';
import type { Software, User } from '../../../api/contract-types';
import { selectSoftware, softwareLoaded } from '../../../app/appSlice';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { nextScreenFromStorage } from '../../../lib/next-screen';
import { getItem, setItem, storageKeys } from '../../../lib/storage';

export function useContinueOnboarding() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const known = useAppSelector(selectSoftware);
  const [fetchSoftware] = useLazyGetSoftwareQuery();

  return useCallback(
    async (user: User, answeredSlug?: string | null) => {
      if (answeredSlug) setItem(storageKeys.software, answeredSlug);
      const slug = answeredSlug ?? getItem(storageKeys.software) ?? user.software?.slug ?? null;
      let software: Software | null = known && known.slug === slug ? known : null;
      if (!software && slug) {
        // A failed lookup leaves the CRM unknown; the table then ends on /connect or /complete.
        const result = await fetchSoftware({ software: slug }, true);
        if (result.data && !result.error) {
          software = result.data.data;
          dispatch(softwareLoaded(software));
        }
      }
      navigate(nextScreenFromStorage(user, software?.auth_options), { replace: true });
    },
    [dispatch, fetchSoftware, known, navigate],
  );
}
