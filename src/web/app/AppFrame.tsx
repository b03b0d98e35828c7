/** Around every route: the skip link first in the tab order, the page, and the route announcer. */
import { Outlet } from 'react-router-dom';
import SkipLink from '../components/SkipLink';
import RouteAnnouncer from './RouteAnnouncer';

export default function AppFrame() {
  return (
    <>
      <SkipLink />
      <Outlet />
      <RouteAnnouncer />
    </>
  );
}
