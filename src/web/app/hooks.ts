import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore, RootState } from './store';

// The only hooks pages use to reach the store: typed once here.
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
/** The store itself, for what reads the state once on demand (a support snapshot) rather than following it. */
export const useAppStore = useStore.withTypes<AppStore>();
