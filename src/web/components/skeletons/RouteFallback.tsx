/**
 * What the router shows while the first page's chunks download: the dashboard frame for dashboard
 * paths, a text-shaped skeleton elsewhere, never a blank page. The path is read at render time (there is
 * no router location yet), never at import time.
 */
import Box from '@mui/material/Box';
import ContentSkeleton from './ContentSkeleton';
import DashboardFrameSkeleton from './DashboardFrameSkeleton';
import { dashboardPaths } from '../../lib/paths';

export default function RouteFallback() {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  if (path === dashboardPaths.overview || path.startsWith(`${dashboardPaths.overview}/`))
    return <DashboardFrameSkeleton />;
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', p: 3 }}>
      <ContentSkeleton />
    </Box>
  );
}
