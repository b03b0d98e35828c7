/**
 * MUI's LinearProgress, fetched the first time a bar is shown: the auth forms show one only once the
 * visitor types a password or signs in with Google, so it stays out of /login's and /signup's first load
 * (docs/performance.md#size-budgets). Until it arrives, a box of the bar's height holds its place.
 */
import Box from '@mui/material/Box';
import type { LinearProgressProps } from '@mui/material/LinearProgress';
import { lazy, Suspense } from 'react';

const LinearProgress = lazy(
  () => import(/* webpackChunkName: "linear-progress" */ '@mui/material/LinearProgress'),
);

export default function LazyLinearProgress({
  height = 4,
  ...props
}: LinearProgressProps & { height?: number }) {
  return (
    <Suspense fallback={<Box sx={{ height }} />}>
      <LinearProgress {...props} sx={{ height, ...props.sx }} />
    </Suspense>
  );
}
