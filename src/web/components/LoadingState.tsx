/**
 * The generic loading state of a page or a section: the skeleton family's ContentSkeleton (grey shapes,
 * 'Loading...' for assistive tech). Kept at this path because every page imports it from here; pass
 * `shape` when the content is a table, cards or a form.
 */
export { default } from './skeletons/ContentSkeleton';
