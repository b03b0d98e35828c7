/**
 * The words of a loading state for assistive tech: a polite live region, visually hidden because the
 * skeleton beside it already shows sighted users that content is on its way. Its default text is the
 * 'Loading...' of docs/product.md#dashboard-routes.
 */
import { visuallyHidden } from '../visually-hidden';
import { translated } from '../../i18n/index';

export const LOADING_TEXT = 'Loading...';

export default function LoadingStatus({ text = LOADING_TEXT }: { text?: string }) {
  return (
    <span role="status" aria-live="polite" style={visuallyHidden}>
      {translated(text)}
    </span>
  );
}
