/** Logging out from a button (the route entries call logOut themselves): the call and whether it runs. */
import { useCallback, useState } from 'react';
import { useAppDispatch } from '../../app/hooks';
import { logOut } from './log-out';

export function useLogOut() {
  const dispatch = useAppDispatch();
  const [isLoading, setLoading] = useState(false);
  const run = useCallback(async () => {
    setLoading(true);
    try {
      await logOut(dispatch);
    } finally {
      setLoading(false);
    }
  }, [dispatch]);
  return [run, { isLoading }] as const;
}
