/**
 * Stands in for CircularProgress where MUI's Button and IconButton import it (webpack.config.js), and
 * serves the app's own busy buttons: a spinner shows only while something is busy, never at first paint,
 * so its code loads when first needed instead of in the first load of every page with a button
 * (docs/performance.md#size-budgets). Until it has arrived, a box of the same size (and the same name for
 * assistive technology) holds its place, so nothing moves.
 */
import { forwardRef, lazy, Suspense } from 'react';
import type { CircularProgressProps } from '@mui/material/CircularProgress';

const CircularProgress = lazy(
  () => import(/* webpackChunkName: "spinner" */ '@mui/material/CircularProgress'),
);

/** MUI's default diameter. */
const DEFAULT_SIZE = 40;

const LazySpinner = forwardRef<HTMLSpanElement, CircularProgressProps>(function LazySpinner(props, ref) {
  const size = props.size ?? DEFAULT_SIZE;
  const placeholder = (
    <span
      role="progressbar"
      aria-label={props['aria-label']}
      style={{ display: 'inline-block', width: size, height: size }}
    />
  );
  return (
    <Suspense fallback={placeholder}>
      <CircularProgress ref={ref} {...props} />
    </Suspense>
  );
});

export default LazySpinner;
