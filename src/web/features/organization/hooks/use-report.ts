import { useCallback, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppDispatch } from '../../../app/hooks';
import { notify } from '../../../components/feedback/notices';
import type { ErrorText } from '../../../api/errors';

export interface Outcome {
  success?: string;
  error?: ErrorText;
}

/** Says what an action did as a notice (components/feedback/notices.ts): a success, or a failure. */
export function useReport(): (outcome: Outcome) => void {
  const dispatch = useAppDispatch();
  return useCallback(
    ({ success, error }: Outcome) => {
      if (success) dispatch(notify(success));
      if (error) dispatch(notify(error, 'error'));
    },
    [dispatch],
  );
}

/**
 * The member edit page comes back to the Organization page with what it did (saved, removed): said once,
 * then forgotten, so a reload does not say it again. The URL's view (its query) stays.
 */
export function useFlashNotice() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { state, pathname, search } = useLocation() as {
    state: { success?: string } | null;
    pathname: string;
    search: string;
  };
  useEffect(() => {
    if (!state?.success) return;
    dispatch(notify(state.success));
    void navigate({ pathname, search }, { replace: true, state: null });
  }, [state, pathname, search, dispatch, navigate]);
}
