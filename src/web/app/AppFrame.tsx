/**
 * Around every route: the skip link first in the tab order, the page, the route announcer, and the
 * sign-in dialog over the page when the session ends mid-use (its code loads only then). A session the
 * organization's policy ended goes to /login instead, which says why
 * (docs/product.md#session-and-network-policies).
 */
import { lazy, Suspense } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import SkipLink from '../components/SkipLink';
import { dashboardPaths, publicPaths } from '../lib/paths';
import { useAppSelector } from './hooks';
import RouteAnnouncer from './RouteAnnouncer';

const ReauthDialog = lazy(
  () => import(/* webpackChunkName: "reauth-dialog" */ '../features/auth/components/ReauthDialog'),
);

export default function AppFrame() {
  const sessionExpired = useAppSelector((state) => state.app.sessionExpired);
  const sessionEndedBy = useAppSelector((state) => state.app.sessionEndedBy);
  const { pathname, search } = useLocation();
  // Kept until the user signs in again: the dashboard stays out of reach meanwhile, whatever /login's sign-out does.
  if (sessionEndedBy && pathname.startsWith(dashboardPaths.overview)) {
    const next = encodeURIComponent(`${pathname}${search}`);
    return (
      <Navigate to={`${publicPaths.login}?reauth=true&next=${next}`} state={{ sessionEndedBy }} replace />
    );
  }
  return (
    <>
      <SkipLink />
      <Outlet />
      <RouteAnnouncer />
      {sessionExpired ? (
        <Suspense fallback={null}>
          <ReauthDialog />
        </Suspense>
      ) : null}
    </>
  );
}
