/**
 * docs/product.md#accessibility (WCAG 2.4.1): the first thing a keyboard user reaches, hidden until focused; it moves focus
 * to the page's main area (every layout marks its <main> with MAIN_CONTENT_ID) without touching the URL.
 */
import type { MouseEvent } from 'react';
import { t } from '../i18n/index';

export const MAIN_CONTENT_ID = 'main-content';

function focusMainContent(): void {
  document.getElementById(MAIN_CONTENT_ID)?.focus();
}

export default function SkipLink() {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    focusMainContent();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="skip-link" onClick={onClick}>
      {t('Skip to main content')}
    </a>
  );
}
