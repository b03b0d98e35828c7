import { useEffect } from 'react';
import { translated } from '../i18n/index';

/** The title the last page rendered without a window asked for (the prerender puts it in <title>). */
let serverTitle: string | null = null;

export function takeServerTitle(): string | null {
  const title = serverTitle;
  serverTitle = null;
  return title;
}

/**
 * Sets the browser tab title of a page (docs/product.md#what-it-is-and-for-whom: "Pages set their own title, for example 'Settings' and
 * 'Organization'"). The title is exactly the given text. Runs in an effect in the browser; a prerendered
 * page gets it in its HTML (prerender.tsx).
 */
export function useDocumentTitle(title: string): void {
  if (typeof window === 'undefined') serverTitle = translated(title);
  useEffect(() => {
    document.title = translated(title);
  }, [title]);
}
