import { useEffect } from 'react';
import { translated } from '../i18n/index';

/**
 * Sets the browser tab title of a page (spec §1: "Pages set their own title, for example 'Settings' and
 * 'Organization'"). The title is exactly the given text. Runs in an effect, so prerendering is unaffected.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = translated(title);
  }, [title]);
}
