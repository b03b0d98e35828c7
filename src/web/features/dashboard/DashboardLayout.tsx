import { useMemo } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import {
  selectErrorMessage,
  selectLoading,
  selectSoftware,
  selectUser,
  SessionLoadError,
  USER_FETCH_FAILED,
} from '../../entities/session';
import { useAppSelector } from '../../app/hooks';
import { activeEntryId, sidebarEntries } from './lib/sidebar';
import { DashboardShell } from './components/DashboardShell';
import { DashboardFrameSkeleton } from '../../components/skeletons';

/**
 * The signed-in shell (docs/product.md#dashboard-shell): the sidebar (its entries follow the table of visibility rules) and
 * the page in the main area. The session guard in front of it already waits for the user; this layout
 * still never renders a blank page without one: the frame with skeletons ('Loading...' for assistive tech) while user data loads, and the stored
 * error full-page ('Error: {message}') when no user could be loaded.
 */
export default function DashboardLayout() {
  const user = useAppSelector(selectUser);
  const software = useAppSelector(selectSoftware);
  const loading = useAppSelector(selectLoading);
  const errorMessage = useAppSelector(selectErrorMessage);
  const { pathname } = useLocation();

  const entries = useMemo(() => (user ? sidebarEntries(user, software) : []), [user, software]);

  if (!user) {
    if (loading) return <DashboardFrameSkeleton />;
    return <SessionLoadError message={errorMessage ?? USER_FETCH_FAILED} />;
  }

  return (
    <DashboardShell entries={entries} activeId={activeEntryId(entries, pathname)}>
      <Outlet />
    </DashboardShell>
  );
}
