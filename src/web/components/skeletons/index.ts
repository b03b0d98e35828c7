/** The one loading pattern (docs/product.md#accessibility): skeletons shaped like what is coming, 'Loading...' for assistive tech. */
export { default as ContentSkeleton } from './ContentSkeleton';
export { default as DashboardFrameSkeleton, SIDEBAR_WIDTH } from './DashboardFrameSkeleton';
export { default as LoadingStatus } from './LoadingStatus';
export { default as RouteFallback } from './RouteFallback';
