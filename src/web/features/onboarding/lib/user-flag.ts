/**
 * The onboarding flags (docs/product.md#local-flags-and-the-auth-route) (has_installed, has_onboarded): kept in local storage for visitors and,
 * when someone is signed in, on the server too (set-user-boolean). A failed call is only logged
 * (docs/product.md#other-texts, 'Failed to set user boolean'): the page itself has already done its job.
 */
import { userApi } from '../../../api/endpoints/user';
import type { RouteEntry } from '../../../app/route-entry';
import { sessionSettled } from '../../../entities/session';
import { removeItem, setFlag, storageKeys } from '../../../lib/storage';

type FlagKey = 'has_installed' | 'has_onboarded';

const storageKeyOf: Record<FlagKey, typeof storageKeys.hasInstalled | typeof storageKeys.hasOnboarded> = {
  has_installed: storageKeys.hasInstalled,
  has_onboarded: storageKeys.hasOnboarded,
};

/**
 * Sets the flag on entering a page. `value: false` removes the local key (spec: /uninstalled "clears"
 * it) and stores false on the server. The page waits for `saved` (nothing to wait for when signed out).
 */
export function saveUserFlag({ store }: RouteEntry, key: FlagKey, value: boolean): { saved: Promise<void> } {
  if (value) setFlag(storageKeyOf[key], true);
  else removeItem(storageKeyOf[key]);
  const saved = sessionSettled(store).then(async (user) => {
    if (!user) return;
    try {
      await store.dispatch(userApi.endpoints.setUserBoolean.initiate({ key, value })).unwrap();
    } catch (error) {
      console.error('Failed to set user boolean', error);
    }
  });
  return { saved };
}
