/**
 * The words of a loading state for assistive tech: a polite live region, visually hidden because the
 * skeleton beside it already shows sighted users that content is on its way. Its default text is the
 * spec's 'Loading...' (§2.1).
 */
import type { CSSProperties } from 'react';

export const LOADING_TEXT = 'Loading...';

/** Hidden from view, still read: the usual clip pattern. */
export const visuallyHidden: CSSProperties = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: 1,
  margin: -1,
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: 1,
};

export default function LoadingStatus({ text = LOADING_TEXT }: { text?: string }) {
  return (
    <span role="status" aria-live="polite" style={visuallyHidden}>
      {text}
    </span>
  );
}
