/**
 * Around every route: the skip link first in the tab order, the page, the route announcer, and the
 * sign-in dialog over the page when the session ends mid-use (its code loads only then).
 */
import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import SkipLink from '../components/SkipLink';
import { useAppSelector } from './hooks';
import RouteAnnouncer from './RouteAnnouncer';

const ReauthDialog = lazy(
  () => import(/* webpackChunkName: "reauth-dialog" */ '../features/auth/components/ReauthDialog'),
);

export default function AppFrame() {
  const sessionExpired = useAppSelector((state) => state.app.sessionExpired);
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
