/**
 * docs/product.md#accessibility (WCAG 4.1.3, 2.4.3): after a client-side navigation, screen readers hear the new page's title
 * and focus moves to its heading, as a full page load would do. The first load is left alone. A page
 * that focused a field of its own (autoFocus) keeps that focus.
 */
import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { visuallyHidden } from '../components/visually-hidden';

function focusPageHeading(): void {
  const main = document.querySelector('main');
  const active = document.activeElement;
  if (main && active && active !== document.body && main.contains(active)) return;
  const heading = main?.querySelector('h1') ?? document.querySelector('h1');
  if (!heading) return;
  if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  heading.focus();
}

export default function RouteAnnouncer() {
  const { pathname } = useLocation();
  const first = useRef(true);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // The page's own effects (document title) ran before this one: it is later in the tree.
    setAnnouncement(document.title);
    focusPageHeading();
  }, [pathname]);

  return (
    <div aria-live="polite" aria-atomic="true" style={visuallyHidden} data-testid="route-announcer">
      {announcement}
    </div>
  );
}
