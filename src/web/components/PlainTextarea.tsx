/**
 * Stands in for MUI's TextareaAutosize in the build (webpack.config.js): InputBase imports it for
 * multiline fields, and no field of the app is multiline, so its 2.5 KB gzipped would sit in the first
 * load of every page with a text box for nothing (docs/performance.md#size-budgets). Should a multiline field come, it gets a
 * plain textarea of `minRows` (or `rows`) rows that does not grow.
 */
import { forwardRef, type TextareaHTMLAttributes } from 'react';

interface PlainTextareaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  minRows?: number | string;
  maxRows?: number | string;
}

const PlainTextarea = forwardRef<HTMLTextAreaElement, PlainTextareaProps>(function PlainTextarea(
  { minRows, maxRows: _maxRows, rows, ...props },
  ref,
) {
  return <textarea ref={ref} rows={Number(rows ?? minRows ?? 1)} {...props} />;
});

export default PlainTextarea;
