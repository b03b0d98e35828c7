import { useState } from 'react';
import { useGetSoftwareQuery } from '../../../api/catalogue';
import type { Software } from '../../../api/contract-types';
import { selectLoading, selectSoftware } from '../../../app/appSlice';
import { useAppSelector } from '../../../app/hooks';
import { getStoredSoftwareSlug } from '../lib/connection-storage';

export interface ChosenSoftware {
  software: Software | null;
  /** Still finding out: the initial load or the lookup by the stored slug is in flight. */
  isLoading: boolean;
}

/**
 * The CRM to connect: the shared state's record (the signed-in user's CRM, loaded by the initial load),
 * otherwise the one chosen before signing in, saved under the local-storage key `software` and looked up
 * with get-software. A lookup that fails or carries an error gives no record (spec §5 "Software record").
 */
export function useChosenSoftware(): ChosenSoftware {
  const shared = useAppSelector(selectSoftware);
  const appLoading = useAppSelector(selectLoading);
  // Read once: the stored choice does not change while a connection page is open.
  const [storedSlug] = useState(getStoredSoftwareSlug);
  // Wait for the initial load first: it usually brings the record, and a second request would be wasted.
  const skip = Boolean(shared) || appLoading || !storedSlug;
  const lookup = useGetSoftwareQuery({ software: storedSlug ?? '' }, { skip });

  if (shared) return { software: shared, isLoading: false };
  if (appLoading) return { software: null, isLoading: true };
  if (!storedSlug) return { software: null, isLoading: false };
  return {
    software: lookup.isError ? null : (lookup.data?.data ?? null),
    isLoading: lookup.isUninitialized || lookup.isFetching,
  };
}
