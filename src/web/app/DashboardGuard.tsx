import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { useAppSelector } from './hooks';
import { DashboardFrameSkeleton } from '../components/skeletons';
import { mustSetUpTwoFactor, SessionLoadError, USER_FETCH_FAILED } from '../entities/session';
import { dashboardPaths, publicPaths } from '../lib/paths';

/**
 * The session guard of /dashboard/*: while the initial load runs it draws the dashboard frame with
 * skeletons (and 'Loading...' for assistive tech); without a session (get-user answered 401, or the user
 * logged out) it sends the visitor to /login (a session that ends mid-use keeps the page, under the
 * sign-in dialog of AppFrame); any other failure is shown full-page as 'Error: {message}' (docs/product.md#user-and-software-texts),
 * never a blank page. A user whose organization requires two-factor sign-in and who has not set it up
 * is sent to Settings to do so (docs/product.md#two-factor-sign-in; the server refuses their other calls too).
 */
const SETTINGS_PATH = dashboardPaths.settings;

export default function DashboardGuard() {
  const { user, loading, error, errorMessage, userErrorStatus } = useAppSelector((state) => state.app);
  const { pathname } = useLocation();

  if (user) {
    if (mustSetUpTwoFactor(user) && pathname.replace(/\/+$/, '') !== SETTINGS_PATH) {
      return <Navigate to={SETTINGS_PATH} replace />;
    }
    return <Outlet />;
  }
  if (loading) return <DashboardFrameSkeleton />;
  if (error && userErrorStatus !== 401)
    return <SessionLoadError message={errorMessage ?? USER_FETCH_FAILED} />;
  return <Navigate to={publicPaths.login} replace />;
}
