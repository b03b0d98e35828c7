/**
 * The onboarding flags of spec §4 (has_installed, has_onboarded): kept in local storage for visitors and,
 * when someone is signed in, on the server too (set-user-boolean). A failed call is only logged
 * (spec §8 'Failed to set user boolean'): the page itself has already done its job.
 */
import { useEffect, useRef } from 'react';
import { useSetUserBooleanMutation } from '../../../api';
import { selectUser } from '../../../entities/session';
import { useAppSelector } from '../../../app/hooks';
import { removeItem, setFlag, storageKeys } from '../../../lib/storage';

type FlagKey = 'has_installed' | 'has_onboarded';

const storageKeyOf: Record<FlagKey, typeof storageKeys.hasInstalled | typeof storageKeys.hasOnboarded> = {
  has_installed: storageKeys.hasInstalled,
  has_onboarded: storageKeys.hasOnboarded,
};

/**
 * Sets the flag once when the page mounts. `value: false` removes the local key (spec: /uninstalled
 * "clears" it) and stores false on the server. Returns whether the server call is in flight.
 */
export function useUserFlag(key: FlagKey, value: boolean): { saving: boolean } {
  const user = useAppSelector(selectUser);
  const [setUserBoolean, { isLoading }] = useSetUserBooleanMutation();
  const done = useRef(false);
  const signedIn = user !== null;

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    if (value) setFlag(storageKeyOf[key], true);
    else removeItem(storageKeyOf[key]);
    if (!signedIn) return;
    setUserBoolean({ key, value })
      .unwrap()
      .catch((error: unknown) => console.error('Failed to set user boolean', error));
  }, [key, value, signedIn, setUserBoolean]);

  return { saving: isLoading };
}
