/**
 * The dashboard frame while the session loads: the same 330 px sidebar (a top bar below the md
 * breakpoint) as the real shell, with skeleton entries, and a page-shaped skeleton in the main area. It
 * is drawn at once, from the first paint, so the page does not start as a blank screen with a word in
 * its corner. CSS breakpoints (not useMediaQuery) pick the layout, so it is right on the first frame. It
 * is small on purpose (Box and Skeleton only): the router's first-load fallback uses it too.
 */
import Box from '@mui/material/Box';
import Bone from './Bone';
import Typography from '@mui/material/Typography';
import { APP_NAME } from '../app-name';
import ContentSkeleton, { type SkeletonShape } from './ContentSkeleton';

/** docs/product.md#dashboard-shell: the sidebar is 330 px wide (the real shell reads it from here too). */
export const SIDEBAR_WIDTH = 330;
const BAR_HEIGHT = 64;

const brand = (
  <Typography variant="h6" component="div" noWrap sx={{ fontWeight: 700 }}>
    {APP_NAME}
  </Typography>
);

export default function DashboardFrameSkeleton({ shape = 'cards' }: { shape?: SkeletonShape }) {
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'none', md: 'block' },
          width: SIDEBAR_WIDTH,
          flexShrink: 0,
          borderRight: 1,
          borderColor: 'divider',
          bgcolor: 'background.paper',
        }}
      >
        <Box sx={{ height: BAR_HEIGHT, px: 3, display: 'flex', alignItems: 'center' }}>{brand}</Box>
        {[0, 1, 2, 3, 4].map((index) => (
          <Box key={index} sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1.5 }}>
            <Bone variant="circular" width={24} height={24} />
            <Bone variant="text" width={120} />
          </Box>
        ))}
      </Box>
      <Box
        aria-hidden="true"
        sx={{
          display: { xs: 'flex', md: 'none' },
          position: 'fixed',
          inset: '0 0 auto 0',
          height: 56,
          px: 2,
          gap: 2,
          alignItems: 'center',
          bgcolor: 'background.paper',
          boxShadow: 1,
          zIndex: 1,
        }}
      >
        <Bone variant="circular" width={24} height={24} />
        {brand}
      </Box>
      <Box sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, sm: 3 }, pt: { xs: 9, md: 3 } }}>
        <Bone variant="text" aria-hidden="true" sx={{ fontSize: '2rem', width: 240, mb: 2 }} />
        <ContentSkeleton shape={shape} />
      </Box>
    </Box>
  );
}
