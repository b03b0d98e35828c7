/**
 * The one rule for the chosen CRM (docs/product.md#public-routes loader, docs/product.md#kept-in-the-browser flag `software`): the slug the visitor chose
 * last (local storage, set by /auth, the signup picker, an invitation link or a login answer), trimmed,
 * else the signed-in user's. The initial load (docs/product.md#initial-load) is the exception: it looks up the
 * account's own CRM (session-slice.ts).
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { catalogueApi } from '../../api/endpoints/catalogue';
import type { Software, User } from '../../api/contract-types';
import { getItem, setItem, storageKeys } from '../../lib/storage';
import { selectSoftware, softwareLoaded, type WithApp } from '../session/session-slice';

export function storedSoftwareSlug(): string | null {
  return getItem(storageKeys.software)?.trim() || null;
}

export function chosenSoftwareSlug(user: Pick<User, 'software'> | null | undefined): string | null {
  return storedSoftwareSlug() ?? user?.software?.slug ?? null;
}

type Dispatch = ThunkDispatch<WithApp, unknown, UnknownAction>;

/** Makes a CRM the chosen one: kept in local storage and shared at once (the banner follows). */
export function chooseSoftware(record: Software) {
  return (dispatch: Dispatch) => {
    setItem(storageKeys.software, record.slug);
    dispatch(softwareLoaded(record));
  };
}

/**
 * The chosen CRM's record for code that runs outside a render (route loaders, after a login): the shared
 * record when it is the chosen one, else looked up and shared. Null when none is chosen or the lookup
 * fails (the onboarding order then ends on /connect or /complete).
 */
export function loadChosenSoftware(user: Pick<User, 'software'> | null | undefined) {
  return async (dispatch: Dispatch, getState: () => WithApp): Promise<Software | null> => {
    const slug = chosenSoftwareSlug(user);
    if (!slug) return null;
    const known = selectSoftware(getState());
    if (known?.slug === slug) return known;
    const lookup = dispatch(
      catalogueApi.endpoints.getSoftware.initiate({ software: slug }, { subscribe: false }),
    );
    const result = await lookup;
    if (!result.data || result.error) return null;
    dispatch(softwareLoaded(result.data.data));
    return result.data.data;
  };
}
