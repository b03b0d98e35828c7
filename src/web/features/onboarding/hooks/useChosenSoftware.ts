/**
 * The "chosen CRM" part of the onboarding loader (spec §2.2): the initial load already fetched the CRM of a
 * signed-in user; a visitor's choice lives in local storage (`software`), so that record is fetched here and
 * becomes the shared CRM unless the lookup fails (spec §5 "Software record").
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useEffect } from 'react';
import { useGetSoftwareQuery } from '../../../api/catalogue';
import { selectSoftware, selectUser, softwareLoaded } from '../../../app/appSlice';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { getItem, storageKeys } from '../../../lib/storage';

/** Whether the chosen CRM is still being fetched for a page that has none yet. */
export function useChosenSoftware(): { loading: boolean } {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const software = useAppSelector(selectSoftware);
  // Read on every render: pages such as /auth and the signup picker change it, then navigate or dispatch.
  const slug = getItem(storageKeys.software) ?? user?.software?.slug ?? null;
  const wanted = slug && slug !== software?.slug ? slug : null;
  const { data, isFetching } = useGetSoftwareQuery(wanted ? { software: wanted } : skipToken);

  useEffect(() => {
    if (wanted && data && data.data.slug === wanted) dispatch(softwareLoaded(data.data));
  }, [data, dispatch, wanted]);

  return { loading: isFetching && !software };
}
