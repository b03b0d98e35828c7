import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

// The only hooks pages use to reach the store: typed once here.
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
/** The store itself, for what reads the state once on demand (a support snapshot) rather than following it. */
const useAppStore = useStore.withTypes<AppStore>();

/**
 * Downloads a support snapshot of the whole state (support-snapshot.ts): the store's plumbing stays in
 * the app shell, and its code in the chunk the keyboard shortcut loads too, off the first load.
 */
export function useDownloadStateSnapshot(): () => Promise<void> {
  const store = useAppStore();
  return async () => {
    const { downloadStateSnapshot } = await import(
      /* webpackChunkName: "support-snapshot" */ './support-snapshot'
    );
    downloadStateSnapshot(store.getState());
  };
}
