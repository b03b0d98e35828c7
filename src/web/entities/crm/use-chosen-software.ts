/**
 * The chosen CRM for every page (docs/product.md#public-routes loader, docs/product.md#kept-in-the-browser flag `software`), by the
 * rule of chosen-software.ts. Its record becomes the shared software once looked up.
 *
 * A page never renders another CRM while the chosen one loads (the account's CRM flashing before the
 * visitor's choice), and a slug the catalogue does not know (or that is not a slug at all) is removed
 * from local storage, so it does not follow the visitor around.
 */
import { skipToken } from '@reduxjs/toolkit/query';
import { useCallback, useEffect, useReducer } from 'react';
import { useGetSoftwareQuery } from '../../api/endpoints/catalogue';
import type { Software } from '../../api/contract-types';
import { errorStatus } from '../../api/errors';
import { removeItem, storageKeys } from '../../lib/storage';
import { selectLoading, selectSoftware, selectUser, softwareLoaded } from '../session/session-slice';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useHydrated } from '../../components/use-hydrated';
import { chooseSoftware, chosenSoftwareSlug, storedSoftwareSlug } from './chosen-software';

export interface ChosenSoftware {
  /** The chosen CRM's record; null while it loads, or when none is chosen or it cannot be found. */
  software: Software | null;
  /** The chosen slug, known before its record is. */
  slug: string | null;
  /** Still finding out: the initial load, or the lookup of the chosen slug, is in flight. */
  isLoading: boolean;
}

export function useChosenSoftware(): ChosenSoftware {
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const shared = useAppSelector(selectSoftware);
  const appLoading = useAppSelector(selectLoading);
  // Storage does not notify: re-render after this hook changed it.
  const [, storageChanged] = useReducer((count: number) => count + 1, 0);
  // Read on every render: /auth, the signup picker and invitations change it, then navigate or dispatch.
  // Not while a prerendered page hydrates: the server rendered it without local storage.
  const hydrated = useHydrated();
  const stored = hydrated ? storedSoftwareSlug() : null;
  const slug = hydrated ? chosenSoftwareSlug(user) : (user?.software?.slug ?? null);
  const needsLookup = !appLoading && slug !== null && shared?.slug !== slug;
  const lookup = useGetSoftwareQuery(needsLookup && slug ? { software: slug } : skipToken);

  // currentData: the answer for this slug only (data would still hold the previous slug's while fetching).
  const found = needsLookup ? (lookup.currentData?.data ?? null) : null;
  // 404: no such CRM; 400: not even a valid slug (no_such_crm).
  const status = needsLookup && lookup.isError ? errorStatus(lookup.error) : undefined;
  const notFound = status === 404 || status === 400;

  useEffect(() => {
    if (found) dispatch(softwareLoaded(found));
  }, [dispatch, found]);

  useEffect(() => {
    if (!notFound || slug !== stored) return;
    removeItem(storageKeys.software);
    storageChanged();
  }, [notFound, slug, stored]);

  if (appLoading) return { software: null, slug, isLoading: true };
  if (slug === null) return { software: shared, slug, isLoading: false };
  if (shared?.slug === slug) return { software: shared, slug, isLoading: false };
  if (found) return { software: found, slug, isLoading: false };
  // A stored slug found unknown is about to give way to the account's CRM: still loading till then.
  return { software: null, slug, isLoading: !lookup.isError || (notFound && slug === stored) };
}

/** Makes a CRM the chosen one: kept in local storage and shared at once (the banner follows). */
export function useChooseSoftware(): (record: Software) => void {
  const dispatch = useAppDispatch();
  return useCallback((record: Software) => dispatch(chooseSoftware(record)), [dispatch]);
}
